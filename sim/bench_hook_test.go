package sim_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/meldlab/meldlab/scripts"
	"github.com/meldlab/meldlab/sim"
)

// growLua is a house rule as a check_play hook: a set holding a joker may
// only grow (its tiles stay together). The greedy solver's best play
// breaks it in about half the turns, so every bot turn there goes through
// the legal search (solve.Legal) and the hook.
const growLua = `function check_play(view, after, placed)
  for _, b in ipairs(view.table) do
    local has = false
    for _, t in ipairs(b) do if t == "J" then has = true end end
    if has then
      local whole = false
      for _, a in ipairs(after) do
        local left = {}
        for _, t in ipairs(a) do left[t] = (left[t] or 0) + 1 end
        local ok = true
        for _, t in ipairs(b) do
          if (left[t] or 0) == 0 then ok = false else left[t] = left[t] - 1 end
        end
        if ok then whole = true end
      end
      if not whole then return false, "a set with a joker may only grow" end
    end
  end
  return true
end
`

// BenchmarkHookedSim plays 4-greedy games, a batch per iteration, under
// the original rules, under house/clean-opening (a Lua hook that rarely
// refuses a play) and under the grow hook above (which refuses the
// solver's best play in about half the turns): games per second of each,
// for the README's figure "a hook variant runs at least half as many games
// per second as the same variant without it".
func BenchmarkHookedSim(b *testing.B) {
	dir := b.TempDir()
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "grow.lua"), []byte(growLua), 0o644))
	must(os.WriteFile(filepath.Join(dir, "grow.yaml"), []byte(
		"name: house/grow\ntitle: a set with a joker may only grow\nsource: house rule\nextends: original\nhooks: grow.lua\n"), 0o644))
	games := scripts.NewGames()
	for _, name := range []string{"original", "house/clean-opening", filepath.Join(dir, "grow.yaml")} {
		v, err := games.Resolve(name)
		must(err)
		b.Run(filepath.Base(v.Rules.Name), func(b *testing.B) {
			const batch = 8
			played, refused := 0, int64(0)
			for b.Loop() {
				res, err := sim.Run(context.Background(), sim.Config{
					Variants: []sim.Variant{{Name: v.Rules.Name, Rules: v.Rules}},
					Players:  4, Bots: []string{"greedy"}, Games: batch, Seed: uint64(played),
					Factory: games, Workers: 1,
				})
				must(err)
				played += batch
				refused += res.Report().Variants[0].Refused.K
			}
			b.ReportMetric(float64(played)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(refused), "refused")
		})
	}
}
