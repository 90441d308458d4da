// Command band is for counting instructions: it solves the problems of a
// fresh corpus's band, listed in /tmp/meldlab-band-CORPUS.txt, once to
// build the tables and then once inside bandSolve, which callgrind can
// count alone; and prints their tiles and search states added up, so that
// two builds can be seen to do the same search. With -rank it writes the
// list instead, from this build's times (the least of 3 runs): the problems
// whose CPU time lies between the 30th and the 70th percentile, or those
// -band names. The band's median, the common case, is what the clock
// measures least well on a busy machine; instructions do not depend on the
// load:
//
//	go run ./internal/band -corpus original -rank
//	go run ./internal/band -corpus original -rank -band 96-99.5
//	go build -o /tmp/band ./internal/band
//	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//	    --toggle-collect='*bandSolve' /tmp/band -corpus original
//
// (GOGC=off: the collector's work, done on the solving thread at moments
// that differ from run to run, would be counted too.)
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

func main() {
	name := flag.String("corpus", "", "the fresh corpus: original, xp or dense (required)")
	seed := flag.Uint64("seed", solvelab.FreshSeed, "the fresh corpora's first seed")
	rank := flag.Bool("rank", false, "write the band's list from this build's times rather than count it")
	bandFlag := flag.String("band", "30-70", "with -rank, the band's percentiles, LOW-HIGH")
	params := flag.String("params", "", "the solver's params changed, as go run ./internal/abrun -params takes them")
	flag.Parse()
	if err := run(*name, *seed, *rank, *bandFlag, *params); err != nil {
		fmt.Fprintln(os.Stderr, "band:", err)
		os.Exit(1)
	}
}

func run(name string, seed uint64, rank bool, band, params string) error {
	var lo, hi float64
	if _, err := fmt.Sscanf(band, "%g-%g", &lo, &hi); err != nil || !(0 <= lo && lo < hi && hi <= 100) {
		return fmt.Errorf("-band %q: want LOW-HIGH percentiles", band)
	}
	if params != "" {
		var err error
		if bandTables, err = solve.WithParamsText(params); err != nil {
			return err
		}
	}
	c, err := solvelab.FreshCorpusNamed(name, seed)
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	probs := c.Deal()
	if rank {
		return writeBand(name, probs, lo, hi)
	}
	problems, err := solvelab.ReadBand(name, probs)
	if err != nil {
		return err
	}
	for _, p := range problems { // the tables built, and everything met once, outside the count
		if _, err := bandTables.Solve(context.Background(), p); err != nil {
			return err
		}
	}
	tiles, nodes := 0, 0
	for _, p := range problems {
		res := bandSolve(p)
		tiles, nodes = tiles+res.Tiles, nodes+res.Nodes
	}
	fmt.Printf("band %s: %d problems, %d tiles, %d search states\n", name, len(problems), tiles, nodes)
	return nil
}

// writeBand times each problem (the least of 3 runs) and lists those
// between the lo-th and the hi-th percentile.
func writeBand(name string, probs []solve.Problem, lo, hi float64) error {
	type timed struct {
		i  int
		us float64
	}
	var ts []timed
	for i, p := range probs {
		best := -1.0
		for range 3 {
			start := solvelab.ThreadCPU()
			bandSolve(p)
			if d := float64(solvelab.ThreadCPU()-start) / 1e3; best < 0 || d < best {
				best = d
			}
		}
		ts = append(ts, timed{i, best})
	}
	slices.SortStableFunc(ts, func(a, b timed) int { return cmp.Compare(a.us, b.us) })
	band := ts[int(float64(len(ts))*lo/100):int(float64(len(ts))*hi/100)]
	var b strings.Builder
	for _, x := range band {
		fmt.Fprintf(&b, "%d\n", x.i)
	}
	list := solvelab.BandFile(name)
	if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("band %s: %d problems, %.1f-%.1f µs, in %s\n", name, len(band), band[0].us, band[len(band)-1].us, list)
	return nil
}

// bandTables solve with the params -params changes.
var bandTables = solve.Default()

// bandSolve is Solve under a name of its own, for callgrind to count.
//
//go:noinline
func bandSolve(p solve.Problem) solve.Result {
	res, err := bandTables.Solve(context.Background(), p)
	if err != nil {
		panic(err)
	}
	return res
}
