// Command startup times meldlab's start-up against a Go hello-world, side
// by side on one machine: it builds both, then runs each command the same
// number of times, interleaved so that both see the same load, and prints
// the medians and their ratio (issue 27: within 3x).
//
//	go run ./internal/startup            # check '[r3 r4 r5]', 201 runs each
//	go run ./internal/startup -n 401 -- --lang es check '[r3 r4 r5]'
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

const hello = `package main

import "fmt"

func main() { fmt.Println("hello, world") }
`

func main() {
	n := flag.Int("n", 201, "runs of each binary")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		args = []string{"check", "[r3 r4 r5]"}
	}
	dir, err := os.MkdirTemp("", "startup")
	must(err)
	defer os.RemoveAll(dir)
	must(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.21\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "main.go"), []byte(hello), 0o644))
	helloBin := filepath.Join(dir, "hello")
	meldBin := filepath.Join(dir, "meldlab")
	build(dir, helloBin, ".")
	wd, err := os.Getwd()
	must(err)
	build(wd, meldBin, "github.com/meldlab/meldlab/cmd/meldlab")

	var th, tm []time.Duration
	for i := 0; i < *n; i++ {
		th = append(th, timeRun(helloBin))
		tm = append(tm, timeRun(meldBin, args...))
	}
	mh, mm := median(th), median(tm)
	fmt.Printf("hello-world          median %v (%d runs)\n", mh.Round(time.Microsecond), *n)
	fmt.Printf("meldlab %q median %v (%d runs)\n", args, mm.Round(time.Microsecond), *n)
	fmt.Printf("ratio %.2fx\n", float64(mm)/float64(mh))
}

func build(dir, out, pkg string) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	must(cmd.Run())
}

// timeRun is the wall time of one run, from start to exit (a negative
// answer, exit 1, is still a run).
func timeRun(bin string, args ...string) time.Duration {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LANG=C", "LC_ALL=", "LC_MESSAGES=")
	t := time.Now()
	_ = cmd.Run()
	return time.Since(t)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}
