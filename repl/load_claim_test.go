package repl

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/scripts"
)

// forge saves the session's game to a new file, changes it with edit and
// writes it back.
func forge(t *testing.T, s *Session, edit func(rules map[string]any)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	run(t, s, "save "+path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	edit(m["rules"].(map[string]any))
	data, err = json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// load resolves a save's rules.name as a name, never a path: a save naming
// a variant file on disk once had that file read and its Lua hooks run (and
// /dev/stdin swallowed the next commands). Hooks are attached only to a
// shipped variant's own rules; a save naming others is refused. The guard
// fails the test rather than hang it on a FIFO.
func TestLoadNeverReadsTheRulesName(t *testing.T) {
	dir := t.TempDir()
	evil := filepath.Join(dir, "evil.yaml")
	require.NoError(t, os.WriteFile(evil, []byte("name: evil\nextends: original\nhooks: evil.lua\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "evil.lua"), []byte("print('PWNED')\n"), 0o644))
	fifo := filepath.Join(dir, "fifo.yaml")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, name := range []string{evil, fifo, "/dev/stdin"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			s, out := newSession(t, Options{Games: scripts.NewGames()}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
			path := forge(t, s, func(r map[string]any) { r["name"], r["hooks"] = name, filepath.Join(dir, "evil.lua") })
			before := s.Game()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- s.Exec(ctx, "load "+path) }()
			select {
			case err := <-done:
				assert.EqualError(t, err, path+": its rules name Lua hooks ("+filepath.Join(dir, "evil.lua")+
					") that load attaches only to a shipped variant's own rules, and "+name+" is not one; start the game again from its variant file")
			case <-ctx.Done():
				t.Fatal("load blocked reading the save's rules.name")
			}
			assert.NotContains(t, out.String(), "PWNED", "no hook of a file the save names ran")
			assert.True(t, before == s.Game(), "the game in play stays")
		})
	}
}

// A save that replays legally may not claim a shipped variant with other
// rules: original with runs of 2, house/clean-opening without its hooks
// (under which the play that house rule forbids was accepted). Such a game
// loads as "custom, based on NAME", without hooks; a save of the shipped
// rules loads under their name, with their hooks.
func TestLoadShowsForgedRulesAsCustom(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		edit          func(r map[string]any)
		shown         string
		hooks         bool
	}{
		{"original", "original", func(map[string]any) {}, "original", false},
		{"original with runs of 2", "original", func(r map[string]any) { r["sets"].(map[string]any)["min_run"] = 2 },
			"custom, based on original", false},
		{"house/clean-opening", "house/clean-opening", func(map[string]any) {}, "house/clean-opening", true},
		{"house/clean-opening without its hooks", "house/clean-opening", func(r map[string]any) { r["hooks"] = "" },
			"custom, based on house/clean-opening", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, out := newSession(t, Options{Games: scripts.NewGames()}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
			run(t, s, "new "+tc.variant+" ana:human bob:human 7")
			path := forge(t, s, tc.edit)
			out.Reset()
			run(t, s, "load "+path)
			assert.Contains(t, strings.Join(strings.Fields(out.String()), " "), "loaded "+path+": "+tc.shown+" rules, round 1")
			assert.Equal(t, tc.shown, s.Game().Rules.Name)
			assert.Equal(t, tc.hooks, s.Game().Hooks != nil)
			// new deals the shipped variant the rules are, or are based on.
			out.Reset()
			run(t, s, "new")
			assert.Equal(t, tc.variant, s.Game().Rules.Name)
		})
	}
}
