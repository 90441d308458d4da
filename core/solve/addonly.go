package solve

import (
	"context"
	"slices"

	"github.com/meldlab/meldlab/core"
)

// The children's rule (table.manipulation: add_only), searched natively:
// every set on the table stays whole, grown only by rack tiles at either end
// of a run or as new colours of a group (core.SetRules.GrowsWhole), and the
// rest of the rack goes into new sets. The search is a dynamic programme
// over the table's sets, its state the set reached and the rack left: for
// each set every way the rack can grow it (none included), then the tiles
// left solved as new sets only (the first-round lock's search), one solve
// for each rack left, remembered. It is exact: the table's sets share no
// tile, so the growths and the new sets are all a play is.

// addOnlyLeaves bounds the racks left solved as new sets when neither a
// deadline nor Problem.MaxNodes does: far beyond a game's (a growth needs
// the very tiles next to a set), so only a contrived table reaches it, and
// the answer then says it was cut short.
const addOnlyLeaves = 20000

// frozenTable reports whether the problem's table may take no tile: the
// first-round lock, or table.manipulation: none once opened.
func (p *Problem) frozenTable() bool {
	return p.Locked || p.Opened && p.Rules.Table.Manipulation == core.NewSetsOnly
}

// addOnly reports whether the problem is the children's rule's: opened, the
// table not frozen, table.manipulation: add_only.
func (p *Problem) addOnly() bool {
	return p.Opened && !p.frozenTable() && p.Rules.Table.Manipulation == core.AddOnly
}

// rearranges reports whether the play may rearrange the table freely: the
// whole search's game (otherwise the rack's tiles go into new sets, or,
// under add_only, solveAddOnly grows the table's sets too).
func (p *Problem) rearranges() bool {
	return p.Opened && !p.frozenTable() && p.Rules.Table.Manipulation == core.FullManipulation
}

// growth is one way to grow a table set: the set after it and the rack
// tiles it takes.
type growth struct {
	set  core.Set
	used core.Multiset
}

type addOnlySearch struct {
	ctx    context.Context
	tables *Tables
	p      *Problem
	// rest are the table's sets that are not grown but rearranged, with
	// the rack left, in each leaf (Problem.jokerSetsGrow); nil under
	// add_only, whose leaves lay new sets only.
	rest   core.Table
	sr     core.SetRules
	grows  [][]growth // each table set's growths, the set as it is last
	memo   map[addOnlyKey]addOnlyBest
	sets   map[core.Multiset]Result // the new sets of each rack left
	leaves int
	nodes  int
	cut    bool
}

// addOnlyKey is a state of the search: the table's sets from i on still to
// grow, with left on the rack.
type addOnlyKey struct {
	i    int
	left core.Multiset
}

// addOnlyBest is a state's best future: the tiles and points the growths of
// sets i on and the new sets place, and the growth of set i that does it.
type addOnlyBest struct {
	tiles, points, pick int
}

// solveAddOnly is Solve under table.manipulation: add_only.
func (t *Tables) solveAddOnly(ctx context.Context, p Problem) (Result, error) {
	if _, _, err := p.check(); err != nil {
		return Result{}, err
	}
	if p.jokerSetsGrow {
		// The sets holding a joker are the ones grown; the others join the
		// leaves' problems, rearranged as the whole search would.
		var grown, rest core.Table
		for _, set := range p.Table {
			if containsJoker(set) {
				grown = append(grown, set)
			} else {
				rest = append(rest, set)
			}
		}
		p.Table = grown
		s := &addOnlySearch{rest: rest}
		return t.addOnly(ctx, p, s)
	}
	return t.addOnly(ctx, p, &addOnlySearch{})
}

// addOnly runs the dynamic programme of s (its rest set) on p.
func (t *Tables) addOnly(ctx context.Context, p Problem, s *addOnlySearch) (Result, error) {
	s.ctx, s.tables, s.p, s.sr = ctx, t, &p, p.Rules.SetRules()
	s.memo, s.sets = map[addOnlyKey]addOnlyBest{}, map[core.Multiset]Result{}
	s.grows = make([][]growth, len(p.Table))
	for i, set := range p.Table {
		s.grows[i] = growths(s.sr, set, p.Rack, p.looseJokers)
	}
	if _, err := s.best(0, p.Rack); err != nil {
		return Result{}, err
	}
	res := s.result()
	res.Optimal = !s.cut
	res.CutShort = s.cut
	return res, nil
}

// best is the best future of state (i, left), remembered: a dynamic
// programme over the table's sets, whose growths share only the rack. A
// state the budget stopped places nothing (result reads it so).
func (s *addOnlySearch) best(i int, left core.Multiset) (addOnlyBest, error) {
	if i == len(s.p.Table) {
		res, err := s.newSets(left)
		return addOnlyBest{tiles: res.Tiles, points: res.Points}, err
	}
	key := addOnlyKey{i, left}
	if b, ok := s.memo[key]; ok {
		return b, nil
	}
	if s.stopped() {
		return addOnlyBest{pick: -1}, nil
	}
	s.nodes++
	pen := max(s.p.Rules.Joker.Penalty, 0)
	top := addOnlyBest{pick: -1}
	for k, g := range s.grows[i] {
		if !left.Includes(&g.used) {
			continue
		}
		f, err := s.best(i+1, left.Minus(&g.used))
		if err != nil {
			return top, err
		}
		b := addOnlyBest{tiles: f.tiles + g.used.Len(), points: f.points + g.used.Value(pen), pick: k}
		if top.pick < 0 || s.p.better(Result{Tiles: b.tiles, Points: b.points}, Result{Tiles: top.tiles, Points: top.points}) {
			top = b
		}
	}
	s.memo[key] = top
	return top, nil
}

// newSets is the best play of left as new sets only (the first-round
// lock's search), remembered.
func (s *addOnlySearch) newSets(left core.Multiset) (Result, error) {
	if res, ok := s.sets[left]; ok {
		return res, nil
	}
	if s.p.growOnly {
		return Result{}, nil
	}
	if s.stopped() {
		return Result{}, nil
	}
	if res, ok := s.p.newSets[left]; ok && !s.p.jokerSetsGrow && (s.p.MaxNodes == 0 || res.Nodes <= s.p.MaxNodes-s.nodes) {
		// Solved to its best in this many nodes by an earlier family: a
		// search within as many would do the same, node for node (a budget
		// only stops a search), so it is counted as searched.
		s.leaves++
		s.nodes += res.Nodes
		res.Table = res.Table.Clone() // each play its own sets
		s.sets[left] = res
		return res, nil
	}
	s.leaves++
	q := *s.p
	q.Table, q.Rack, q.Locked = nil, left, true
	if s.p.jokerSetsGrow {
		// the rest of the table rearranged with the rack left, as under
		// the full rules the family narrowed (see family.restrict)
		q.Table, q.Locked, q.jokerSetsGrow = s.rest, false, false
		q.Rules.Table.Manipulation = core.FullManipulation
	}
	if s.p.MaxNodes > 0 {
		q.MaxNodes = max(s.p.MaxNodes-s.nodes, 1)
	}
	res, err := s.tables.solve(s.ctx, q, false)
	if err != nil {
		return Result{}, err
	}
	s.nodes += res.Nodes
	if !res.Optimal {
		s.cut = true
	} else if s.p.newSets != nil && !s.p.jokerSetsGrow {
		s.p.newSets[left] = res
	}
	s.sets[left] = res
	return res, nil
}

// stopped reports whether the budget ran out.
func (s *addOnlySearch) stopped() bool {
	switch {
	case s.cut:
	case s.ctx.Err() != nil,
		s.p.MaxNodes > 0 && s.nodes >= s.p.MaxNodes,
		s.leaves >= addOnlyLeaves:
		s.cut = true
	default:
		return false
	}
	return true
}

// result is the best play: the table's sets grown as chosen, in their
// places, then the new sets. Where the budget stopped a state, the sets
// from there on stay as they are and no new set is laid, as best counted.
func (s *addOnlySearch) result() Result {
	left := s.p.Rack
	table := make(core.Table, 0, len(s.p.Table))
	stopped := false
	for i, set := range s.p.Table {
		b, ok := s.memo[addOnlyKey{i, left}]
		if stopped || !ok || b.pick < 0 {
			stopped = true
			table = append(table, slices.Clone(set))
			continue
		}
		g := s.grows[i][b.pick]
		if g.used.Len() == 0 {
			table = append(table, slices.Clone(set)) // as it lies
			continue
		}
		table = append(table, s.sr.Canonical(core.Table{g.set})[0])
		left = left.Minus(&g.used)
	}
	if sets, ok := s.sets[left]; ok && !stopped {
		table = append(table, sets.Table...)
		left = left.Minus(ptr(core.MultisetOf(sets.Placed...)))
	} else {
		table = append(table, s.rest.Clone()...)
	}
	placed := s.p.Rack.Minus(&left)
	res := Result{Table: table, Placed: placed.Tiles(), Tiles: placed.Len(),
		Points: placed.Value(max(s.p.Rules.Joker.Penalty, 0)), Nodes: s.nodes}
	if res.Tiles == 0 {
		res.Table = append(s.p.Table.Clone(), s.rest.Clone()...)
	}
	return res
}

func ptr[T any](v T) *T { return &v }

// growths lists the ways rack tiles can grow set under the children's rule,
// most tiles first, the set as it is last: a run by tiles (or jokers) at
// either end, a group by new colours (or jokers).
func growths(sr core.SetRules, set core.Set, rack core.Multiset, loose bool) []growth {
	out := []growth{{set: set}}
	info, err := sr.Validate(set)
	if err != nil {
		return out
	}
	seen := map[string]bool{}
	add := func(grown core.Set, used core.Multiset) {
		if used.Len() == 0 {
			return
		}
		if loose && !holds(sr, &info, grown) || !loose && !sr.GrowsWhole(set, grown) {
			return
		}
		k := core.Table{grown}.String()
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, growth{set: slices.Clone(grown), used: used})
	}
	jokers := rack.Jokers()
	switch info.Kind {
	case core.Run:
		canon := info.Canonical(set, sr.Numbers)
		// the tiles that may go below and above: each place a real tile
		// of the rack or a joker
		var grow func(below, above []core.Tile, used core.Multiset, side int)
		grow = func(below, above []core.Tile, used core.Multiset, side int) {
			grown := slices.Concat(reversed(below), canon, above)
			add(grown, used)
			if len(grown) >= sr.Numbers {
				return
			}
			for s := side; s < 2; s++ {
				n := info.Number - len(below) - 1
				if s == 1 {
					n = info.Number + len(canon) + len(above)
				}
				for _, t := range []core.Tile{tileAt(sr, info.Color, n), core.Joker} {
					if t == core.NoTile || rack.Count(t) <= used.Count(t) {
						continue
					}
					u := used
					u.Add(t)
					if s == 0 {
						grow(append(slices.Clone(below), t), above, u, 0)
					} else {
						grow(below, append(slices.Clone(above), t), u, 1)
					}
				}
			}
		}
		grow(nil, nil, core.Multiset{}, 0)
		if loose && sr.Wrap == core.NoWrap {
			looseRuns(set, &info, rack, add)
		}
	case core.Group:
		room := sr.Colors
		if sr.GroupColors == core.AnyColors {
			room = sr.Colors * sr.Copies
		}
		// every sub-multiset of the rack's tiles of the number and jokers
		// that fits, each kind taken 0 to all of its copies
		var kinds []core.Tile
		for c := range sr.Colors {
			if t := core.NewTile(core.Color(c), info.Number); rack.Count(t) > 0 {
				kinds = append(kinds, t)
			}
		}
		if jokers > 0 {
			kinds = append(kinds, core.Joker)
		}
		var pick func(i int, grown core.Set, used core.Multiset)
		pick = func(i int, grown core.Set, used core.Multiset) {
			if i == len(kinds) {
				add(grown, used)
				return
			}
			for k := 0; k <= rack.Count(kinds[i]) && len(grown) <= room; k++ {
				pick(i+1, grown, used)
				grown = append(slices.Clone(grown), kinds[i])
				used.Add(kinds[i])
			}
		}
		pick(0, slices.Clone(set), core.Multiset{})
	}
	slices.SortStableFunc(out, func(a, b growth) int { return b.used.Len() - a.used.Len() })
	return out
}

// tileAt is the tile of colour c at number n, going round where the rules
// let runs wrap; NoTile off the numbers.
func tileAt(sr core.SetRules, c core.Color, n int) core.Tile {
	if n < 1 || n > sr.Numbers {
		if sr.Wrap == core.NoWrap {
			return core.NoTile
		}
		n = (n-1+sr.Numbers)%sr.Numbers + 1
	}
	return core.NewTile(c, n)
}

func reversed(ts []core.Tile) []core.Tile {
	out := slices.Clone(ts)
	slices.Reverse(out)
	return out
}

// canGrow reports whether one rack tile can grow a table set under the
// children's rule: where any growth exists, one of one tile does (the tile
// next to the set, or one new colour), so CanPlay needs only these.
func canGrow(p *Problem) bool {
	sr := p.Rules.SetRules()
	for _, set := range p.Table {
		for _, g := range growths(sr, set, p.Rack, false) {
			if g.used.Len() == 1 {
				return true
			}
		}
	}
	return false
}

// holds reports whether grown is a valid set of the same kind as the set
// info describes (a run of its colour, a group of its number): the loose
// growths' test, which lets the set's jokers stand for other tiles.
func holds(sr core.SetRules, info *core.SetInfo, grown core.Set) bool {
	gi, err := sr.Validate(grown)
	if err != nil || gi.Kind != info.Kind {
		return false
	}
	if info.Kind == core.Run {
		return gi.Color == info.Color
	}
	return gi.Number == info.Number
}

// looseRunMax is the most rack tiles a loose growth adds to one run.
const looseRunMax = 3

// looseRuns offers add the growths of a run by up to looseRunMax rack tiles
// of its colour (or jokers) wherever they fit, the run's jokers moving to
// make room: [b6 b7 J b9 b10] with b8 is [b6 b7 b8 b9 b10 J]. Each is laid
// out with its jokers filling the gaps and the rest at either end.
func looseRuns(set core.Set, info *core.SetInfo, rack core.Multiset, add func(core.Set, core.Multiset)) {
	var kinds []core.Tile
	for _, t := range rack.Tiles() {
		if (t.IsJoker() || t.Color() == info.Color) && (len(kinds) == 0 || kinds[len(kinds)-1] != t) {
			kinds = append(kinds, t)
		}
	}
	var pick func(i int, used core.Multiset)
	pick = func(i int, used core.Multiset) {
		if i == len(kinds) {
			if used.Len() > 0 {
				layRun(set, used, add)
			}
			return
		}
		for k := 0; k <= rack.Count(kinds[i]) && used.Len()+k <= looseRunMax; k++ {
			u := used
			u.AddN(kinds[i], k)
			pick(i+1, u)
		}
	}
	pick(0, core.Multiset{})
}

// layRun lays set and used out as runs: the real tiles in order, jokers in
// the gaps, the jokers left over split between the ends every way.
func layRun(set core.Set, used core.Multiset, add func(core.Set, core.Multiset)) {
	all := core.MultisetOf(set...)
	all.AddAll(&used)
	var reals []core.Tile
	for _, t := range all.Tiles() {
		if !t.IsJoker() {
			reals = append(reals, t)
		}
	}
	if len(reals) == 0 {
		return
	}
	slices.SortFunc(reals, func(a, b core.Tile) int { return a.Number() - b.Number() })
	var middle core.Set
	for i, t := range reals {
		if i > 0 {
			gap := t.Number() - reals[i-1].Number() - 1
			if gap < 0 {
				return // a number twice
			}
			for range gap {
				middle = append(middle, core.Joker)
			}
		}
		middle = append(middle, t)
	}
	extra := all.Jokers() - (len(middle) - len(reals))
	for front := 0; front <= extra; front++ {
		run := slices.Concat(slices.Repeat(core.Set{core.Joker}, front), middle, slices.Repeat(core.Set{core.Joker}, extra-front))
		add(run, used)
	}
}
