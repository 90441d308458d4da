package repl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/stage"
)

// TestWorkspaceEdits drives the workspace with the commands' own parser:
// each case starts from a table and a rack, runs the lines, and checks the
// staged table and rack (after an error: unchanged) or the full error text.
func TestWorkspaceEdits(t *testing.T) {
	tests := []struct {
		name        string
		table, rack string
		lines       []string
		want        string // the staged table after the lines
		left        string // the rack tiles left
		err         string // the last line's error; the others must succeed
	}{
		{name: "put into a set, reordered as a run",
			table: "[b4 b5 b6] [k8 r8 o8]", rack: "b3 b8",
			lines: []string{"put b3 1", "put b8 2"},
			want:  "[b3 b4 b5 b6] [k8 r8 b8 o8]", left: ""},
		{name: "put several tiles into a new set",
			table: "", rack: "k10 r10 b10 o1",
			lines: []string{"put k10 r10 b10 new"},
			want:  "[k10 r10 b10]", left: "o1"},
		{name: "put by set notation, with a filler word",
			table: "[o2 o3 o4]", rack: "o5",
			lines: []string{"put o5 to [o4 o3 o2]"},
			want:  "[o2 o3 o4 o5]", left: ""},
		{name: "put a joker first makes it stand below",
			table: "[r4 r5 r6]", rack: "J",
			lines: []string{"put J 1:1"},
			want:  "[J r4 r5 r6]", left: ""},
		{name: "put a joker last makes it stand above",
			table: "[r4 r5 r6]", rack: "J",
			lines: []string{"put J 1"},
			want:  "[r4 r5 r6 J]", left: ""},
		{name: "an invalid set keeps its written order",
			table: "[r4 r5 r6]", rack: "b7",
			lines: []string{"put b7 1:1"},
			want:  "[b7 r4 r5 r6]", left: ""},
		{name: "take the fourth tile of a group (book example 2)",
			table: "[k4 r4 o4 b4]", rack: "b3 b5 b6",
			lines: []string{"move 1:b4 new", "put b3 b5 b6 2"},
			want:  "[k4 r4 o4] [b3 b4 b5 b6]", left: ""},
		{name: "add one, take another (book example 3)",
			table: "[b8 b9 b10]", rack: "b11 k8 o8",
			lines: []string{"put b11 1", "move b8 from 1 to new", "put k8 o8 2"},
			want:  "[b9 b10 b11] [k8 b8 o8]", left: ""},
		{name: "split a run (book example 4)",
			table: "[r4 r5 r6 r7 r8]", rack: "r6",
			lines: []string{"split 1 at r6", "put r6 1"},
			want:  "[r4 r5 r6] [r6 r7 r8]", left: ""},
		{name: "split by position",
			table: "[r4 r5 r6 r7 r8]", rack: "",
			lines: []string{"split 1 at 4"},
			want:  "[r4 r5 r6] [r7 r8]", left: ""},
		{name: "free several tiles (book example 5)",
			table: "[o1 o2 o3 o4] [k1 r1 b1 o1]", rack: "b1",
			lines: []string{"move 1:o1 2:r1 new", "put b1 3"},
			want:  "[o2 o3 o4] [k1 b1 o1] [r1 b1 o1]", left: ""},
		{name: "a set emptied by a move leaves the table",
			table: "[r1 r2 r3] [k5 k6 k7] [b9 b10 b11]", rack: "",
			lines: []string{"move 1:r1 1:r2 1:r3 3"},
			want:  "[k5 k6 k7] [b9 b10 b11 r1 r2 r3]", left: ""},
		{name: "move numbers are those before the move",
			table: "[r1 r2 r3] [k5 k6 k7]", rack: "",
			lines: []string{"move 1:r2 1:r3 new", "move 1:r1 3:1"},
			want:  "[k5 k6 k7] [r1 r2 r3]", left: ""},
		{name: "join sets",
			table: "[r1 r2 r3 r4] [k5 k6 k7]", rack: "",
			lines: []string{"split 1 at r3", "join 1 3"},
			want:  "[r1 r2 r3 r4] [k5 k6 k7]", left: ""},
		{name: "take back a tile placed this turn",
			table: "[r1 r2 r3]", rack: "r4 k9",
			lines: []string{"put r4 k9 1", "take k9"},
			want:  "[r1 r2 r3 r4]", left: "k9"},
		{name: "reset",
			table: "[r1 r2 r3]", rack: "r4",
			lines: []string{"put r4 1", "move 1:r1 new", "reset"},
			want:  "[r1 r2 r3]", left: "r4"},

		// Errors: the full text, and nothing changes.
		{name: "a tile not on the rack",
			table: "[r1 r2 r3]", rack: "r4 k9",
			lines: []string{"put b4 1"},
			want:  "[r1 r2 r3]", left: "r4 k9",
			err: "b4 is not on your rack (rack: k9 r4)"},
		{name: "more copies than the rack holds",
			table: "", rack: "r4 k9",
			lines: []string{"put r4 r4 new"},
			want:  "", left: "r4 k9",
			err: "r4: you have 1 on your rack, not 2"},
		{name: "a tile placed already",
			table: "[r1 r2 r3]", rack: "r4",
			lines: []string{"put r4 1", "put r4 new"},
			want:  "[r1 r2 r3 r4]", left: "",
			err: "r4 is on the table already: you placed it this turn (take r4 puts it back)"},
		{name: "a bad tile names the token",
			table: "", rack: "r4",
			lines: []string{"put r4 r15 new"},
			want:  "", left: "r4",
			err: `"r15" is not a tile: numbers run 1..13`},
		{name: "no such set",
			table: "[r1 r2 r3] [k1 k2 k3]", rack: "r4",
			lines: []string{"put r4 3"},
			want:  "[r1 r2 r3] [k1 k2 k3]", left: "r4",
			err: "there is no set 3: the sets are 1 to 2"},
		{name: "no such set on an empty table",
			table: "", rack: "r4",
			lines: []string{"put r4 1"},
			want:  "", left: "r4",
			err: "there is no set 1: the table is empty (new makes a set)"},
		{name: "a position past the end",
			table: "[r1 r2 r3]", rack: "r4",
			lines: []string{"put r4 1:5"},
			want:  "[r1 r2 r3]", left: "r4",
			err: `"1:5": after the colon comes a position in set 1, 1 to 4`},
		{name: "a missing target",
			table: "[r1 r2 r3]", rack: "r4",
			lines: []string{"put r4"},
			want:  "[r1 r2 r3]", left: "r4",
			err: "put r4 where? end with a set number or new, as put r4 new"},
		{name: "a tile on the table twice must be placed",
			table: "[r1 r2 r3] [r3 r4 r5]", rack: "",
			lines: []string{"move r3 new"},
			want:  "[r1 r2 r3] [r3 r4 r5]", left: "",
			err: "r3 is in sets 1 and 2: say which, as 1:r3"},
		{name: "a tile not in the set",
			table: "[r1 r2 r3] [r3 r4 r5]", rack: "",
			lines: []string{"move b8 from 1 to 2"},
			want:  "[r1 r2 r3] [r3 r4 r5]", left: "",
			err: "set 1 [r1 r2 r3] has no b8"},
		{name: "a table tile never goes back to the rack",
			table: "[r1 r2 r3]", rack: "",
			lines: []string{"take r2"},
			want:  "[r1 r2 r3]", left: "",
			err: "r2 was on the table before your turn: a tile on the table stays there"},
		{name: "a freed joker stays on the table in the original rules",
			table: "[r1 J r3]", rack: "r2",
			lines: []string{"put r2 1", "take 1:J"},
			want:  "[r1 r2 r3 J]", left: "",
			err: "J was on the table before your turn: these rules never let a joker go back to a rack; a freed joker must be played again"},
		{name: "split at the first tile",
			table: "[r4 r5 r6]", rack: "",
			lines: []string{"split 1 at r4"},
			want:  "[r4 r5 r6]", left: "",
			err: "r4 is the first tile of set 1 [r4 r5 r6]: split at a later tile, as split 1 at r5"},
		{name: "join a set to itself",
			table: "[r4 r5 r6]", rack: "",
			lines: []string{"join 1 1"},
			want:  "[r4 r5 r6]", left: "",
			err: "set 1 is named twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := workspaceSession(t, tc.table, tc.rack)
			for i, line := range tc.lines {
				err := s.Exec(t.Context(), line)
				if i < len(tc.lines)-1 || tc.err == "" {
					require.NoError(t, err, line)
					continue
				}
				require.Error(t, err, line)
				assert.Equal(t, tc.err, err.Error())
			}
			assert.Equal(t, tc.want, s.Workspace().Table().String())
			left := s.Workspace().Left()
			assert.Equal(t, coretest.Rack(tc.left).String(), left.String())
		})
	}
}

// workspaceSession is a session at the start of ana's turn, opened, with
// table and rack laid out.
func workspaceSession(t *testing.T, table, rack string) *Session {
	t.Helper()
	s := NewSession(Options{Players: "ana:human,bob:human", Seed: 1})
	require.NoError(t, s.Start(t.Context()))
	racks := [][]core.Tile{coretest.Tiles(rack), nil}
	require.NoError(t, s.Game().Setup(core.Setup{Racks: racks, Table: coretest.Table(table), Opened: []bool{true, true}, Pool: -1}))
	s.tell.Settle(t.Context(), s.desk.Tab)
	return s
}

func TestWorkspaceKeepJoker(t *testing.T) {
	rules := core.Original()
	rules.Joker.Keep = true
	w := stage.NewWorkspace(rules.SetRules(), coretest.Table("[r1 J r3]"), coretest.Rack("r2"), func(core.Table) error { return nil })
	require.NoError(t, w.Put(coretest.Tiles("r2"), stage.Target{Set: 1, Pos: 2}))
	require.NoError(t, w.Take([]stage.TileRef{{Set: 1, Pos: 4}}))
	assert.Equal(t, "[r1 r2 r3]", w.Table().String())
	left := w.Left()
	assert.Equal(t, "J", left.String())
	placed := w.Placed()
	assert.Equal(t, "r2", placed.String())
}

// TestTakeThePlacedCopy: take b7 takes the b7 placed this turn when the
// other copy is in a set the turn left alone; with both copies in changed
// sets it still asks which.
func TestTakeThePlacedCopy(t *testing.T) {
	s, _ := newSession(t, Options{}, "[b5 b6 b7] [k1 k2 k3]", "b7 b8 b9 k4", "r1", true)
	run(t, s, "put b7 b8 b9 new")
	run(t, s, "take b7")
	assert.Equal(t, "[b5 b6 b7] [k1 k2 k3] [b8 b9]", s.Workspace().Table().String())
	left := s.Workspace().Left()
	assert.Equal(t, "k4 b7", left.String())

	run(t, s, "reset", "put b7 b8 b9 new", "put k4 2")
	run(t, s, "move 1:b7 2") // now both b7s are in changed sets
	err := s.Exec(t.Context(), "take b7")
	require.Error(t, err)
	assert.Equal(t, "b7 is in sets 2 and 3: say which, as 2:b7", err.Error())
}

// take J under rules that keep a joker (italian, joker.keep): only a joker
// already replaced by the tile it stands for, from the player's own rack,
// may go to the rack; before that, take J says what to do first.
func TestTakeJokerOnlyOnceReplaced(t *testing.T) {
	s := NewSession(Options{Players: "ana:human,bob:human", Seed: 1, Variant: "italian"})
	require.NoError(t, s.Start(t.Context()))
	racks := [][]core.Tile{coretest.Tiles("r6 k8 k1"), nil}
	require.NoError(t, s.Game().Setup(core.Setup{Racks: racks, Table: coretest.Table("[r3 r4 r5 J] [k5 k6 k7]"),
		Opened: []bool{true, true}, Pool: -1, Turn: 2}))
	s.tell.Settle(t.Context(), s.desk.Tab)
	notYet := "the joker of set 1 [r3 r4 r5 J] has not been replaced from your rack yet: the italian rules let you keep " +
		"a joker only when you replace it with the tile it stands for (r6) from your own rack; " +
		"put that tile in its place first, then take the joker"

	err := s.Exec(t.Context(), "take 1:J")
	require.Error(t, err)
	assert.Equal(t, notYet, err.Error())
	assert.Equal(t, "[r3 r4 r5 J] [k5 k6 k7]", s.Workspace().Table().String(), "a refused take changes nothing")

	run(t, s, "put k8 2") // another set: still not replaced
	err = s.Exec(t.Context(), "take 1:J")
	require.Error(t, err)
	assert.Equal(t, notYet, err.Error())

	run(t, s, "put r6 1", "take 1:J")
	assert.Equal(t, "[r3 r4 r5 r6] [k5 k6 k7 k8]", s.Workspace().Table().String())
	left := s.Workspace().Left()
	assert.Equal(t, "k1 J", left.String())
	run(t, s, "done")
	assert.Equal(t, "[r3 r4 r5 r6] [k5 k6 k7 k8]", s.Game().Table().String(), "the play the take staged is legal")
}
