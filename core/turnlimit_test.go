package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// TestTurnLimit: under draw.tiles 0 nobody ever draws, the pool never runs
// out, and a round would never end: the engine refuses every turn action
// past core.MaxTurns, with an error that names the limit.
func TestTurnLimit(t *testing.T) {
	r := core.Original()
	r.Draw.Tiles = 0
	g, err := core.NewGame(r, []string{"a", "b"}, 1)
	require.NoError(t, err)
	turns := 0
	for ; turns <= core.MaxTurns; turns++ {
		if _, err = g.Draw(); err != nil {
			break
		}
	}
	require.Error(t, err, "a round of draws of nothing never stopped")
	assert.Equal(t, core.MaxTurns, turns)
	assert.ErrorIs(t, err, core.ErrTurnLimit)
	assert.EqualError(t, err, "round 1 has reached 10000 turns, the most a round may have (core.MaxTurns); start a new game")
	assert.LessOrEqual(t, len(g.History()), core.MaxTurns+1)
	_, err = g.Timeout()
	assert.ErrorIs(t, err, core.ErrTurnLimit)
	assert.ErrorIs(t, g.Play(g.Table()), core.ErrTurnLimit)
}
