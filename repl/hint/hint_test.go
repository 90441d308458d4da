package hint

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table/tabletest"
	"github.com/meldlab/meldlab/repl/tell"
)

func teller() *tell.Teller { return tell.New("", false, io.Discard, func() bool { return false }) }

// The hint's number is what the placed tiles count on the table, a joker
// as the tile it stands for (not its 30 on a rack).
func TestPlacedWorth(t *testing.T) {
	tests := []struct {
		before, after, placed string
		points                int
		stands                string
	}{
		{"[k1 k2 k3]", "[k1 k2 k3] [r5 r6 J]", "r5 r6 J", 18, "r7"},
		{"[r3 r4 r5]", "[r3 r4 r5 r6 J]", "r6 J", 13, "r7"},
		{"", "[k10 k11 k12]", "k10 k11 k12", 33, ""},
		{"", "[J o1 o2]", "J o1 o2", 6, "o3"},
	}
	for _, tc := range tests {
		points, stands := placedWorth(core.StandardSets, coretest.Table(tc.before), coretest.Table(tc.after), coretest.Tiles(tc.placed))
		assert.Equal(t, tc.points, points, tc.after)
		assert.Equal(t, tc.stands, stands.String(), tc.after)
	}
}

// Commands runs a plan on the rehearsal, never on the game: a plan that
// leads to the play gives its typed commands (a move names tiles by their
// place at that step), one that does not is refused.
func TestCommands(t *testing.T) {
	tests := []struct {
		name, table, rack, after string
		want                     []string
		ok                       bool
	}{
		{name: "a put", table: "[r3 r4 r5]", rack: "r6 k1", after: "[r3 r4 r5 r6]",
			want: []string{"put r6 1"}, ok: true},
		{name: "a move then a put", table: "[r3 r4 r5 r6]", rack: "k6 b6", after: "[r3 r4 r5] [r6 k6 b6]",
			want: []string{"move 1:4 new", "put k6 b6 2"}, ok: true},
		{name: "a tile not on the rack", table: "[r3 r4 r5]", rack: "k1", after: "[r3 r4 r5 r6]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := tabletest.Opened(t, core.Original(), tc.table, tc.rack, "o1")
			after := coretest.Table(tc.after)
			cmds, ok := Commands(tab.Rehearsal(), stage.Plan(tab.Stage().Start(), after), after)
			assert.Equal(t, tc.ok, ok)
			var got []string
			for _, c := range cmds {
				got = append(got, c.String())
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.table, tab.Stage().Table().String(), "the rehearsal is a copy")
		})
	}
}

// Give tells the best play and the moves that make it; with step, only the
// first move.
func TestGive(t *testing.T) {
	tests := []struct {
		name, table, rack string
		step              bool
		text              string
		steps             []string
	}{
		{name: "the whole turn", table: "[r3 r4 r5]", rack: "r6 k9", text: "hint: place 1 tile, r6, worth 6 points on the table\n" +
			"  put r6 1\n  done\nafter it, the table:\n  1 [r3 r4 r5 r6]\n", steps: []string{"put r6 1"}},
		{name: "one step", table: "[r3 r4 r5]", rack: "r6 k9", step: true, text: "next move: put r6 1\n", steps: []string{"put r6 1"}},
		{name: "nothing to place", table: "[r3 r4 r5]", rack: "k9 o1", text: "hint: nothing on your rack can go on the table: draw\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := tabletest.Opened(t, core.Original(), tc.table, tc.rack, "o13")
			tl := teller()
			h, err := Give(t.Context(), tl, tab, 0, tc.step, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.text, tl.Reply.String())
			var got []string
			for _, c := range h.Steps {
				got = append(got, c.String())
			}
			assert.Equal(t, tc.steps, got)
			assert.Equal(t, tc.steps == nil, h.None)
		})
	}
}
