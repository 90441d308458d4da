// Command firstsolve times the first solve of a fresh process: it solves
// one problem of a fresh corpus once, as the process's first solve, then 20
// times more, and prints the first's CPU time, the least and the median of
// the others', and the ratios; then the same problem after the pause a
// first solve had, which tells what the machine takes back from any process
// that waits, fresh or not. (A solve grows the goroutine's stack itself,
// before its search: reserveStack.) One problem a process, so a loop:
//
//	go build -o /tmp/firstsolve ./internal/firstsolve
//	for i in $(seq 0 37 1500); do /tmp/firstsolve -problem original:$i; done
//	for i in $(seq 7 97 977); do /tmp/firstsolve -prepare -pause busy:10ms -problem original:$i; done
//
// -prepare calls solve.Prepare first, as a program that will solve does
// when it starts, and waits 50 ms; -tables only builds the box's tables
// first (no warm-up): what a first solve pays besides its tables (-prepare
// wins over -tables).
// -warm-other tells what a first solve pays apart: it solves the corpus's
// next problem first, on the same thread. -first-only skips the warm solves
// (for callgrind).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// firstSolvePause is how long a program waits between solve.Prepare and
// its first solve, and how long the warm process waits before each of the
// solves it sets beside the first.
const firstSolvePause = 50 * time.Millisecond

func main() {
	what := flag.String("problem", "", "a fresh corpus and a problem of it, as xp:17 (required)")
	seed := flag.Uint64("seed", solvelab.FreshSeed, "the fresh corpora's first seed")
	prepare := flag.Bool("prepare", false, "call solve.Prepare and wait 50 ms before the first solve")
	tables := flag.Bool("tables", false, "build the box's tables (no warm-up) before the first solve")
	warmOther := flag.Bool("warm-other", false, "solve the corpus's next problem first, on the same thread")
	firstOnly := flag.Bool("first-only", false, "the first solve alone, no warm ones")
	pauseHow := flag.String("pause", "", "how the warm solves wait: asleep (empty), busy, or busy:DURATION")
	flag.Parse()
	if err := run(*what, *seed, *prepare, *tables, *warmOther, *firstOnly, *pauseHow); err != nil {
		fmt.Fprintln(os.Stderr, "firstsolve:", err)
		os.Exit(1)
	}
}

func run(what string, seed uint64, prepare, tables, warmOther, firstOnly bool, pauseHow string) error {
	name, num, ok := strings.Cut(what, ":")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 0 {
		return fmt.Errorf("-problem %q: want CORPUS:N, as xp:17", what)
	}
	c, err := solvelab.FreshCorpusNamed(name, seed)
	if err != nil {
		return err
	}
	probs := c.Deal()
	if k >= len(probs) {
		return fmt.Errorf("-problem %q: the corpus has %d problems", what, len(probs))
	}
	p := probs[k]
	tab := solve.Default()
	switch {
	case prepare:
		tab = solve.Prepare(context.Background(), c.Rules)
		tab.Close()
	case tables:
		solve.BuildTables(c.Rules)
	}
	runtime.LockOSThread()
	if warmOther {
		if _, err := tab.Solve(context.Background(), probs[(k+1)%c.Size]); err != nil {
			return err
		}
	}
	// timed is one solve of p, in microseconds of the thread's CPU time
	timed := func() (float64, error) {
		start := solvelab.ThreadCPU()
		_, err := tab.Solve(context.Background(), p)
		return float64(solvelab.ThreadCPU()-start) / 1e3, err
	}
	faults := solvelab.ThreadFaults()
	first, err := timed()
	if err != nil {
		return err
	}
	faults = solvelab.ThreadFaults() - faults
	warmRuns := 20
	if firstOnly {
		warmRuns = 0
	}
	runs, err := times(warmRuns, func() {}, timed)
	if err != nil {
		return err
	}
	warm, med := first, first
	if len(runs) > 0 {
		warm, med = runs[0], runs[len(runs)/2]
	}
	paused, err := times(warmRuns/4, func() { pause(pauseHow) }, timed)
	if err != nil {
		return err
	}
	pmed := first
	if len(paused) > 0 {
		pmed = paused[len(paused)/2]
	}
	fmt.Printf("first-solve %s:%d first %.1f warm %.1f ratio %.2f median warm %.1f ratio %.2f paused %.1f ratio %.2f faults %d\n",
		name, k, first, warm, first/warm, med, first/med, pmed, first/pmed, faults)
	return nil
}

// times is n timed solves, each after before, sorted.
func times(n int, before func(), timed func() (float64, error)) ([]float64, error) {
	var out []float64
	for range n {
		before()
		d, err := timed()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out, nil
}

// pause waits firstSolvePause asleep, or, given "busy" or "busy:1ms",
// computes that long (or as long as it says) on the thread's registers
// only: no memory of the process is touched either way, yet on a virtual
// machine the caches the thread had are gone after it (busy shows that it
// is not the sleep, busy:1ms how soon).
func pause(how string) {
	if !strings.HasPrefix(how, "busy") {
		time.Sleep(firstSolvePause)
		return
	}
	d := firstSolvePause
	if l, ok := strings.CutPrefix(how, "busy:"); ok {
		var err error
		if d, err = time.ParseDuration(l); err != nil {
			panic(err)
		}
	}
	x := uint64(1)
	for end := solvelab.ThreadCPU() + int64(d); solvelab.ThreadCPU() < end; {
		for range 10_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	runtime.KeepAlive(x) // the loop's work kept, not optimised away
}
