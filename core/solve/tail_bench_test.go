package solve_test

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// BenchmarkTail solves every problem of each tail corpus and reports the
// median, the 99th percentile and the worst of the problems' times, in
// microseconds of the solving thread's CPU time (Linux; other processes do
// not inflate it), each problem's time the least of its runs; it logs the
// slowest problems' ids. Measure on one core:
//
//	go test ./core/solve -run XXX -bench Tail -cpu 1
func BenchmarkTail(b *testing.B) {
	for _, c := range solvelab.Corpora() {
		cases := loadCorpus(b, c)
		b.Run(c.Name, func(b *testing.B) { tailRun(b, cases) })
	}
	hard := loadCases(b, "testdata/solver-hard.jsonl")
	b.Run("hard", func(b *testing.B) {
		var cases []tailCase
		for _, h := range hard {
			rules := core.Original()
			if h.Variant == "xp" {
				rules = solvelab.XPRules()
			}
			cases = append(cases, tailCase{id: h.ID, p: h.problem(b, rules, solve.Tiles), tiles: h.Tiles})
		}
		tailRun(b, cases)
	})
}

func tailRun(b *testing.B, cases []tailCase) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	times := make([]float64, len(cases))
	for i := range times {
		times[i] = -1
	}
	ctx := context.Background()
	for b.Loop() {
		for i, tc := range cases {
			start := solvelab.ThreadCPU()
			if _, err := solve.Solve(ctx, tc.p); err != nil {
				b.Fatal(err)
			}
			if d := float64(solvelab.ThreadCPU()-start) / 1e3; times[i] < 0 || d < times[i] {
				times[i] = d
			}
		}
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	n := len(sorted)
	b.ReportMetric(sorted[n/2], "p50-µs")
	b.ReportMetric(sorted[min(n-1, n*99/100)], "p99-µs")
	b.ReportMetric(sorted[n-1], "max-µs")
	b.ReportMetric(0, "ns/op")
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(x, y int) bool { return times[order[x]] > times[order[y]] })
	var slow string
	for _, i := range order[:min(5, n)] {
		slow += fmt.Sprintf(" %s %.0fµs", cases[i].id, times[i])
	}
	b.Logf("slowest:%s", slow)
}

// BenchmarkAnytime gives every problem of each corpus a budget of 1 ms,
// then 10 ms, and reports how far the answers fall short of the optimum:
// the mean and the worst gap, in tiles for the problems that maximise tiles
// and in points for the others, the share of searches cut, and the answers
// with nothing placed where the optimum places tiles. And when the answers
// came, as a multiple of the budget: the share later than twice the budget
// and the 99th percentile and the worst, by the wall clock (what a player
// waits, inflated by other processes on a busy machine) and by the CPU time
// of the solving thread.
//
//	go test ./core/solve -run XXX -bench Anytime -benchtime 1x -cpu 1
func BenchmarkAnytime(b *testing.B) {
	for _, c := range solvelab.Corpora() {
		cases := loadCorpus(b, c)
		for _, budget := range []time.Duration{time.Millisecond, 10 * time.Millisecond} {
			b.Run(fmt.Sprintf("%s/%v", c.Name, budget), func(b *testing.B) {
				// (in the goroutine that solves: b.Run starts one, and
				// the thread's CPU time is only the solve's on its thread)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				// by objective: 0 tiles, 1 points
				var sum, worst, count [2]float64
				var cut, empty, late float64
				var wall, cpu []float64 // the answers' times, in budgets
				for b.Loop() {
					sum, worst, count, cut, empty, late = [2]float64{}, [2]float64{}, [2]float64{}, 0, 0, 0
					wall, cpu = wall[:0], cpu[:0]
					for _, tc := range cases {
						start, c0 := time.Now(), solvelab.ThreadCPU()
						ctx, cancel := context.WithTimeout(context.Background(), budget)
						res, err := solve.Solve(ctx, tc.p)
						cancel()
						// Figures the benchmark reports (issue 27: answers
						// within twice the budget), never a test's verdict.
						w := float64(time.Since(start)) / float64(budget)
						wall = append(wall, w)
						cpu = append(cpu, float64(solvelab.ThreadCPU()-c0)/float64(budget))
						if w > 2 {
							late++
						}
						if err != nil {
							b.Fatal(err)
						}
						o := 0
						gap := float64(tc.tiles - res.Tiles)
						if tc.p.Objective == solve.Points {
							o, gap = 1, float64(tc.pts-res.Points)
						}
						sum[o] += gap
						worst[o] = max(worst[o], gap)
						count[o]++
						if !res.Optimal {
							cut++
						}
						if res.Tiles == 0 && tc.tiles > 0 {
							empty++
						}
					}
				}
				slices.Sort(wall)
				slices.Sort(cpu)
				n := len(wall)
				b.ReportMetric(sum[0]/count[0], "mean-gap-tiles")
				b.ReportMetric(worst[0], "worst-gap-tiles")
				b.ReportMetric(sum[1]/count[1], "mean-gap-points")
				b.ReportMetric(worst[1], "worst-gap-points")
				b.ReportMetric(100*cut/float64(len(cases)), "cut-%")
				b.ReportMetric(empty, "empty")
				b.ReportMetric(100*late/float64(len(cases)), "late-%")
				b.ReportMetric(wall[n*99/100], "p99-wall-x")
				b.ReportMetric(wall[n-1], "max-wall-x")
				b.ReportMetric(cpu[n*99/100], "p99-cpu-x")
				b.ReportMetric(cpu[n-1], "max-cpu-x")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// BenchmarkWrapBudget solves a sample of the original corpus with runs that
// wrap (house/wrap) under the bots' node budget (bots.DefaultMaxNodes) and
// reports the share of searches the budget cuts short.
//
//	go test ./core/solve -run XXX -bench WrapBudget -benchtime 1x -cpu 1
func BenchmarkWrapBudget(b *testing.B) {
	const botNodes = 200_000
	cases := loadCorpus(b, solvelab.Corpora()[0])
	var cut, n float64
	for b.Loop() {
		cut, n = 0, 0
		for i, tc := range cases {
			if i%10 != 0 {
				continue
			}
			p := tc.p
			p.Rules.Sets.Wrap = core.WrapRound
			p.MaxNodes = botNodes
			res, err := solve.Solve(context.Background(), p)
			if err != nil {
				b.Fatal(err)
			}
			n++
			if !res.Optimal {
				cut++
			}
		}
	}
	b.ReportMetric(100*cut/n, "cut-%")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkHouseShapes is BenchmarkTail's corpora under the house set
// shapes, every problem the same as there but for the key: groups that may
// repeat a colour (sets.group_colors: any), runs that may end with the 1
// after 13 (sets.wrap: ace_high). The figures side by side with
// BenchmarkTail's are the price of searching the wider shape. (Its name
// leaves it out of -bench 'BenchmarkSolve|Tail', the printed shapes'
// comparison.)
//
//	go test ./core/solve -run XXX -bench HouseShapes -cpu 1
func BenchmarkHouseShapes(b *testing.B) {
	shapes := []struct {
		name string
		set  func(*core.SetShape)
	}{
		{"any", func(s *core.SetShape) { s.GroupColors = core.AnyColors }},
		{"ace_high", func(s *core.SetShape) { s.Wrap = core.AceHigh }},
	}
	for _, c := range solvelab.Corpora() {
		base := loadCorpus(b, c)
		for _, sh := range shapes {
			cases := slices.Clone(base)
			for i := range cases {
				sh.set(&cases[i].p.Rules.Sets)
			}
			b.Run(c.Name+"/"+sh.name, func(b *testing.B) { tailRun(b, cases) })
		}
	}
}
