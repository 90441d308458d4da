package stage

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// The workspace's own API, without the REPL's parser (the REPL's
// TestWorkspaceEdits drives it through the commands).
func TestWorkspace(t *testing.T) {
	w := NewWorkspace(core.StandardSets, coretest.Table("[b4 b5 b6]"), core.MultisetOf(coretest.Tiles("b3 r7 r8 r9")...), nil)
	require.NoError(t, w.Put(coretest.Tiles("b3"), Target{Set: 1}))
	require.NoError(t, w.Put(coretest.Tiles("r9 r7 r8"), Target{}))
	assert.Equal(t, "[b3 b4 b5 b6] [r7 r8 r9]", w.Table().String())
	assert.Equal(t, 0, w.Left().Len())
	assert.True(t, w.Changed())
	assert.Equal(t, 2, w.FindSet(coretest.Set("[r9 r8 r7]")))
	assert.Equal(t, []TileRef{{Set: 1, Pos: 4}}, w.FindTile(coretest.Tile("b6"), 0))
	require.NoError(t, w.Split(1, 4))
	assert.Equal(t, "[b3 b4 b5] [r7 r8 r9] [b6]", w.Table().String())
	assert.Error(t, w.Split(9, 1), "no set 9")
	w.Reset()
	assert.Equal(t, "[b4 b5 b6]", w.Table().String())
	assert.False(t, w.Changed())
}

// Changed compares tile by tile what comparing the tables' notation says:
// the same sets in the same order, or not; Shown is the staged table.
func TestWorkspaceChanged(t *testing.T) {
	start := "[r3 r4 r5] [k7 b7 o7]"
	tests := []struct {
		staged  string
		changed bool
	}{
		{start, false},
		{"[k7 b7 o7] [r3 r4 r5]", true},
		{"[r3 r4 r5 k7 b7 o7]", true},
		{"[r3 r4] [r5 k7 b7 o7]", true},
		{"[r3 r4 r5] [k7 b7 o7] [J]", true},
		{"[r3 r4 r5] [k7 b7 J]", true},
		{"", true},
	}
	for _, tc := range tests {
		w := NewWorkspace(core.StandardSets, coretest.Table(start), core.Multiset{}, nil)
		w.table = coretest.Table(tc.staged)
		assert.Equal(t, tc.changed, w.Changed(), tc.staged)
		assert.Equal(t, w.table.String() != w.start.String(), w.Changed(), tc.staged)
		assert.Equal(t, w.Table(), w.Shown(), tc.staged)
	}
}
