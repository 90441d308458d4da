package repl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// review lists the person's turns short of the best legal play, numbered;
// review N takes the game back there and judges a try as a puzzle, never
// rated; the best play is "solved" and nothing is committed.
func TestReviewInTheREPL(t *testing.T) {
	s, out := newSession(t, Options{}, "[k1 k2 k3]", "r10 r11 r12 o5 b9", "b1 b2", true)
	run(t, s, "draw", "draw")
	out.Reset()
	run(t, s, "review")
	text := strings.Join(strings.Fields(out.String()), " ")
	require.Len(t, s.reviewed, 1, text)
	assert.Contains(t, text, "1. round 1, turn 1: held back (the planner would too): you played nothing (a draw); the best was r10 r11 r12 (3 more)")
	assert.Contains(t, text, "ana: the best play in ")
	for i := 1; i < len(s.reviewed); i++ {
		assert.GreaterOrEqual(t, s.reviewed[i-1].LostTiles, s.reviewed[i].LostTiles, "most lost first")
	}

	first := s.reviewed[0]
	run(t, s, "review 1")
	require.NotNil(t, s.puzzle)
	assert.Equal(t, first.Action, len(s.tab.Game().History()), "the game back at that turn")
	out.Reset()
	run(t, s, "play "+s.puzzle.p.Best.Table)
	assert.Contains(t, out.String(), "Solved! ")
	assert.NotContains(t, out.String(), "rating", "a retry is not rated")
	assert.Equal(t, first.Action, len(s.tab.Game().History()), "nothing committed")

	err := s.Exec(t.Context(), "review 99")
	require.Error(t, err)
	assert.Contains(t, s.ErrorText(err), "no turn 99 to retry")
}
