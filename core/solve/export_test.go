package solve

import "context"

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

// RootBounds is the root bound of p in tiles, plain and priced: priced after
// the dive (whose play the bound need not go below), the first pricing and
// up to ten sharpenings, as a long search gets them, stopping once the bound
// drops. divedOut reports whether the dive ran out of nodes, as on the
// problems hard enough to be priced.
func RootBounds(p Problem) (plain, priced int, divedOut bool, err error) {
	s, err := newSolver(context.Background(), &p, false)
	if err != nil {
		return 0, 0, false, err
	}
	defer s.release()
	tiles := func() int { return int((s.bound(&node{n: 1}) - s.offset) / s.big) }
	plain = tiles()
	s.dive(s.offset + 1)
	divedOut, s.stopped = s.stopped, false
	s.splitJokers()
	s.tighten(max(s.offset, s.incVal), lagFirst, lagGiveUp)
	for range 10 {
		if tiles() < plain {
			break
		}
		s.tighten(max(s.offset, s.incVal), lagMore, 0)
	}
	return plain, tiles(), divedOut, nil
}

// Greedy is the greedy pass that backs a search cut short.
func Greedy(p Problem) Result { return greedy(&p) }
