package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The full-size answers against optima the solver did not compute:
// testdata/solver-tail.jsonl (shared/solver-tail.jsonl) holds 600
// generated problems (400 original, 200 XP; random, interlocking and
// dense tables; initial melds among them) whose tile optima an integer
// program proved. Every answer must be optimal, reach that many tiles, and
// be a play the rules accept.
func TestSolverTailProvenOptima(t *testing.T) {
	t.Parallel()
	cases := loadCases(t, "testdata/solver-tail.jsonl")
	require.Len(t, cases, 600)
	if testing.Short() {
		cases = cases[:100]
	}
	for _, c := range cases {
		rules := core.Original()
		if c.Variant == "xp" {
			rules = solvelab.XPRules()
		}
		p := c.problem(t, rules, solve.Tiles)
		res, err := solve.Solve(context.Background(), p)
		require.NoError(t, err, c.ID)
		assert.True(t, res.Optimal, c.ID)
		if assert.Equal(t, c.Tiles, res.Tiles, "%s: the proven optimum", c.ID) && res.Tiles > 0 {
			checkPlay(t, c.ID, p, res)
		}
	}
}
