package core_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly keeps the model and the referee free of
// dependencies: core and everything under it import the standard library only.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "github.com/meldlab/meldlab/core/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list failed (%v): %s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, "github.com/meldlab/meldlab/core") {
			t.Errorf("core depends on %s; it may import the standard library only", p)
		}
	}
}
