package table

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/stage"
)

// seated deals rules to a person (seat 1) and a greedy bot, then lays out
// the racks and table given, the person to play.
func seated(t *testing.T, rules core.Rules, table, rack, botRack string) *Table {
	t.Helper()
	d, err := Dealer{Bots: bots.NewRegistry()}.Deal(rules, nil, []string{"ana:human", "bot:greedy"}, 1)
	require.NoError(t, err)
	now := time.Unix(0, 0)
	tab := New(func() time.Time { return now }, 0)
	tab.Install(d.Game, d.Seats)
	require.NoError(t, tab.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles(rack), coretest.Tiles(botRack)},
		Table: coretest.Table(table), Opened: []bool{true, true}, Pool: -1}, -1, rand.New(rand.NewPCG(1, 2))))
	evs := tab.Settle(context.Background())
	require.Len(t, evs, 1)
	require.Equal(t, TurnBegan, evs[0].Kind)
	return tab
}

// A person's play is reported; the bots then play until the person's
// turn comes again, each turn an event, and the turn starts fresh.
func TestSettleTellsTheBotsTurns(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3 o9")
	r, refused, err := tab.Commit(coretest.Table("[r3 r4 r5 r6]"))
	require.NoError(t, err)
	assert.Nil(t, refused)
	assert.Equal(t, []core.Tile{coretest.Tile("r6")}, r.Placed)
	assert.Nil(t, tab.Stage(), "nobody stages while the bot plays")
	evs := tab.Settle(context.Background())
	require.Len(t, evs, 2)
	assert.Equal(t, BotPlayed, evs[0].Kind)
	assert.Equal(t, "greedy", evs[0].Report.Player)
	assert.Equal(t, TurnBegan, evs[1].Kind)
	require.NotNil(t, tab.Stage())
	last, ok := tab.Last()
	require.True(t, ok)
	assert.Equal(t, evs[0].Report, last, "explain last tells the bot's turn")
}

// A refused play changes nothing: the game and the staged turn stay.
func TestCommitRefusedChangesNothing(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3")
	before := tab.Game().Table().String()
	_, refused, err := tab.Commit(coretest.Table("[r3 r4 r5] [k1 k2]"))
	require.Error(t, err)
	assert.Nil(t, refused)
	assert.Equal(t, before, tab.Game().Table().String())
	assert.Equal(t, 0, tab.Game().Current())
	assert.True(t, tab.HumanTurn())
}

// A variant that charges for a failed play ends the turn with it: the
// refusal comes back as such, even when the empty pool charges nothing.
func TestCommitRefusedAtACost(t *testing.T) {
	rules := core.Original()
	rules.Name = "house/strict"
	rules.FailedPlay.PenaltyTiles = 1
	tab := seated(t, rules, "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3")
	_, refused, err := tab.Commit(coretest.Table("[r3 r4 r5] [k1 k2]"))
	require.NoError(t, err)
	require.NotNil(t, refused)
	assert.Len(t, refused.Penalty, 1)
	assert.Equal(t, 1, tab.Game().Current(), "the turn ended")
}

// Undo goes back to the start of the person's last turn, bots' turns and
// all; the game it gives back owns the hooks.
func TestTableUndo(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3 o9")
	start := tab.Game().Table().String()
	_, _, err := tab.Commit(coretest.Table("[r3 r4 r5 r6]"))
	require.NoError(t, err)
	tab.Settle(context.Background())
	require.True(t, tab.HumanTurn())
	require.NoError(t, tab.Undo())
	assert.Equal(t, start, tab.Game().Table().String())
	evs := tab.Settle(context.Background())
	require.Len(t, evs, 1)
	assert.Equal(t, TurnBegan, evs[0].Kind)
	assert.False(t, tab.CanUndo() && tab.UndoLen() > 1, "nothing before the first turn")
}

// A script that changes the game is noticed, and the undo snapshots, which
// no longer lead to it, go; one that only reads changes nothing.
func TestChangedSinceMark(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3 o9")
	m := tab.Mark()
	assert.False(t, tab.Changed(m))
	assert.True(t, tab.CanUndo())
	_, err := tab.Game().Draw()
	require.NoError(t, err)
	assert.True(t, tab.Changed(m))
	assert.False(t, tab.CanUndo())
}

// A rehearsal's edits leave the table's staged turn as it was.
func TestRehearsal(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1 k2", "b1 b2 b3")
	c := tab.Rehearsal()
	require.NoError(t, c.Stage().Put(coretest.Tiles("r6"), stageTarget(1)))
	assert.Equal(t, "[r3 r4 r5 r6]", c.Stage().Table().String())
	assert.Equal(t, "[r3 r4 r5]", tab.Stage().Table().String())
}

func stageTarget(set int) stage.Target { return stage.Target{Set: set} }
