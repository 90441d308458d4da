package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTournamentCLI(t *testing.T) {
	out, errOut, code := runCLI("", "tournament", "--bots", "greedy,random", "--players", "2", "--games", "4", "--seed", "2", "--json")
	require.Equal(t, 0, code, errOut)
	var rep struct {
		Ratings []struct {
			Bot    string   `json:"bot"`
			Rating float64  `json:"rating"`
			Low    *float64 `json:"low"`
			High   *float64 `json:"high"`
		} `json:"ratings"`
		HeadToHead []struct {
			A, B     string
			Meetings int64 `json:"meetings"`
		} `json:"head_to_head"`
		TablesPerDeal int `json:"tables_per_deal"`
		Differences   []struct {
			A, B            string
			Diff, Low, High *float64
		} `json:"differences"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Ratings, 2)
	assert.Equal(t, "greedy", rep.Ratings[0].Bot)
	require.NotNil(t, rep.Ratings[0].Low)
	assert.LessOrEqual(t, *rep.Ratings[0].Low, rep.Ratings[0].Rating)
	assert.Equal(t, 2, rep.TablesPerDeal, "both seatings of two bots")
	require.Len(t, rep.HeadToHead, 1)
	assert.Equal(t, int64(8), rep.HeadToHead[0].Meetings)
	require.Len(t, rep.Differences, 1, "an interval for the pair's difference")
	d := rep.Differences[0]
	assert.Equal(t, [2]string{"greedy", "random"}, [2]string{d.A, d.B})
	require.True(t, d.Diff != nil && d.Low != nil && d.High != nil)
	assert.InDelta(t, rep.Ratings[0].Rating-rep.Ratings[1].Rating, *d.Diff, 1e-9)
	assert.True(t, *d.Low <= *d.Diff && *d.Diff <= *d.High)

	tests := []struct {
		args   []string
		errOut string
	}{
		{[]string{"--bots", "greedy"}, "meldlab tournament: a tournament needs two bots or more, not 1\n"},
		{[]string{"--bots", "greedy,clever"}, "meldlab tournament: unknown bot \"clever\"; the bots are beginner, greedy, intermediate, patient, planner, points, random, or the path to a .lua file\n"},
		{[]string{"--bots", "greedy,random", "--games", "0"}, "meldlab tournament: games must be at least 1, not 0\n"},
		{[]string{"--bots", "greedy,random", "x"}, "meldlab tournament: unexpected argument \"x\" (options only; see meldlab tournament -h)\n"},
		{[]string{"--bots", "../../scripts/bots/starter.lua,greedy,../../scripts/bots/./starter.lua"},
			"meldlab tournament: bots \"../../scripts/bots/starter.lua\" and \"../../scripts/bots/./starter.lua\" are the same file: " +
				"each bot plays once, in every seat\n"},
	}
	for _, tc := range tests {
		_, errOut, code := runCLI("", append([]string{"tournament"}, tc.args...)...)
		assert.Equal(t, 2, code, tc.args)
		assert.Equal(t, tc.errOut, errOut)
	}
	_, _, code = runCLI("", "tournament", "-h")
	assert.Equal(t, 0, code)
}

// TestLadderRecipe runs the README's ladder recipe on two deals: the four
// rungs are bots the command knows, every lineup sits at every seating,
// and no table fails.
func TestLadderRecipe(t *testing.T) {
	out, errOut, code := runCLI("", "tournament", "--bots", "beginner,intermediate,greedy,planner", "--players", "4",
		"--games", "2", "--seed", "1", "--json")
	require.Equal(t, 0, code, errOut)
	var rep struct {
		Ratings []struct {
			Bot string `json:"bot"`
		} `json:"ratings"`
		TablesPerDeal int   `json:"tables_per_deal"`
		Games         int64 `json:"games"`
		Failed        []any `json:"failed_games"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Len(t, rep.Ratings, 4)
	assert.Equal(t, 24, rep.TablesPerDeal)
	assert.Equal(t, int64(48), rep.Games)
	assert.Empty(t, rep.Failed)
}

// TestReadmeTournamentExample checks that docs/lab.md's tournament example
// is what this build prints: the command after "$ ", then the output's
// first lines, up to a line "...".
func TestReadmeTournamentExample(t *testing.T) {
	b, err := os.ReadFile("../../docs/lab.md")
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	var cmd []string
	var want []string
	for i, l := range lines {
		if c, ok := strings.CutPrefix(l, "    $ meldlab tournament "); ok {
			cmd = strings.Fields(c)
			for _, o := range lines[i+1:] {
				if o == "    ..." {
					break
				}
				want = append(want, strings.TrimPrefix(o, "    "))
			}
			break
		}
	}
	require.NotEmpty(t, cmd, "the README shows a tournament")
	require.NotEmpty(t, want)
	out, errOut, code := runCLI("", append([]string{"tournament"}, cmd...)...)
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, strings.Join(want, "\n")+"\n"), "the README says:\n%s\nthis build prints:\n%s",
		strings.Join(want, "\n"), out)
}
