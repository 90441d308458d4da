package core_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// A save's rules carry params: they round-trip, and a save replays with them.
func TestParamsRoundTrip(t *testing.T) {
	r := core.Original()
	r.Name = "house/handicap"
	r.Params = core.Params{"seat": 2, "greeting": "hola", "strict": true}
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"params":{"greeting":"hola","seat":2,"strict":true}`)
	var back core.Rules
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, r, back)

	g, err := core.NewGame(r, []string{"ana", "ben"}, 3)
	require.NoError(t, err)
	_, err = g.Draw()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "g.json")
	require.NoError(t, files.SaveGame(g, path, nil))
	loaded, err := files.LoadGame(path)
	require.NoError(t, err)
	assert.Equal(t, r.Params, loaded.Rules.Params)

	orig, err := json.Marshal(core.Original())
	require.NoError(t, err)
	assert.NotContains(t, string(orig), "params", "no params, no key: older saves are unchanged")
}

func TestParamsValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params core.Params
		want   string
	}{
		{"fine", core.Params{"seat": 2, "a_1": "x", "on": false}, ""},
		{"a bad name", core.Params{"Seat": 2}, `params has the name "Seat"; a param's name is a lower-case word (letters, digits and _, starting with a letter, at most 40), as handicap_seat`},
		{"control characters", core.Params{"say": "\x1b[2J"}, `params.say holds control characters ("\x1b[2J"); write plain text`},
		{"a nested value", core.Params{"seats": []int{1}}, "params.seats must be text, a whole number, or true or false, not []int"},
		{"a long text", core.Params{"say": strings.Repeat("x", 201)}, "params.say is 201 bytes long; a param's text may have at most 200"},
		{"too many", many(65), "params has 65 values; a variant may have at most 64"},
		{"as many as may be", many(64), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := core.Original()
			r.Params = tc.params
			err := r.Validate()
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.want)
		})
	}
	var p core.Params
	require.NoError(t, json.Unmarshal([]byte(`{}`), &p))
	assert.Nil(t, p, "none is nil, as a variant file reads it")
	assert.EqualError(t, json.Unmarshal([]byte(`{"bonus": 1.5}`), &p), "params.bonus is 1.5; a number in params is whole")
	assert.EqualError(t, json.Unmarshal([]byte(`{"bonus": [1]}`), &p), "params.bonus must be text, a whole number, or true or false")
}

func many(n int) core.Params {
	p := core.Params{}
	for i := range n {
		p[fmt.Sprintf("p%d", i)] = i
	}
	return p
}
