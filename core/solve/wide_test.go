package solve_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// wideRules are boxes beyond the search's tables: five and six colours,
// and Twist's special jokers.
func wideRules() map[string]core.Rules {
	five, six, twist := core.Original(), core.Original(), core.Original()
	five.Tiles.Colors, six.Tiles.Colors = 5, 6
	twist.Tiles.DoubleJokers, twist.Tiles.MirrorJokers, twist.Tiles.ColorChangeJokers = 2, 2, 2
	return map[string]core.Rules{"five": five, "six": six, "twist": twist}
}

// TestWideBoxAnsweredByParts: a box beyond the search's tables is answered
// with a legal play, never claimed the best.
func TestWideBoxAnsweredByParts(t *testing.T) {
	six := wideRules()["six"]
	rack := core.MultisetOf(mustTiles(t, six.Tiles, "g3 g4 g5 p7 p8 p9 k1 r1 b1 J")...)
	res, err := solve.Solve(context.Background(), solve.Problem{Rules: six, Rack: rack})
	require.NoError(t, err)
	assert.Equal(t, 10, res.Tiles, "a group of the printed colours, and the runs in green and purple")
	assert.Equal(t, "[g3 g4 g5] [p7 p8 p9 J] [k1 r1 b1]", res.Table.String(), "the joker where it counts most: green and purple searched first")
	assert.False(t, res.Optimal)
	assert.True(t, res.ByParts)
	assert.Contains(t, res.Why, "a box of 6 colours is beyond the search's tables of 4")

	twist := wideRules()["twist"]
	table, err := twist.Tiles.ParseTable("[r3 r4 r5] [k9 o9 b9]")
	require.NoError(t, err)
	rack = core.MultisetOf(mustTiles(t, twist.Tiles, "JD JM k2")...)
	res, err = solve.Solve(context.Background(), solve.Problem{Rules: twist, Table: table, Rack: rack, Opened: true})
	require.NoError(t, err)
	assert.Equal(t, []core.Tile{core.DoubleJoker}, res.Placed, "the double joker goes where a set takes it; the mirror, nowhere")
	assert.Equal(t, "[JD r3 r4 r5] [k9 o9 b9]", res.Table.String())
}

func mustTiles(t *testing.T, ts core.TileSet, s string) []core.Tile {
	t.Helper()
	tiles, err := ts.ParseTiles(s)
	require.NoError(t, err)
	return tiles
}

// TestWideBoxProperty deals random positions from each wide box: every
// answer is a valid table holding the old table's tiles and the rack tiles
// it says it placed, and where one rack tile fits a table set (at any
// place), the answer places at least one tile.
func TestWideBoxProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 7))
	for name, r := range wideRules() {
		sr := r.SetRules()
		for i := range 300 {
			pool := r.Tiles.Tiles()
			rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
			rack := core.MultisetOf(pool[:14]...)
			// a table of the sets a solve lays from another rack
			var table core.Table
			if i%4 != 0 {
				laid, err := solve.Solve(context.Background(),
					solve.Problem{Rules: r, Rack: core.MultisetOf(pool[14:40]...), Opened: true})
				require.NoError(t, err)
				table = laid.Table
			}
			opened := i%3 != 0
			res, err := solve.Solve(context.Background(), solve.Problem{Rules: r, Table: table, Rack: rack, Opened: opened})
			require.NoError(t, err, "%s #%d", name, i)
			require.NoError(t, sr.ValidateTable(res.Table), "%s #%d: %v", name, i, res.Table)
			before, after := table.Tiles(), res.Table.Tiles()
			placed := core.MultisetOf(res.Placed...)
			require.True(t, rack.Includes(&placed), "%s #%d: placed %v from %v", name, i, res.Placed, rack)
			before.AddAll(&placed)
			require.Equal(t, before.String(), after.String(), "%s #%d: the table's tiles", name, i)
			assert.False(t, res.Optimal)
			if !opened {
				assert.True(t, res.Tiles == 0 || res.Points >= r.Opening.Points, "%s #%d: an initial meld of %d", name, i, res.Points)
				continue
			}
			if res.Tiles == 0 {
				assert.False(t, oneTileFits(&sr, table, rack), "%s #%d: a tile fits %v, and nothing was placed", name, i, table)
			}
		}
	}
}

// oneTileFits reports whether some rack tile fits some set of table.
func oneTileFits(sr *core.SetRules, table core.Table, rack core.Multiset) bool {
	for _, x := range rack.Tiles() {
		for _, s := range table {
			for at := range len(s) + 1 {
				if sr.Valid(slices.Insert(slices.Clone(s), at, x)) {
					return true
				}
			}
		}
	}
	return false
}

// TestOkeyWild: under Okey's indicator the okey is searched as a joker and
// a false joker as the okey's tile, and the answer is written with the
// tiles as laid.
func TestOkeyWild(t *testing.T) {
	r := core.Original()
	r.Deal.Indicator = true
	r.Wild = core.NewTile(core.Blue, 10)
	rack := core.MultisetOf(mustTiles(t, r.Tiles, "r11 b10 r13 b9 J b11")...)
	res, err := solve.Solve(context.Background(), solve.Problem{Rules: r, Rack: rack, Opened: true})
	require.NoError(t, err)
	assert.Equal(t, 6, res.Tiles)
	require.NoError(t, r.SetRules().ValidateTable(res.Table), "%v", res.Table)
	assert.Equal(t, "[b9 J b11] [r11 b10 r13]", res.Table.String(), "the okey stands for r12, the false joker for b10")
	assert.True(t, res.Optimal)
}
