package solve_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The prices lower the root bound of the slowest known problems, never below
// their proven optimum: on these the plain bound says every rack tile goes
// down; priced (after the first pricing and a few sharpenings, as a long
// search gets them) it says what is true.
func TestPricesTightenTheRootBound(t *testing.T) {
	t.Parallel()
	for _, c := range loadCases(t, "testdata/solver-hard.jsonl") {
		rules := core.Original()
		if c.Variant == "xp" {
			rules = solvelab.XPRules()
		}
		plain, priced, divedOut, err := solve.RootBounds(c.problem(t, rules, solve.Tiles))
		require.NoError(t, err)
		require.True(t, divedOut, "%s: the dive ends the search", c.ID)
		assert.Equal(t, len(c.Rack), plain, "%s: the plain bound places every rack tile", c.ID)
		assert.Less(t, priced, plain, "%s: the prices lower the bound", c.ID)
		assert.GreaterOrEqual(t, priced, c.Tiles, "%s: never below the optimum", c.ID)
	}
}
