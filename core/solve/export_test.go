package solve

// HardPath makes every search after it give up its bottom-up dive at once,
// so that it goes top-down with the multipliers, as hard problems do; the
// returned function undoes it. For the tests that hold small problems to the
// brute force: the path of the hard problems is then checked too.
func HardPath() (undo func()) {
	old := diveNodes
	diveNodes = 1
	return func() { diveNodes = old }
}
