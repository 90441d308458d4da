package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// The referee's record of a turn says what the turn did, so that nobody
// works it out again from racks and tables; Check gives it for a play
// without changing the game, and LastTurn after any action.
func TestTurnRecord(t *testing.T) {
	keep := core.Original()
	keep.Joker.Keep = true
	tests := []struct {
		name         string
		rules        core.Rules
		table, rack  string
		play         string
		placed       string
		made         []int
		changed      []core.SetChange
		freed, stood string // the first freed joker's set before (as text) and what it stood for
		by           string
		from         core.Source
		kept         int
	}{
		{name: "a new set", rules: core.Original(), table: "[r3 r4 r5]", rack: "k7 b7 o7 k1",
			play: "[r3 r4 r5] [k7 b7 o7]", placed: "k7 b7 o7", made: []int{1}},
		{name: "a set extended", rules: core.Original(), table: "[r3 r4 r5] [k9 b9 o9]", rack: "r6 k1",
			play: "[k9 b9 o9] [r3 r4 r5 r6]", placed: "r6", changed: []core.SetChange{{Before: 0, After: 1}}},
		{name: "a joker replaced from the rack and played again", rules: core.Original(),
			table: "[r4 J r6] [k2 k3 k4]", rack: "r5 k5",
			play: "[r4 r5 r6] [k2 k3 k4 k5 J]", placed: "k5 r5",
			changed: []core.SetChange{{Before: 0, After: 0}, {Before: 1, After: 1}},
			freed:   "[r4 J r6]", stood: "r5", by: "r5", from: core.FromRack},
		{name: "a joker kept (joker.keep)", rules: keep, table: "[r4 J r6] [k2 k3 k4]", rack: "r5 o9",
			play: "[r4 r5 r6] [k2 k3 k4]", placed: "r5", changed: []core.SetChange{{Before: 0, After: 0}},
			freed: "[r4 J r6]", stood: "r5", by: "r5", from: core.FromRack, kept: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGame(tc.rules, []string{"ana", "ben"}, 1)
			require.NoError(t, err)
			s := core.Position(2, coretest.Table(tc.table), coretest.Tiles(tc.rack), true, false)
			s.Racks[1] = coretest.Tiles("k11 k12")
			require.NoError(t, g.Setup(s))
			before := g.Table()
			rec, err := g.Check(coretest.Table(tc.play))
			require.NoError(t, err)
			assert.Equal(t, before, g.Table(), "Check changes nothing")
			assert.Equal(t, coretest.Tiles(tc.placed), rec.Placed)
			assert.Equal(t, tc.made, rec.Made)
			assert.Equal(t, tc.changed, rec.Changed)
			assert.Equal(t, tc.kept, rec.Kept)
			if tc.freed != "" {
				require.Len(t, rec.Freed, 1)
				f := rec.Freed[0]
				assert.Equal(t, tc.freed, before[f.Set].String())
				assert.Equal(t, coretest.Tiles(tc.stood), f.Stood)
				assert.True(t, f.Replaced)
				assert.Equal(t, coretest.Tile(tc.by), f.By)
				assert.Equal(t, tc.from, f.From)
			} else {
				assert.Empty(t, rec.Freed)
			}
			require.NoError(t, g.Play(coretest.Table(tc.play)))
			last := g.LastTurn()
			assert.True(t, last.Ended)
			assert.Equal(t, g.RoundOver(), last.RoundOver)
			rec.Ended, rec.RoundOver = true, last.RoundOver
			assert.Equal(t, rec, last, "the record of the play is the one Check gave")
		})
	}
}

// Draws, timeouts and failed plays leave their records too, and an action
// a hook's failure undoes takes its record back.
func TestTurnRecordOfOtherActions(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	assert.Equal(t, core.ActSetup, g.LastTurn().Kind, "no action yet")
	drawn, err := g.Draw()
	require.NoError(t, err)
	rec := g.LastTurn()
	assert.Equal(t, core.TurnRecord{Seat: 0, Kind: core.ActDraw, Drawn: drawn, Ended: true, Table: nil}, rec)
	drawn, err = g.Timeout()
	require.NoError(t, err)
	assert.Equal(t, core.TurnRecord{Seat: 1, Kind: core.ActTimeout, Drawn: drawn, Penalty: true, Ended: true}, g.LastTurn())

	_, err = g.Check(coretest.Table("[k1 k2 k3]"))
	var rerr *core.RuleError
	require.ErrorAs(t, err, &rerr, "Check refuses as Play would")
	assert.Equal(t, core.ActTimeout, g.LastTurn().Kind, "a refused Check leaves no record")
}
