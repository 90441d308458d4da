package sim_test

import (
	"context"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/scripts"
	"github.com/meldlab/meldlab/sim"
)

// BenchmarkHookedSim plays 4-greedy games, a batch per iteration, under
// the original rules, under house/clean-opening (a Lua hook that rarely
// refuses a play) and under house/joker-grows (a hook that refuses the
// solver's best play in about half the turns): games per second of each,
// for the README's figure "a hook variant runs at least half as many games
// per second as the same variant without it".
func BenchmarkHookedSim(b *testing.B) {
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	games := scripts.NewGames()
	for _, name := range []string{"original", "house/clean-opening", "house/joker-grows"} {
		v, err := games.Resolve(name)
		must(err)
		b.Run(strings.TrimPrefix(v.Rules.Name, "house/"), func(b *testing.B) {
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
