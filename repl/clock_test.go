package repl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// Under a chess clock the REPL times each person's turn against their bank,
// charges the time a turn took, and shows every player's clock; the clock
// is a fake one the test moves.
func TestChessClock(t *testing.T) {
	rules := core.Original()
	rules.Name = "house/chess-clock"
	rules.TimeLimit.Mode, rules.TimeLimit.Bank, rules.TimeLimit.Increment = core.Fischer, 120, 10
	load := func(string) (core.Rules, error) { return rules, nil }
	clock := &fakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	s, out := newSession(t, Options{Timer: true, Clock: clock, LoadVariant: load}, "[k1 k2 k3]", "r10 r11 r12 o5", "b1 b2", true)
	assert.Equal(t, "ana 2:00> ", s.Prompt())
	clock.advance(30 * time.Second)
	assert.Equal(t, "ana 1:30> ", s.Prompt())
	run(t, s, "draw")
	assert.Equal(t, 100*time.Second, s.Game().Clock(0), "2:00 - 0:30 + 0:10")
	assert.Contains(t, out.String(), "clocks: ana 1:40, bob 2:00\n")
	assert.Equal(t, "bob 2:00> ", s.Prompt())

	run(t, s, "timer")
	assert.Contains(t, out.String(), "timer: on; the house/chess-clock rules give each player a fischer clock of 120\n  seconds a round, 10 more a move, and running out costs 1 tile\n")

	// bob runs out: the penalty, and his clock keeps the increment alone.
	clock.advance(121 * time.Second)
	out.Reset()
	require.NoError(t, s.Exec(t.Context(), "who"))
	assert.Contains(t, out.String(), "time is up for bob (120 seconds)")
	assert.Equal(t, 10*time.Second, s.Game().Clock(1))
	assert.Contains(t, out.String(), "clocks: ana 1:40, bob 0:10\n")
}
