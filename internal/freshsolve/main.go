// Command freshsolve times `meldlab solve --timeout` as a person meets it: each
// problem of a committed corpus in a fresh process, the solver's tables not
// yet built (issue 27 items 3 and 4). It builds meldlab, runs the first n
// problems one process each, and prints how many answered no play where the
// corpus's proven optimum places tiles, the mean gap to that optimum, and
// the answers' time (the "micros" meldlab reports: wall time of the legal
// search) at the median, the 99th percentile and the worst, with how many
// came past twice the budget.
//
//	go run ./internal/freshsolve                       # XP, 400 problems, 1 ms
//	go run ./internal/freshsolve -corpus original -n 1000 -timeout 10ms
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/meldlab/meldlab/internal/solvelab"
)

// answer is the part of meldlab solve's output line read here.
type answer struct {
	ID     string `json:"id"`
	Tiles  int    `json:"tiles"`
	Micros int64  `json:"micros"`
	Error  string `json:"error"`
}

var setRE = regexp.MustCompile(`\[([^\]]*)\]`)

func main() {
	name := flag.String("corpus", "xp", "the committed corpus: original or xp")
	n := flag.Int("n", 400, "problems, from the first")
	timeout := flag.Duration("timeout", time.Millisecond, "meldlab solve --timeout")
	flag.Parse()

	wd, err := os.Getwd()
	must(err)
	cases := load(filepath.Join(wd, "core/solve/testdata", "tail-"+*name+".jsonl.gz"), *n)
	dir, err := os.MkdirTemp("", "freshsolve")
	must(err)
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "meldlab")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/meldlab")
	cmd.Stderr = os.Stderr
	must(cmd.Run())

	var micros []int64
	empty, late, gap := 0, 0, 0
	for _, c := range cases {
		line, err := json.Marshal(input(c, *name))
		must(err)
		run := exec.Command(bin, "solve", "--timeout", timeout.String())
		run.Stdin = bytes.NewReader(append(line, '\n'))
		out, err := run.Output()
		if err != nil && len(out) == 0 {
			fail("%s: %v", c.ID, err)
		}
		var a answer
		must(json.Unmarshal(out, &a))
		if a.Error != "" {
			fail("%s: %s", c.ID, a.Error)
		}
		micros = append(micros, a.Micros)
		gap += c.Tiles - a.Tiles
		if a.Tiles == 0 && c.Tiles > 0 {
			empty++
			fmt.Printf("no play: %s (optimum %d tiles), %d µs\n", c.ID, c.Tiles, a.Micros)
		}
		if time.Duration(a.Micros)*time.Microsecond > 2**timeout {
			late++
		}
	}
	slices.Sort(micros)
	k := len(micros)
	fmt.Printf("%s, %d problems, --timeout %v, one fresh process each\n", *name, k, *timeout)
	fmt.Printf("no play where one exists: %d; mean gap %.3f tiles\n", empty, float64(gap)/float64(k))
	fmt.Printf("micros p50 %d, p99 %d, worst %d; past twice the budget: %d\n",
		micros[k/2], micros[min(k-1, k*99/100)], micros[k-1], late)
}

// input is the problem as meldlab solve reads it.
func input(c solvelab.CorpusCase, variant string) map[string]any {
	table := [][]string{}
	for _, m := range setRE.FindAllStringSubmatch(c.Table, -1) {
		table = append(table, strings.Fields(m[1]))
	}
	return map[string]any{"id": c.ID, "variant": variant, "opened": c.Opened,
		"objective": c.Objective, "table": table, "rack": strings.Fields(c.Rack)}
}

func load(path string, n int) []solvelab.CorpusCase {
	f, err := os.Open(path)
	must(err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	must(err)
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	var out []solvelab.CorpusCase
	for sc.Scan() && len(out) < n {
		var c solvelab.CorpusCase
		must(json.Unmarshal(sc.Bytes(), &c))
		out = append(out, c)
	}
	must(sc.Err())
	return out
}

func must(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "freshsolve: "+format+"\n", args...)
	os.Exit(1)
}
