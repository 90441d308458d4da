package repl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/command"
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
	require.NotNil(t, s.rev)
	turns := s.rev.Turns()
	require.Len(t, turns, 1, text)
	assert.Contains(t, text, "1. round 1, turn 1: held back (the planner would too): you played nothing (a draw); the best was r10 r11 r12 (3 more)")
	assert.Contains(t, text, "ana: the best play in ")
	for i := 1; i < len(turns); i++ {
		assert.GreaterOrEqual(t, turns[i-1].LostTiles, turns[i].LostTiles, "most lost first")
	}

	first := turns[0]
	run(t, s, "review 1")
	require.NotNil(t, s.puzzle)
	assert.Equal(t, first.Action, len(s.desk.Tab.Game().History()), "the game back at that turn")
	out.Reset()
	run(t, s, "play "+s.puzzle.Puzzle().Best.Table)
	assert.Contains(t, out.String(), "Solved! ")
	assert.NotContains(t, out.String(), "rating", "a retry is not rated")
	assert.Equal(t, first.Action, len(s.desk.Tab.Game().History()), "nothing committed")

	err := s.Exec(t.Context(), "review 99")
	require.Error(t, err)
	assert.Contains(t, s.ErrorText(err), "no turn 99 to retry")
}

// The typed review (what a page sends) answers values: each turn short of
// the best with its verdict in words, the best play as moves from the
// turn's table, the summary line; the annotated record marks the turn and
// gives the better play as a variation; review N retries a turn even
// after another game was dealt, from the reviewed game.
func TestReviewTyped(t *testing.T) {
	s, _ := newSession(t, Options{}, "[r3 r4 r5 r6]", "b6 k6 o9", "b1 b2", true)
	run(t, s, "draw", "draw")
	rep, err := s.Do(t.Context(), command.Review{})
	require.NoError(t, err)
	require.NotNil(t, rep.Review)
	r := rep.Review
	require.Len(t, r.Turns, 1)
	assert.Equal(t, ReviewTurn{N: 1, Round: 1, Turn: 1, Step: 1, Verdict: "held_back", Words: "held back (the planner would too)",
		Heading: "Round 1, turn 1: held back (the planner would too)",
		Played:  []string{}, Best: []string{"k6", "b6"}, Table: [][]string{{"r3", "r4", "r5"}, {"k6", "r6", "b6"}},
		LostTiles: 2, LostPoints: 12, Steps: []string{"move r6 of set 1 to a new set", "put k6, b6 on set 2"},
		Line: "1. round 1, turn 1: held back (the planner would too): you played nothing (a draw); the best was k6 b6 (2 more)"}, r.Turns[0])
	assert.Equal(t, "ana: the best play in 0 of 1 turns (0%). 2 tiles and 12 points fewer than the best plays; the initial meld at your turn 0 (0: never).", r.Summary)
	assert.Contains(t, string(s.ReviewRecord()), "1. ana: draw k5 ? {held back (the planner would too)}\n  (1. ana: k6 b6 => [r3 r4 r5] [k6 r6 b6])\n")

	run(t, s, "new 2")
	rep, err = s.Do(t.Context(), command.Review{N: 1})
	require.NoError(t, err)
	assert.Equal(t, "[r3 r4 r5 r6]", s.desk.Tab.Game().Table().String(), "the reviewed game, back at its turn")
	assert.Equal(t, "k6 b6 o9", s.desk.Tab.Game().Rack(0).String())
	require.NotNil(t, s.puzzle.State())
	assert.Equal(t, "Round 1, turn 1 again: find the best play.", s.puzzle.State().Heading)
	rep, err = s.Do(t.Context(), command.Play{Table: coretest.Table("[r3 r4 r5] [k6 r6 b6]")})
	require.NoError(t, err)
	assert.Contains(t, rep.Text, "Solved! ")
	_, err = s.Do(t.Context(), command.Review{N: 2})
	assert.EqualError(t, err, "no turn 2 to retry: review lists 1")
}
