package web

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/luahost"
)

// TestRoundToItsScores: a page that only draws plays a 2-round match to
// its end: each round's scores come as values (who went out, each rack,
// the points), Next round deals the second, and the seats are named in
// the learner's words.
func TestRoundToItsScores(t *testing.T) {
	_, hs := newServer(t, Config{})
	code, r := post(t, hs, "/api/session", openRequest{Lang: "es", Seed: 7, Players: 2})
	require.Equal(t, http.StatusOK, code, r.Error)
	id := r.ID
	require.Len(t, r.State.Players, 2)
	assert.Equal(t, "tú", r.State.Players[0].Name)
	assert.Equal(t, "Robot 1", r.State.Players[1].Name, "a bot named in the learner's language")
	assert.Equal(t, 2, r.State.Rounds)
	for round := 1; round <= 2; round++ {
		st := r.State
		for range 300 {
			if st.RoundOver {
				break
			}
			st = do(t, hs, id, draw).State
		}
		require.True(t, st.RoundOver)
		require.NotNil(t, st.Round, "the score screen's values")
		assert.Equal(t, []string{"tú", "Robot 1"}, st.Round.Names)
		assert.Len(t, st.Round.Racks, 2)
		assert.Len(t, st.Round.Score, 2)
		assert.Equal(t, round, st.RoundN)
		assert.Equal(t, round == 2, st.Round.Match)
		if round == 1 {
			r = do(t, hs, id, command.Wire{Do: "next"})
			assert.Nil(t, r.State.Round, "the next round is dealt")
			assert.Equal(t, 2, r.State.RoundN)
		}
	}
}

// TestLessonByCommand: a lesson started by a typed command comes with the
// course; a move it refuses and the one that passes it come back as
// verdicts, the lesson's own words apart from the terminal's.
func TestLessonByCommand(t *testing.T) {
	_, hs := newServer(t, Config{
		Options: func(dir string) repl.Options { return repl.Options{Lua: luahost.New(dir), HintTime: 2 * time.Second} },
		Close:   func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	})
	o := open(t, hs, "es")
	require.NotEmpty(t, o.Lessons, "the course, with the lessons passed")
	r := do(t, hs, o.ID, command.Wire{Do: "lesson", N: 1})
	require.NotNil(t, r.State.Lesson)
	assert.Equal(t, 1, r.State.Lesson.N)
	assert.NotEmpty(t, r.State.Lesson.Intro)
	r = do(t, hs, o.ID, draw)
	require.NotNil(t, r.Verdict, "a shortcut refused")
	assert.False(t, r.Verdict.Passed)
	assert.Contains(t, r.Verdict.Words, "válido")
	r = do(t, hs, o.ID, command.Wire{Do: "hint"})
	require.NotNil(t, r.Hint)
	assert.NotEmpty(t, r.Hint.Lesson, "the lesson's own hint first")
	do(t, hs, o.ID, put(0, "r7", "r8", "r9"))
	r = do(t, hs, o.ID, put(0, "k5", "b5", "o5"))
	assert.Equal(t, &repl.MeldState{Points: 39, Need: 30}, r.State.Meld)
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.True(t, r.Verdict.Passed)
	assert.Nil(t, r.State.Lesson, "the game is back")
	require.NotEmpty(t, r.Lessons)
	assert.True(t, r.Lessons[0].Passed)
}
