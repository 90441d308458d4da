package solve_test

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
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

// BenchmarkSolve solves every instance of a category in turn and reports the
// median and the worst of the instances' times, each instance's time being
// the median of its runs, in microseconds: by the wall clock (median-µs,
// worst-µs) and by the CPU time of the solving thread (cpu-median-µs,
// cpu-worst-µs, Linux only), which other processes on a busy machine do not
// inflate. The instances take turns, so each solve meets a new position, as
// in play (BenchmarkSolveWarm repeats each one instead). Measure on one core:
//
//	go test ./core/solve -run XXX -bench . -cpu 1
func BenchmarkSolve(b *testing.B) { benchCategoriesRun(b, 1) }

// BenchmarkSolveWarm solves each instance several times in a row and keeps
// the repeats: the processor has then learnt that search's branches and
// holds its data, as in a benchmark of one instance. The gap to
// BenchmarkSolve is that warm-up.
func BenchmarkSolveWarm(b *testing.B) { benchCategoriesRun(b, 4) }

func benchCategoriesRun(b *testing.B, repeat int) {
	cats := benchCategories(b)
	for _, name := range []string{"Jokers", "NoJokers", "Opening", "XP"} {
		probs := cats[name]
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread() // for the thread's CPU time
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			wall := make([][]float64, len(probs))
			cpu := make([][]float64, len(probs))
			ctx := context.Background()
			for b.Loop() {
				for i, p := range probs {
					for k := range repeat {
						start, startCPU := time.Now(), solvelab.ThreadCPU()
						if _, err := solve.Solve(ctx, p); err != nil {
							b.Fatal(err)
						}
						if repeat > 1 && k == 0 {
							continue // the first run of a row is not warm yet
						}
						cpu[i] = append(cpu[i], float64(solvelab.ThreadCPU()-startCPU)/1e3)
						wall[i] = append(wall[i], float64(time.Since(start).Nanoseconds())/1e3)
					}
				}
			}
			med, worst := medianWorst(wall)
			b.ReportMetric(med, "median-µs")
			b.ReportMetric(worst, "worst-µs")
			med, worst = medianWorst(cpu)
			b.ReportMetric(med, "cpu-median-µs")
			b.ReportMetric(worst, "cpu-worst-µs")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// medianWorst takes each instance's median time, then the median and the
// largest of those.
func medianWorst(times [][]float64) (float64, float64) {
	per := make([]float64, len(times))
	for i, ts := range times {
		slices.Sort(ts)
		per[i] = ts[len(ts)/2]
	}
	slices.Sort(per)
	return per[len(per)/2], per[len(per)-1]
}
