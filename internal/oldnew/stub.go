//go:build !solveold

// Without the tag there is no older solver to compare with: the package
// still builds, so that go build ./... and go vet ./... pass, and says how
// to run it.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "oldnew needs the older solver (core/solveold): go run ./internal/sidebyside lays it out, builds this command with -tags solveold and runs it")
	os.Exit(2)
}
