// Command abrun compares two settings of the solver's params in one
// process, on the fresh corpora: each problem is solved with the defaults
// and with the changes in turns, three times each, and each setting's time
// is the least of its three, so a slow minute of the machine hits both
// alike (two binaries run in turns cannot tell 5% apart here). It prints,
// for each corpus, the 50th, 90th and 99th percentiles, the worst and the
// sum of the CPU times, and how many answers differ in value (none may:
// it then exits 1).
//
//	go run ./internal/abrun -params raceFirst=1500
//	go run ./internal/abrun -params plainFirst=0,noTops=true -corpus xp -seed 5101
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

func main() {
	changes := flag.String("params", "", "the changes, as raceFirst=1500,noTops=true (required)")
	only := flag.String("corpus", "", "one fresh corpus only: original, xp or dense (all three if empty)")
	seed := flag.Uint64("seed", solvelab.FreshSeed, "the fresh corpora's first seed")
	flag.Parse()
	if *changes == "" {
		fmt.Fprintln(os.Stderr, "abrun: -params names the changes to compare with the defaults")
		os.Exit(2)
	}
	base := solve.Default()
	changed, err := solve.WithParamsText(*changes)
	if err != nil {
		fmt.Fprintln(os.Stderr, "abrun:", err)
		os.Exit(2)
	}
	runtime.LockOSThread()
	ok := true
	for _, c := range solvelab.FreshCorpora(*seed) {
		if *only != "" && *only != c.Name {
			continue
		}
		differ, err := compare(c, base, changed, *changes)
		if err != nil {
			fmt.Fprintln(os.Stderr, "abrun:", err)
			os.Exit(1)
		}
		if differ > 0 {
			fmt.Printf("%s: %d answers of another value\n", c.Name, differ)
			ok = false
		}
	}
	if !ok {
		os.Exit(1)
	}
}

func compare(c solvelab.FreshCorpus, base, changed *solve.Tables, changes string) (differ int, err error) {
	var times [2][]float64
	for _, p := range c.Deal() {
		var res [2]solve.Result
		var errs [2]error
		least := solvelab.LeastInTurns(
			func() { res[0], errs[0] = base.Solve(context.Background(), p) },
			func() { res[1], errs[1] = changed.Solve(context.Background(), p) })
		for _, err := range errs {
			if err != nil {
				return 0, err
			}
		}
		if res[0].Tiles != res[1].Tiles || res[0].Points != res[1].Points {
			differ++
		}
		times[0], times[1] = append(times[0], least[0]), append(times[1], least[1])
	}
	for k, name := range []string{"defaults", changes} {
		ts := times[k]
		sum := 0.0
		for _, x := range ts {
			sum += x
		}
		slices.Sort(ts)
		n := len(ts)
		fmt.Printf("%s, %s: p50 %.0f µs, p90 %.0f, p99 %.0f, worst %.0f, sum %.0f ms\n",
			c.Name, name, ts[n/2], ts[n*9/10], ts[n*99/100], ts[n-1], sum/1e3)
	}
	return differ, nil
}
