package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// table.manipulation: add_only (the children's rule) and none (new sets
// only), as the referee enforces them, in tile notation with the full
// refusals.
func TestTableManipulation(t *testing.T) {
	tests := []struct {
		name, mode, table, rack, after string
		want                           string // "" accepted
	}{
		{"add to the end of a run", "add_only", "[r3 r4 r5 r6 r7]", "r8 k1", "[r3 r4 r5 r6 r7 r8]", ""},
		{"add at both ends", "add_only", "[r4 r5 r6]", "r3 r7 k1", "[r3 r4 r5 r6 r7]", ""},
		{"a new colour in a group", "add_only", "[k8 r8 o8]", "b8 k1", "[k8 r8 b8 o8]", ""},
		{"a new set and an addition", "add_only", "[r3 r4 r5]", "r6 k9 r9 b9", "[r3 r4 r5 r6] [k9 r9 b9]", ""},
		{"a joker added", "add_only", "[r3 r4 r5]", "J k1", "[r3 r4 r5 J]", ""},
		{"a joker stays where it stands", "add_only", "[r3 J r5]", "r6 k1", "[r3 J r5 r6]", ""},
		{"the joker's place taken", "add_only", "[r4 r5 J]", "r6 k1", "[r4 r5 r6 J]",
			"set 1 [r4 r5 J] did not stay whole; " + addOnlyRest},
		{"split a run", "add_only", "[r3 r4 r5 r6 r7]", "r8 k1", "[r3 r4 r5] [r6 r7 r8]",
			"set 1 [r3 r4 r5 r6 r7] did not stay whole; " + addOnlyRest},
		{"take the fourth of a group", "add_only", "[k4 r4 o4 b4]", "b3 b5 b6", "[k4 r4 o4] [b3 b4 b5 b6]",
			"set 1 [k4 r4 o4 b4] did not stay whole; " + addOnlyRest},
		{"swap a joker", "add_only", "[r3 b3 J] [k9 r9 b9]", "k3 r12 r13", "[r3 b3 k3] [k9 r9 b9] [J r12 r13]",
			"set 1 [r3 b3 J] did not stay whole; " + addOnlyRest},
		{"join two sets", "add_only", "[r3 r4 r5] [r7 r8 r9]", "r6 k1", "[r3 r4 r5 r6 r7 r8 r9]",
			"set 2 [r7 r8 r9] did not stay whole; " + addOnlyRest},
		{"none: new sets only", "none", "[r3 r4 r5]", "k9 r9 b9 r6", "[r3 r4 r5] [k9 r9 b9]", ""},
		{"none: no addition", "none", "[r3 r4 r5]", "r6 k1", "[r3 r4 r5 r6]",
			"set 1 [r3 r4 r5] was changed; the kids rules let you only lay new sets from your rack: the sets on the table stay as they are"},
		{"full: split a run", "full", "[r3 r4 r5 r6 r7]", "r8 k1", "[r3 r4 r5] [r6 r7 r8]", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.Name = "kids"
			require.NoError(t, core.LookupRuleKey("table.manipulation").Check(tt.mode))
			core.LookupRuleKey("table.manipulation").Set(&r, tt.mode)
			g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
			require.NoError(t, err)
			require.NoError(t, g.Setup(core.Position(2, coretest.Table(tt.table), coretest.Tiles(tt.rack), true, false)))
			err = g.Play(coretest.Table(tt.after))
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, core.ErrTableManipulation)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

const addOnlyRest = "the kids rules let you only add tiles to the sets on the table " +
	"(at either end of a run, a new colour in a group), never split, rearrange or take from them, jokers included"
