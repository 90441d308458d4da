package web

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/record"
)

// A record's JSON Lines twin loads as its .mgn text does: the same game,
// and a broken line refused at its line (issue 42).
func TestJSONLThroughTheBrowser(t *testing.T) {
	_, hs, id, before := oneRunPlayed(t)
	res, err := hs.Client().Get(hs.URL + "/api/save?id=" + id + "&format=mgn")
	require.NoError(t, err)
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	rec, err := record.Parse("g.mgn", data)
	require.NoError(t, err)
	lines := record.WriteJSONL(rec)

	other := open(t, hs, "es").ID
	code, r := post(t, hs, "/api/load?id="+other, lines)
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Empty(t, r.Error)
	assert.Equal(t, before.Start, r.State.Start)
	assert.Equal(t, before.Rack, r.State.Rack)

	code, r = post(t, hs, "/api/load?id="+other, append(lines, `{"type":"jump"}`+"\n"...))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, r.Error, `meldlab-game.jsonl:`)
	assert.Contains(t, r.Error, `"jump" no es un tipo de evento`)
}
