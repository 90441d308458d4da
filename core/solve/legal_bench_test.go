package solve_test

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// BenchmarkLegalHint is a hint (solve.Legal with its default limits) on
// the hardest problems found (testdata/solver-hard.jsonl) and on the first
// 300 of the original tail corpus, with no hook and under the house rule
// "a set with a joker may only grow" (a check_play veto that refuses the
// solver's best play in about half of a game's turns). It reports the
// median, the 99th percentile and the worst hint in milliseconds of the
// solving thread's CPU time (Linux; other processes do not inflate it), and
// the share of hints whose first play the hook refused. One core:
//
//	go test ./core/solve -run XXX -bench LegalHint -benchtime 1x -cpu 1
func BenchmarkLegalHint(b *testing.B) {
	var problems []solve.Problem
	for _, h := range loadCases(b, "testdata/solver-hard.jsonl") {
		rules := core.Original()
		if h.Variant == "xp" {
			rules = solvelab.XPRules()
		}
		problems = append(problems, h.problem(b, rules, solve.Tiles))
	}
	for _, c := range solvelab.Corpora()[:1] {
		for _, tc := range loadCorpus(b, c)[:300] {
			problems = append(problems, tc.p)
		}
	}
	for _, h := range []struct {
		name string
		veto coretest.Veto
	}{{"no-hook", nil}, {"grow-hook", coretest.JokerSetsOnlyGrow}} {
		b.Run(h.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var times []float64
			refused := 0
			for b.Loop() {
				times, refused = times[:0], 0
				for _, p := range problems {
					var hk core.Hooks
					if h.veto != nil {
						hk = h.veto
					}
					g, err := core.NewGameWithHooks(p.Rules, hk, []string{"ana", "ben"}, 1)
					if err != nil {
						b.Fatal(err)
					}
					if err := g.Setup(core.Position(2, p.Table, p.Rack.Tiles(), p.Opened, false)); err != nil {
						b.Fatal(err)
					}
					start := solvelab.ThreadCPU()
					res, err := solve.Legal(context.Background(), p, g, solve.Limits{})
					times = append(times, float64(solvelab.ThreadCPU()-start)/1e6)
					if err != nil {
						b.Fatal(err)
					}
					if res.Refused > 0 {
						refused++
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "median-ms")
			b.ReportMetric(times[len(times)*99/100], "p99-ms")
			b.ReportMetric(times[len(times)-1], "worst-ms")
			b.ReportMetric(100*float64(refused)/float64(len(problems)), "%refused")
		})
	}
}
