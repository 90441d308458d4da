package solve_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
	"github.com/meldlab/meldlab/scripts"
)

var (
	hintTailGames = flag.Int("hint-tail-games", 16, "BenchmarkHintTail: games of four per rule set the positions come from")
	hintTailDump  = flag.String("hint-tail-dump", "", "BenchmarkHintTail: write every hint's answer to this file, to diff two builds")
)

// hintTailPositions are BenchmarkHintTail's positions: every turn of the
// games of four that BenchmarkHintRestricting plays (each seat plays its
// hint, or draws when the hint is no play), seeds 1 to games, played once
// under the original rules and once under house/joker-grows's rule (the
// Go veto), so that each rule set is asked about the turns the other's
// games reach too. Each position is the game as the seat to play sees it.
func hintTailPositions(tb testing.TB, games int) []*core.Game {
	var out []*core.Game
	for _, hooks := range []core.Hooks{nil, coretest.Veto(coretest.JokerSetsOnlyGrow)} {
		for seed := range games {
			g, err := core.NewGameWithHooks(core.Original(), hooks, []string{"a", "b", "c", "d"}, uint64(seed+1))
			require.NoError(tb, err)
			for turn := 0; !g.RoundOver() && turn < 2000; turn++ {
				out = append(out, g.Clone())
				res, err := solve.Legal(context.Background(), hintProblem(g), g, solve.Limits{})
				require.NoError(tb, err)
				if res.Tiles > 0 {
					require.NoError(tb, g.Play(res.Table))
					continue
				}
				_, err = g.Draw()
				require.NoError(tb, err)
				if g.DrawnTile() != core.NoTile {
					require.NoError(tb, g.EndTurn())
				}
			}
		}
	}
	return out
}

// BenchmarkHintTail is the tail of a hint (solve.Legal with the default
// limits, asking the game) under house/joker-grows against the original
// rules, on the same positions (hintTailPositions: by default 16 games of
// four under each rule set, about 1,200 turns). Each position is asked
// under three rule sets in turn, so that a changing load falls on all
// three alike: the original rules, joker-grows's rule as the Go veto
// (coretest.JokerSetsOnlyGrow) and as the variant's own Lua hook
// (variants/house/joker-grows.lua). A hint's time is the CPU time of the
// solving thread, the least of its runs (-benchtime 3x); the benchmark
// reports, for each rule set, the median, the 99th percentile and the
// worst in microseconds, the mean checks and nodes a hint, and the ratio
// of each joker-grows p99 to the original's (issue 47, item 7: at most
// 3x). One core:
//
//	go test ./core/solve -run '^$' -bench HintTail -benchtime 3x -cpu 1
//
// -hint-tail-dump FILE writes every answer (tiles, points, Optimal, Why,
// the table), one a line, so that two builds can be diffed.
func BenchmarkHintTail(b *testing.B) {
	positions := hintTailPositions(b, *hintTailGames)
	grows, err := scripts.NewGames().Resolve("house/joker-grows")
	require.NoError(b, err)
	lua, err := scripts.NewGames().Hooks(&grows.Rules, 1, nil)
	require.NoError(b, err)
	type ruleSet struct {
		name  string
		games []*core.Game
	}
	sets := []ruleSet{{name: "original"}, {name: "grows-go"}, {name: "grows-lua"}}
	for _, g := range positions {
		// The hooks are set, not handed over (SetHooks): they are shared,
		// and a Veto, a func, cannot be compared with the hooks it replaces.
		orig := g.Clone()
		orig.Hooks = nil
		veto := g.Clone()
		veto.Hooks = coretest.Veto(coretest.JokerSetsOnlyGrow)
		withLua := g.Clone()
		withLua.Rules = grows.Rules
		withLua.Hooks = lua
		sets[0].games = append(sets[0].games, orig)
		sets[1].games = append(sets[1].games, veto)
		sets[2].games = append(sets[2].games, withLua)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	times := make([][]float64, len(sets))
	checks := make([]int, len(sets))
	nodes := make([]int, len(sets))
	answers := make([][]string, len(sets))
	for s := range sets {
		times[s] = make([]float64, len(positions))
		for i := range times[s] {
			times[s][i] = -1
		}
		answers[s] = make([]string, len(positions))
	}
	for b.Loop() {
		clear(checks)
		clear(nodes)
		for i := range positions {
			for s := range sets {
				g := sets[s].games[i]
				ref := &counted{Referee: g}
				start := solvelab.ThreadCPU()
				res, err := solve.Legal(context.Background(), hintProblem(g), ref, solve.Limits{})
				d := float64(solvelab.ThreadCPU()-start) / 1e3
				if err != nil {
					b.Fatal(err)
				}
				if times[s][i] < 0 || d < times[s][i] {
					times[s][i] = d
				}
				checks[s] += ref.n
				nodes[s] += res.Nodes
				answers[s][i] = fmt.Sprintf("%s %d: tiles %d points %d optimal %v why %q table %s",
					sets[s].name, i, res.Tiles, res.Points, res.Optimal, res.Why, res.Table)
			}
		}
	}
	p99 := make([]float64, len(sets))
	for s, set := range sets {
		t := slices.Sorted(slices.Values(times[s]))
		n := len(t)
		p99[s] = t[n*99/100]
		b.ReportMetric(t[n/2], set.name+"-p50-µs")
		b.ReportMetric(p99[s], set.name+"-p99-µs")
		b.ReportMetric(t[n-1], set.name+"-max-µs")
		b.ReportMetric(float64(checks[s])/float64(n), set.name+"-checks/hint")
		b.ReportMetric(float64(nodes[s])/float64(n), set.name+"-nodes/hint")
		if s > 0 {
			b.ReportMetric(p99[s]/p99[0], set.name+"-p99-ratio")
		}
	}
	b.ReportMetric(float64(len(positions)), "positions")
	b.ReportMetric(0, "ns/op")
	if *hintTailDump != "" {
		var sb strings.Builder
		for s := range sets {
			for _, a := range answers[s] {
				sb.WriteString(a + "\n")
			}
		}
		require.NoError(b, os.WriteFile(*hintTailDump, []byte(sb.String()), 0o644))
	}
}
