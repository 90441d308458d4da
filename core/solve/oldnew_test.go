//go:build solveold

package solve_test

// This build against an older one in one process (issue 27 item 3: "build
// both, run both in one benchmark session"). It needs the older solver as a
// package of its own, core/solveold, which the README's recipe copies from
// commit 13b6959 (the build of 2026-11-23, whose medians are the target) or
// e938c8a (the build the issue measured, its tail targets' baseline) into a
// scratch worktree; so it builds only with the tag:
//
//	go test -tags solveold ./core/solve -run OldNew -v -count 1
//
// TestOldNew solves each problem of each fresh corpus with the older build
// and this one in turns, three times each, each one's time the least of its
// three (so that a slow minute of the machine hits both alike), and prints
// both builds' tiles (they must agree), their percentiles and the median of
// the per-problem ratios (MELDLAB_OLDNEW_CORPUS=xp for one corpus only;
// go run ./internal/sidebyside does all of it in one command).
// TestOldNewBand solves the problems listed in
// /tmp/meldlab-band-CORPUS.txt (TestFreshBand writes it), those where both
// builds visit the same states, inside bandOld or bandNew (MELDLAB_OLDNEW=old
// or new), for callgrind to count alone:
//
//	go test -tags solveold -c -o /tmp/oldnew.test ./core/solve
//	GOGC=off GODEBUG=asyncpreemptoff=1 MELDLAB_BAND=original MELDLAB_OLDNEW=old \
//	    valgrind --tool=callgrind --toggle-collect='*bandOld' /tmp/oldnew.test -test.run OldNewBand

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/core/solveold"
)

func oldOf(p solve.Problem) solveold.Problem {
	return solveold.Problem{Rules: p.Rules, Table: p.Table, Rack: p.Rack, Opened: p.Opened, Locked: p.Locked,
		Objective: solveold.Objective(p.Objective), MaxNodes: p.MaxNodes}
}

func TestOldNew(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range freshCorpora() {
		if only := os.Getenv("MELDLAB_OLDNEW_CORPUS"); only != "" && only != c.name {
			continue
		}
		var tn, to, ratios []float64
		tilesN, tilesO := 0, 0
		for _, p := range c.deal() {
			var rn solve.Result
			var ro solveold.Result
			least := leastInTurns(
				func() { ro, _ = solveold.Solve(context.Background(), oldOf(p)) },
				func() { rn, _ = solve.Solve(context.Background(), p) })
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
			c.name, tilesN, tilesO, q(ratios, .5), q(tn, .5), q(tn, .9), q(tn, .99), tn[n-1], q(to, .5), q(to, .9), q(to, .99), to[n-1])
		assert.Equal(t, tilesO, tilesN, "%s: the tiles placed", c.name)
	}
}

func TestOldNewBand(t *testing.T) {
	which := os.Getenv("MELDLAB_OLDNEW")
	name := os.Getenv("MELDLAB_BAND")
	if which == "" || name == "" {
		t.Skip("MELDLAB_OLDNEW (old or new) and MELDLAB_BAND (a corpus) not set")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	data, err := os.ReadFile("/tmp/meldlab-band-" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range freshCorpora() {
		if c.name != name {
			continue
		}
		probs := c.deal()
		var band []solve.Problem
		for _, f := range strings.Fields(string(data)) {
			i, err := strconv.Atoi(f)
			if err != nil || i < 0 || i >= len(probs) {
				t.Fatalf("%q is no problem of the corpus", f)
			}
			// the tables built, everything met once, outside the count; and
			// only the problems both builds search alike
			a, _ := solve.Solve(context.Background(), probs[i])
			b, _ := solveold.Solve(context.Background(), oldOf(probs[i]))
			if a.Nodes == b.Nodes {
				band = append(band, probs[i])
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
	}
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
