package puzzle

import (
	"context"
	"testing"

	"github.com/meldlab/meldlab/core"
)

// BenchmarkGenerateGrade4 is the target: 100 grade-4 puzzles of
// original within 2 minutes on a 2-core machine. One op is 10 puzzles;
// ms/puzzle is the figure to multiply by 100.
func BenchmarkGenerateGrade4(b *testing.B) {
	n := 0
	for b.Loop() {
		ps, err := Generate(context.Background(), Config{Variant: "original", Rules: core.Original(), Count: 10, Seed: uint64(n + 1), Grade: 4})
		if err != nil || len(ps) != 10 {
			b.Fatal(err, len(ps))
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(10*n), "ms/puzzle")
}
