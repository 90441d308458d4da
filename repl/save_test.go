package repl

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/scripts"
)

// save FILE writes through a new temporary file beside FILE and renames it:
// links planted under the old temporary name, or at FILE itself, lead
// nowhere, and nothing outside the folder changes.
func TestSaveFollowsNoLinks(t *testing.T) {
	s, _ := newSession(t, Options{}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious\n"), 0o644))
	path := filepath.Join(dir, "game.json")
	require.NoError(t, os.Symlink(victim, path+".seats.tmp"))
	require.NoError(t, os.Symlink(victim, path))

	run(t, s, "save "+path)
	got, err := os.ReadFile(victim)
	require.NoError(t, err)
	assert.Equal(t, "precious\n", string(got), "the link's target is untouched")
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular(), "the link at the file's name was replaced by the save")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "the save and the planted link; no temporary file left")
	run(t, s, "load "+path)
}

// A forged save is refused and the game in play stays: the REPL's scores
// once panicked on round_scores shorter than the players.
func TestLoadRefusesAForgedSave(t *testing.T) {
	s, out := newSession(t, Options{}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
	path := filepath.Join(t.TempDir(), "game.json")
	run(t, s, "save "+path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	m["winners"], m["round_scores"] = []int{0}, []int{5}
	data, err = json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))

	before := s.Game()
	err = s.Exec(t.Context(), "load "+path)
	assert.EqualError(t, err, path+": winners: the file says [0], but its seed and history give null")
	assert.Same(t, before, s.Game(), "the game in play stays")
	out.Reset()
	run(t, s, "scores")
}

// A saved seat's Lua bot is read as a Lua file is: a regular file, capped.
func TestLoadCapsASeatsBot(t *testing.T) {
	s, _ := newSession(t, Options{Bots: scripts.Bots(nil)}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
	path := filepath.Join(t.TempDir(), "game.json")
	run(t, s, "save "+path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	dir := filepath.Dir(path)
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.lua")))
	for _, tc := range []struct{ player, err string }{
		{filepath.Join(dir, "zero.lua"), `seat "bob:` + filepath.Join(dir, "zero.lua") + `": ` + filepath.Join(dir, "zero.lua") + ": scripts: " + filepath.Join(dir, "zero.lua") + " is a device, not a regular file"},
		{"/etc/passwd", path + `: repl_seats: seat 2's player "/etc/passwd" is not a bot: name a bot or a .lua file`},
	} {
		m["repl_seats"] = []map[string]string{{"name": "ana", "player": "human"}, {"name": "bob", "player": tc.player}}
		data, err = json.Marshal(m)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, data, 0o644))
		err = s.Exec(t.Context(), "load "+path)
		assert.EqualError(t, err, tc.err)
	}
}

// One over-long line in a piped session is refused on its own: the commands
// after it run, and the game is saved.
func TestPipedLongLineGoesAlone(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Seed: 3, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	path := filepath.Join(t.TempDir(), "game.json")
	in := "put " + strings.Repeat("r1 ", 700000) + "\nlua\nx = {" + strings.Repeat("1,", 600000) + "\n.\nsave " + path + "\n"
	require.NoError(t, RunPiped(t.Context(), s, strings.NewReader(in)))
	assert.Contains(t, out.String(), "error: line 1 is over 1 MiB, the longest line read\n")
	assert.Contains(t, out.String(), "error: line 3 is over 1 MiB, the longest line read\n")
	assert.Contains(t, out.String(), "saved to "+path+"\n")
	_, err := os.Stat(path)
	assert.NoError(t, err)
}

// zeros is input that never ends and holds no newline (/dev/zero).
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// A line that never ends is not read forever: the piped session runs what
// came before it and stops with an error that says why.
func TestPipedEndlessLineStops(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Seed: 3, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	err := RunPiped(t.Context(), s, io.MultiReader(strings.NewReader("scores\n"), zeros{}))
	assert.EqualError(t, err, "line 2 is over 1 MiB, the longest line read, and has not ended after 64 MiB: "+
		"the rest of the input is not read")
	assert.Contains(t, out.String(), "round 1 of 2 goes on\n", "the line before it ran")
}
