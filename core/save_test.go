package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "match.json")
	g, err := core.NewGame(core.French(), []string{"Ann", "Bob", "Cy"}, 77)
	require.NoError(t, err)
	_, err = g.Draw()
	require.NoError(t, err)
	require.NoError(t, g.Save(path))
	require.NoError(t, g.Save(path), "saving again replaces the file")

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file is left behind")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "{\n  \"version\": 1,"), "versioned: %.40s", data)

	h, err := core.LoadGame(path)
	require.NoError(t, err)
	assert.Equal(t, core.Snapshot(g), core.Snapshot(h))
	assert.Equal(t, g.Rules, h.Rules, "the file carries the resolved rules")
	assert.Equal(t, g.Names(), h.Names())
	assert.Equal(t, g.Seed(), h.Seed())
	assert.Equal(t, g.History(), h.History())
	a, err := g.Draw()
	require.NoError(t, err)
	b, err := h.Draw()
	require.NoError(t, err)
	assert.Equal(t, a, b, "the loaded game draws what the original draws")
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Save(path))
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(orig, &m))
		f(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return b
	}
	racks := g.Rack(0)
	for _, tc := range []struct {
		name string
		data []byte
		err  string
	}{
		{"version", edit(func(m map[string]any) { m["version"] = 2 }),
			"save format version 2; this meldlab reads version 1"},
		{"a tile too many", edit(func(m map[string]any) { m["racks"].([]any)[0] = racks.String() + " J" }),
			`the tiles do not add up to the box: extra "J", missing ""`},
		{"a tile lost", edit(func(m map[string]any) { m["racks"].([]any)[0] = "" }),
			`the tiles do not add up to the box: extra "", missing "` + racks.String() + `"`},
		{"bad notation", edit(func(m map[string]any) { m["table"] = "[r1 r2" }),
			`table: set 1: the "[" at column 1 is never closed with "]"`},
		{"invalid table", edit(func(m map[string]any) { m["table"] = "[r1 r2]" }),
			"table: set 1 [r1 r2] is too short: a run needs at least 3 tiles"},
		{"a table over the box", edit(func(m map[string]any) { m["table"] = "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]" }),
			"the table uses 3 × r5; the original box has 2"},
		{"seats", edit(func(m map[string]any) { m["opened"] = []bool{true} }),
			"the players, racks, opened flags, totals and rounds won do not agree in number"},
		{"not json", []byte("{"), "unexpected end of JSON input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name+".json")
			require.NoError(t, os.WriteFile(p, tc.data, 0o644))
			_, err := core.LoadGame(p)
			require.Error(t, err)
			assert.Equal(t, "core: load "+p+": "+tc.err, err.Error())
		})
	}
	_, err = core.LoadGame(filepath.Join(dir, "missing.json"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	err = g.Save(filepath.Join(dir, "no", "such", "dir.json"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
