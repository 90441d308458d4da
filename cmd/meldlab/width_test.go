package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reports for people fit 80 columns: sim comparing variants (with its
// notes and warnings), a sim sweep's table, and a tournament.
func TestReportsFit80Columns(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--games", "4", "--variant", "original", "--variant", "italian", "--bots", "greedy,random", "--timeout-rate", "0.05"},
		{"sim", "--games", "4", "--sweep", "time_limit.penalty_tiles=0..3:1"},
		{"tournament", "--bots", "greedy,random,points", "--players", "3", "--games", "2"},
	} {
		out, errOut, code := runCLI("", args...)
		assert.Equal(t, 0, code, "meldlab %v: %s", args, errOut)
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("meldlab %v: a line of %d columns: %s", strings.Join(args, " "), n, line)
			}
		}
	}
}

// TestReportsFit80ColumnsWithALongBotPath runs sim and tournament with a
// Lua bot given by a long path, in every language.
func TestReportsFit80ColumnsWithALongBotPath(t *testing.T) {
	src, err := os.ReadFile("../../scripts/bots/starter.lua")
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "experiments", "meldlab-bots", "contributed-by-a-friend", "with-a-long-folder-name")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	bot := filepath.Join(dir, "a-starter-bot-with-a-rather-long-file-name.lua")
	require.NoError(t, os.WriteFile(bot, src, 0o644))
	require.Greater(t, len(bot), 80)
	for _, lang := range []string{"en", "es", "it", "fr"} {
		for _, args := range [][]string{
			{"--lang", lang, "sim", "--games", "2", "--variant", "original", "--variant", "house/fifty", "--bots", bot + ",random"},
			{"--lang", lang, "tournament", "--bots", bot + ",random", "--players", "2", "--games", "2"},
		} {
			out, errOut, code := runCLI("", args...)
			require.Equal(t, 0, code, "meldlab %v: %s", args, errOut)
			assert.Contains(t, strings.ReplaceAll(out, "\n", ""), "a-starter-bot-with-a-rather-long-file-name.lua")
			for _, line := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("meldlab %v: a line of %d columns: %s", strings.Join(args, " "), n, line)
				}
			}
		}
	}
}
