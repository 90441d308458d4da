//go:build solveold

// Command oldnew times this build's solver against an older one in one
// process (issue 27 item 3: "build both, run both in one benchmark
// session"). It needs the older solver as a package of its own,
// core/solveold, which go run ./internal/sidebyside lays out in a scratch
// worktree (from commit 13b6959, the build of 2026-11-23 whose medians are
// the target, or another), so it builds only with the tag solveold;
// sidebyside builds and runs it, and prints its lines.
//
// With -cli this build is timed as meldlab solve times it since it asks
// the referee (solve.Legal, a game in the problem's position judging the
// answer), against the older build's solve.Solve, what meldlab solve timed
// before: issue 47's measure of the common case.
//
// By default it solves each problem of each fresh corpus with the older
// build and this one in turns, three times each, each one's time the least
// of its three (so that a slow minute of the machine hits both alike), and
// prints both builds' tiles (they must agree), their percentiles and the
// median of the per-problem ratios. With -band CORPUS and -build old or new
// it solves the problems listed in /tmp/meldlab-band-CORPUS.txt (go run
// ./internal/band -rank writes it), those where both builds visit the same
// states, inside bandOld or bandNew, for callgrind to count alone:
//
//	go build -tags solveold -o /tmp/oldnew ./internal/oldnew    # in sidebyside's worktree
//	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//	    --toggle-collect='*bandOld' /tmp/oldnew -band original -build old
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/core/solveold"
	"github.com/meldlab/meldlab/internal/solvelab"
)

func main() {
	only := flag.String("corpus", "", "one fresh corpus only: original, xp or dense (all three if empty)")
	seed := flag.Uint64("seed", solvelab.FreshSeed, "the fresh corpora's first seed")
	band := flag.String("band", "", "count the listed band of this fresh corpus instead, for callgrind")
	build := flag.String("build", "new", "with -band, the build counted: old or new")
	cli := flag.Bool("cli", false, "time this build as meldlab solve does (solve.Legal, the game judging the answer) against the older build's solve.Solve (what meldlab solve ran before it asked the referee)")
	flag.Parse()
	runtime.LockOSThread()
	var err error
	if *band != "" {
		err = countBand(*band, *seed, *build)
	} else {
		err = oldNew(*only, *seed, *cli)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "oldnew:", err)
		os.Exit(1)
	}
}

func oldOf(p solve.Problem) solveold.Problem {
	return solveold.Problem{Rules: p.Rules, Table: p.Table, Rack: p.Rack, Opened: p.Opened, Locked: p.Locked,
		Objective: solveold.Objective(p.Objective), MaxNodes: p.MaxNodes}
}

func oldNew(only string, seed uint64, cli bool) error {
	var differ []string
	for _, c := range solvelab.FreshCorpora(seed) {
		if only != "" && only != c.Name {
			continue
		}
		var tn, to, ratios []float64
		tilesN, tilesO, diffs := 0, 0, 0
		for _, p := range c.Deal() {
			var rn solve.Result
			var ro solveold.Result
			var errN error
			solveNew := func() { rn, errN = solve.Solve(context.Background(), p) }
			if cli {
				// meldlab solve's referee: a game in the problem's position,
				// set up outside the time, as solveTimed does
				ref, err := core.NewGame(p.Rules, make([]string, p.Rules.Players.Min), 1)
				if err != nil {
					return err
				}
				if err := ref.Setup(core.Position(p.Rules.Players.Min, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
					return err
				}
				solveNew = func() { rn, errN = solve.Legal(context.Background(), p, ref, solve.Limits{}) }
			}
			least := solvelab.LeastInTurns(
				func() { ro, _ = solveold.Solve(context.Background(), oldOf(p)) },
				solveNew)
			if errN != nil {
				return errN
			}
			if rn.Tiles != ro.Tiles {
				diffs++
			}
			lo, ln := least[0], least[1]
			tilesN, tilesO = tilesN+rn.Tiles, tilesO+ro.Tiles
			tn, to, ratios = append(tn, ln), append(to, lo), append(ratios, ln/lo)
		}
		slices.Sort(tn)
		slices.Sort(to)
		slices.Sort(ratios)
		n := len(tn)
		q := func(v []float64, f float64) float64 { return v[int(float64(n)*f)] }
		fmt.Printf("%s: tiles %d (old %d), p50 ratio %.3f | this build p50 %.0f µs, p90 %.0f, p99 %.0f, worst %.0f | old p50 %.0f, p90 %.0f, p99 %.0f, worst %.0f\n",
			c.Name, tilesN, tilesO, q(ratios, .5), q(tn, .5), q(tn, .9), q(tn, .99), tn[n-1], q(to, .5), q(to, .9), q(to, .99), to[n-1])
		if cli && diffs > 0 {
			// the older build's meldlab solve answered without the referee:
			// where it refused that answer (a joker's replacement from the
			// table, say), this build answers the best play it allows
			fmt.Printf("%s: %d answers differ from the older build's, each a play the referee refused there\n", c.Name, diffs)
		} else if tilesO != tilesN {
			differ = append(differ, fmt.Sprintf("%s: the tiles placed differ: old %d, this build %d", c.Name, tilesO, tilesN))
		}
	}
	if len(differ) > 0 {
		return errors.New(strings.Join(differ, "; "))
	}
	return nil
}

func countBand(name string, seed uint64, which string) error {
	if which != "old" && which != "new" {
		return fmt.Errorf("-build %q: want old or new", which)
	}
	c, err := solvelab.FreshCorpusNamed(name, seed)
	if err != nil {
		return err
	}
	listed, err := solvelab.ReadBand(name, c.Deal())
	if err != nil {
		return err
	}
	var band []solve.Problem
	for _, p := range listed {
		// the tables built, everything met once, outside the count; and
		// only the problems both builds search alike
		a, _ := solve.Solve(context.Background(), p)
		b, _ := solveold.Solve(context.Background(), oldOf(p))
		if a.Nodes == b.Nodes {
			band = append(band, p)
		}
	}
	tiles := 0
	for _, p := range band {
		if which == "old" {
			tiles += bandOld(oldOf(p))
		} else {
			tiles += bandNew(p)
		}
	}
	fmt.Printf("band %s, %s build: %d problems searched alike, %d tiles\n", name, which, len(band), tiles)
	return nil
}

//go:noinline
func bandOld(p solveold.Problem) int {
	r, _ := solveold.Solve(context.Background(), p)
	return r.Tiles
}

//go:noinline
func bandNew(p solve.Problem) int {
	r, _ := solve.Solve(context.Background(), p)
	return r.Tiles
}
