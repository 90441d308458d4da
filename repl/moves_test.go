package repl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// TestReplyTurns: a line's reply lists the turns it played, the person's
// and the bot's after it, and explain last tells the bot's.
func TestReplyTurns(t *testing.T) {
	s, _ := newSession(t, Options{Players: "ana:human,bot:greedy"}, "[r10 b10 J] [r11 r12 r13]", "r1 r2 r3 o9", "b7 b8 k1", true)
	r, err := s.Run(t.Context(), "put r1 r2 r3 new")
	require.NoError(t, err)
	assert.Empty(t, r.Turns, "an edit plays no turn")
	r, err = s.Run(t.Context(), "done")
	require.NoError(t, err)
	require.Len(t, r.Turns, 2)
	assert.Equal(t, "ana", r.Turns[0].Player)
	assert.Equal(t, "[r1 r2 r3]", r.Turns[0].Made.String())
	bot := r.Turns[1]
	assert.Equal(t, "greedy", bot.Player)
	assert.Equal(t, "b7 b8", core.MultisetOf(bot.Placed...).String())
	assert.Len(t, bot.Jokers, 1)
	assert.Contains(t, r.Text, "greedy plays b7 b8\n  changed: [r10 b10 J] [r11 r12 r13] -> [b7 b8 J b10] [r10 r11 r12 r13]\n"+
		"  joker freed: it was k10 or o10 in [r10 b10 J], it is b9 in [b7 b8 J b10]\n")
	r, err = s.Run(t.Context(), "explain last")
	require.NoError(t, err)
	assert.Equal(t, `The last turn was greedy's, round 1, turn 2.
greedy placed b7 b8 from their rack, changing [r10 b10 J] and [r11 r12 r13]
into [b7 b8 J b10] and [r10 r11 r12 r13].
The joker of [r10 b10 J], which stood for k10 or o10, was freed and played
again: in [b7 b8 J b10] it stands for b9.
The other set on the table is as it was.
`, r.Text)
}
