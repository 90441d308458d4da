package puzzle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/puzzle"
)

// A position a teacher types becomes a puzzle like the shipped ones: its
// best play proven, rated and graded, its themes; a position with no play,
// an invalid table or one over the box is refused with its reason.
func TestMake(t *testing.T) {
	r := core.Original()
	p, err := puzzle.Make(context.Background(), "original", r, coretest.Table("[r4 r5 r6 r7 r8] [k8 b8 o8]"),
		coretest.Tiles("r6 k1 r8"), true)
	require.NoError(t, err)
	assert.Equal(t, 2, p.Best.Tiles, "r6 and r8: [r4 r5 r6] [r6 r7 r8] [k8 r8 b8 o8]")
	assert.True(t, p.Best.Optimal)
	assert.NotEmpty(t, p.ID)
	assert.GreaterOrEqual(t, p.Grade, 1)
	assert.LessOrEqual(t, p.Grade, 5)
	assert.Contains(t, p.Themes, "split_run")
	assert.Equal(t, "teacher", p.Source.Template)
	// the same position, the same puzzle, its rating and grade included
	again, err := puzzle.Make(context.Background(), "original", r, coretest.Table("[r4 r5 r6 r7 r8] [k8 b8 o8]"),
		coretest.Tiles("r8 k1 r6"), true)
	require.NoError(t, err)
	assert.Equal(t, p, again)

	_, err = puzzle.Make(context.Background(), "original", r, coretest.Table("[r4 r5 r6]"), coretest.Tiles("k1 o13"), true)
	assert.True(t, errors.Is(err, puzzle.ErrNoPlay), "%v", err)
	assert.Equal(t, "no play places a tile from this rack on this table: a puzzle needs one", err.Error())
	_, err = puzzle.Make(context.Background(), "original", r, coretest.Table("[r4 r5]"), coretest.Tiles("r6"), true)
	assert.EqualError(t, err, "set 1 [r4 r5] is too short: a run needs at least 3 tiles")
	_, err = puzzle.Make(context.Background(), "original", r, coretest.Table("[r4 r5 r6]"), coretest.Tiles("r4 r4"), true)
	assert.True(t, errors.Is(err, core.ErrOverBox), "%v", err)
}
