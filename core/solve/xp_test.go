package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The XP instances (solvelab.DealXP) guard the solver's answers on the XP
// box against regressions; go run ./internal/corpus -xp writes them again.
func TestXPCases(t *testing.T) {
	const path = "testdata/xp-cases.jsonl"
	cases := loadCases(t, path)
	require.Len(t, cases, 24)
	for _, c := range cases {
		for _, obj := range []solve.Objective{solve.Tiles, solve.Points} {
			p := c.problem(t, solvelab.XPRules(), obj)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.True(t, res.Optimal, c.ID)
			if obj == solve.Tiles {
				assert.Equal(t, c.Tiles, res.Tiles, c.ID)
			} else {
				assert.Equal(t, *c.Points, res.Points, c.ID)
			}
			checkPlay(t, c.ID, p, res)
		}
	}
}
