package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// The tables Prepare builds serve the solves after it (whether or not it
// finished: a solve waits for a table being built); rules without a valid
// box are left to Solve to report.
func TestPrepare(t *testing.T) {
	r := core.Original()
	r.Tiles.Numbers = 12 // a box no other test builds
	solve.Prepare(r)
	p := solve.Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k9 b9 o9 J"), Opened: true}
	res, err := solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, 5, res.Tiles)

	solve.Prepare(core.Rules{}) // no box at all: nothing to build, no panic
}
