package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/internal/fuzzsaves"
	"github.com/meldlab/meldlab/variants"
)

func fuzzSaves(t testing.TB) [][]byte {
	saves, err := fuzzsaves.Saves(t.TempDir())
	require.NoError(t, err)
	return saves
}

// A save of any content loads as a game its rules could have produced, or
// is refused with an error; it never panics. A game that loads saves and
// loads again as the same game, and play goes on from it.
func FuzzLoadGame(f *testing.F) {
	for _, b := range fuzzSaves(f) {
		f.Add(b)
	}
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := core.ParseSave("fuzz.json", data)
		if err != nil {
			return
		}
		g, err := sf.Game(nil)
		if err != nil {
			return
		}
		n++
		p := filepath.Join(dir, "g"+strconv.Itoa(n)+".json")
		require.NoError(t, files.SaveGame(g, p, nil))
		h, err := files.LoadGame(p)
		require.NoError(t, err, "a game that loaded saves and loads again")
		a, _ := json.Marshal(g.History())
		b, _ := json.Marshal(h.History())
		require.JSONEq(t, string(a), string(b))
		require.Len(t, h.RoundScores(), map[bool]int{true: h.Players(), false: 0}[h.RoundOver()])
		_ = h.View(h.Current())
		switch {
		case h.MatchOver():
		case h.RoundOver():
			_ = h.NextRound()
		default:
			_, _ = h.Draw()
		}
	})
}

// TestFuzzSeeds: the saves FuzzLoadGame starts from load, so the fuzzer
// mutates games, not refusals. go run ./internal/fuzzseeds writes forged
// copies to testdata/fuzz/FuzzLoadGame, which go test runs as seeds.
func TestFuzzSeeds(t *testing.T) {
	for _, b := range fuzzSaves(t) {
		sf, err := core.ParseSave("seed.json", b)
		require.NoError(t, err)
		_, err = sf.Game(nil)
		require.NoError(t, err)
	}
}

// forgeable are the fields FuzzForgedSave changes: the state, the first
// action of the history, and rules.
var forgeable = [][]string{
	{"round"}, {"turn"}, {"current"}, {"passes"}, {"match_winner"},
	{"winners", "0"}, {"round_scores", "0"}, {"totals", "1"}, {"rounds_won", "0"},
	{"history", "0", "round"}, {"history", "0", "seat"}, {"history", "0", "turn"},
	{"rules", "draw", "tiles"}, {"rules", "sets", "min_run"}, {"rules", "sets", "min_group"},
	{"rules", "tiles", "copies"}, {"rules", "tiles", "jokers"}, {"rules", "deal", "tiles"},
	{"rules", "failed_play", "penalty_tiles"}, {"rules", "time_limit", "penalty_tiles"},
	{"rules", "opening", "points"}, {"rules", "players", "max"},
	{"rules", "players", "min"}, {"rules", "joker", "penalty"}, {"rules", "match", "rounds"},
	{"rules", "time_limit", "seconds"}, {"rules", "deal", "take"},
}

// A save with one number changed is refused, unless the change leaves the
// state its seed and history give (a rule that played no part); it never
// panics. The number may replace a list, to make it short. A save whose
// forged rules load is not taken for the shipped variant it names
// (variants.Claim): it is "custom, based on original".
func FuzzForgedSave(f *testing.F) {
	saves := fuzzSaves(f)
	original, err := variants.Load("original")
	require.NoError(f, err)
	for i := range forgeable {
		f.Add(uint8(1), uint8(i), int64(-5), false)
		f.Add(uint8(2), uint8(i), int64(99), true)
		f.Add(uint8(0), uint8(i), int64(1)<<62, false)
		f.Add(uint8(0), uint8(i), int64(2), false) // in range: rules that replay legally
		f.Add(uint8(1), uint8(i), int64(50), false)
	}
	f.Fuzz(func(t *testing.T, save, field uint8, value int64, whole bool) {
		var m map[string]any
		require.NoError(t, json.Unmarshal(saves[int(save)%len(saves)], &m))
		path := forgeable[int(field)%len(forgeable)]
		var at any = m
		for i, k := range path {
			last := i == len(path)-1
			switch c := at.(type) {
			case map[string]any:
				if last || (whole && i == len(path)-2) {
					if whole && !last {
						c[k] = []int64{value} // a list of one: shorter than the seats
						goto forged
					}
					c[k] = value
					goto forged
				}
				at = c[k]
			case []any:
				n, _ := strconv.Atoi(k)
				if n >= len(c) {
					return // nothing to forge in this save
				}
				if last {
					c[n] = value
					goto forged
				}
				at = c[n]
			default:
				return
			}
		}
	forged:
		b, err := json.Marshal(m)
		require.NoError(t, err)
		sf, err := core.ParseSave("forged.json", b)
		if err != nil {
			return
		}
		g, err := sf.Game(nil)
		if err != nil {
			return
		}
		// It loaded: then it is the game its seed and history give.
		p := filepath.Join(t.TempDir(), "g.json")
		require.NoError(t, files.SaveGame(g, p, nil))
		back, err := os.ReadFile(p)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(back, &got))
		if path[0] != "rules" {
			want, _ := json.Marshal(m[path[0]])
			have, _ := json.Marshal(got[path[0]])
			require.JSONEq(t, string(want), string(have), "a forged %v loaded", path)
		}
		// Forged rules that replay legally still name a shipped variant
		// (every save here is of original): what a loader shows must not
		// call them original unless they are original's rules, exactly.
		shipped, name := variants.Claim(sf.Rules)
		same := variants.SameRules(sf.Rules, original)
		require.Equal(t, same, shipped != nil, "forged %v: the shipped variant claimed, or not", path)
		if !same {
			require.Equal(t, variants.CustomPrefix+"original", name, "forged %v: rules not original's are shown as custom", path)
		}
	})
}
