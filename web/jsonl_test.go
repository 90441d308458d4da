package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl"
)

// A record's JSON Lines twin loads as its .mgn text does: the same game,
// and a broken line refused at its line (issue 42).
func TestJSONLThroughTheBrowser(t *testing.T) {
	_, hs, id, before := oneRunPlayed(t)
	res, data := fetch(t, hs, "/api/save?id="+id+"&format=mgn")
	require.Equal(t, http.StatusOK, res.StatusCode, string(data))
	rec, err := record.Parse("g.mgn", data)
	require.NoError(t, err)
	lines := record.WriteJSONL(rec)

	other := loadsAsBefore(t, hs, "es", lines, before)
	code, r := post(t, hs, "/api/load?id="+other, append(lines, `{"type":"jump"}`+"\n"...))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, r.Error, `meldlab-game.jsonl:`)
	assert.Contains(t, r.Error, `"jump" no es un tipo de evento`)
}

// fetch GETs path of the server: its response (its body read and closed)
// and its body.
func fetch(t *testing.T, hs *httptest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	res, err := hs.Client().Get(hs.URL + path)
	require.NoError(t, err)
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	return res, data
}

// loadsAsBefore uploads a game (a save or a record) into a new session in
// lang, and checks that it is the game as before: its table and rack.
func loadsAsBefore(t *testing.T, hs *httptest.Server, lang string, data []byte, before *repl.State) string {
	t.Helper()
	id := open(t, hs, lang).ID
	code, r := post(t, hs, "/api/load?id="+id, data)
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Empty(t, r.Error)
	assert.Equal(t, before.Start, r.State.Start)
	assert.Equal(t, before.Rack, r.State.Rack)
	return id
}
