package solve

import (
	"context"
	"fmt"
	"slices"

	"github.com/meldlab/meldlab/core"
)

// Boxes beyond the search's tables.
//
// The search's layout holds the printed game's four colours and its plain
// jokers (its tables, its state words, its arrays by colour). A house box
// of five or six colours, or Rummikub Twist's special jokers, is answered
// by parts: the search on the printed part of the problem (the printed
// colours' tiles and the plain jokers, the sets of the table that hold
// nothing else), the house colours' runs and groups laid from the rack
// before it, and then each tile left, special jokers included, added to a
// set where the rules take it. The answer is a legal play, never claimed
// the best: Optimal is false and Why says so.

// wideProblem reports whether p needs the answer by parts.
func wideProblem(p *Problem) bool {
	return p.Rules.Tiles.Colors > core.PrintedColors || p.Rules.Tiles.Specials() > 0
}

// wideWhy is what a play answered by parts says of itself.
func wideWhy(r *core.Rules) string {
	if r.Tiles.Specials() > 0 {
		return "Twist's special jokers are beyond the search: the search played the printed tiles and plain jokers, and the special jokers were added one by one where a set takes them"
	}
	return fmt.Sprintf("a box of %d colours is beyond the search's tables of 4: the search played the printed colours, and the house colours' runs and groups were laid and their tiles added one by one", r.Tiles.Colors)
}

// printedRules is r with the box cut to what the search holds.
func printedRules(r core.Rules) core.Rules {
	r.Tiles.Colors = min(r.Tiles.Colors, core.PrintedColors)
	r.Tiles.DoubleJokers, r.Tiles.MirrorJokers, r.Tiles.ColorChangeJokers = 0, 0, 0
	r.Sets.MinGroup = min(r.Sets.MinGroup, r.Tiles.Colors)
	return r
}

// checkWide is Validate for a problem answered by parts.
func (p *Problem) checkWide() error {
	r := &p.Rules
	if err := r.Tiles.Validate(); err != nil {
		return fmt.Errorf("solve: %w: %w", ErrBadProblem, err)
	}
	if err := r.SetRules().ValidateTable(p.Table); err != nil {
		return fmt.Errorf("solve: %w: the table is not valid: %w", ErrBadProblem, err)
	}
	if err := r.CheckBox(p.Table, p.Rack.Tiles()); err != nil {
		return fmt.Errorf("solve: %w: %w", ErrBadProblem, err)
	}
	for _, t := range p.Rack.Tiles() {
		if !r.Tiles.Contains(t) {
			return fmt.Errorf("solve: %w: rack tile %s is not in the box (%s)", ErrBadProblem, t, boxWords(r.Tiles))
		}
	}
	return nil
}

// solveWide answers p by parts (see above): the groups that mix a house
// colour with the printed ones, laid greedily; the printed colours'
// tiles, searched; the house colours' tiles, searched as if they were the
// first two printed colours (runs are of one colour, so the search finds
// them as it finds the printed ones); then each tile left added where a
// set takes it.
//
// The best of several answers is kept: the printed colours searched first,
// and, where the rack holds more of other colours, those four (splits);
// and once the initial meld is made, with the table's mixed groups left as
// they lie, and with each mixed group whose searched colours' tiles are a
// group on their own searched as that group, its other tiles added back
// where a set takes them (an answer that cannot add them all back is
// dropped): that frees the table's groups for the search.
func (t *Tables) solveWide(ctx context.Context, p Problem, withGreedy bool) (Result, error) {
	if err := p.checkWide(); err != nil {
		return Result{}, err
	}
	var best Result
	found := false
	for i, sp := range splits(&p) {
		for _, detach := range []bool{false, true} {
			if detach && (!p.Opened || p.Locked || p.growOnly) {
				continue
			}
			res, ok, err := t.byParts(ctx, p, withGreedy, detach, sp)
			if err != nil {
				if i == 0 && !detach {
					return Result{}, err
				}
				continue
			}
			if ok && (!found || p.better(res, best)) {
				best, found = res, true
			}
		}
	}
	return best, nil
}

// split is which colours the search takes first, on its four lanes (main),
// and which it takes after, on lanes of their own (rest).
type split struct {
	main   []core.Color
	rest   []core.Color
	lane   [core.MaxColors]core.Color // each colour's lane in its part
	inMain [core.MaxColors]bool
}

// newSplit is the split with the colours of main first, the box's others
// after.
func newSplit(colours int, main []core.Color) split {
	sp := split{main: main}
	for i, c := range main {
		sp.inMain[c], sp.lane[c] = true, core.Color(i)
	}
	for c := range core.Color(colours) {
		if !sp.inMain[c] {
			sp.lane[c] = core.Color(len(sp.rest))
			sp.rest = append(sp.rest, c)
		}
	}
	return sp
}

// splits are the splits a box beyond the search is answered by: the
// printed colours first; and, where other colours hold more of the
// rack's tiles, those four first (a rack heavy in green and purple is
// searched on them).
func splits(p *Problem) []split {
	colours := p.Rules.Tiles.Colors
	printed := []core.Color{core.Black, core.Red, core.Blue, core.Orange}[:min(colours, core.PrintedColors)]
	out := []split{newSplit(colours, printed)}
	if colours <= core.PrintedColors {
		return out
	}
	var count [core.MaxColors]int
	for _, t := range p.Rack.Tiles() {
		if !t.IsJoker() && !t.IsSpecial() {
			count[t.Color()]++
		}
	}
	order := make([]core.Color, colours)
	for c := range order {
		order[c] = core.Color(c)
	}
	slices.SortStableFunc(order, func(a, b core.Color) int { return count[b] - count[a] })
	most := order[:core.PrintedColors]
	slices.Sort(most)
	if !slices.Equal(most, printed) {
		out = append(out, newSplit(colours, most))
	}
	return out
}

// part says which part of the search a set belongs to: all its colours
// main's, all rest's, or both (or a special joker: neither).
func (sp *split) part(s core.Set) int {
	main, rest := false, false
	for _, t := range s {
		switch {
		case t.IsSpecial():
			return partNeither
		case t.IsJoker():
		case sp.inMain[t.Color()]:
			main = true
		default:
			rest = true
		}
	}
	switch {
	case main && rest:
		return partNeither
	case rest:
		return partHouse
	}
	return partPrinted
}

// toLanes is tiles with each numbered tile on its colour's lane.
func (sp *split) toLanes(tiles []core.Tile) core.Set {
	out := make(core.Set, len(tiles))
	for i, t := range tiles {
		out[i] = t
		if !t.IsJoker() && !t.IsSpecial() && t.Valid() {
			out[i] = core.NewTile(sp.lane[t.Color()], t.Number())
		}
	}
	return out
}

// back is tiles of a part's search with each numbered tile back in its
// colour: colours is the part's (main or rest).
func back(tiles []core.Tile, colours []core.Color) core.Set {
	out := make(core.Set, len(tiles))
	for i, t := range tiles {
		out[i] = t
		if !t.IsJoker() && !t.IsSpecial() && t.Valid() {
			out[i] = core.NewTile(colours[t.Color()], t.Number())
		}
	}
	return out
}

// byParts is one answer by parts; with detach, the table's mixed groups
// whose printed tiles are a group are searched as that group and their
// house tiles added back (ok false when they cannot all be).
func (t *Tables) byParts(ctx context.Context, p Problem, withGreedy, detach bool, sp split) (Result, bool, error) {
	sr := p.Rules.SetRules()
	rack := p.Rack
	var laid core.Table
	if !p.growOnly {
		laid = mixedGroups(&sr, &rack, &sp)
	}
	laidValue := 0
	for _, s := range laid {
		info, _ := sr.Validate(s)
		laidValue += info.Value
	}
	// The table's sets by part: printed, house, or neither (kept as they lie).
	var printed, house, kept core.Table
	var detached core.Multiset // house tiles taken off mixed groups, to add back
	for _, s := range p.Table {
		switch sp.part(s) {
		case partPrinted:
			printed = append(printed, sp.toLanes(s))
		case partHouse:
			house = append(house, sp.toLanes(s))
		default:
			if part, rest, ok := mainGroup(&sr, s, &sp); detach && ok {
				printed = append(printed, sp.toLanes(part))
				for _, t := range rest {
					detached.Add(t)
				}
				continue
			}
			kept = append(kept, s)
		}
	}
	q := p
	q.Rules = printedRules(p.Rules)
	q.Table, q.Rack = printed, core.Multiset{}
	var houseRack core.Multiset
	for _, t := range rack.Tiles() {
		switch {
		case t == core.Joker || !t.IsSpecial() && sp.inMain[t.Color()]:
			q.Rack.Add(sp.toLanes(core.Set{t})[0])
		case !t.IsSpecial():
			houseRack.Add(sp.toLanes(core.Set{t})[0])
		}
	}
	need := 0 // the initial meld's points still to find
	if !p.Opened {
		need = max(p.Rules.Opening.Points-laidValue, 0)
		q.Rules.Opening.Points = need
	}
	res, err := t.solve(ctx, q, withGreedy)
	if err != nil {
		return Result{}, false, err
	}
	if !p.Opened && res.Tiles == 0 && need > 0 {
		// the printed tiles alone do not open: with the house colours they may
		q.Rules.Opening.Points = 0
		if res, err = t.solve(ctx, q, withGreedy); err != nil {
			return Result{}, false, err
		}
		need = max(need-res.Points, 0)
	} else {
		need = 0
	}
	var table core.Table
	for _, s := range res.Table {
		table = append(table, back(s, sp.main))
	}
	table = append(table, kept...)
	placed := core.MultisetOf(back(res.Placed, sp.main)...)
	points := res.Points
	if len(sp.rest) > 0 && (houseRack.Len() > 0 || len(house) > 0) {
		h := q
		h.Table, h.Rack = house, houseRack
		h.Rack.AddN(core.Joker, q.Rack.Jokers()-placed.Jokers())
		h.Rules.Opening.Points = need
		hres, err := t.solve(ctx, h, withGreedy)
		if err != nil {
			return Result{}, false, err
		}
		for _, s := range hres.Table {
			table = append(table, back(s, sp.rest))
		}
		for _, t := range back(hres.Placed, sp.rest) {
			placed.Add(t)
		}
		points += hres.Points
		res.Nodes += hres.Nodes
		res.CutShort = res.CutShort || hres.CutShort
		need = max(need-hres.Points, 0)
	}
	for _, s := range laid {
		table = append(table, s)
		for _, t := range s {
			placed.Add(t)
		}
	}
	points += laidValue
	left := p.Rack.Minus(&placed)
	if !p.growOnly && left.Specials() > 0 {
		// Twist's special jokers in new sets of three, from what is left
		for _, s := range specialSets(&sr, &left) {
			info, _ := sr.Validate(s)
			table = append(table, s)
			points += info.Value
			need = max(need-info.Value, 0)
			for _, t := range s {
				placed.Add(t)
			}
		}
	}
	if !p.Opened && need > 0 {
		return Result{Table: p.Table.Clone(), Nodes: res.Nodes, Why: wideWhy(&p.Rules), ByParts: true}, true, nil
	}
	if addTiles(&sr, table, &detached); detached.Len() > 0 {
		return Result{}, false, nil // a house tile taken off the table finds no set
	}
	if p.Opened && !p.Locked {
		for _, t := range addTiles(&sr, table, &left) {
			placed.Add(t)
		}
	}
	out := Result{Table: table, Placed: placed.Tiles(), Tiles: placed.Len(), Nodes: res.Nodes, CutShort: res.CutShort,
		Why: wideWhy(&p.Rules), ByParts: true}
	if p.Opened {
		out.Points = placed.Value(max(p.Rules.Joker.Penalty, 0))
	} else if out.Tiles > 0 {
		out.Points = points
	}
	if out.Tiles == 0 {
		out.Table = p.Table.Clone()
	}
	return out, true, nil
}

// mainGroup splits a group that mixes the split's main colours with the
// others into its main tiles, when they are a group on their own, and the
// rest.
func mainGroup(sr *core.SetRules, s core.Set, sp *split) (part, rest core.Set, ok bool) {
	if slices.ContainsFunc(s, core.Tile.IsSpecial) || slices.ContainsFunc(s, core.Tile.IsJoker) {
		return nil, nil, false
	}
	for _, t := range s {
		if sp.inMain[t.Color()] {
			part = append(part, t)
		} else {
			rest = append(rest, t)
		}
	}
	info, err := sr.Validate(s)
	if err != nil || info.Kind != core.Group || !sr.Valid(part) {
		return nil, nil, false
	}
	return part, rest, true
}

// The parts of a table's set, for the answer by parts (split.part).
const (
	partPrinted = iota // the main colours and plain jokers
	partHouse          // the rest and plain jokers
	partNeither        // both, or a special joker: left as it lies
)

// mixedGroups lays from rack, greedily from the highest number, the groups
// that hold a tile of a colour outside the split's main four (and so of
// main's: two other colours make no group), numbered tiles only (the
// searches place the jokers), and takes their tiles off rack.
func mixedGroups(sr *core.SetRules, rack *core.Multiset, sp *split) core.Table {
	var out core.Table
	for n := sr.Numbers; n >= 1; n-- {
		var group core.Set
		house := false
		for c := range core.Color(sr.Colors) {
			if t := core.NewTile(c, n); rack.Count(t) > 0 {
				group = append(group, t)
				house = house || !sp.inMain[c]
			}
		}
		if house && len(group) >= sr.MinGroup && sr.Valid(group) {
			out = append(out, group)
			for _, t := range group {
				rack.Remove(t)
			}
		}
	}
	return out
}

// specialSets lays from rack, greedily by value, sets of three that hold a
// special joker and two numbered tiles (a double joker between or beside
// two tiles of a run, a colour-change joker between two colours, a mirror
// joker between two of one tile, or beside a group's two), and takes their
// tiles off rack. Sets of three, no more: the search does not see special
// jokers, and the greedy pass lays what a player sees at once.
func specialSets(sr *core.SetRules, rack *core.Multiset) core.Table {
	var out core.Table
	for rack.Specials() > 0 {
		var best core.Set
		bestValue := -1
		tiles := rack.Tiles()
		for _, j := range []core.Tile{core.DoubleJoker, core.MirrorJoker, core.ColorChangeJoker} {
			if rack.Count(j) == 0 {
				continue
			}
			for a, x := range tiles {
				for _, y := range tiles[a+1:] {
					if x.IsSpecial() || y.IsSpecial() || x.IsJoker() || y.IsJoker() {
						continue
					}
					for _, s := range []core.Set{{x, j, y}, {x, y, j}, {j, x, y}, {y, j, x}} {
						if info, err := sr.Validate(s); err == nil && info.Value > bestValue {
							best, bestValue = s, info.Value
						}
					}
				}
			}
		}
		if best == nil {
			break
		}
		out = append(out, best)
		for _, t := range best {
			rack.Remove(t)
		}
	}
	return out
}

// addTiles adds tiles of left, one at a time, to the sets of table where
// the rules take them (at either end; anywhere in a set with a special
// joker, or for a special joker, whose place matters), until none fits;
// it changes table in place and returns the tiles placed.
func addTiles(sr *core.SetRules, table core.Table, left *core.Multiset) []core.Tile {
	var placed []core.Tile
	for changed := true; changed; {
		changed = false
		for _, t := range left.Tiles() {
			if i, s, ok := fitTile(sr, table, t); ok {
				table[i] = s
				left.Remove(t)
				placed = append(placed, t)
				changed = true
			}
		}
	}
	return placed
}

// fitTile is the first set of table that takes t, and the set with it.
func fitTile(sr *core.SetRules, table core.Table, t core.Tile) (int, core.Set, bool) {
	for i, s := range table {
		anywhere := t.IsSpecial() || slices.ContainsFunc(s, core.Tile.IsSpecial)
		for at := range len(s) + 1 {
			if !anywhere && at != 0 && at != len(s) {
				continue
			}
			grown := slices.Insert(slices.Clone(s), at, t)
			if sr.Valid(grown) {
				return i, grown, true
			}
		}
	}
	return 0, nil, false
}

// Okey's wild tile (deal.indicator): the round's okey is wild and the
// jokers are false jokers standing for it; swapped, each okey a joker and
// each joker the okey's tile, the problem is one of plain jokers, searched
// as any, and its answer swapped back (the swap is its own inverse).

// swapped is p with the okey and the jokers swapped, and the box counted
// so: as many jokers as the okey has copies, as many okeys as jokers.
func (p *Problem) swapped() Problem {
	q := *p
	w := p.Rules.Wild
	q.Rules.Wild = core.NoTile
	q.Rules.Tiles.Jokers = max(p.Rules.Tiles.Copies, p.Rules.Tiles.Jokers)
	q.Rules.Tiles.Copies = max(p.Rules.Tiles.Copies, p.Rules.Tiles.Jokers)
	q.Table = make(core.Table, len(p.Table))
	for i, s := range p.Table {
		q.Table[i] = core.SwapWild(s, w)
	}
	q.Rack = core.MultisetOf(core.SwapWild(p.Rack.Tiles(), w)...)
	return q
}

// swapBack is an answer to the swapped problem as an answer to p.
func (p *Problem) swapBack(res Result) Result {
	w := p.Rules.Wild
	for i, s := range res.Table {
		res.Table[i] = core.SwapWild(s, w)
	}
	res.Placed = core.MultisetOf(core.SwapWild(res.Placed, w)...).Tiles()
	return res
}
