package sim

import (
	"context"
	"testing"

	"github.com/meldlab/meldlab/core"
)

// benchSim plays batches of 4-player games between bot on the original
// rules on every core, and reports games per second.
func benchSim(b *testing.B, bot string, batch int) {
	b.ReportAllocs()
	games := 0
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
}

func BenchmarkSimGreedy(b *testing.B) { benchSim(b, "greedy", 32) }

func BenchmarkSimRandom(b *testing.B) { benchSim(b, "random", 256) }
