package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

const (
	badVariant  = "../../variants/testdata/bad/two-errors.yaml"
	goodVariant = "../../variants/testdata/extends/child.yaml"
)

func TestVariants(t *testing.T) {
	tests := []struct {
		name         string
		args         []string
		out, errOut  string
		code         int
		outContains  []string // for the long outputs
		skipOutCheck bool
	}{
		{name: "diff in plain words, wrapped at 80 columns", args: []string{"variants", "diff", "novelty", "original"},
			out: "in novelty a game takes at most 7 players; in original a game takes at most 4\n  players\n" +
				"in novelty play passes to the right; in original play passes to the left\n" +
				"in novelty a joker is worth 0 in the initial meld; in original a joker is worth\n" +
				"  the tile it replaces\n" +
				"in novelty a turn has no time limit; in original a turn has 60 seconds\n" +
				"in novelty a loser's score when the pool runs out is minus their own rack total;\n" +
				"  in original a loser's score when the pool runs out is minus the difference\n" +
				"  between their rack and the winner's\n" +
				"novelty: no effect given the other rules (meldlab variants check says why):\n" +
				"  time_limit.penalty_tiles\n"},
		{name: "diff of equal rules", args: []string{"variants", "diff", "original", "../../variants/original.yaml"},
			out: "original and original play by the same rules\n"},
		{name: "check, all at once", args: []string{"variants", "check", goodVariant, badVariant, "house/fifty"},
			out: goodVariant + ": ok\nhouse/fifty: ok\n",
			errOut: badVariant + `:4:1: unknown key "playrs"; did you mean "players"?
 | playrs:
 | ^
` + badVariant + `:7:16: opening.joker_value is "nothing"; it must be one of represented, zero
 |   joker_value: nothing
 |                ^
`, code: 1},
		{name: "check a file that is not there", args: []string{"variants", "check", "nowhere.yaml"},
			errOut: "meldlab variants: cannot read nowhere.yaml: no such file\n", code: 1},
		{name: "show an unknown variant", args: []string{"variants", "show", "orignal"},
			errOut: "meldlab variants: no variant \"orignal\"; did you mean \"original\"?\n", code: 2},
		{name: "show with provenance", args: []string{"variants", "show", "xp"}, skipOutCheck: true,
			outContains: []string{
				"xp: Rummikub XP, 5 or 6 players\nsource: rulebooks 000 and 003: the Rummikub XP / Mini XP note\nextends: original\n\n",
				"\nKEY                         VALUE                              FROM\n",
				"\nplayers.min                 5                                  xp.yaml:13\n",
				"\ntiles.colors                4                                  original.yaml:18\n",
				"\nhooks                       \"\"                                 (default)\n",
				"\nsource                      rulebooks 000 and 003: the         xp.yaml:7\n                            Rummikub XP / Mini XP note\n",
			}},
		{name: "show the hooks", args: []string{"variants", "show", "house/clean-opening"}, skipOutCheck: true,
			outContains: []string{"\nLua hooks in house/clean-opening.lua: check_play\n"}},
		{name: "list", args: []string{"variants"}, skipOutCheck: true,
			outContains: []string{
				"NAME                 TITLE, and SOURCE below it\n",
				"\nnovelty              Rummy by Novelty (Mexico)\n                     rulebook 002: Rummy, Novelty (Naucalpan, Mexico), Spanish\n",
				"\nhouse/no-jokers      No jokers (the Italian text's 104 tiles)\n" +
					"                     rulebook 001 read literally: 'Le tessere fornite dal gioco,\n" +
					"                     in tutto 104' (the tiles of the game, 104 in all)\n",
			}},
		{name: "usage", args: []string{"variants", "diff", "original"}, skipOutCheck: true, code: 2},
		{name: "unknown subcommand", args: []string{"variants", "lint"}, skipOutCheck: true, code: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI("", tc.args...)
			if !tc.skipOutCheck {
				assert.Equal(t, tc.out, out)
				assert.Equal(t, tc.errOut, errOut)
			}
			for _, s := range tc.outContains {
				assert.Contains(t, out, s)
			}
			assert.Equal(t, tc.code, code)
		})
	}
	_, errOut, _ := runCLI("", "variants", "lint")
	assert.True(t, strings.HasPrefix(errOut, "meldlab variants: unknown subcommand \"lint\"\nUsage:\n"), errOut)
}

// Every line of variants, variants show and variants diff fits 80 columns,
// for every shipped variant and every pair.
func TestVariantsFit80Columns(t *testing.T) {
	names := variants.Names()
	runs := [][]string{{"variants"}}
	for _, a := range names {
		runs = append(runs, []string{"variants", "show", a})
		for _, b := range names {
			runs = append(runs, []string{"variants", "diff", a, b})
		}
	}
	for _, args := range runs {
		out, errOut, code := runCLI("", args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		for _, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, "%v: %q", args, line)
		}
	}
}

// The command's one game factory checks a variant's Lua hooks wherever a
// variant is read: variants check places a Lua error in its file, variants
// show lists the hooks, and sim plays a variant with hooks.
func TestGameFactoryWiring(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte("extends: original\nhooks: h.lua\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h.lua"), []byte("function check_play(view)\n  return = 1\nend\n"), 0o644))
	out, errOut, code := runCLI("", "variants", "check", filepath.Join(dir, "v.yaml"))
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, filepath.Join(dir, "h.lua")+":2:10: syntax error near '='\n |   return = 1\n |          ^\n", errOut)

	out, _, code = runCLI("", "variants", "show", "house/clean-opening")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "\nLua hooks in house/clean-opening.lua: check_play\n")

	out, errOut, code = runCLI("", "sim", "--variant", "house/clean-opening", "--games", "2", "--players", "2", "--bots", "greedy")
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "house/clean-opening")
}

// Rules a variant file may not hold are refused the same way whichever
// command reads them: variants check, and a solve input naming the file.
func TestSolveInputRulesValidated(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "short.yaml")
	require.NoError(t, os.WriteFile(file, []byte("extends: original\nsets:\n  min_run: 1\n"), 0o644))
	_, errOut, code := runCLI("", "variants", "check", file)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "short.yaml:3:12: sets.min_run is 1; it must be 2..15\n")
	t.Chdir(dir) // a solve input reads variant files inside the working directory only
	out, _, code := runCLI(`{"id": 1, "variant": "short.yaml", "rack": ["r1", "r2"]}`+"\n", "solve")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "sets.min_run is 1; it must be 2..15")
}

// variants check warns about a key with no effect, at its place, and the
// exit status stays 0 unless --strict.
func TestVariantsCheckWarns(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("x.yaml", []byte("name: house/x\nextends: original\nmatch:\n  target: 50\n"), 0o644))
	const warning = "x.yaml:4:3: warning: match.target ends the match when a total reaches 50, but match.winner: most_rounds " +
		"gives it to whoever won most rounds, whatever the totals (a player on -73 can win over one on 73); write match.winner: highest_total\n" +
		" |   target: 50\n |   ^\n"
	out, errOut, code := runCLI("", "variants", "check", "x.yaml")
	assert.Equal(t, "x.yaml: ok\n", out)
	assert.Equal(t, warning, errOut)
	assert.Equal(t, 0, code)
	out, errOut, code = runCLI("", "variants", "check", "--strict", "x.yaml")
	assert.Equal(t, "x.yaml: ok\n", out)
	assert.Equal(t, warning, errOut)
	assert.Equal(t, 1, code)
	out, _, _ = runCLI("", "variants", "show", "x.yaml")
	const marked = "\nhouse/x: no effect given the other rules (meldlab variants check says why):\n  match.target\n"
	assert.Contains(t, out, marked)
	out, _, _ = runCLI("", "variants", "diff", "original", "x.yaml")
	assert.Contains(t, out, marked)
	_, errOut, code = runCLI("", "variants", "check", "--strict", "original", "house/kids")
	assert.Empty(t, errOut)
	assert.Equal(t, 0, code)
}
