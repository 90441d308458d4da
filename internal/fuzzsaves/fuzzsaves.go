// Package fuzzsaves makes the saves core's save fuzzers start from, shared by
// the fuzz tests and by the command that writes their seed corpus
// (internal/fuzzseeds), so that both start from the same games.
package fuzzsaves

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/internal/files"
)

// Saves are real saves for FuzzLoadGame to mutate: a game after a few
// draws, a scenario set up and won (scores, a second round), a match over.
// dir is a scratch folder: a save is written through the atomic writer, as
// meldlab writes it.
func Saves(dir string) ([][]byte, error) {
	var out [][]byte
	save := func(g *core.Game) error {
		p := filepath.Join(dir, "g.json")
		if err := files.SaveGame(g, p, nil); err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, b)
		return nil
	}
	g, err := core.NewGame(core.Original(), []string{"ann", "bob"}, 5)
	if err != nil {
		return nil, err
	}
	for range 3 {
		if _, err := g.Draw(); err != nil {
			return nil, err
		}
	}
	if err := save(g); err != nil {
		return nil, err
	}

	g, err = core.NewGame(core.Original(), []string{"ann", "bob", "cy"}, 9)
	if err != nil {
		return nil, err
	}
	if err := g.Setup(core.Setup{
		Racks: [][]core.Tile{coretest.Tiles("r1 r2 r3"), coretest.Tiles("k5 k9 J"), coretest.Tiles("o1 o13")},
		Table: coretest.Table("[b4 b5 b6]"), Opened: []bool{true, true, false}, Pool: 20}); err != nil {
		return nil, err
	}
	if err := g.Play(coretest.Table("[b4 b5 b6] [r1 r2 r3]")); err != nil {
		return nil, err
	}
	if err := save(g); err != nil { // the round is over: winners and scores
		return nil, err
	}
	if err := g.NextRound(); err != nil {
		return nil, err
	}
	if err := save(g); err != nil {
		return nil, err
	}
	return out, nil
}

// Forgeries are the won round's save (Saves' second) with one field made
// impossible each, as go test's seed files (testdata/fuzz/FuzzLoadGame/NAME):
// seeds the fuzzer cannot easily reach by mutating bytes.
func Forgeries(saves [][]byte) (map[string][]byte, error) {
	forgeries := map[string]func(m map[string]any){
		"winner-99":     func(m map[string]any) { m["winners"] = []int{99} },
		"round-minus-5": func(m map[string]any) { m["round"] = -5 },
		"turn-2-62":     func(m map[string]any) { m["turn"] = 1 << 62 },
		"short-scores":  func(m map[string]any) { m["round_scores"] = []int{5} },
		"min-run-0":     func(m map[string]any) { m["rules"].(map[string]any)["sets"].(map[string]any)["min_run"] = 0 },
	}
	out := map[string][]byte{}
	for name, forge := range forgeries {
		var m map[string]any
		if err := json.Unmarshal(saves[1], &m); err != nil {
			return nil, err
		}
		forge(m)
		b, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		out[name] = []byte("go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n")
	}
	return out, nil
}
