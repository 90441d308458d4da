package table

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

func TestMakeSeats(t *testing.T) {
	seats, err := MakeSeats(bots.NewRegistry(), []string{"ana:human", "bot:greedy", "bot:greedy", "bob:me"}, 1)
	require.NoError(t, err)
	var names, specs []string
	for _, st := range seats {
		names, specs = append(names, st.Name), append(specs, st.Spec)
	}
	assert.Equal(t, []string{"ana", "greedy", "greedy 2", "bob"}, names)
	assert.Equal(t, []string{"human", "greedy", "greedy", "human"}, specs)
	assert.Nil(t, seats[0].Bot)
	assert.NotNil(t, seats[1].Bot)
	_, err = MakeSeats(bots.NewRegistry(), []string{"bot:nosuch"}, 1)
	assert.ErrorContains(t, err, `seat "bot:nosuch": `)
}

// A game saved with its seats loads with the same seats, bots made again:
// a save, a record (.mgn) and its JSON Lines twin (.jsonl), chosen by the
// path's extension.
func TestSaveLoad(t *testing.T) {
	reg := bots.NewRegistry()
	g, err := core.NewGame(core.Original(), []string{"ana", "greedy"}, 7)
	require.NoError(t, err)
	_, err = g.Draw()
	require.NoError(t, err)
	seats := []Seat{Human("ana")}
	more, err := MakeSeats(reg, []string{"bot:greedy"}, 7)
	require.NoError(t, err)
	seats = append(seats, more...)
	for _, name := range []string{"g.json", "g.mgn", "g.jsonl"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			tab := New(nil, 0)
			tab.Install(g, seats)
			tab.UseVariant("original", nil)
			require.NoError(t, tab.Save(path))
			noHooks := func(*variants.Variant, uint64) (core.Hooks, error) { return nil, nil }
			ld, err := Load(path, noHooks, reg)
			require.NoError(t, err)
			require.Len(t, ld.Seats, 2)
			assert.Equal(t, "ana", ld.Seats[0].Name)
			assert.Nil(t, ld.Seats[0].Bot)
			assert.Equal(t, "greedy", ld.Seats[1].Spec)
			assert.NotNil(t, ld.Seats[1].Bot)
			assert.Equal(t, g.Table().String(), ld.Game.Table().String())
			assert.Equal(t, g.History(), ld.Game.History())
			assert.Equal(t, "original", ld.Base)
		})
	}
}

// A bot's turn is returned, not told: its report names the bot and the turn.
func TestBotTurn(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"greedy", "ana"}, 3)
	require.NoError(t, err)
	seats, err := MakeSeats(bots.NewRegistry(), []string{"bot:greedy"}, 3)
	require.NoError(t, err)
	cur := g.Current() // the seed decides who begins: the bot plays that seat
	ev, err := BotTurn(context.Background(), g, seats[0], 0)
	require.NoError(t, err)
	assert.Equal(t, g.Names()[cur], ev.Report.Player)
	assert.Equal(t, 1, ev.Report.Turn)
	assert.NotEqual(t, cur, g.Current(), "the turn was taken")
	switch ev.Report.Kind {
	case core.ActPlay:
		assert.Equal(t, ev.Report.Placed, ev.Tiles)
	default:
		assert.Equal(t, len(ev.Tiles), ev.Report.Drawn)
	}
}

// Undo goes back to the start of the last person's turn before this one.
func TestUndo(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 5)
	require.NoError(t, err)
	var u Undo
	assert.True(t, u.Mark(g), "the first turn")
	assert.False(t, u.Mark(g), "the same turn shown again")
	start := g.Clone()
	_, err = g.Draw()
	require.NoError(t, err)
	assert.True(t, u.Mark(g))
	assert.Equal(t, 2, u.Len())
	back, err := u.Back(g)
	require.NoError(t, err)
	assert.Equal(t, start.Current(), back.Current())
	assert.Equal(t, len(start.History()), len(back.History()))
	assert.Equal(t, 1, u.Len())
	u.Clear()
	_, err = u.Back(g)
	assert.Error(t, err)
}
