package core_test

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/internal/files"
)

// clockRules is the original with a clock of mode: 60 s a turn, or a bank
// of 60 s and 10 s a move.
func clockRules(mode core.ClockMode) core.Rules {
	r := core.Original()
	r.Name = "clocked"
	r.TimeLimit.Mode, r.TimeLimit.Bank, r.TimeLimit.Increment = mode, 60, 10
	return r
}

// Each mode's clock, turn by turn: the time a turn took is charged when the
// turn ends (SetTurnTime says how long it has taken so far); no test reads
// the wall clock.
func TestClockModes(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name        string
		mode        core.ClockMode
		limit       time.Duration // the first player's time for the first turn
		afterA      time.Duration // A's clock after a 5 s turn
		afterB      time.Duration // B's clock after a 25 s turn
		afterAOut   time.Duration // A's clock after running out
		limitAfterA time.Duration // A's time for the turn after running out
	}{
		{"per_turn", core.PerTurn, 60 * s, 60 * s, 60 * s, 60 * s, 60 * s},
		{"fischer", core.Fischer, 60 * s, 65 * s, 45 * s, 10 * s, 10 * s},
		// FIDE: the bank alone for the turn, the time used given back up
		// to the increment after it
		{"bronstein", core.Bronstein, 60 * s, 60 * s, 45 * s, 0, 0},
		// the US delay: the first 10 s of each turn free
		{"delay", core.Delay, 70 * s, 60 * s, 45 * s, 0, 10 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGame(clockRules(tc.mode), []string{"ana", "ben"}, 1)
			require.NoError(t, err)
			a := g.Current()
			b := 1 - a
			assert.Equal(t, tc.limit, g.TimeForTurn())
			g.SetTurnTime(5 * s)
			_, err = g.Draw()
			require.NoError(t, err)
			assert.Equal(t, tc.afterA, g.Clock(a))
			g.SetTurnTime(25 * s)
			_, err = g.Draw()
			require.NoError(t, err)
			assert.Equal(t, tc.afterB, g.Clock(b))
			_, err = g.Timeout()
			require.NoError(t, err)
			assert.Equal(t, tc.afterAOut, g.Clock(a))
			_, err = g.Draw()
			require.NoError(t, err)
			assert.Equal(t, tc.limitAfterA, g.TimeForTurn(), "A's next turn")

			// The clocks replay from the history, and a save carries them.
			re, err := core.Replay(g.Rules, g.Names(), 1, g.History())
			require.NoError(t, err)
			assert.Equal(t, []time.Duration{g.Clock(0), g.Clock(1)}, []time.Duration{re.Clock(0), re.Clock(1)})
			path := filepath.Join(t.TempDir(), "g.json")
			require.NoError(t, files.SaveGame(g, path, nil))
			loaded, err := files.LoadGame(path)
			require.NoError(t, err)
			assert.Equal(t, []time.Duration{g.Clock(0), g.Clock(1)}, []time.Duration{loaded.Clock(0), loaded.Clock(1)})
			assert.Equal(t, tc.name, g.Rules.TimeLimit.Mode.String())
		})
	}
}

// A turn's time is kept in the history only where a bank needs it, in
// milliseconds; a per-turn clock's history is as it always was.
func TestClockHistory(t *testing.T) {
	g, err := core.NewGame(clockRules(core.Fischer), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	g.SetTurnTime(1500 * time.Millisecond)
	_, err = g.Draw()
	require.NoError(t, err)
	b, err := json.Marshal(g.History()[0])
	require.NoError(t, err)
	assert.Contains(t, string(b), `"used":1500`)

	g, err = core.NewGame(clockRules(core.PerTurn), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	g.SetTurnTime(1500 * time.Millisecond)
	_, err = g.Draw()
	require.NoError(t, err)
	b, err = json.Marshal(g.History()[0])
	require.NoError(t, err)
	assert.NotContains(t, string(b), `used`)
}

// Every round starts each bank again; a clock spent below zero stops at zero.
func TestClockRounds(t *testing.T) {
	r := clockRules(core.Bronstein)
	g, err := core.NewGame(r, []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	a := g.Current()
	g.SetTurnTime(500 * time.Second)
	_, err = g.Draw()
	require.NoError(t, err)
	assert.Equal(t, time.Duration(0), g.Clock(a))
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12"), coretest.Tiles("b10 b11 b12")},
		Current: a, Opened: []bool{true, true}, Pool: -1}))
	assert.Equal(t, time.Duration(0), g.Clock(a), "a scenario keeps the clocks")
	require.NoError(t, g.Play(coretest.Table("[r10 r11 r12]")))
	require.NoError(t, g.NextRound())
	assert.Equal(t, []time.Duration{60 * time.Second, 60 * time.Second}, []time.Duration{g.Clock(0), g.Clock(1)})
}
