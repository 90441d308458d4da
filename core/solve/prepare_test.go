package solve_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// With MELDLAB_PREPARE set, TestFreshFirstSolve calls solve.Prepare first,
// as a program that will solve does when it starts, and waits 50 ms:
//
//	MELDLAB_PREPARE=1 MELDLAB_FIRST_SOLVE=xp:17 go test ./core/solve -run FreshFirstSolve -count 1 -v
//
// With MELDLAB_TABLES set instead, it only builds the box's tables first
// (no warm-up): what a first solve pays besides its tables.
func init() {
	if os.Getenv("MELDLAB_TABLES") != "" {
		beforeFirstSolve = solve.BuildTables
	}
	if os.Getenv("MELDLAB_PREPARE") != "" {
		beforeFirstSolve = func(r core.Rules) {
			solve.Prepare(r)
			time.Sleep(firstSolvePause)
		}
	}
}

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
