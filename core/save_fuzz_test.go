package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// fuzzSaves are real saves for FuzzLoadGame to mutate: a game after a few
// draws, a scenario set up and won (scores, a second round), a match over.
func fuzzSaves(t testing.TB) [][]byte {
	var out [][]byte
	save := func(g *core.Game) {
		p := filepath.Join(t.TempDir(), "g.json")
		require.NoError(t, g.Save(p))
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		out = append(out, b)
	}
	g, err := core.NewGame(core.Original(), []string{"ann", "bob"}, 5)
	require.NoError(t, err)
	for range 3 {
		_, err := g.Draw()
		require.NoError(t, err)
	}
	save(g)

	g, err = core.NewGame(core.Original(), []string{"ann", "bob", "cy"}, 9)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks: [][]core.Tile{coretest.Tiles("r1 r2 r3"), coretest.Tiles("k5 k9 J"), coretest.Tiles("o1 o13")},
		Table: coretest.Table("[b4 b5 b6]"), Opened: []bool{true, true, false}, Pool: 20}))
	require.NoError(t, g.Play(coretest.Table("[b4 b5 b6] [r1 r2 r3]")))
	save(g) // the round is over: winners and scores
	require.NoError(t, g.NextRound())
	save(g)
	return out
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
		require.NoError(t, g.Save(p))
		h, err := core.LoadGame(p)
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
// mutates games, not refusals. With MELDLAB_WRITE_SEEDS set it also writes
// forged copies to testdata/fuzz/FuzzLoadGame, which go test runs as seeds.
func TestFuzzSeeds(t *testing.T) {
	saves := fuzzSaves(t)
	for _, b := range saves {
		sf, err := core.ParseSave("seed.json", b)
		require.NoError(t, err)
		_, err = sf.Game(nil)
		require.NoError(t, err)
	}
	if os.Getenv("MELDLAB_WRITE_SEEDS") == "" {
		return
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzLoadGame")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	forgeries := map[string]func(m map[string]any){
		"winner-99":     func(m map[string]any) { m["winners"] = []int{99} },
		"round-minus-5": func(m map[string]any) { m["round"] = -5 },
		"turn-2-62":     func(m map[string]any) { m["turn"] = 1 << 62 },
		"short-scores":  func(m map[string]any) { m["round_scores"] = []int{5} },
		"min-run-0":     func(m map[string]any) { m["rules"].(map[string]any)["sets"].(map[string]any)["min_run"] = 0 },
	}
	for name, forge := range forgeries {
		var m map[string]any
		require.NoError(t, json.Unmarshal(saves[1], &m))
		forge(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
}
