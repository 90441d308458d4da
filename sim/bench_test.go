package sim

import (
	"context"
	"testing"

	"github.com/meldlab/meldlab/core"
)

// benchSim plays batches of 4-player games between bot on the original
// rules on every core (-cpu sets how many), and reports games per second
// of wall clock and games per CPU-second: on a shared machine the first
// falls with the load, the second much less.
func benchSim(b *testing.B, bot string, batch int) {
	b.ReportAllocs()
	games := 0
	cpu := cpuSeconds()
	for b.Loop() {
		_, err := Run(context.Background(), Config{
			Variants: []Variant{{Name: "original", Rules: core.Original()}},
			Players:  4, Bots: []string{bot}, Games: batch, Seed: uint64(games),
		})
		if err != nil {
			b.Fatal(err)
		}
		games += batch
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if used := cpuSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(games)/used, "games/cpu-s")
	}
}

func BenchmarkSimGreedy(b *testing.B) { benchSim(b, "greedy", 32) }

func BenchmarkSimRandom(b *testing.B) { benchSim(b, "random", 256) }
