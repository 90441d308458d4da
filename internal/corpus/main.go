// Command corpus writes core/solve's committed corpora again, from their
// seeds, with this build's proven answers: the tail corpora
// (testdata/tail-*.jsonl.gz) or, with -xp, the 24 XP instances
// (testdata/xp-cases.jsonl). core/solve's tests then check the solver
// against them. Run it from the repository's root after a deliberate
// change of the generator:
//
//	go run ./internal/corpus
//	go run ./internal/corpus -xp
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/meldlab/meldlab/internal/solvelab"
)

func main() {
	dir := flag.String("dir", filepath.Join("core", "solve"), "core/solve, where the corpora's paths start")
	xp := flag.Bool("xp", false, "write the XP instances rather than the tail corpora")
	flag.Parse()
	if err := run(*dir, *xp); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}

func run(dir string, xp bool) error {
	if xp {
		return write(filepath.Join(dir, "testdata", "xp-cases.jsonl"), func(f *os.File) error { return solvelab.WriteXP(f) })
	}
	for _, c := range solvelab.Corpora() {
		if err := write(filepath.Join(dir, c.Path), func(f *os.File) error { return c.Write(f) }); err != nil {
			return err
		}
	}
	return nil
}

func write(path string, body func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := body(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Println("wrote", path)
	return nil
}
