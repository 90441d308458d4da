// Command fuzzseeds writes FuzzLoadGame's forged seeds
// (core/testdata/fuzz/FuzzLoadGame), which go test runs as seeds: saves with
// one field made impossible, which the fuzzer seldom reaches by mutating
// bytes. Run it from the repository's root after a change to the save
// format:
//
//	go run ./internal/fuzzseeds
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/meldlab/meldlab/internal/fuzzsaves"
)

func main() {
	dir := flag.String("dir", filepath.Join("core", "testdata", "fuzz", "FuzzLoadGame"), "the seed corpus's folder")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "fuzzseeds:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	scratch, err := os.MkdirTemp("", "fuzzseeds")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	saves, err := fuzzsaves.Saves(scratch)
	if err != nil {
		return err
	}
	seeds, err := fuzzsaves.Forgeries(saves)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, body := range seeds {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%d seeds in %s\n", len(seeds), dir)
	return nil
}
