package repl

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

// countedHooks change nothing and count how often they are closed.
type countedHooks struct{ f *countingGames }

func (countedHooks) Deal(*core.View) ([][]core.Tile, bool, error) { return nil, false, nil }
func (countedHooks) FirstPlayer(*core.View) (int, bool, error)    { return 0, false, nil }
func (countedHooks) CheckPlay(*core.View, core.Table, []core.Tile) (bool, string, error) {
	return true, "", nil
}
func (countedHooks) ScoreRound(*core.View, []int) ([]int, bool, error) { return nil, false, nil }
func (countedHooks) OnTurnEnd(*core.View) error                        { return nil }
func (h countedHooks) Close() error                                    { h.f.closed++; return nil }

type countingGames struct{ opened, closed int }

func (*countingGames) Prepare(*variants.Variant) error { return nil }
func (f *countingGames) Hooks(*core.Rules, uint64, io.Writer) (core.Hooks, error) {
	f.opened++
	return countedHooks{f}, nil
}

// Issue 21: a bot's turn is played on the game itself, so every hook state
// a game opens is closed with it (the bots once played on a clone that
// borrowed the hooks, and the game that owned them was dropped unclosed).
func TestBotTurnsCloseTheirHooks(t *testing.T) {
	f := &countingGames{}
	s := NewSession(Options{Seed: 1, Players: "ana:human,bob:human", Games: f})
	ctx := context.Background()
	_, err := s.Run(ctx, "new house/clean-opening ana:human bot:greedy bot:patient 5")
	require.NoError(t, err)
	for range 6 {
		_, err := s.Run(ctx, "draw")
		require.NoError(t, err)
	}
	require.Greater(t, s.Game().Turn(), 6, "the bots played")
	_, err = s.Run(ctx, "new original ana:human bot:greedy 5")
	require.NoError(t, err)
	assert.Positive(t, f.opened)
	assert.Equal(t, f.opened, f.closed, "every hook state opened is closed")
}
