package stage

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// A plan keeps the sets a play leaves alone, builds each new set on the old
// one it shares most with, and numbers a move's sources as the table is
// before that move; run on a workspace, it rebuilds the play's table.
func TestPlan(t *testing.T) {
	tests := []struct {
		name, start, rack, after string
		want                     []string
	}{
		{name: "nothing changes", start: "[r3 r4 r5]", after: "[r3 r4 r5]", want: nil},
		{name: "a new set from the rack", start: "[r3 r4 r5]", rack: "k7 b7 o7",
			after: "[r3 r4 r5] [k7 b7 o7]", want: []string{"put k7 b7 o7 new"}},
		{name: "a tile added to its set", start: "[r3 r4 r5] [k9 b9 o9]", rack: "r6",
			after: "[r3 r4 r5 r6] [k9 b9 o9]", want: []string{"put r6 1"}},
		{name: "a set split by a move", start: "[r3 r4 r5 r6 r7]", rack: "k6 b6",
			after: "[r3 r4 r5] [r6 k6 b6] [r7]", want: []string{"move 1:r6 new", "put k6 b6 2", "move 1:r7 new"}},
		{name: "a tile moved on, its set kept", start: "[k1 k2 k3] [r5 b5 o5 k5] [r7 r8 r9]", rack: "r6",
			after: "[k1 k2 k3] [r5 r6 r7 r8 r9] [b5 o5 k5]", want: []string{"move 2:r5 3", "put r6 3"}},
		{name: "a set emptied renumbers the next", start: "[r4 r5 r6] [r7 r8 r9] [k1 k2 k3]", rack: "k4",
			after: "[r4 r5 r6 r7 r8 r9] [k1 k2 k3 k4]", want: []string{"move 2:r7 2:r8 2:r9 1", "put k4 2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start, after := coretest.Table(tc.start), coretest.Table(tc.after)
			plan := Plan(start, after)
			got := make([]string, 0, len(plan))
			for _, e := range plan {
				got = append(got, e.String())
			}
			if tc.want == nil {
				assert.Empty(t, got)
			} else {
				assert.Equal(t, tc.want, got)
			}
			w := NewWorkspace(core.StandardSets, start, coretest.Rack(tc.rack), nil)
			for _, e := range plan {
				require.NoError(t, apply(w, e), e.String())
			}
			assert.ElementsMatch(t, setStrings(core.StandardSets.Canonical(after)), setStrings(w.Table()))
			assert.Equal(t, 0, w.Left().Len(), "every rack tile placed")
		})
	}
}

// apply runs an edit on w, its tiles found where the plan says they lie.
func apply(w *Workspace, e Edit) error {
	if e.From == nil {
		return w.Put(e.Tiles, e.To)
	}
	refs := make([]TileRef, len(e.Tiles))
	for k, t := range e.Tiles {
		refs[k] = w.FindTile(t, e.From[k])[0]
	}
	return w.Move(refs, e.To)
}

func setStrings(t core.Table) []string {
	out := make([]string, len(t))
	for i, s := range t {
		out[i] = s.String()
	}
	return out
}
