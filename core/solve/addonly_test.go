package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

func manipulation(mode string) core.Rules {
	r := core.Original()
	r.Name = "kids"
	core.LookupRuleKey("table.manipulation").Set(&r, mode)
	return r
}

// Under table.manipulation the solver searches the plays the rule allows
// itself (not through refusals): the referee accepts its first answer.
func TestSolveTableManipulation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, mode, table, rack string
		want                    string
		tiles                   int
	}{
		// The example: the full game splits the run, the children
		// add r8 to its end.
		{"the issue's run", "add_only", "[r3 r4 r5 r6 r7]", "r8 k1", "[r3 r4 r5 r6 r7 r8]", 1},
		{"the issue's run, full", "full", "[r3 r4 r5 r6 r7]", "r8 k1", "[r3 r4 r5] [r6 r7 r8]", 1},
		{"both ends and a group", "add_only", "[r4 r5 r6] [k8 r8 o8]", "r3 r7 b8 k1", "[r3 r4 r5 r6 r7] [k8 r8 b8 o8]", 3},
		{"a growth or a new set", "add_only", "[k9 r9 b9]", "o9 o10 o11 J", "[k9 r9 b9 J] [o9 o10 o11]", 4},
		{"a joker grows a run", "add_only", "[r3 r4 r5]", "J k1", "[J r3 r4 r5]", 1},
		{"the table's joker stays", "add_only", "[r4 r5 J]", "r6 r7 k1", "[r4 r5 J r7]", 1},
		{"no split: the full game's play is not allowed", "add_only", "[r4 r5 r6 r7 r8]", "r6 k1", "[r4 r5 r6 r7 r8]", 0},
		{"none: new sets only", "none", "[r3 r4 r5]", "r6 k9 r9 b9", "[r3 r4 r5] [k9 r9 b9]", 3},
		{"none: no addition", "none", "[r3 r4 r5]", "r6 k1", "[r3 r4 r5]", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := manipulation(tt.mode)
			g, p := position(t, r, nil, tt.table, tt.rack, true)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.Equal(t, tt.want, res.Table.String())
			assert.Equal(t, tt.tiles, res.Tiles)
			assert.True(t, res.Optimal)
			if tt.tiles > 0 {
				_, err := g.Check(res.Table)
				require.NoError(t, err, "the referee accepts the solver's play")
			}
			assert.Equal(t, tt.tiles > 0, solve.CanPlay(context.Background(), p), "CanPlay agrees")
			lres, err := solve.Legal(context.Background(), p, g, solve.Limits{})
			require.NoError(t, err)
			assert.Equal(t, tt.tiles, lres.Tiles)
			assert.Equal(t, 0, lres.Refused, "searched natively, not through refusals")
			assert.True(t, lres.Optimal)
		})
	}
}

// The search under add_only against a brute force: every way to hand each
// rack tile to a table set, to the new sets or to the rack, each set grown
// by every order of its tiles before and after it (core's GrowsWhole says
// whether that is a growth), the new sets covered by the brute force of
// brute_test.go.
func TestAddOnlyBruteForce(t *testing.T) {
	t.Parallel()
	n := 400
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewPCG(40, 2026))
	compared, grew := 0, 0
	for i := range n {
		p := randomInstance(rng)
		if len(p.Table) == 0 || p.Rack.Len() > 6 {
			continue
		}
		p.Opened, p.Locked = true, false
		p.Rules.Table.Manipulation = core.AddOnly
		name := fmt.Sprintf("#%d %+v %+v %v table %s rack %s", i, p.Rules.Tiles, p.Rules.Sets, p.Objective, p.Table, p.Rack.String())
		res, err := solve.Solve(context.Background(), p)
		if err != nil {
			continue // rules beyond the solver
		}
		require.True(t, res.Optimal, name)
		want := bruteAddOnly(p)
		assert.Equal(t, want, [2]int{res.Tiles, res.Points}, name)
		// the play is one: each table set grown whole, the rest new sets
		sr := p.Rules.SetRules()
		for j, set := range p.Table {
			require.Less(t, j, len(res.Table), name)
			assert.True(t, sr.GrowsWhole(set, res.Table[j]), "set %d %s grew into %s: %s", j+1, set, res.Table[j], name)
			if len(res.Table[j]) > len(set) {
				grew++
			}
		}
		compared++
	}
	t.Logf("%d positions compared, %d sets grown", compared, grew)
	assert.Greater(t, compared, n/10)
	assert.Greater(t, grew, compared/10, "the generator must reach growths")
}

// bruteAddOnly is the best (tiles, points) under add_only, by the
// objective, slowly.
func bruteAddOnly(p solve.Problem) [2]int {
	b := newBrute(p.Rules, p.Rack)
	best := [2]int{}
	handOut(p, func(_ [][]core.Set, fresh *[core.NumTileKinds]int8, placed core.Multiset) {
		if b.cover(fresh, true) < 0 {
			return
		}
		if v := familyValue(p.Objective, placed.Len(), placed.Value(p.Rules.Joker.Penalty)); less(best, v) {
			best = v
		}
	})
	return familyValue(p.Objective, best[0], best[1]) // (tiles, points) either way round
}

// handOut hands each rack tile to the rack, to a table set or to new sets,
// every way, and calls fn with each way that grows every set whole (grown:
// each set's grown forms, every order of its tiles before and after it),
// the tiles for new sets and the tiles placed.
func handOut(p solve.Problem, fn func(grown [][]core.Set, fresh *[core.NumTileKinds]int8, placed core.Multiset)) {
	rack := p.Rack.Tiles()
	sr := p.Rules.SetRules()
	m := len(p.Table)
	ways := map[string][]core.Set{}
	to := make([]int, len(rack)) // 0 stays, 1..m grows set k-1, m+1 new sets
	var walk func(k int)
	walk = func(k int) {
		if k < len(rack) {
			for d := 0; d <= m+1; d++ {
				to[k] = d
				walk(k + 1)
			}
			return
		}
		var fresh [core.NumTileKinds]int8
		var placed core.Multiset
		grown := make([][]core.Set, m)
		for i := range m {
			var add []core.Tile
			for j, d := range to {
				if d == i+1 {
					add = append(add, rack[j])
				}
			}
			key := fmt.Sprint(i, core.MultisetOf(add...).String())
			w, ok := ways[key]
			if !ok {
				w = growWays(sr, p.Table[i], add)
				ways[key] = w
			}
			if len(w) == 0 {
				return
			}
			grown[i] = w
		}
		for j, d := range to {
			if d > 0 {
				placed.Add(rack[j])
			}
			if d == m+1 {
				fresh[rack[j]]++
			}
		}
		if placed.Len() > 0 {
			fn(grown, &fresh, placed)
		}
	}
	walk(0)
}
