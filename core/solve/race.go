package solve

// The race. A search goes from number 1 up; the same problem searched from
// the highest number down visits other states, and on a hard problem the
// two can differ a thousandfold: a search meets its trouble late or early
// depending on where the tiles that are hard to place lie (a rack of 12s and
// 13s that need the table's jokers is hopeless from 1 up, where every choice
// of what to do with the jokers is tried before the 13s say it fails, and
// quick from 13 down). Which direction is quick cannot be told for sure
// beforehand, so a problem whose dive from 1 up does not settle it is
// searched both ways, in rounds of turns:
//
//   - first both dives: the search from the top dives too, and if its dive
//     settles the problem, it answers (on the fresh corpora, more than
//     half the time where the dive from 1 up did not on the original box,
//     seven times in ten on XP, nearly nine in ten on the dense corpus: a
//     dive costs a few hundred microseconds, the search it spares
//     milliseconds);
//   - then rounds of one turn each, the search whose dive found the better
//     play first (on the slowest twentieth of the fresh corpora, where the
//     dives differ, that one was the quicker two times in three on the
//     original box, a little over half the time on XP); a round ends when
//     each has searched params.raceFirst nodes in all, the next when each
//     has four times more on top, and so on; a search priced in the other's
//     turn takes its first prices mirrored from the other's (inherit).
//
// The first search to finish answers. A search given a new turn starts
// over with its memo, which keeps what it proved, so little is lost; the
// turns are counted in nodes, so the answer is the same on any machine. An
// initial meld is not raced (its value counts where the jokers stand,
// which the flipped search would have to mirror).

// race is a problem searched both ways in turns: the search from 1 up, the
// one from the highest number down once laid out (nil before), and the
// nodes the two share (the problem's MaxNodes; 0, no bound).
type race struct {
	up, down *solver
	limit    int
}

// raced solves s's problem (which flips) by the two searches in turns; the
// search from the top stays s's twin (anyPlay goes on with both), released
// with s.
func raced(s *solver) Result {
	r := race{up: s, limit: s.p.MaxNodes}
	defer func() { s.twin = r.down }()
	return r.run()
}

// spent is the nodes the two searches have searched.
func (r *race) spent() int {
	n := r.up.spent + r.up.nodes
	if r.down != nil {
		n += r.down.spent + r.down.nodes
	}
	return n
}

// room is the nodes x may have for a turn that ends once it has searched
// total nodes: within the problem's budget, 0 when out of it.
func (r *race) room(x *solver, total int) int {
	b := total - x.nodes
	if r.limit > 0 {
		b = min(b, r.limit-r.spent())
	}
	if r.up.expired() {
		return 0
	}
	return b
}

// finished answers with x's play, unless it found none above the other's.
func (r *race) finished(x, other *solver) Result {
	win := x
	if other != nil && other.best() > x.best() {
		win = other
	}
	res := win.result(win.play(), true)
	res.Nodes = r.spent()
	return res
}

// newDown lays out the search from the highest number down; false if it
// cannot be had (the context ended).
func (r *race) newDown() bool {
	if r.up.expired() {
		return false // laying it out is no use now
	}
	return r.layDown()
}

// layDown is newDown, whatever the time.
func (r *race) layDown() bool {
	up := r.up
	d, err := up.tables.newTwin(up)
	if err != nil {
		return false
	}
	r.down = d
	d.hard, d.hardOn = up.hard, up.hardOn
	return true
}

// other is the race's search that is not x (nil: not laid out yet).
func (r *race) other(x *solver) *solver {
	if x == r.up {
		return r.down
	}
	return r.up
}

// run is the race: both dives, then the rounds of turns (see above).
func (r *race) run() Result {
	up := r.up
	prm := up.prm
	if prm.flipOnly {
		if !r.layDown() {
			return up.run()
		}
		return r.down.run()
	}
	total := prm.raceFirst // each search's nodes at the end of this round of turns
	first := up            // the search whose turn comes first in a round
	if !prm.oneDive {
		// Both dives first (from 1 up, then from the top: flip), then the
		// search whose dive found the better play has the first turn of
		// each round. dived is the search that dived first.
		var dived *solver
		for _, flip := range [2]bool{false, true} {
			x := up
			if flip {
				if !r.newDown() {
					break
				}
				x = r.down
			}
			if dived != nil {
				x.floorAt = max(x.floorAt, x.offset+1, dived.best()+1)
			}
			b := r.room(x, max(total, x.diveLen()+1))
			if b <= 0 {
				break
			}
			if x.diveFor(b) {
				if x.halt == budgetSpent {
					break
				}
				return r.finished(x, dived)
			}
			if dived == nil {
				dived = x
			} else if x.best() > dived.best() {
				first = x
			}
		}
	}
	for inc := total; ; inc *= 4 {
		for _, turn := range [2]*solver{first, r.other(first)} {
			if turn == nil {
				if !r.newDown() {
					return r.cut()
				}
				turn = r.down
			}
			b := r.room(turn, total)
			if b <= 0 {
				if up.expired() || r.limit > 0 && r.spent() >= r.limit {
					return r.cut()
				}
				continue // its dive ran this round's nodes
			}
			o := r.other(turn)
			if o != nil {
				// the other's play is a floor: this search need only beat it
				turn.floorAt = max(turn.floorAt, turn.offset+1, o.best()+1)
				if !turn.priced && o.priced && !prm.noPrices {
					turn.inherit(o)
				}
			}
			if turn.runFor(b) {
				return r.finished(turn, o)
			}
		}
		total += inc * 4
	}
}

// cut answers a race cut short: the better of the two plays found so far.
func (r *race) cut() Result {
	saved := r.up.saved()
	res := r.up.anytime(saved, saved == nil)
	if r.down != nil {
		saved := r.down.saved()
		if x := r.down.anytime(saved, saved == nil && res.Tiles == 0); better(r.up.p.Objective, x, res) {
			res = x
		}
	}
	res.Nodes = r.spent()
	return res
}

// diveFor dives for at most b more nodes (and within the context), and
// reports whether that settled the problem: the dive was complete, or
// the budget ran out (halt says which). Otherwise the search goes on
// top-down in its turns.
func (s *solver) diveFor(b int) bool {
	s.maxNodes = s.nodes + b
	s.halt = running
	s.dive(max(s.offset+1, s.floorAt))
	if s.halt == shareSpent {
		s.dived, s.halt = true, running
		return false
	}
	if s.incLen >= 0 {
		s.bar = s.recVal
	}
	return true
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
func (s *searchState) best() int32 {
	if s.incLen < 0 {
		return 0
	}
	return s.recVal
}

// play is the steps of the play the search recorded, nil if none; rebuilt
// from its memo into the search's own buffer, so read (as result reads
// them) before another search of the same solver.
func (s *solver) play() []step {
	if s.incLen < 0 {
		return nil
	}
	return s.rebuild()
}

// inherit gives a search the prices the search from the other end found
// (a price belongs to a number and a colour, so they are read mirrored),
// which spares it the first subgradient steps. They are prices for the other
// direction's bound, good enough for most searches; one that runs long
// sharpens them as it would its own (topDown, params.retighten).
func (s *solver) inherit(from *solver) {
	if !from.priced {
		return
	}
	var mu [maxN + 2][4]int32
	for n := 1; n <= s.N; n++ {
		mu[n] = from.mu[s.N+1-n]
	}
	s.splitJokers()
	s.setTops()
	s.setMultipliers(&mu)
	s.priced = true
}

// better reports whether a is a better answer than b for the objective.
func better(o Objective, a, b Result) bool {
	if o == Points {
		return a.Points > b.Points || (a.Points == b.Points && a.Tiles > b.Tiles)
	}
	return a.Tiles > b.Tiles || (a.Tiles == b.Tiles && a.Points > b.Points)
}
