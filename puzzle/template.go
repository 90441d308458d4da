package puzzle

import (
	"context"
	"math/rand/v2"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Templates build puzzles of the lessons' themes, where random positions
// give trivial ones: each lays a position whose best play needs the theme's
// move (a run split to give a group its tile; a joker freed by the tile it
// stands for and used again), in random colours and numbers, among other
// sets and rack tiles that lead nowhere. The solver then proves the best,
// the bots rate it, and a position whose best needs no rearrangement, after
// all, is dropped.
var templates = []struct {
	name string
	lay  func(r *rand.Rand) (core.Table, []core.Tile)
}{
	{"split_run", func(r *rand.Rand) (core.Table, []core.Tile) {
		c := core.Color(r.IntN(4))
		a := 1 + r.IntN(7) // a run a..a+6: its middle tile a+3 goes to a group
		run := core.Set{}
		for n := a; n <= a+6; n++ {
			run = append(run, core.NewTile(c, n))
		}
		others := otherColours(r, c, 2)
		return core.Table{run}, []core.Tile{core.NewTile(others[0], a+3), core.NewTile(others[1], a+3)}
	}},
	{"replace_joker", func(r *rand.Rand) (core.Table, []core.Tile) {
		c := core.Color(r.IntN(4))
		n := 1 + r.IntN(11) // [n J n+2]: the rack's n+1 frees the joker
		m := 1 + r.IntN(13)
		for m >= n-1 && m <= n+3 {
			m = 1 + r.IntN(13)
		}
		others := otherColours(r, 4, 2)
		return core.Table{{core.NewTile(c, n), core.Joker, core.NewTile(c, n+2)}},
			[]core.Tile{core.NewTile(c, n+1), core.NewTile(others[0], m), core.NewTile(others[1], m)}
	}},
	// Groups built of tiles taken from the table: the rack holds one tile
	// of each new group, the rest stand at the ends of runs or in the
	// middle of long ones. How many sets must give up a tile (two, four)
	// and how many could (a third run for a group) is what makes them
	// harder, for the bots as for people: a player who looks at one set at
	// a time never finds them. They are most of the middle grades.
	{"split_run", func(r *rand.Rand) (core.Table, []core.Tile) { return borrow(r, []int{2}, true) }},
	{"total_rearrangement", func(r *rand.Rand) (core.Table, []core.Tile) { return borrow(r, []int{2, 2}, false) }},
	{"total_rearrangement", func(r *rand.Rand) (core.Table, []core.Tile) { return borrow(r, []int{3, 2}, true) }},
	{"total_rearrangement", func(r *rand.Rand) (core.Table, []core.Tile) { return borrow(r, []int{2, 2}, true) }},
}

// borrow lays a position whose best play makes a group of each number it
// picks (as many as takes has entries), the rack holding one of its tiles
// and takes[i] standing in the table's runs, each in its own run: a run of
// four ending or starting at it, or (the first, with split) a run of seven
// around it, which the play splits. The numbers are far apart, so the runs
// do not meet.
func borrow(r *rand.Rand, takes []int, split bool) (core.Table, []core.Tile) {
	var table core.Table
	var rack []core.Tile
	base := r.IntN(13)
	for i, k := range takes {
		n := 1 + (base+i*6)%13 // 6 apart, round the numbers
		cs := r.Perm(4)        // cs[0] the rack's colour, the others the table's
		rack = append(rack, core.NewTile(core.Color(cs[0]), n))
		for j := range k {
			c := core.Color(cs[1+j])
			var lo, hi int
			switch {
			case split && i == 0 && j == 0 && n >= 4 && n <= 10:
				lo, hi = n-3, n+3
			case n <= 10 && (n < 4 || r.IntN(2) == 0):
				lo, hi = n, n+3
			default:
				lo, hi = n-3, n
			}
			var run core.Set
			for m := lo; m <= hi; m++ {
				run = append(run, core.NewTile(c, m))
			}
			table = append(table, run)
		}
	}
	return table, rack
}

// otherColours picks k distinct colours other than c (c = 4: any).
func otherColours(r *rand.Rand, c core.Color, k int) []core.Color {
	var out []core.Color
	for _, i := range r.Perm(4) {
		if core.Color(i) != c && len(out) < k {
			out = append(out, core.Color(i))
		}
	}
	return out
}

// GenerateTemplates makes puzzles from the templates alone, in turn, each
// from a seed of c's: the same Config, the same puzzles.
func GenerateTemplates(ctx context.Context, c Config) ([]Puzzle, error) {
	seen := map[string]bool{}
	var out []Puzzle
	for i := 0; i < 40*max(c.Count, 1) && len(out) < c.Count; i++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p, ok := fromTemplate(ctx, c, mix(c.Seed, uint64(i)), i)
		if !ok || seen[p.ID] || (c.Grade > 0 && p.Grade != c.Grade) {
			continue
		}
		seen[p.ID] = true
		out = append(out, p)
	}
	return out, nil
}

// fromTemplate lays template i (round the list) from seed, with noise, and
// makes it a puzzle; false when its best needs no rearrangement after all,
// or it will not do (see rate).
func fromTemplate(ctx context.Context, c Config, seed uint64, i int) (Puzzle, bool) {
	t := templates[i%len(templates)]
	r := rand.New(rand.NewPCG(seed, 1))
	table, rack := t.lay(r)
	table, rack = withNoise(r, c.Rules, table, rack)
	if !fitsBox(c.Rules, table, rack) {
		return Puzzle{}, false
	}
	p, ok := fromPosition(ctx, c, table, rack)
	if !ok || p.Best.Direct >= p.Best.Tiles {
		return Puzzle{}, false
	}
	p.Source = Source{Template: t.name, TemplateSeed: seed, Turn: 9}
	return p, true
}

// fitsBox reports whether the box holds the table's and rack's tiles.
func fitsBox(r core.Rules, table core.Table, rack []core.Tile) bool {
	used := table.Tiles()
	for _, t := range rack {
		used.Add(t)
	}
	box := boxTiles(r)
	for _, t := range used.Tiles() {
		if used.Count(t) > box.Count(t) {
			return false
		}
	}
	return true
}

// withNoise adds a set or two far from the theme's numbers and a few rack
// tiles: the theme is not the only thing on the table.
func withNoise(r *rand.Rand, rules core.Rules, table core.Table, rack []core.Tile) (core.Table, []core.Tile) {
	used := table.Tiles()
	for _, t := range rack {
		used.Add(t)
	}
	fits := func(ts ...core.Tile) bool {
		for _, t := range ts {
			if used.Count(t)+1 > rules.Tiles.Copies {
				return false
			}
		}
		return true
	}
	add := func(ts ...core.Tile) {
		for _, t := range ts {
			used.Add(t)
		}
	}
	for range 1 + r.IntN(2) { // a group of a random number
		n := 1 + r.IntN(13)
		cs := otherColours(r, 4, 3)
		g := core.Set{core.NewTile(cs[0], n), core.NewTile(cs[1], n), core.NewTile(cs[2], n)}
		if fits(g...) {
			add(g...)
			table = append(table, g)
		}
	}
	for range 2 + r.IntN(3) {
		t := core.NewTile(core.Color(r.IntN(4)), 1+r.IntN(13))
		if fits(t) {
			add(t)
			rack = append(rack, t)
		}
	}
	return table, rack
}

// fromPosition makes a puzzle of a laid position: opened, three other
// seats of ten tiles, thirty in the pool.
func fromPosition(ctx context.Context, c Config, table core.Table, rack []core.Tile) (Puzzle, bool) {
	p := Puzzle{Variant: c.Variant, Opened: true, Table: table.String(), Rack: rackText(multiset(rack)),
		Objective: "tiles", Others: []int{10, 10, 10}, Pool: 30, Source: Source{Turn: 9}}
	if err := c.Rules.SetRules().ValidateTable(table); err != nil {
		return p, false
	}
	pos, err := p.Position(c.Rules)
	if err != nil {
		return p, false
	}
	defer pos.Close()
	best, err := solve.Legal(ctx, solve.Problem{Rules: pos.Rules, Table: pos.Table(), Rack: pos.Rack(0), Opened: true,
		Objective: solve.Tiles, MaxNodes: nodeBudget}, pos, solve.Limits{})
	if err != nil || !best.Optimal || best.Tiles == 0 {
		return p, false
	}
	return p, rate(ctx, c, &p, pos, best)
}
