package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
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
	require.NoError(t, files.SaveGame(g, path, nil))
	require.NoError(t, files.SaveGame(g, path, nil), "saving again replaces the file")

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file is left behind")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "{\n  \"version\": 1,"), "versioned: %.40s", data)

	h, err := files.LoadGame(path)
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

// forge saves a two-player game of the original rules after one draw and
// returns the path and an editor that writes a changed copy of the file.
func forge(t *testing.T) (*core.Game, string, func(name string, f func(m map[string]any)) string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	_, err = g.Draw()
	require.NoError(t, err)
	require.NoError(t, files.SaveGame(g, path, nil))
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	return g, path, func(name string, f func(m map[string]any)) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal(orig, &m))
		f(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		p := filepath.Join(dir, name+".json")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
}

func TestLoadErrors(t *testing.T) {
	g, path, edit := forge(t)
	dir := filepath.Dir(path)
	rack := g.Rack(0)
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		err  string
	}{
		{"version", func(m map[string]any) { m["version"] = 2 },
			"save format version 2; this meldlab reads version 1"},
		{"a tile too many", func(m map[string]any) { m["racks"].([]any)[0] = rack.String() + " J" },
			`racks[0]: the file says "` + rack.String() + ` J", but its seed and history give "` + rack.String() + `"`},
		{"bad notation", func(m map[string]any) { m["table"] = "[r1 r2" },
			`table: set 1: the "[" at column 1 is never closed with "]"`},
		{"a table that never was", func(m map[string]any) { m["table"] = "[r1 r2]" },
			`table: the file says "[r1 r2]", but its seed and history give ""`},
		{"a table over the box", func(m map[string]any) { m["table"] = "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]" },
			`table: the file says "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]", but its seed and history give ""`},
		{"seats", func(m map[string]any) { m["opened"] = []bool{true} },
			"opened: the file says [true], but its seed and history give [false,false]"},
		{"a wrong type", func(m map[string]any) { m["round"] = "one" },
			"round: a number expected, not a string"},
		{"an unknown action", func(m map[string]any) { m["history"].([]any)[0].(map[string]any)["kind"] = "cheat" },
			`unknown action "cheat" (known: play, draw, pass, timeout, setup, next_round, end_turn, failed_play)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := edit(tc.name, tc.edit)
			_, err := files.LoadGame(p)
			require.Error(t, err)
			assert.Equal(t, p+": "+tc.err, err.Error())
		})
	}
	_, err := files.LoadGame(filepath.Join(dir, "missing.json"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.EqualError(t, err, "cannot read "+filepath.Join(dir, "missing.json")+": no such file")
	err = files.SaveGame(g, filepath.Join(dir, "no", "such", "dir.json"), nil)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// A save is evidence, not truth: each forgery the reliability audit tried
// (issue 12) is refused, naming the first field that disagrees with the
// game its seed and history give.
func TestLoadRefusesForgeries(t *testing.T) {
	g, _, edit := forge(t)
	drawn := g.History()[0].Tiles[0]
	xp := core.Original()
	xp.Tiles.Copies = 3
	g3, err := core.NewGame(xp, g.Names(), g.Seed())
	require.NoError(t, err)
	rack3 := g3.Rack(0)
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		err  string
	}{
		{"a 66-tile rack at turn 0 in a box of 3 copies", func(m map[string]any) {
			m["rules"].(map[string]any)["tiles"].(map[string]any)["copies"] = 3
			m["history"], m["turn"], m["current"] = []any{}, 0, 0
			rack := strings.Repeat("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 ", 6)
			m["racks"].([]any)[0] = rack
		}, "racks[0]: the file says \"r1 r1 r1 r1 r1 r1 r2 r2 r2 r2 r2 r2 r3 r3 r3 r3 r3 r3 r4 r4…, but its seed and history give \"" + rack3.String() + "\""},
		{"one-tile runs under the same name", func(m map[string]any) {
			m["rules"].(map[string]any)["sets"].(map[string]any)["min_run"] = 0
		}, "the original rules: sets.min_run is 0; it must be 2..15"},
		{"a negative draw", func(m map[string]any) { m["rules"].(map[string]any)["draw"].(map[string]any)["tiles"] = -3 },
			"the original rules: draw.tiles is -3; it must be 0..20"},
		{"a huge draw", func(m map[string]any) { m["rules"].(map[string]any)["draw"].(map[string]any)["tiles"] = 1 << 40 },
			"the original rules: draw.tiles is 1099511627776; it must be 0..20"},
		{"a negative penalty", func(m map[string]any) {
			m["rules"].(map[string]any)["failed_play"].(map[string]any)["penalty_tiles"] = -1
		}, "the original rules: failed_play.penalty_tiles is -1; it must be 0..20"},
		{"a huge time penalty", func(m map[string]any) {
			m["rules"].(map[string]any)["time_limit"].(map[string]any)["penalty_tiles"] = 1 << 40
		}, "the original rules: time_limit.penalty_tiles is 1099511627776; it must be 0..20"},
		{"a winner who is not at the table", func(m map[string]any) { m["winners"] = []int{99} },
			"winners: the file says [99], but its seed and history give null"},
		{"round scores shorter than the players", func(m map[string]any) { m["winners"] = []int{0}; m["round_scores"] = []int{5} },
			"winners: the file says [0], but its seed and history give null"},
		{"round scores alone", func(m map[string]any) { m["round_scores"] = []int{5} },
			"round_scores: the file says [5], but its seed and history give null"},
		{"round -5", func(m map[string]any) { m["round"] = -5 },
			"round: the file says -5, but its seed and history give 1"},
		{"turn 2^62", func(m map[string]any) { m["turn"] = 1 << 62 },
			"turn: the file says 4611686018427387904, but its seed and history give 1"},
		{"a drawn tile not on the rack", func(m map[string]any) { m["drawn"] = "J" },
			`drawn: the file says "J", but its seed and history give ""`},
		{"a history that did not happen", func(m map[string]any) {
			m["history"].([]any)[0].(map[string]any)["tiles"] = "J"
		}, "history, action 1 (round 1, turn 1, seat 1 draws J): drew " + drawn.String() + "; the record says J"},
		{"a totals forged", func(m map[string]any) { m["totals"] = []int{100, -100} },
			"totals[0]: the file says 100, but its seed and history give 0"},
		{"another seed", func(m map[string]any) { m["seed"] = 2 },
			"history, action 1 (round 1, turn 1, seat 1 draws " + drawn.String() + "): drew b3; the record says " + drawn.String()},
		{"a name that drives the terminal", func(m map[string]any) { m["players"] = []string{"Ann", "\x1b]0;pwned\a"} },
			"players[1]: a name may hold no control characters"},
		{"no players", func(m map[string]any) { m["players"] = []string{} },
			"the original rules are for 2 to 4 players, not 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := edit(strings.ReplaceAll(tc.name, " ", "-"), tc.edit)
			_, err := files.LoadGame(p)
			require.Error(t, err)
			assert.Equal(t, p+": "+tc.err, err.Error())
		})
	}
}

func TestLoadNotASave(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, data, err string }{
		{"passwd", "root:x:0:0:root:/root:/bin/bash\n", "is not a meldlab save"},
		{"json", `{"name": "x"}`, "is not a meldlab save"},
		{"truncated", `{"version": 1, "rules": {`, "is not a meldlab save"},
	} {
		p := filepath.Join(dir, tc.name)
		require.NoError(t, os.WriteFile(p, []byte(tc.data), 0o644))
		_, err := files.LoadGame(p)
		assert.EqualError(t, err, p+" "+tc.err, tc.name)
	}
}

// A huge or endless file is refused after MaxSaveSize bytes.
func TestLoadSizeCap(t *testing.T) {
	_, err := files.LoadGame("/dev/zero")
	assert.EqualError(t, err, "/dev/zero is a device, not a regular file", "an endless device is not read at all")
	p := filepath.Join(t.TempDir(), "big.json")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	require.NoError(t, os.Truncate(p, 1<<40)) // sparse: a terabyte that takes no disk
	_, err = files.LoadGame(p)
	assert.EqualError(t, err, p+" is over 16 MiB, the size limit of a saved game")
}
