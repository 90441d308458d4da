package web

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl/command"
)

// The review through the typed commands, without a browser: review answers
// the list as values in the learner's language, review.mgn downloads the
// annotated record, review N makes the turn the game in play, judged as a
// puzzle, and a retry of a turn not listed is refused in words (issue 42).
func TestReviewThroughTheAPI(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "it").ID
	res, _ := fetch(t, hs, "/api/review.mgn?id="+id)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "no review yet")

	lay(t, srv, id)     // r10 r11 r12 k5: a play is there
	do(t, hs, id, draw) // and the learner draws
	r := do(t, hs, id, command.Wire{Do: "review"})
	require.NotNil(t, r.Review, r.Error)
	require.NotEmpty(t, r.Review.Turns)
	first := r.Review.Turns[0]
	assert.Equal(t, 1, first.N)
	assert.Equal(t, []string{"r10", "r11", "r12"}, first.Best)
	assert.Equal(t, []string{}, first.Played)
	assert.Equal(t, "cala r10, r11, r12 come combinazione nuova", first.Steps[len(first.Steps)-1])
	assert.Contains(t, r.Review.Summary, "la calata migliore in ")

	res, data := fetch(t, hs, "/api/review.mgn?id="+id)
	require.Equal(t, http.StatusOK, res.StatusCode, string(data))
	assert.Contains(t, res.Header.Get("Content-Disposition"), `filename="meldlab-review.mgn"`)
	assert.Regexp(t, `\?\?? \{[^}]+\}\n  \(1\. [^:]+: r10 r11 r12 => `, string(data))

	r = do(t, hs, id, command.Wire{Do: "review", N: 1})
	require.NotNil(t, r.State.Puzzle, r.Error)
	assert.Equal(t, "review", r.State.Puzzle.ID)
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	se.mu.Lock()
	assert.Equal(t, first.Step, len(se.s.Game().History()), "the game back at the turn")
	se.mu.Unlock()
	do(t, hs, id, put(0, "r10", "r11", "r12"))
	r = do(t, hs, id, done)
	assert.Equal(t, "Risolto! 3 tessere: la migliore.", r.State.Puzzle.Verdict)

	r = do(t, hs, id, command.Wire{Do: "review", N: 9})
	assert.Equal(t, "nessun turno 9 da ripetere: review ne elenca 1", r.Error)
}
