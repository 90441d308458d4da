package solve

import (
	"slices"

	"github.com/meldlab/meldlab/core"
)

// greedy is a greedy pass: the play a hurried player finds without
// rearranging anything, in a few tens of microseconds. It lays new sets of
// rack tiles (groups, then runs, or runs, then groups: the better of the
// two orders), then with the rack's jokers (two tiles and a joker, one tile
// and two), and, once opened on an unlocked table, adds single rack tiles
// and jokers to the table's sets. Every set is checked by the rules, so the
// play is legal.
//
// A search cut short answers with the better of its own best play and
// this one (see Solve), so a budget spent before the search could find
// anything (a fresh process building its tables, a 1 ms deadline) still
// answers with a play where a greedy pass finds one.
func greedy(p *Problem) Result {
	var best Result
	for i, order := range [][2]bool{{true, true}, {false, true}, {true, false}, {false, false}} {
		if !order[1] && p.Rack.Jokers() < 2 {
			break // one joker: the order of the two kinds of joker set is moot
		}
		r := greedyOrder(p, order[0], order[1])
		if i == 0 || r.Tiles > best.Tiles || r.Tiles == best.Tiles && r.Points > best.Points {
			best = r
		}
	}
	return best
}

// greedyOrder is the greedy pass with groups first, or runs first; and its
// jokers in sets with two rack tiles first, or with one (which an initial
// meld may need: k2 o2 k5 k7 r12 and three jokers reach 30 points with
// [r12 J J] first, not with [k5 k7 J] and [k2 o2 J]).
func greedyOrder(p *Problem, groupsFirst, pairsFirst bool) Result {
	sr := p.Rules.SetRules()
	ts := p.Rules.Tiles
	rack := p.Rack
	var sets core.Table
	take := func(set core.Set) {
		if len(set) == 0 {
			return
		}
		if !sr.Valid(set) {
			return
		}
		for _, t := range set {
			rack.Remove(t)
		}
		sets = append(sets, set)
	}
	groups := func() {
		for n := 1; n <= ts.Numbers; n++ {
			for {
				var set core.Set
				for c := core.Color(0); int(c) < ts.Colors && len(set) < sr.Colors; c++ {
					if t := core.NewTile(c, n); rack.Count(t) > 0 {
						set = append(set, t)
					}
				}
				if len(set) < max(sr.MinGroup, 1) {
					break
				}
				before := len(sets)
				take(set)
				if len(sets) == before {
					break
				}
			}
		}
	}
	runs := func() {
		for c := core.Color(0); int(c) < ts.Colors; c++ {
			for {
				var best core.Set
				var cur core.Set
				for n := 1; n <= ts.Numbers+1; n++ {
					if n <= ts.Numbers && rack.Count(core.NewTile(c, n)) > 0 {
						cur = append(cur, core.NewTile(c, n))
						continue
					}
					if len(cur) > len(best) {
						best = cur
					}
					cur = nil
				}
				if len(best) < max(sr.MinRun, 1) {
					break
				}
				before := len(sets)
				take(best)
				if len(sets) == before {
					break
				}
			}
		}
	}
	// The jokers left complete what the rack still holds: two tiles and a
	// joker, and one tile and two jokers (at most kinds² verdicts), the
	// highest numbers first, which an initial meld needs to reach its
	// threshold.
	withJokers := func(reals int) {
		var kinds [core.MaxColors * core.MaxNumber]core.Tile
		for rack.Jokers() >= 3-reals {
			k := rackKinds(ts, &rack, kinds[:])
			slices.SortStableFunc(kinds[:k], func(a, b core.Tile) int { return b.Number() - a.Number() })
			before := len(sets)
			for i := 0; i < k && len(sets) == before; i++ {
				if reals == 1 {
					take(core.Set{kinds[i], core.Joker, core.Joker})
					continue
				}
				for j := i + 1; j < k && len(sets) == before; j++ {
					take(core.Set{kinds[i], kinds[j], core.Joker})
				}
			}
			if len(sets) == before {
				return
			}
		}
	}
	if groupsFirst {
		groups()
		runs()
	} else {
		runs()
		groups()
	}
	if pairsFirst {
		withJokers(2)
		withJokers(1)
	} else {
		withJokers(1)
		withJokers(2)
	}
	table := p.Table.Clone()
	if p.rearranges() {
		// Single tiles to the table's sets: a run's ends, a group's colours.
		// A tile added to one set never lets another take one, so each set
		// is tried once, by every kind of tile left, until it takes no more:
		// at most sets × (tiles placed + 1) × kinds of tile verdicts, each
		// a few nanoseconds (Valid), built in a buffer on the stack.
		var kinds [core.MaxColors*core.MaxNumber + 1]core.Tile
		var buf [64]core.Tile
		for i, set := range table {
			if len(set) >= len(buf) {
				continue
			}
			for grown := true; grown; {
				grown = false
				k := rackKinds(ts, &rack, kinds[:])
				if rack.Jokers() > 0 {
					kinds[k] = core.Joker
					k++
				}
				for _, t := range kinds[:k] {
					ext := append(append(buf[:0], set...), t)
					if sr.Valid(ext) {
						set = append(slices.Clip(set), t)
						table[i] = set
						rack.Remove(t)
						grown = true
						break
					}
				}
			}
		}
	}
	out := append(table, sets...)
	placed := p.Rack.Minus(&rack)
	res := Result{Table: out, Placed: placed.Tiles(), Tiles: placed.Len(), CutShort: true}
	if p.Opened {
		res.Points = placed.Value(max(p.Rules.Joker.Penalty, 0))
		return res
	}
	// the opening's value as the rules engine reads it (as the search's
	// openingValue does): a joker worth nothing, or what it stands for
	for _, s := range sets {
		if p.Rules.Opening.JokerValue == core.Represented {
			info, err := sr.Validate(s)
			if err == nil {
				res.Points += info.Value
			}
			continue
		}
		res.Points += core.MultisetOf(s...).Value(0)
	}
	if res.Points < p.Rules.Opening.Points {
		return Result{Table: p.Table.Clone(), CutShort: true}
	}
	return res
}

// rackKinds writes into kinds each kind of tile the rack holds (jokers
// apart), by colour then number, and returns how many there are.
func rackKinds(ts core.TileSet, rack *core.Multiset, kinds []core.Tile) int {
	k := 0
	for c := range ts.Colors {
		for n := 1; n <= ts.Numbers; n++ {
			if t := core.NewTile(core.Color(c), n); rack.Count(t) > 0 {
				kinds[k] = t
				k++
			}
		}
	}
	return k
}
