package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// A search raced in turns of a few nodes, and stopped now and then to
// sharpen its prices, answers with a play it really found: here the search
// from 1 up recorded a play, was stopped, and once rebuilt a path that mixed
// that play with an older one (a step with a group of one joker).
func TestRaceKeepsItsPlay(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Tiles = core.TileSet{Colors: 3, Numbers: 8, Copies: 1, Jokers: 4}
	r.Sets = core.SetShape{MinRun: 4, MinGroup: 2}
	table := must(r.Tiles.ParseTable("[J J J r2 J]"))
	rack := must(r.Tiles.ParseTiles("k5 r1 r3 r6 r7 b2 b5"))
	p := solve.Problem{Rules: r, Table: table, Rack: core.MultisetOf(rack...), Opened: true}
	solvesTo(t, solve.WithPaths(solve.RaceEarly, solve.HardPath), p, 7, 29)
}

// With wrap, the guesses of the runs crossing from the highest number to 1
// share one memo, which lasts from turn to turn: a guess whose value the memo
// already knows still yields its play (the search records it from the root).
func TestRaceWrapKnownGuess(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Tiles = core.TileSet{Colors: 4, Numbers: 4, Copies: 3, Jokers: 1}
	r.Sets = core.SetShape{MinRun: 2, MinGroup: 3, Wrap: core.WrapRound}
	rack := must(r.Tiles.ParseTiles("k2 r2 b3 J"))
	p := solve.Problem{Rules: r, Rack: core.MultisetOf(rack...), Opened: true}
	solvesTo(t, solve.WithPaths(solve.RaceEarly), p, 3, 34)
}

// solvesTo checks that p's best play, proven, places tiles worth points.
func solvesTo(t *testing.T, tables *solve.Tables, p solve.Problem, tiles, points int) {
	t.Helper()
	res, err := tables.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, tiles, res.Tiles)
	assert.Equal(t, points, res.Points)
	checkPlay(t, "raced", p, res)
}
