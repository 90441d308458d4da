package puzzle

import (
	"context"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/variants"
)

// The shipped puzzles: the counts a grade, unique ids, a proven best that
// the solver finds again from each puzzle alone (a sample of each grade),
// and the gates from grade 3.
func TestShipped(t *testing.T) {
	total := 0
	for _, name := range ShippedVariants() {
		ps := Shipped(name)
		want := ShippedSeeds[name]
		require.Len(t, ps, 5*want.Count, name)
		total += len(ps)
		v, err := variants.Resolve(name)
		require.NoError(t, err)
		ids := map[string]bool{}
		byGrade := map[int]int{}
		for i, p := range ps {
			assert.False(t, ids[p.ID], "%s: %s twice", name, p.ID)
			ids[p.ID] = true
			byGrade[p.Grade]++
			assert.Equal(t, i/want.Count+1, p.Grade, "%s: in grade order", name)
			assert.True(t, p.Best.Optimal)
			if p.Grade >= 3 {
				assert.Less(t, p.Best.Direct, p.Best.Tiles, "%s %s: solved by the direct-extension play", name, p.ID)
				pos, err := p.Position(v.Rules)
				require.NoError(t, err)
				assert.False(t, extendsASet(pos.Rules, pos.Table(), pos.Rack(0)), "%s %s: a rack tile extends a set", name, p.ID)
				pos.Close()
			}
			if i%10 != 0 {
				continue
			}
			pos, err := p.Position(v.Rules)
			require.NoError(t, err)
			res, err := solve.Legal(context.Background(), solve.Problem{Rules: pos.Rules, Table: pos.Table(), Rack: pos.Rack(0),
				Opened: p.Opened, Objective: solve.Tiles}, pos, solve.Limits{})
			require.NoError(t, err)
			assert.Equal(t, p.Best.Tiles, res.Tiles, "%s %s", name, p.ID)
			pos.Close()
		}
		for g := 1; g <= 5; g++ {
			assert.Equal(t, want.Count, byGrade[g], "%s grade %d", name, g)
		}
	}
	assert.GreaterOrEqual(t, total, 300)
}

// The measure of the grades, over the shipped files as they are
// (the solve rates recorded when each puzzle was rated, not tried again):
// in each variant Spearman's rho between the grade and the intermediate
// bot's solve rate is at most -0.6, and each grade's median beginner solve
// rate is below the grade before's.
func TestShippedGradesOrderSolveRates(t *testing.T) {
	for _, name := range ShippedVariants() {
		t.Run(name, func(t *testing.T) {
			s := Stats(Shipped(name))
			t.Logf("rho %.3f, the beginner's medians by grade %v", s.Rho, s.BeginnerMedian)
			assert.LessOrEqual(t, s.Rho, -0.6)
			for g := 1; g < 5; g++ {
				assert.Less(t, s.BeginnerMedian[g], s.BeginnerMedian[g-1], "grade %d against %d", g+1, g)
			}
		})
	}
}

// regenerate is a flag, not the default: making every shipped file again
// takes a few minutes.
var regenerate = flag.Bool("regenerate", false, "generate the shipped puzzles again and compare (a few minutes)")

// Each shipped file is what its command makes.
func TestShippedRegenerate(t *testing.T) {
	if !*regenerate {
		t.Skip("-regenerate not set: generating the shipped puzzles again and comparing takes a few minutes")
	}
	for _, name := range ShippedVariants() {
		v, err := variants.Resolve(name)
		require.NoError(t, err)
		var all []Puzzle
		for g := 1; g <= 5; g++ {
			ps, err := Generate(context.Background(), Config{Variant: name, Rules: v.Rules, Count: ShippedSeeds[name].Count, Seed: ShippedSeeds[name].Seed, Grade: g})
			require.NoError(t, err)
			all = append(all, ps...)
		}
		assert.Equal(t, Shipped(name), all, name)
	}
}
