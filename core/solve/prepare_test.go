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
// finished: a solve waits for a table being built, or goes on with it);
// rules without a valid box are left to Solve to report.
func TestPrepare(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Tiles.Numbers = 12 // not a printed box: its tables are built
	tables := solve.Prepare(context.Background(), r)
	defer tables.Close()
	p := solve.Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k9 b9 o9 J"), Opened: true}
	res, err := tables.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, 5, res.Tiles)

	none := solve.Prepare(context.Background(), core.Rules{}) // no box at all: nothing to build, no panic
	none.Close()
}

// A Prepare whose context has ended stops building: Close returns, and
// the solves after it build what they need themselves.
func TestPrepareCutShort(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Tiles.Numbers = 10 // not a printed box: its tables are built
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tables := solve.Prepare(ctx, r)
	tables.Close()
	p := solve.Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k9 b9 o9 J"), Opened: true}
	res, err := tables.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, 5, res.Tiles)
}
