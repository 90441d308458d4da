package solve

// HardPath makes every search after it give up its bottom-up dive at once,
// so that it goes top-down with the multipliers, as hard problems do, and
// give each target a few nodes before it sharpens the prices again; the
// returned function undoes it. For the tests that hold small problems to the
// brute force: the path of the hard problems is then checked too.
func HardPath() (undo func()) {
	old, oldRe := diveNodes, retighten
	diveNodes, retighten = 1, 3
	return func() { diveNodes, retighten = old, oldRe }
}

// FlipOnly makes every problem that can be searched from the highest number
// down be searched so only, as if that search always won the race; the
// returned function undoes it.
func FlipOnly() (undo func()) {
	flipOnly = true
	return func() { flipOnly = false }
}

// RaceEarly starts the race after a few nodes, and makes the turns short, so
// that small problems are raced too; the returned function undoes it.
func RaceEarly() (undo func()) {
	old := raceFirst
	raceFirst = 3
	return func() { raceFirst = old }
}
