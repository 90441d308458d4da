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
	hintTailWrite = flag.Bool("hint-tail-write", false, "TestHintTailPositions: write testdata/hint-tail.txt again")
	hintTailDump  = flag.String("hint-tail-dump", "", "BenchmarkHintTail: write every hint's answer to this file, to diff two builds")
)

// hintTailFile holds BenchmarkHintTail's positions, written once (at
// e107200) so that two builds are asked the same ones: the games a build
// plays follow its own hints, and a better hint leads elsewhere. A line is
// "opened locked | table | rack", the seat to play's turn.
const hintTailFile = "testdata/hint-tail.txt"

// TestHintTailPositions writes hintTailFile with -hint-tail-write: every
// turn of the games of four that BenchmarkHintRestricting plays (each seat
// plays its hint, or draws when the hint is no play), seeds 1 to 16,
// played once under the original rules and once under house/joker-grows's
// rule (the Go veto), so that each rule set is asked about the turns the
// other's games reach too.
func TestHintTailPositions(t *testing.T) {
	if !*hintTailWrite {
		t.Skip("-hint-tail-write writes " + hintTailFile)
	}
	var sb strings.Builder
	for _, hooks := range []core.Hooks{nil, coretest.Veto(coretest.JokerSetsOnlyGrow)} {
		for seed := range 16 {
			g, err := core.NewGameWithHooks(core.Original(), hooks, []string{"a", "b", "c", "d"}, uint64(seed+1))
			require.NoError(t, err)
			for turn := 0; !g.RoundOver() && turn < 2000; turn++ {
				p := hintProblem(g)
				fmt.Fprintf(&sb, "%v %v | %s | %s\n", p.Opened, p.Locked, p.Table, core.Table{p.Rack.Tiles()})
				res, err := solve.Legal(context.Background(), p, g, solve.Limits{})
				require.NoError(t, err)
				if res.Tiles > 0 {
					require.NoError(t, g.Play(res.Table))
					continue
				}
				_, err = g.Draw()
				require.NoError(t, err)
				if g.DrawnTile() != core.NoTile {
					require.NoError(t, g.EndTurn())
				}
			}
		}
	}
	require.NoError(t, os.WriteFile(hintTailFile, []byte(sb.String()), 0o644))
}

// hintTailPositions reads hintTailFile: each position a game of four set
// up under rules with hooks, the seat to play's turn (core.Position).
func hintTailPositions(tb testing.TB, rules core.Rules, hooks core.Hooks) []*core.Game {
	text, err := os.ReadFile(hintTailFile)
	require.NoError(tb, err)
	var out []*core.Game
	for line := range strings.Lines(string(text)) {
		f := strings.Split(strings.TrimSpace(line), " | ")
		require.Len(tb, f, 3, line)
		var opened, locked bool
		_, err := fmt.Sscan(f[0], &opened, &locked)
		require.NoError(tb, err, line)
		rack := coretest.Table(f[2])
		g, err := core.NewGameWithHooks(rules, hooks, []string{"a", "b", "c", "d"}, 1)
		require.NoError(tb, err)
		require.NoError(tb, g.Setup(core.Position(4, coretest.Table(f[1]), rack[0], opened, locked)), line)
		out = append(out, g)
	}
	return out
}

// BenchmarkHintTail is the tail of a hint (solve.Legal with the default
// limits, asking the game) under house/joker-grows against the original
// rules, on the same positions (hintTailFile: 32 games of four, 1,296
// turns). Each position is asked
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
	grows, err := scripts.NewGames().Resolve("house/joker-grows")
	require.NoError(b, err)
	lua, err := scripts.NewGames().Hooks(&grows.Rules, 1, nil)
	require.NoError(b, err)
	// One Lua state for every position, as a game has one for its turns.
	sets := []struct {
		name  string
		games []*core.Game
	}{
		{"original", hintTailPositions(b, core.Original(), nil)},
		{"grows-go", hintTailPositions(b, core.Original(), coretest.Veto(coretest.JokerSetsOnlyGrow))},
		{"grows-lua", hintTailPositions(b, grows.Rules, lua)},
	}
	positions := sets[0].games
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
