package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

func TestSeatingsBalance(t *testing.T) {
	tests := []struct {
		bots, players, tables int
	}{
		{4, 4, 24}, {3, 3, 6}, {5, 4, 5 * 24}, {2, 4, 6}, {2, 2, 2},
		// 5 and 7 players: the p-1 cycles i -> i+m (m = 1 to p-1), each in
		// every rotation; 6 players: 20 cycles in which each bot sits at
		// each distance after each other 4 times (no 10 do it).
		{5, 5, 20}, {6, 6, 120}, {7, 7, 42}, {6, 5, 6 * 20}, {7, 6, 7 * 120},
	}
	for _, tc := range tests {
		tr := Tournament{Bots: make([]string, tc.bots), Players: tc.players}
		s := seatings(&tr)
		assert.Len(t, s, tc.tables, "%d bots, %d players", tc.bots, tc.players)
		seat := map[[2]int]int{}   // [bot, seat]
		before := map[[2]int]int{} // [bot, the bot who plays just before it]
		at := map[[3]int]int{}     // [bot, another, how many seats after it the bot sits]
		for _, table := range s {
			for i, b := range table {
				seat[[2]int{b, i}]++
				before[[2]int{b, table[(i+len(table)-1)%len(table)]}]++
				for d := 1; d < len(table); d++ {
					at[[3]int{b, table[(i+len(table)-d)%len(table)], d}]++
				}
			}
		}
		// Each bot takes each seat equally often.
		for b := range tc.bots {
			for i := range tc.players {
				assert.Equal(t, seat[[2]int{0, 0}], seat[[2]int{b, i}], "bot %d seat %d", b, i)
			}
		}
		if tc.bots >= tc.players && tc.players > 2 {
			// ... and plays right after each other bot equally often.
			for a := range tc.bots {
				for b := range tc.bots {
					if a != b {
						assert.Equal(t, before[[2]int{0, 1}], before[[2]int{a, b}], "bot %d after %d", a, b)
						// ... and at each distance after it, for 5 players or more:
						// a neighbour's effect at any distance cancels (issue 45).
						for d := 1; d < tc.players && tc.players >= 5; d++ {
							assert.Equal(t, at[[3]int{0, 1, d}], at[[3]int{a, b, d}], "bot %d %d seats after %d", a, d, b)
						}
					}
				}
			}
		}
	}
}

// seatings are every table of one deal, built.
func seatings(t *Tournament) [][]int {
	var out [][]int
	t.eachSeating(func(s []int) bool {
		out = append(out, slices.Clone(s))
		return true
	})
	return out
}

func tournament(deals int) Tournament {
	return Tournament{Variant: Variant{Name: "original", Rules: core.Original()}, Bots: []string{"greedy", "random", "points"},
		Players: 3, Games: deals, Seed: 3}
}

func TestTournament(t *testing.T) {
	tr := tournament(6)
	tr.Workers = 1
	one, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	tr.Workers = 3
	three, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	var a, b bytes.Buffer
	require.NoError(t, one.WriteJSON(&a))
	require.NoError(t, three.WriteJSON(&b))
	assert.Equal(t, a.String(), b.String(), "the same on any worker count")

	assert.Equal(t, 6, one.TablesPerDeal)
	assert.Equal(t, int64(36), one.Games)
	require.Len(t, one.Ratings, 3)
	assert.Equal(t, "random", one.Ratings[2].Bot, "the random bot rates last")
	for _, r := range one.Ratings {
		assert.True(t, r.Low <= r.Rating && r.Rating <= r.High, "%+v", r)
	}
	var shape struct {
		Ratings []map[string]any `json:"ratings"`
	}
	require.NoError(t, json.Unmarshal(a.Bytes(), &shape))
	assert.ElementsMatch(t, []string{"bot", "rating", "low", "high"}, keys(shape.Ratings[0]))

	// An interval for each pair's difference, in the order of the bots.
	rating := map[string]float64{}
	for _, r := range one.Ratings {
		rating[r.Bot] = r.Rating
	}
	require.Len(t, one.Differences, 3)
	for i, pair := range [][2]string{{"greedy", "random"}, {"greedy", "points"}, {"random", "points"}} {
		d := one.Differences[i]
		assert.Equal(t, pair, [2]string{d.A, d.B})
		assert.InDelta(t, rating[d.A]-rating[d.B], d.Diff, 1e-9)
		assert.True(t, d.Low < d.Diff && d.Diff < d.High, "%+v", d)
	}
	assert.Greater(t, one.Differences[0].Low, 0.0, "greedy is clearly stronger than random")

	// Head to head: every pair meets at every table, once a table.
	require.Len(t, one.HeadToHead, 3)
	for _, h := range one.HeadToHead {
		assert.Equal(t, int64(36), h.Meetings, h.A+" vs "+h.B)
	}
	// Independent: the wins of a round add up to the rounds played.
	var won int64
	for _, w := range one.Wins {
		won += w.K
		assert.Equal(t, int64(36), w.N, "each bot sits at every table")
	}
	assert.GreaterOrEqual(t, won, int64(36))

	var text bytes.Buffer
	require.NoError(t, one.WriteText(&text))
	for _, want := range []string{
		"6 deals under original, 3 players, seed 3: every lineup of greedy, random,\n" +
			"    points in every seating on each deal (6 tables a deal, 36 games)\n",
		"\nRatings (Bradley-Terry on the Elo scale, 1500 the bots' average; 95%\n" +
			"    intervals from a bootstrap over deals, each deal's tables kept together):\n  1. ",
		"\nDifferences (the first bot's rating minus the second's; 95% intervals as\n" +
			"    above; one that leaves out 0 says which is stronger):\n  greedy - random ",
		"\n  3. random ",
		"\n  greedy vs random: greedy wins ",
	} {
		assert.Contains(t, text.String(), want)
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestTournamentErrors(t *testing.T) {
	tr := tournament(1)
	tr.Bots = []string{"greedy", "greedy"}
	_, err := RunTournament(context.Background(), tr)
	require.Error(t, err)
	assert.Equal(t, `bot "greedy" is named twice: each bot plays once, in every seat`, err.Error())
	tr.Bots = []string{"greedy"}
	tr.Games = 0
	_, err = RunTournament(context.Background(), tr)
	require.Error(t, err)
	assert.Equal(t, "games must be at least 1, not 0\na tournament needs two bots or more, not 1", err.Error())
}

func TestTournamentFailedDeal(t *testing.T) {
	tr := tournament(3)
	tr.Bots = []string{"random", "greedy"}
	tr.Players = 2
	hooked := core.Original()
	hooked.Hooks = "house/buggy.lua"
	tr.Variant.Rules = hooked
	bad := GameSeed(tr.Seed, 1)
	tr.Factory = hookFactory(func(seed uint64) (core.Hooks, error) {
		if seed == bad {
			return panicky{}, nil
		}
		return quiet{}, nil
	})
	rep, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	assert.Equal(t, 2, rep.Deals)
	require.Len(t, rep.Failed, 1)
	assert.Equal(t, fmt.Sprintf("game 1 (seed %d) under original: bots random, greedy: panic: the memo lost a proven play", bad), rep.Failed[0].String())
	var text bytes.Buffer
	require.NoError(t, rep.WriteText(&text))
	assert.True(t, strings.Contains(text.String(), "1 deals FAILED and are left out"))
}

func TestHeadToHeadShareStaysInRange(t *testing.T) {
	tr := tournament(3)
	rep, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	for _, h := range rep.HeadToHead {
		assert.True(t, h.Share.Low >= 0 && h.Share.High <= 1, "%s vs %s: %+v", h.A, h.B, h.Share)
		assert.True(t, h.Share.Low <= h.Share.Value && h.Share.Value <= h.Share.High)
	}
}

// manyBots is a registry of n Go bots, b0 to b(n-1), and their names.
func manyBots(n int) (*bots.Registry, []string) {
	reg := bots.NewRegistry()
	var names []string
	for i := range n {
		name := "b" + strconv.Itoa(i)
		reg.Register(name, func(seed uint64) bots.Bot { return bots.NewRandom(seed) })
		names = append(names, name)
	}
	return reg, names
}

func TestTournamentLimits(t *testing.T) {
	tests := []struct {
		name          string
		bots, players int
		err           string
	}{
		{name: "too many bots", bots: 100, players: 4,
			err: "100 bots: a tournament takes at most 32 (every lineup sits at every seating, so the tables grow as bots^players)"},
		{name: "too many tables", bots: 12, players: 4,
			err: "12 bots at 4 players sit at 11880 tables a deal; a tournament takes at most 10000: name fewer bots or seat fewer players"},
		{name: "too many tables at 6 players", bots: 16, players: 6,
			err: "16 bots at 6 players sit at 960960 tables a deal; a tournament takes at most 10000: name fewer bots or seat fewer players"},
		{name: "within the limits", bots: 11, players: 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := tournament(1)
			tr.Registry, tr.Bots = manyBots(tc.bots)
			tr.Players = tc.players
			tr.Variant.Rules.Players.Max = 6
			err := tr.check()
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}

func TestSeatingsAreLazy(t *testing.T) {
	// 32 bots at 4 players are 863,040 tables: counted without building
	// them, and the first few come without the rest.
	tr := Tournament{Bots: make([]string, 32), Players: 4}
	assert.Equal(t, int64(863040), tr.tables())
	var got [][]int
	tr.eachSeating(func(s []int) bool {
		got = append(got, slices.Clone(s))
		return len(got) < 3
	})
	assert.Equal(t, [][]int{{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}}, got)
	// Every count agrees with the tables built.
	for _, c := range [][2]int{{4, 4}, {3, 3}, {5, 4}, {2, 4}, {2, 2}, {5, 5}, {6, 6}, {7, 5}, {2, 6}, {3, 6}, {9, 2}, {7, 7}, {8, 8}, {8, 6}} {
		tr := Tournament{Bots: make([]string, c[0]), Players: c[1]}
		assert.Equal(t, int64(len(seatings(&tr))), tr.tables(), "%d bots, %d players", c[0], c[1])
	}
}

func TestTournamentOneFileIsOneBot(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.lua")
	require.NoError(t, os.WriteFile(file, []byte("-- a bot\n"), 0o644))
	require.NoError(t, os.Symlink(file, filepath.Join(dir, "link.lua")))
	reg := bots.NewRegistry()
	reg.SetLua(func(path string, seed uint64) (bots.Bot, error) { return bots.NewRandom(seed), nil })
	for _, other := range []string{
		dir + "/./mine.lua", // as written: filepath.Join would clean it
		dir + "/../" + filepath.Base(dir) + "/mine.lua",
		filepath.Join(dir, "link.lua"),
	} {
		tr := tournament(1)
		tr.Registry = reg
		tr.Bots = []string{file, "greedy", other}
		err := tr.check()
		require.Error(t, err, other)
		assert.Equal(t, fmt.Sprintf("bots %q and %q are the same file: each bot plays once, in every seat", file, other), err.Error())
	}
}

func TestTournamentOneDealSaysSo(t *testing.T) {
	tr := tournament(1)
	tr.Bots = []string{"greedy", "random"}
	tr.Players = 2
	rep, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	var text bytes.Buffer
	require.NoError(t, rep.WriteText(&text))
	out := Unwrap(text.String())
	assert.NotContains(t, out, "NaN")
	assert.Regexp(t, `\n  1\. \w+ +\d+ \(no interval: one deal\)\n`, out)
	assert.Regexp(t, `\n  greedy vs random: greedy wins \d+\.\d% \(no interval: one deal\) of 2 meetings`, out)
	assert.Regexp(t, `\n  greedy - random +[+-]?\d+ \(no interval: one deal\)\n`, out)
}
