package puzzle

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Generation is reproducible, every puzzle's best is proven and is what
// the solver finds again from the puzzle alone, and the grades hold their
// gates: from grade 3 no play that rearranges nothing does as well, and
// no rack tile merely extends a set.
func TestGenerate(t *testing.T) {
	c := Config{Variant: "original", Rules: core.Original(), Count: 12, Seed: 5}
	ps, err := Generate(context.Background(), c)
	require.NoError(t, err)
	require.Len(t, ps, 12)
	again, err := Generate(context.Background(), c)
	require.NoError(t, err)
	var a, b bytes.Buffer
	require.NoError(t, Write(&a, ps))
	require.NoError(t, Write(&b, again))
	assert.Equal(t, a.String(), b.String(), "the same seed, the same puzzles")
	back, err := Read(bytes.NewReader(a.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, ps, back)

	for _, p := range ps {
		assert.True(t, p.Best.Optimal)
		if p.Source.Template == "" {
			assert.GreaterOrEqual(t, p.Best.Tiles, p.Source.Bot2+2, "the bot there placed at least 2 fewer")
		}
		pos, err := p.Position(core.Original())
		require.NoError(t, err)
		res, err := solve.Legal(context.Background(), solve.Problem{Rules: pos.Rules, Table: pos.Table(), Rack: pos.Rack(0),
			Opened: p.Opened, Objective: solve.Tiles}, pos, solve.Limits{})
		require.NoError(t, err)
		assert.Equal(t, p.Best.Tiles, res.Tiles, "%s: the best from the puzzle alone", p.ID)
		assert.GreaterOrEqual(t, p.Grade, 1)
		assert.LessOrEqual(t, p.Grade, 5)
		if p.Grade >= 3 {
			assert.Less(t, p.Best.Direct, p.Best.Tiles, "%s: grade %d solved without rearranging", p.ID, p.Grade)
			rack, _ := core.ParseTiles(p.Rack)
			assert.False(t, extendsASet(core.Original(), pos.Table(), multiset(rack)))
		}
		// The greedy bot plays the solver's best: it solves every puzzle.
		assert.True(t, solvedBy(context.Background(), pos, bots.NewGreedy(), p.Best.Tiles), p.ID)
		assert.Equal(t, 1.0, p.Solves["greedy"])
		pos.Close()
	}
}

// A grade asked for is the grade given, and from grade 3 the gates hold.
func TestGenerateByGrade(t *testing.T) {
	for _, g := range []int{1, 4} {
		ps, err := Generate(context.Background(), Config{Variant: "original", Rules: core.Original(), Count: 5, Seed: 3, Grade: g})
		require.NoError(t, err)
		require.Len(t, ps, 5)
		for _, p := range ps {
			assert.Equal(t, g, p.Grade)
			assert.Equal(t, g, grade(p.Rating.R), "the grade is the rating's band")
		}
	}
}

// The prior rating sits where the bots' curve crosses one half: a puzzle
// every bot solves is rated below the beginner, one only greedy solves
// between the intermediate and greedy.
func TestPrior(t *testing.T) {
	all := prior([]rung{{1250, 32, 32}, {1430, 32, 32}, {1590, 32, 32}})
	assert.Less(t, all.R, 1250.0)
	onlyGreedy := prior([]rung{{1250, 32, 0}, {1430, 32, 0}, {1590, 32, 32}})
	assert.Greater(t, onlyGreedy.R, 1430.0)
	assert.Less(t, onlyGreedy.R, 1590.0)
	half := prior([]rung{{1250, 32, 0}, {1430, 32, 16}, {1590, 32, 32}})
	assert.InDelta(t, 1430, half.R, 120)
	assert.Less(t, half.RD, 350.0)
}

// The puzzles do not depend on how many cores mine them.
func TestGenerateAnyCores(t *testing.T) {
	c := Config{Variant: "original", Rules: core.Original(), Count: 6, Seed: 8}
	prev := runtime.GOMAXPROCS(1)
	one, err := Generate(context.Background(), c)
	runtime.GOMAXPROCS(4)
	four, err2 := Generate(context.Background(), c)
	runtime.GOMAXPROCS(prev)
	require.NoError(t, err)
	require.NoError(t, err2)
	assert.Equal(t, one, four)
}

// Templates give puzzles of their themes that need a rearrangement, the
// same for the same seed.
func TestTemplates(t *testing.T) {
	c := Config{Variant: "original", Rules: core.Original(), Count: 8, Seed: 4}
	ps, err := GenerateTemplates(context.Background(), c)
	require.NoError(t, err)
	require.Len(t, ps, 8)
	again, err := GenerateTemplates(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, ps, again)
	for _, p := range ps {
		assert.NotEmpty(t, p.Source.Template)
		assert.Contains(t, p.Themes, p.Source.Template, "%s: the template's theme is the best play's", p.ID)
		assert.Less(t, p.Best.Direct, p.Best.Tiles, "%s: no play that rearranges nothing does as well", p.ID)
		assert.True(t, p.Best.Optimal)
	}
}
