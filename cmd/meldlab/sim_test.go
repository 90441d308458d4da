package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/sim"
)

// simArgs is a small, quick experiment: random bots, two variants.
var simArgs = []string{"sim", "--variant", "original", "--variant", "house/fifty", "--players", "3",
	"--bots", "random", "--games", "9", "--seed", "5"}

func TestSimText(t *testing.T) {
	out, errOut, code := runCLI("", simArgs...)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut, "no progress line off a terminal")
	assertFits80(t, out)
	out = sim.Unwrap(out)
	assert.True(t, strings.HasPrefix(out, "9 games, 3 players (random, random, random), seed 5; 95% confidence intervals\n"), out)
	assert.Contains(t, out, "\noriginal: 9 games, 9 rounds\n")
	assert.Contains(t, out, "\nhouse/fifty vs original (9 paired games: same seeds, same deals):\n")
}

func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	whole, errOut, code := runCLI("", append(simArgs, "--json", "--workers", "3")...)
	require.Equal(t, 0, code, errOut)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(whole), &rep), "the report is JSON")
	assert.Equal(t, true, rep["complete"])
	// A run records the build and its signature, worked out while the
	// games were played (stampBuild), as a shard does before its first.
	setup, _ := rep["setup"].(map[string]any)
	assert.Equal(t, buildName(), setup["build"])
	assert.Equal(t, benchSignature(), setup["signature"])

	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		_, errOut, code := runCLI("", append(simArgs, "--shard", s, "--out", f, "--workers", "1")...)
		require.Equal(t, 0, code, errOut)
		files = append(files, f)
	}
	merged, errOut, code := runCLI("", append([]string{"sim", "merge", "--json"}, files...)...)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
	assert.Equal(t, whole, merged, "merging the shards gives the unsharded figures")

	// Each shard records the build that played it (sim merge refuses shards
	// of different builds).
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	var shard struct{ Setup struct{ Build string } }
	require.NoError(t, json.Unmarshal(b, &shard))
	assert.Equal(t, buildName(), shard.Setup.Build)
	assert.Regexp(t, `^meldlab \S+ \(.*; go1\.\d+.*\), executable sha256 [0-9a-f]{12}$`, shard.Setup.Build)

	_, errOut, code = runCLI("", "sim", "merge", files[0], files[0])
	assert.Equal(t, 1, code)
	assert.Equal(t, "meldlab sim merge: games 0 to 3 were played twice\n", errOut)
}

// TestSimMergeMissing checks that a merge short of some shards fails,
// naming them and how to re-run exactly those tasks, unless --partial asks
// for the figures of the games there are.
func TestSimMergeMissing(t *testing.T) {
	dir := t.TempDir()
	shard := func(s string) string {
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		_, errOut, code := runCLI("", append(simArgs, "--shard", s, "--out", f, "--workers", "1")...)
		require.Equal(t, 0, code, errOut)
		return f
	}
	s1of2, s1, s3 := shard("1/2"), shard("1/5"), shard("3/5")
	tests := []struct {
		name   string
		args   []string
		code   int
		errOut string
	}{
		{name: "one of two", args: []string{s1of2}, code: 1,
			errOut: "meldlab sim merge: the shards cover 4 of the 9 games; missing: shard 2 of 2 (games 4-8)\n" +
				"meldlab sim merge: run each missing shard as itself (Slurm: deploy/slurm/submit.sh 1; " +
				"a Kubernetes Indexed Job: index 1), then merge again; or merge what there is with --partial\n"},
		{name: "two of five", args: []string{s3, s1}, code: 1,
			errOut: "meldlab sim merge: the shards cover 3 of the 9 games; missing: shards 2, 4-5 of 5 (games 1-2, 5-8)\n" +
				"meldlab sim merge: run each missing shard as itself (Slurm: deploy/slurm/submit.sh 1,3-4; " +
				"a Kubernetes Indexed Job: indexes 1,3-4), then merge again; or merge what there is with --partial\n"},
		{name: "partial", args: []string{"--partial", s3, s1}, code: 0,
			errOut: "meldlab sim merge: warning: the shards cover 3 of the 9 games; missing: shards 2, 4-5 of 5 (games 1-2, 5-8)\n"},
		{name: "shards of two counts", args: []string{s1, shard("2/2")}, code: 1,
			errOut: "meldlab sim merge: the shards cover 6 of the 9 games; missing: games 1-3\n" +
				"meldlab sim merge: play those games (the same command with --shard), then merge again; " +
				"or merge what there is with --partial\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI("", append([]string{"sim", "merge"}, tc.args...)...)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.errOut, errOut)
			if tc.code != 0 {
				assert.Empty(t, out, "no figures from a merge that failed")
			}
		})
	}
}

func TestSimFiles(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "chart.svg")
	_, errOut, code := runCLI("", append(simArgs, "--csv", filepath.Join(dir, "csv"), "--svg", svg, "--shard", "1/3",
		"--out", filepath.Join(dir, "s.json"))...)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(filepath.Join(dir, "csv", "rounds-1-of-3.csv"))
	require.NoError(t, err)
	assert.Equal(t, 1+3*2, strings.Count(string(b), "\n"), "a header and a row per game and variant")
	b, err = os.ReadFile(svg)
	require.NoError(t, err)
	assert.Contains(t, string(b), `<svg xmlns="http://www.w3.org/2000/svg"`)
}

func TestSimUsage(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		errOut string
		code   int
	}{
		{name: "bad shard", args: []string{"sim", "--shard", "3/2"},
			errOut: "meldlab sim: shard \"3/2\": i must be 1 to n, n at least 1\n", code: 2},
		{name: "unknown bot", args: []string{"sim", "--bots", "greedy,clever", "--games", "1"},
			errOut: "meldlab sim: unknown bot \"clever\"; the bots are beginner, greedy, intermediate, patient, planner, points, random, or the path to a .lua file\n",
			code:   2},
		{name: "too many players", args: []string{"sim", "--players", "7", "--games", "1"},
			errOut: "meldlab sim: variant \"original\" is for 2 to 4 players, not 7\n", code: 2},
		{name: "an argument", args: []string{"sim", "original"},
			errOut: "meldlab sim: unexpected argument \"original\" (options only; see meldlab sim -h)\n", code: 2},
		{name: "merge nothing", args: []string{"sim", "merge"}, code: 2},
		{name: "merge a missing file", args: []string{"sim", "merge", "/nonexistent/shard.json"},
			errOut: "meldlab sim merge: open /nonexistent/shard.json: no such file or directory\n", code: 1},
		{name: "unknown variant", args: []string{"sim", "--variant", "house/fifity"}, code: 2},
		{name: "help", args: []string{"sim", "-h"}, code: 0},
		{name: "no games", args: []string{"sim", "--games", "0"}, errOut: "meldlab sim: games must be at least 1, not 0\n", code: 2},
		{name: "every problem on its own line", args: []string{"sim", "--games", "0", "--rounds", "-1"},
			errOut: "meldlab sim: games must be at least 1, not 0\nmeldlab sim: rounds must be 0 or more, not -1\n", code: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runCLI("", tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			if tc.errOut != "" {
				assert.Equal(t, tc.errOut, errOut)
			}
		})
	}
	_, errOut, _ := runCLI("", "sim", "-h")
	assert.Contains(t, errOut, "meldlab sim --variant original --variant house/fifty --players 4 \\\n")
}

func TestProgressLine(t *testing.T) {
	var b strings.Builder
	p := progressLine(&b)
	p(1, 10)
	p(2, 10) // within 200 ms of the last line: skipped
	p(10, 10)
	lines := strings.Split(b.String(), "\r\033[K")
	require.Len(t, lines, 3, "%q", b.String())
	assert.True(t, strings.HasPrefix(lines[1], "1/10 games, "), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "10/10 games, "), lines[2])
	assert.True(t, strings.HasSuffix(lines[2], " games/s, 0s left"), lines[2])
}

func TestSimNoClock(t *testing.T) {
	out, errOut, code := runCLI("", "sim", "--variant", "italian", "--timeout-rate", "0.05", "--bots", "random",
		"--games", "5", "--seed", "3")
	require.Equal(t, 0, code, errOut)
	out = sim.Unwrap(out)
	assert.Equal(t, 1, strings.Count(out, "No timeouts under italian: no time limit, so the timeout rate does nothing there.\n"), out)
	assert.Contains(t, out, "; 0 timed out, ")
}

func TestSimDifferentDeals(t *testing.T) {
	out, errOut, code := runCLI("", "sim", "--variant", "original", "--variant", "italian", "--bots", "random",
		"--games", "4", "--json")
	require.Equal(t, 0, code, errOut)
	var rep struct {
		Pairs []struct {
			Games  int64  `json:"games"`
			Same   int64  `json:"same_deals"`
			Paired string `json:"paired"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Pairs, 1)
	assert.Equal(t, int64(4), rep.Pairs[0].Games)
	assert.Equal(t, int64(0), rep.Pairs[0].Same, "the pile deal never deals what the original deals")
	assert.Equal(t, "same seeds, different deals", rep.Pairs[0].Paired)
}

func TestSimLabelsAFileByItsName(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.yaml")
	require.NoError(t, os.WriteFile(file, []byte("name: house/ours\nextends: original\nopening:\n  points: 40\n"), 0o644))
	out, errOut, code := runCLI("", "sim", "--variant", "original", "--variant", file, "--bots", "random", "--games", "2")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\nhouse/ours: 2 games, 2 rounds\n")
	assert.Contains(t, out, "\nhouse/ours vs original (2 paired games")
	assert.NotContains(t, out, "mine.yaml")

	_, errOut, code = runCLI("", "sim", "--variant", file, "--variant", file, "--games", "1")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: "+file+" and "+file+" are both named \"house/ours\": compare variants of different names\n", errOut)
}

func TestSimMergeRefusesATamperedShard(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.json")
	_, errOut, code := runCLI("", append(simArgs, "--shard", "1/1", "--out", f)...)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(f)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	raw["variants"].([]any)[0].(map[string]any)["games"] = -999999999999980
	b, err = json.Marshal(raw)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(f, b, 0o644))
	out, errOut, code := runCLI("", "sim", "merge", f)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "meldlab sim merge: "+f+": variant \"original\": impossible statistics: a negative count\n", errOut)
}

func TestSimOutputsReplaceWhole(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"s.json", "chart.svg"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644))
	}
	_, errOut, code := runCLI("", append(simArgs, "--csv", dir, "--svg", filepath.Join(dir, "chart.svg"),
		"--out", filepath.Join(dir, "s.json"))...)
	require.Equal(t, 0, code, errOut)
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"chart.svg", "rounds.csv", "s.json"}, names, "no temporary file left behind")
	b, err := os.ReadFile(filepath.Join(dir, "s.json"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "{"), "replaced")

	// A run refused before it starts leaves every output as it was.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rounds.csv"), []byte("old,whole\n"), 0o644))
	_, _, code = runCLI("", append(simArgs, "--csv", dir, "--games", "0")...)
	require.Equal(t, 2, code)
	b, err = os.ReadFile(filepath.Join(dir, "rounds.csv"))
	require.NoError(t, err)
	assert.Equal(t, "old,whole\n", string(b))
}

func TestSimHonestComparisons(t *testing.T) {
	out, errOut, code := runCLI("", "sim", "--variant", "original", "--variant", "house/no-jokers", "--bots", "random",
		"--games", "6", "--target-width", "pool_empty=20")
	require.Equal(t, 0, code, errOut)
	out = sim.Unwrap(out)
	assert.Contains(t, out, "\nWarning: house/no-jokers is built on italian and original on original: their comparison mixes 5 rule changes, not one: "+
		"in original the box holds 2 jokers; in house/no-jokers the box holds no jokers; ")
	assert.Contains(t, out, "\nPlayed until every interval of rounds ending with an empty pool was at most 20 percentage points wide: 6 games (widest 0 percentage points)")
	assert.Contains(t, out, "  17 games (11 more) would make these intervals half as wide\n")

	_, errOut, code = runCLI("", "sim", "--target-width", "length=2")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: --target-width \"length=2\": no metric \"length\"; the metrics are turns, pool_empty, meld_turn, "+
		"winner_score, joker_left, first_player_wins\n", errOut)
	_, errOut, code = runCLI("", "sim", "--target-width", "2", "--games", "3")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: a target width needs two variants or more: it narrows their differences\n", errOut)
}

func TestSimSweep(t *testing.T) {
	out, errOut, code := runCLI("", "sim", "--sweep", "opening.points=20..40:10", "--bots", "random", "--games", "4", "--json")
	require.Equal(t, 0, code, errOut)
	var rep struct {
		Setup struct {
			Variants []string `json:"variants"`
		} `json:"setup"`
		Sweep struct {
			Key     string   `json:"key"`
			Values  []string `json:"values"`
			Metrics []struct {
				Metric string `json:"metric"`
				Points []struct {
					Value float64 `json:"value"`
				} `json:"points"`
			} `json:"metrics"`
		} `json:"sweep"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, []string{"opening.points=20", "opening.points=30", "opening.points=40"}, rep.Setup.Variants)
	assert.Equal(t, []string{"20", "30", "40"}, rep.Sweep.Values)
	require.Len(t, rep.Sweep.Metrics, 6)
	assert.Len(t, rep.Sweep.Metrics[0].Points, 3)

	out, errOut, code = runCLI("", "sim", "--sweep", "joker.keep=true,false", "--bots", "random", "--games", "2", "--variant", "italian")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\nSweep of joker.keep over true, false (from italian; 95% intervals):\n")

	tests := []struct {
		args   []string
		errOut string
	}{
		{[]string{"--sweep", "joker.keep=true,maybe"}, "meldlab sim: --sweep joker.keep=maybe: joker.keep must be true or false, not \"maybe\"\n"},
		{[]string{"--sweep", "opening.points=20,lots"}, "meldlab sim: --sweep opening.points=lots: opening.points must be a whole number, not \"lots\"\n"},
		{[]string{"--sweep", "opening.pints=1,2"}, "meldlab sim: --sweep: no rule key \"opening.pints\" to sweep; the keys are "},
		{[]string{"--sweep", "opening.points=1,2", "--variant", "original", "--variant", "italian"},
			"meldlab sim: --sweep varies one variant: give one --variant, not 2\n"},
		{[]string{"--sweep", "opening.points=50..20"}, "meldlab sim: sweep \"opening.points=50..20\": 50..20 is empty: write the smaller value first\n"},
		// A value is never printed raw: escaped before its quoted form too.
		{[]string{"--sweep", "opening.points=1,\x1b[2J"},
			"meldlab sim: --sweep opening.points=\\x1b[2J: opening.points must be a whole number, not \"\\x1b[2J\"\n"},
		{[]string{"--sweep", "deal.method=draw,\x1b]0;pwned\a"},
			"meldlab sim: --sweep deal.method=\\x1b]0;pwned\\x07: deal.method is \"\\x1b]0;pwned\\a\"; it must be one of draw, piles\n"},
		{[]string{"--sweep", "joker.keep=\x1b[2J,\x1b[2J"},
			"meldlab sim: sweep \"joker.keep=\\x1b[2J,\\x1b[2J\": \\x1b[2J is given twice\n"},
	}
	for _, tc := range tests {
		_, errOut, code := runCLI("", append([]string{"sim", "--games", "1"}, tc.args...)...)
		assert.Equal(t, 2, code, tc.args)
		assert.True(t, strings.HasPrefix(errOut, tc.errOut), "%s", errOut)
	}
}

// Each house-rule key of issue 22 can be swept, words and numbers alike.
func TestSimSweepHouseKeys(t *testing.T) {
	for _, tc := range []struct {
		sweep   string
		variant string
		names   []string
	}{
		{"end_of_pool.play=pass_round,must_place,score_now,no_pass", "original",
			[]string{"end_of_pool.play=pass_round", "end_of_pool.play=must_place", "end_of_pool.play=score_now", "end_of_pool.play=no_pass"}},
		{"draw.tiles_opened=0..2", "original", []string{"draw.tiles_opened=0", "draw.tiles_opened=1", "draw.tiles_opened=2"}},
		{"match.target=0,50", "original", []string{"match.target=0", "match.target=50"}},
		{"scoring.unopened_penalty=0,100", "original", []string{"scoring.unopened_penalty=0", "scoring.unopened_penalty=100"}},
		{"scoring.round_to=0,10", "original", []string{"scoring.round_to=0", "scoring.round_to=10"}},
		{"opening.lock_turns=1..3", "house/lock-three", []string{"opening.lock_turns=1", "opening.lock_turns=2", "opening.lock_turns=3"}},
		{"opening.lock_ends=first_round,turns", "house/lock-three", []string{"opening.lock_ends=first_round", "opening.lock_ends=turns"}},
		{"sets.group_colors=distinct,any", "original", []string{"sets.group_colors=distinct", "sets.group_colors=any"}},
		{"sets.wrap=false,true,ace_high", "original", []string{"sets.wrap=false", "sets.wrap=true", "sets.wrap=ace_high"}},
		{"table.manipulation=full,add_only,none", "original",
			[]string{"table.manipulation=full", "table.manipulation=add_only", "table.manipulation=none"}},
	} {
		out, errOut, code := runCLI("", "sim", "--sweep", tc.sweep, "--variant", tc.variant, "--bots", "random", "--games", "2", "--rounds", "2", "--json")
		require.Equal(t, 0, code, "%s: %s", tc.sweep, errOut)
		var rep struct {
			Setup struct {
				Variants   []string `json:"variants"`
				NotZeroSum []string `json:"not_zero_sum"`
			} `json:"setup"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &rep), tc.sweep)
		assert.Equal(t, tc.names, rep.Setup.Variants, tc.sweep)
		if strings.HasPrefix(tc.sweep, "scoring.") {
			assert.Equal(t, tc.names[1:], rep.Setup.NotZeroSum, "%s: scores need not sum to zero", tc.sweep)
		}
	}
}

func TestSimSweepRefusesAsAVariantFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ key, yaml, value string }{
		{"opening.points", "opening:\n  points: -5\n", "-5"},
		{"joker.keep", "joker:\n  keep: maybe\n", "maybe"},
		{"deal.method", "deal:\n  method: pile\n", "pile"},
		{"deal.tiles", "deal:\n  tiles: 40\n", "40"},
		{"sets.min_run", "sets:\n  min_run: 1\n", "1"},
		{"draw.tiles", "draw:\n  tiles: lots\n", "lots"},
		{"draw.tiles_opened", "draw:\n  tiles_opened: 21\n", "21"},
		{"end_of_pool.play", "end_of_pool:\n  play: must_play\n", "must_play"},
		{"sets.group_colors", "sets:\n  group_colors: distinc\n", "distinc"},
		{"sets.wrap", "sets:\n  wrap: acehigh\n", "acehigh"},
		{"table.manipulation", "table:\n  manipulation: add-only\n", "add-only"},
		{"match.target", "match:\n  target: -1\n", "-1"},
		{"scoring.unopened_penalty", "scoring:\n  unopened_penalty: lots\n", "lots"},
		{"scoring.round_to", "scoring:\n  round_to: 101\n", "101"},
		{"opening.lock_turns", "opening:\n  lock_turns: 101\n", "101"},
		{"opening.lock_ends", "opening:\n  lock_ends: turn\n", "turn"},
	}
	for _, tc := range tests {
		file := filepath.Join(dir, strings.ReplaceAll(tc.key, ".", "-")+".yaml")
		require.NoError(t, os.WriteFile(file, []byte("name: house/x\nextends: original\n"+tc.yaml), 0o644))
		_, yamlErr, code := runCLI("", "variants", "check", file)
		require.Equal(t, 1, code, yamlErr)
		_, msg, ok := strings.Cut(strings.SplitN(yamlErr, "\n", 2)[0], ".yaml:")
		require.True(t, ok, yamlErr)
		_, msg, _ = strings.Cut(msg, ": ") // after line:col
		_, sweepErr, code := runCLI("", "sim", "--games", "1", "--sweep", tc.key+"="+tc.value+","+tc.value+"x")
		assert.Equal(t, 2, code)
		first, _, _ := strings.Cut(sweepErr, "\n")
		assert.Equal(t, "meldlab sim: --sweep "+tc.key+"="+tc.value+": "+msg, first, tc.key)
	}
	_, errOut, code := runCLI("", "sim", "--games", "1", "--sweep", "joker.replace_from=rack,table")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: --sweep: joker.replace_from is a list of some of rack, table, drawn, as [rack]: "+
		"a sweep takes a number, true or false, or a word\n", errOut)
}

func TestSimMergeNamesTheShardOfAnotherExperiment(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	_, errOut, code := runCLI("", append(simArgs, "--shard", "1/2", "--out", a)...)
	require.Equal(t, 0, code, errOut)
	other := append([]string{}, simArgs...)
	other[len(other)-1] = "6" // --seed 6
	_, errOut, code = runCLI("", append(other, "--shard", "2/2", "--out", b)...)
	require.Equal(t, 0, code, errOut)
	_, errOut, code = runCLI("", "sim", "merge", a, b)
	assert.Equal(t, 1, code)
	assert.Equal(t, "meldlab sim merge: "+b+": another experiment: its seed is 6, not 5\n", errOut)
}

// The report says its sentences in the learner's language, within 80
// columns; numbers and names stay as they are.
func TestSimInFrench(t *testing.T) {
	out, errOut, code := runCLI("", append([]string{"--lang", "fr"}, simArgs...)...)
	require.Equal(t, 0, code, errOut)
	assertFits80(t, out)
	out = sim.Unwrap(out)
	assert.True(t, strings.HasPrefix(out, "9 parties, 3 joueurs (random, random, random), graine 5 ; intervalles de confiance à 95 %\n"), out)
	assert.Contains(t, out, "\nhouse/fifty contre original (9 parties appariées : mêmes graines, mêmes donnes) :\n")
	assert.Contains(t, out, "  victoires par place    place 1 (random) ")
	assert.Contains(t, out, "  victoires par ordre    1er à jouer ")
}

// assertFits80 checks that every line of out is at most 80 columns.
func assertFits80(t *testing.T, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, line)
	}
}

func TestSimBoundsGamesAndShards(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		errOut string
	}{
		{name: "games", args: []string{"--games", "3000000000000000000", "--shard", "4/4"},
			errOut: "meldlab sim: games must be at most 1000000000000, not 3000000000000000000\n"},
		{name: "tournament games", args: []string{"--games", "3000000000000000000"},
			errOut: "meldlab tournament: games must be at most 1000000000000, not 3000000000000000000\n"},
		{name: "slurm task id", args: []string{"--games", "10", "--shard", "auto/4"},
			env: map[string]string{"SLURM_ARRAY_TASK_ID": "-9223372036854775808", "SLURM_ARRAY_TASK_MIN": "9223372036854775806"},
			errOut: "meldlab sim: shard \"auto/4\": SLURM_ARRAY_TASK_ID is -9223372036854775808, not 0 to 3: " +
				"number the array's tasks by the experiment's shards, 0 to 3 (sbatch --array=0-3)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			cmd := "sim"
			tc.args = append(tc.args, "--out", filepath.Join(t.TempDir(), "s.json")) // never a file here
			if strings.HasPrefix(tc.name, "tournament") {
				cmd = "tournament"
				tc.args = append(tc.args[:len(tc.args)-2], "--bots", "greedy,random")
			}
			_, errOut, code := runCLI("", append([]string{cmd}, tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Equal(t, tc.errOut, errOut)
		})
	}
}

func TestSimChecksOutputsBeforePlaying(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		errOut string
	}{
		{name: "--out in no folder", args: []string{"--out", "/nonexistent/shard.json"},
			errOut: "meldlab sim: --out /nonexistent/shard.json: cannot write there: no such file or directory\n"},
		{name: "--out a folder", args: []string{"--out", dir},
			errOut: "meldlab sim: --out " + dir + ": is a folder; name a file\n"},
		{name: "--svg in no folder", args: []string{"--svg", "/nonexistent/chart.svg"},
			errOut: "meldlab sim: --svg /nonexistent/chart.svg: cannot write there: no such file or directory\n"},
		{name: "merge --out a folder", args: []string{"merge", "--out", dir, "shard.json"},
			errOut: "meldlab sim merge: --out " + dir + ": is a folder; name a file\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"sim"}, tc.args...)
			if tc.args[0] != "merge" {
				// No game is played: a CSV file would have been started.
				args = append(args, "--games", "2", "--bots", "random", "--csv", filepath.Join(dir, "csv"))
			}
			out, errOut, code := runCLI("", args...)
			assert.Equal(t, 2, code)
			assert.Equal(t, tc.errOut, errOut)
			assert.Empty(t, out, "no report: nothing was played")
			assert.NoDirExists(t, filepath.Join(dir, "csv"))
		})
	}
}

func TestSimMergeRefusesAnExponentBeforeExpandingIt(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.json")
	_, errOut, code := runCLI("", append(simArgs, "--shard", "1/1", "--out", f)...)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(f)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	// Every sum of every pair: each alone was a million digits.
	for _, p := range raw["pairs"].([]any) {
		for _, m := range p.(map[string]any)["metrics"].([]any) {
			m.(map[string]any)["sum"] = "1e1000000"
			m.(map[string]any)["sum_sq"] = "1e1000000"
		}
	}
	b, err = json.Marshal(raw)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(f, b, 0o644))
	out, errOut, code := runCLI("", "sim", "merge", f)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "meldlab sim merge: "+f+": not a sim result: metric turns: sum \"1e1000000\" is not a whole number or a fraction of two, as -3/4\n", errOut)
}

// TestSimShardResumes checks that a shard saves its results as it goes
// (OUT.partial, a block at a time) and that a shard run again after it was
// killed goes on from the last block saved, to the same file a run without
// a stop writes.
func TestSimShardResumes(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "--variant", "original", "--variant", "house/fifty", "--players", "3", "--bots", "random",
		"--games", "40", "--seed", "5", "--shard", "2/2", "--workers", "1"}
	whole := filepath.Join(dir, "whole.json")
	_, errOut, code := runCLI("", append(args, "--out", whole)...)
	require.Equal(t, 0, code, errOut)
	want, err := os.ReadFile(whole)
	require.NoError(t, err)

	// A run killed after two blocks of 5 games leaves its partial results.
	out := filepath.Join(dir, "shard.json")
	_, errOut, code = runCLI("", append(args, "--out", out, "--block", "5", "--stop-after-blocks", "2")...)
	require.Equal(t, 1, code)
	assert.Equal(t, "meldlab sim: stopped after 2 blocks, as --stop-after-blocks asked; "+out+".partial holds games 20 to 29\n", errOut)
	assert.NoFileExists(t, out)
	b, err := os.ReadFile(out + ".partial")
	require.NoError(t, err)
	var partial struct{ Covered []map[string]int }
	require.NoError(t, json.Unmarshal(b, &partial))
	assert.Equal(t, []map[string]int{{"from": 20, "to": 30}}, partial.Covered)

	// Run again, as a retried pod or task: it goes on from game 30.
	_, errOut, code = runCLI("", append(args, "--out", out, "--block", "5")...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "meldlab sim: resuming "+out+".partial: games 20 to 29 played, 10 to go\n", errOut)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the same results as a run without a stop")
	assert.NoFileExists(t, out+".partial", "removed once the shard is written")

	// Run again once finished (a Job applied again): it plays nothing (the
	// stop after one block would say so) and writes the same results.
	_, errOut, code = runCLI("", append(args, "--out", out, "--block", "5", "--stop-after-blocks", "1")...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "meldlab sim: "+out+" holds shard 2/2 of this experiment, finished by this build: nothing to play\n", errOut)
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	// A partial file of another experiment is refused, not merged.
	require.NoError(t, os.WriteFile(out+".partial", b, 0o644))
	_, errOut, code = runCLI("", append(slices.Clone(args[:len(args)-6]), "--seed", "6", "--shard", "2/2", "--workers", "1",
		"--out", out, "--block", "5")...)
	assert.Equal(t, 1, code)
	assert.Equal(t, "meldlab sim: "+out+".partial: the results to resume are of another experiment: its seed is 5, not 6; "+
		"remove it to start the shard over\n", errOut)
}

// TestProgressPlain: off a terminal, a long run says its progress at each
// tenth, by count; the same lines on any machine.
func TestProgressPlain(t *testing.T) {
	var b strings.Builder
	p := progressPlain(&b, "meldlab sim", msg.CmdProgressGames)
	for done := 1; done <= 2500; done += 7 {
		p(done, 2500)
	}
	p(2500, 2500)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 10, b.String())
	assert.Equal(t, "meldlab sim: 253 of 2500 games played", lines[0])
	assert.Equal(t, "meldlab sim: 2500 of 2500 games played", lines[9])
	prog, end := progressFor(&b, "meldlab sim", msg.CmdProgressGames, 100)
	assert.Nil(t, prog, "a short run off a terminal says nothing")
	end()
}
