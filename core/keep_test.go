package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// CheckKeptJokers is the keeping rule alone, for a turn staged a step at a
// time (the REPL's take J): a joker may leave the table for the rack only
// once a tile it stood for, from the player's own rack, has replaced it; a
// set still being built elsewhere does not matter.
func TestCheckKeptJokers(t *testing.T) {
	italian := core.Italian()
	italian.Joker.ReplaceFrom = core.FromRack | core.FromTable
	notYet := func(set, stands string) string {
		return "the joker of set " + set + " has not been replaced from your rack yet: the italian rules let you keep " +
			"a joker only when you replace it with the tile it stands for (" + stands + ") from your own rack; " +
			"put that tile in its place first, then take the joker"
	}
	tests := []struct {
		name         string
		scene        scene
		after, err   string
		notPlayedErr bool
	}{
		{name: "replaced from the rack", scene: scene{rules: italian, table: "[r3 r4 r5 J]", rack: "r6 k1"},
			after: "[r3 r4 r5 r6]"},
		{name: "replaced, and another set still being built", scene: scene{rules: italian, table: "[r3 r4 r5 J] [k5 k6 k7]", rack: "r6 k1"},
			after: "[r3 r4 r5 r6] [k5 k6] [k7 k1]"},
		{name: "lifted off the end of a run, nothing in its place", scene: scene{rules: italian, table: "[r3 r4 r5 J] [k5 k6 k7]", rack: "k8 k1"},
			after: "[r3 r4 r5] [k5 k6 k7 k8]", err: notYet("1 [r3 r4 r5 J]", "r6")},
		{name: "split out of a run", scene: scene{rules: italian, table: "[o2 o3 J o5 o6]", rack: "o1 o7 k1"},
			after: "[o1 o2 o3] [o5 o6 o7]", err: notYet("1 [o2 o3 J o5 o6]", "o4")},
		{name: "its tile in another set", scene: scene{rules: italian, table: "[r3 r4 r5 J]", rack: "r6 b6 o6"},
			after: "[r3 r4 r5] [r6 b6 o6]", err: notYet("1 [r3 r4 r5 J]", "r6")},
		{name: "no joker leaves the table", scene: scene{rules: italian, table: "[r3 r4 r5 J]", rack: "k1"},
			after: "[r3 r4 r5 J]"},
		{name: "rules that never keep a joker", scene: scene{table: "[r3 r4 r5 J]", rack: "r6"},
			after: "[r3 r4 r5 r6]", notPlayedErr: true,
			err: "the joker freed from set 1 [r3 r4 r5 J] is not on the table; the original rules say a freed joker must be played the same turn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.scene.game(t)
			before := core.Snapshot(g)
			err := g.CheckKeptJokers(coretest.Table(tc.after))
			assert.Equal(t, before, core.Snapshot(g), "a check changes nothing")
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			assert.ErrorIs(t, err, core.ErrJokerNotPlayed)
		})
	}
}
