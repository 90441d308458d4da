package solve

import "slices"

// The race. A search goes from number 1 up; the same problem searched from
// the highest number down visits other states, and on a hard problem the
// two can differ a thousandfold: a search meets its trouble late or early
// depending on where the tiles that are hard to place lie (a rack of 12s and
// 13s that need the table's jokers is hopeless from 1 up, where every choice
// of what to do with the jokers is tried before the 13s say it fails, and
// quick from 13 down). Which direction is quick cannot be told beforehand,
// so a problem that outlives params.raceFirst nodes is searched both ways in turns,
// each turn four times longer than the last pair's, and the first search to
// finish answers. A search given a new turn starts over with its memo, which
// keeps what it proved, so little is lost; the turns are counted in nodes,
// so the answer is the same on any machine. An initial meld is not raced
// (its value counts where the jokers stand, which the flipped search would
// have to mirror).

// The nodes the search from 1 up has alone (params.raceFirst): most
// problems end within them, and pay nothing for the race.

// race solves s's problem (which flips) by the two searches in turns.
func (s *solver) race() Result {
	up := s
	var down *solver
	defer func() { s.twin = down }() // (released with s)
	spent := func() int {
		n := up.spent + up.nodes
		if down != nil {
			n += down.spent + down.nodes
		}
		return n
	}
	if s.prm.flipOnly {
		d, err := newSolverFlip(s.ctx, s.p, false, true)
		if err != nil {
			return s.run()
		}
		down = d
		down.hard, down.hardOn = s.hard, s.hardOn
		return d.run()
	}
	turn, budget := up, s.prm.raceFirst
	limit := s.p.MaxNodes
	for {
		b := budget
		if limit > 0 {
			b = min(b, limit-spent())
		}
		if b <= 0 || s.expired() {
			break
		}
		other := up
		if turn == up {
			other = down
		}
		if other != nil {
			// the other's play is a floor: this search need only beat it
			turn.floorAt = max(turn.floorAt, turn.offset+1, other.best()+1)
		}
		if turn == down && down.turns > 0 && down.inherited {
			// The prices from 1 up did not do for a whole turn: its own
			// subgradient steps from them (topDown takes them first).
			down.priced, down.inherited = false, false
		}
		turn.turns++
		if turn.runFor(b) {
			// finished: its play is the best, unless it found none above
			// the other's
			win := turn
			if other != nil && other.best() > turn.best() {
				win = other
			}
			res := win.result(win.play(), true)
			res.Nodes = spent()
			return res
		}
		if turn == up {
			if down == nil {
				if s.expired() {
					break // laying out the other search is no use now
				}
				d, err := newSolverFlip(s.ctx, s.p, false, true)
				if err != nil {
					break // the context ended: answer with what there is
				}
				down = d
				down.hard, down.hardOn = up.hard, up.hardOn
				down.inherit(up)
			}
			turn = down
		} else {
			turn, budget = up, budget*4
		}
	}
	// Cut short: the better of the two plays found so far.
	saved := up.saved()
	res := up.anytime(saved, saved == nil)
	if down != nil {
		saved := down.saved()
		if r := down.anytime(saved, saved == nil && res.Tiles == 0); better(s.p.Objective, r, res) {
			res = r
		}
	}
	res.Nodes = spent()
	return res
}

// runFor searches for at most b more nodes (and within the context) from
// the start, with the memo of its earlier turns, and reports whether it
// finished.
func (s *solver) runFor(b int) bool {
	s.maxNodes = s.nodes + b
	s.halt = running
	s.topDown()
	return s.halt != budgetSpent
}

// best is the value of the play the search recorded, 0 if none.
func (s *solver) best() int32 {
	if s.incLen < 0 {
		return 0
	}
	return s.recVal
}

// play is the steps of the play the search recorded, nil if none; rebuilt
// from its memo, so before another search of the same solver.
func (s *solver) play() []step {
	if s.incLen < 0 {
		return nil
	}
	return slices.Clone(s.rebuild())
}

// inherit gives a flipped search the prices the search from 1 up found (a
// price belongs to a number and a colour, so they are read mirrored), which
// spares it the first subgradient steps. They are prices for the other
// direction's bound, good enough for most searches that finish in their
// first turn; a search still going on its second turn takes its own steps
// from them (race). On original-154 of the fresh corpus, the slowest, the
// search from the top took 35,242 states with the inherited prices
// throughout and takes 16,345 so (TestRaceSharpensInheritedPrices).
func (s *solver) inherit(up *solver) {
	if !up.priced {
		return
	}
	var mu [maxN + 2][4]int32
	for n := 1; n <= s.N; n++ {
		mu[n] = up.mu[s.N+1-n]
	}
	s.splitJokers()
	s.setTops()
	s.setMultipliers(&mu)
	s.priced, s.inherited = true, true
}

// better reports whether a is a better answer than b for the objective.
func better(o Objective, a, b Result) bool {
	if o == Points {
		return a.Points > b.Points || (a.Points == b.Points && a.Tiles > b.Tiles)
	}
	return a.Tiles > b.Tiles || (a.Tiles == b.Tiles && a.Points > b.Points)
}
