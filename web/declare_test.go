package web

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl/command"
)

// TestDeclareByCommand plays the rulebooks' declared group from the page:
// one tile and two jokers staged read as the run 11-12-13 (36 points, short
// of the initial meld with k1 k2 k3: 42), declared a group they are the 13s
// (39), and the opening of 45 points is accepted.
func TestDeclareByCommand(t *testing.T) {
	srv, hs := newServer(t, Config{})
	r := open(t, hs, "en")
	layRack(t, srv, r.ID, "o13 J J k1 k2 k3")
	do(t, hs, r.ID, put(0, "o13", "J", "J"))
	st := do(t, hs, r.ID, put(0, "k1", "k2", "k3")).State
	assert.Equal(t, [][]string{{"J", "J", "o13"}, {"k1", "k2", "k3"}}, st.Table)

	st = do(t, hs, r.ID, command.Wire{Do: "declare", Set: 1, As: "group"}).State
	assert.Equal(t, [][]string{{"o13", "J=13", "J=13"}, {"k1", "k2", "k3"}}, st.Table)
	st = do(t, hs, r.ID, command.Wire{Do: "declare", Set: 1, As: "run"}).State
	assert.Equal(t, [][]string{{"J", "J", "o13"}, {"k1", "k2", "k3"}}, st.Table)

	// a set that is not one tile and jokers is refused, in the learner's words
	bad := do(t, hs, r.ID, command.Wire{Do: "declare", Set: 2, As: "group"})
	assert.Equal(t, "set 2 [k1 k2 k3] is not one tile and jokers: only such a set is declared", bad.Error)
	// and a reading the page may not ask for is no command
	code, _ := post(t, hs, "/api/do", doRequest{ID: r.ID, Cmd: command.Wire{Do: "declare", Set: 1, As: "sideways"}})
	assert.Equal(t, http.StatusBadRequest, code)

	do(t, hs, r.ID, command.Wire{Do: "declare", Set: 1, As: "group"})
	st = do(t, hs, r.ID, done).State
	require.NotNil(t, st)
	assert.Contains(t, st.Table, []string{"o13", "J=13", "J=13"}, "the declared group is on the table after the turn")
}
