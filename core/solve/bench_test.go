package solve_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// benchCategories splits the instances the way the issue states its targets.
func benchCategories(b *testing.B) map[string][]solve.Problem {
	shared := loadCases(b, "testdata/solver-cases.jsonl")
	cats := map[string][]solve.Problem{}
	std := core.Original()
	for _, c := range shared {
		p := c.problem(b, std, solve.Tiles)
		switch {
		case strings.HasPrefix(c.ID, "INIT"):
			cats["Opening"] = append(cats["Opening"], p)
		case strings.Contains(c.ID, "_nj_"):
			cats["NoJokers"] = append(cats["NoJokers"], p)
		default:
			cats["Jokers"] = append(cats["Jokers"], p)
		}
	}
	xp := core.Original()
	xp.Tiles = core.XPTiles
	for _, c := range loadCases(b, "testdata/xp-cases.jsonl") {
		cats["XP"] = append(cats["XP"], c.problem(b, xp, solve.Tiles))
	}
	return cats
}

// BenchmarkSolve times every instance of a category in turn and reports,
// besides the time for the whole category, the median and the worst of the
// instances' own times (each the median of its runs), in microseconds.
// Measure on one core: go test ./core/solve -run XXX -bench . -cpu 1
func BenchmarkSolve(b *testing.B) {
	cats := benchCategories(b)
	for _, name := range []string{"Jokers", "NoJokers", "Opening", "XP"} {
		probs := cats[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			times := make([][]time.Duration, len(probs))
			ctx := context.Background()
			for b.Loop() {
				for i, p := range probs {
					start := time.Now()
					if _, err := solve.Solve(ctx, p); err != nil {
						b.Fatal(err)
					}
					times[i] = append(times[i], time.Since(start))
				}
			}
			per := make([]float64, len(probs))
			for i, ts := range times {
				slices.Sort(ts)
				per[i] = float64(ts[len(ts)/2].Nanoseconds()) / 1e3
			}
			slices.Sort(per)
			b.ReportMetric(per[len(per)/2], "median-µs")
			b.ReportMetric(per[len(per)-1], "worst-µs")
			b.ReportMetric(0, "ns/op")
		})
	}
}
