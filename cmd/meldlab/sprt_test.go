package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/sim"
)

// sprtArgs is a sequential test of the initial meld's turn, which comes
// some 14 turns later under house/fifty: H1 (10 turns) is accepted early.
var sprtArgs = []string{"sim", "--variant", "original", "--variant", "house/fifty", "--players", "3",
	"--bots", "random", "--games", "40", "--seed", "5", "--sprt", "meld_turn=0,10", "--sprt-batch", "5"}

func TestSimSPRTStopsAndShardsMergeToTheSameVerdict(t *testing.T) {
	out, errOut, code := runCLI("", sprtArgs...)
	require.Equal(t, 0, code, errOut)
	assertFits80(t, out)
	out = sim.Unwrap(out)
	assert.Contains(t, out, "Sequential test (a generalised SPRT) of the turn of the initial meld, house/fifty minus original: "+
		"H0 a difference of 0 turns, H1 of 10; alpha 0.05, beta 0.05; a look every 5 games:\n  H1 ACCEPTED after 20 games: ")
	assert.True(t, strings.HasPrefix(out, "20 games, 3 players"), "it stopped there: %s", out)

	dir := t.TempDir()
	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		_, errOut, code := runCLI("", append(sprtArgs, "--shard", s, "--out", f)...)
		require.Equal(t, 0, code, errOut)
		files = append(files, f)
	}
	part, errOut, code := runCLI("", "sim", "merge", "--partial", files[1])
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, sim.Unwrap(part), "no decision yet after 0 games")
	merged, errOut, code := runCLI("", append([]string{"sim", "merge"}, files...)...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, sim.Unwrap(merged), "H1 ACCEPTED after 20 games: ")
}

func TestSimSPRTRefusesBadTests(t *testing.T) {
	two := []string{"sim", "--variant", "original", "--variant", "house/fifty"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(two, "--sprt", "turns=3"), "--sprt \"turns=3\": write METRIC=D0,D1, the difference under H0 and " +
			"under H1 in the metric's unit, as turns=0,3 or first_player_wins=0,5"},
		{[]string{"sim", "--sprt", "turns=0,3", "--alpha", "0.6"},
			"sequential test: alpha must be more than 0 and less than 0.5, not 0.6"},
		{[]string{"sim", "--sprt", "turns=0,3", "--games", "5"}, "a sequential test compares two variants, not 1"},
		{append(two, "--sprt", "turns=0,3", "--target-width", "2"),
			"a sequential test and a target width cannot go together: each stops the run on its own"},
	} {
		_, errOut, code := runCLI("", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Equal(t, "meldlab sim: "+c.want+"\n", errOut)
	}
}

func TestTournamentSPRT(t *testing.T) {
	out, errOut, code := runCLI("", "tournament", "--bots", "greedy,random", "--players", "2", "--games", "200",
		"--sprt", "greedy,random,0,100")
	require.Equal(t, 0, code, errOut)
	assertFits80(t, out)
	out = sim.Unwrap(out)
	assert.True(t, strings.HasPrefix(out, "20 deals under original"), out)
	assert.Contains(t, out, "H1 ACCEPTED after 20 deals: greedy is +100 Elo stronger than random rather than 0")
	_, errOut, code = runCLI("", "tournament", "--bots", "greedy,random", "--sprt", "greedy,points,0,100")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab tournament: sequential test: \"points\" is not in the tournament (greedy, random)\n", errOut)
}

// TestTournamentCSV: a row per table and round, in deal and table order,
// each bot's seat and score; the rows add up to the report's games.
func TestTournamentCSV(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := runCLI("", "tournament", "--bots", "greedy,random", "--players", "2", "--games", "3", "--csv", dir)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(filepath.Join(dir, "tables.csv"))
	require.NoError(t, err)
	rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"deal", "seed", "table", "round", "turns", "first_seat", "winners", "capped", "bot_1", "bot_2",
		"score_1", "score_2"}, rows[0])
	require.Len(t, rows, 1+3*2, "3 deals of 2 tables, one round each")
	assert.Equal(t, []string{"0", "0", "greedy", "random"}, []string{rows[1][0], rows[1][2], rows[1][8], rows[1][9]})
	assert.Equal(t, []string{"0", "1", "random", "greedy"}, []string{rows[2][0], rows[2][2], rows[2][8], rows[2][9]})
	assert.Equal(t, "2", rows[6][0])
}

// TestLabSPRTExample checks docs/lab.md's sequential test example against
// this build: the command after "$ meldlab sim" (its lines joined), the
// output's first lines up to "...", and the lines after it, in the output.
func TestLabSPRTExample(t *testing.T) {
	b, err := os.ReadFile("../../docs/lab.md")
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	var cmd, head, tail []string
	for i, l := range lines {
		c, ok := strings.CutPrefix(l, "    $ meldlab sim ")
		if !ok || !strings.Contains(strings.Join(lines[i:i+2], " "), "--sprt") {
			continue
		}
		for strings.HasSuffix(c, "\\") {
			i++
			c = strings.TrimSuffix(c, "\\") + " " + strings.TrimSpace(lines[i])
		}
		cmd = strings.Fields(c)
		part := &head
		for _, o := range lines[i+1:] {
			if o == "" {
				break
			}
			if o == "    ..." {
				part = &tail
				continue
			}
			*part = append(*part, strings.TrimPrefix(o, "    "))
		}
		break
	}
	require.NotEmpty(t, cmd, "docs/lab.md shows a sequential test")
	require.NotEmpty(t, head)
	require.NotEmpty(t, tail)
	out, errOut, code := runCLI("", append([]string{"sim"}, cmd...)...)
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, strings.Join(head, "\n")+"\n"), "docs/lab.md says:\n%s\nthis build prints:\n%s",
		strings.Join(head, "\n"), out)
	assert.Contains(t, out, strings.Join(tail, "\n")+"\n")
}
