package solve_test

import (
	"runtime"
	"slices"
	"testing"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// BenchmarkRepair runs the rearranging pass (its budget in a solve) on the
// problems of each committed corpus with a play the greedy pass misses, and
// reports the share it finds a play for and its CPU time per problem (the
// least of the runs) at the median, the 99th percentile and the worst:
//
//	go test ./core/solve -run XXX -bench Repair -cpu 1
func BenchmarkRepair(b *testing.B) {
	for _, c := range solvelab.Corpora() {
		var cases []tailCase
		for _, tc := range loadCorpus(b, c) {
			if tc.tiles > 0 && tc.p.Opened && solve.Greedy(tc.p).Tiles == 0 {
				cases = append(cases, tc)
			}
		}
		b.Run(c.Name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			times := make([]float64, len(cases))
			found := 0
			for b.Loop() {
				found = 0
				for i, tc := range cases {
					start := solvelab.ThreadCPU()
					res := solve.Repair(tc.p, solve.RepairNodes)
					if d := float64(solvelab.ThreadCPU()-start) / 1e3; times[i] == 0 || d < times[i] {
						times[i] = d
					}
					if res.Tiles > 0 {
						found++
					}
				}
			}
			slices.Sort(times)
			n := len(times)
			b.ReportMetric(100*float64(found)/float64(n), "found-%")
			b.ReportMetric(times[n/2], "median-µs")
			b.ReportMetric(times[min(n-1, n*99/100)], "p99-µs")
			b.ReportMetric(times[n-1], "worst-µs")
			b.ReportMetric(0, "ns/op")
		})
	}
}
