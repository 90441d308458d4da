package sim

import (
	"context"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/scripts"
)

// BenchmarkHookedSim plays 4-greedy games under the original rules, under
// house/clean-opening (a Lua hook that rarely refuses a play) and under
// house/joker-grows (a hook that refuses the solver's best play in about
// half the turns), a batch of each in turn on one worker, and reports the
// games per CPU-second of each and their ratio to the original's. Taking
// the variants in turn and counting CPU time keeps the ratio honest on a
// machine whose load changes: "a hook variant runs at least half as many
// games per second as the same variant without it".
//
//	go test ./sim -run XXX -bench HookedSim -benchtime 10x -count 5
func BenchmarkHookedSim(b *testing.B) {
	games := scripts.NewGames()
	names := []string{"original", "house/clean-opening", "house/joker-grows"}
	var vs []Variant
	for _, name := range names {
		v, err := games.Resolve(name)
		if err != nil {
			b.Fatal(err)
		}
		vs = append(vs, Variant{Name: v.Rules.Name, Rules: v.Rules})
	}
	const batch = 8
	cpu := make([]float64, len(vs))
	played, refused := 0, int64(0)
	for b.Loop() {
		for i, v := range vs {
			start := cpuSeconds()
			res, err := Run(context.Background(), Config{
				Variants: []Variant{v}, Players: 4, Bots: []string{"greedy"}, Games: batch, Seed: uint64(played),
				Factory: games, Workers: 1,
			})
			if err != nil {
				b.Fatal(err)
			}
			cpu[i] += cpuSeconds() - start
			refused += res.Report().Variants[0].Refused.K
		}
		played += batch
	}
	for i, name := range names {
		if cpu[i] <= 0 {
			continue
		}
		short := strings.TrimPrefix(name, "house/")
		b.ReportMetric(float64(played)/cpu[i], short+"-games/cpu-s")
		if i > 0 && cpu[0] > 0 {
			b.ReportMetric(cpu[0]/cpu[i], short+"-ratio")
		}
	}
	b.ReportMetric(float64(refused), "refused")
}
