package i18n

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/core"
)

// core keeps only its own words: the fronts' English is this package's
// (english_gen.go), registered with core when it starts. So a package that
// says a front's message must import this package, or its Message would
// say its id: every package of the module that names a front's id in a
// string imports i18n (or is it).
func TestFrontsSpeakThroughI18n(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the module's packages with the go command")
	}
	front := map[string]bool{}
	for _, e := range frontsEnglish {
		front[e.ID] = true
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}|{{join .Deps ","}}`,
		"github.com/meldlab/meldlab/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lit := regexp.MustCompile(`"([a-z_]+(?:\.[a-z0-9_]+)+)"`)
	const self = "github.com/meldlab/meldlab/i18n"
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		if len(parts) != 4 || parts[0] == self || importsSelf(parts[3], self) {
			continue
		}
		for _, f := range strings.Split(parts[2], ",") {
			if f == "" {
				continue
			}
			src, err := os.ReadFile(filepath.Join(parts[1], f))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
				if front[m[1]] {
					t.Errorf("%s/%s says %s, a front's message, without importing i18n: its English is i18n's", parts[0], f, m[1])
				}
			}
		}
	}
}

// importsSelf reports whether deps, go list's comma-separated Deps, hold
// self (or a variant of it, "self [pkg]", that a test build makes).
func importsSelf(deps, self string) bool {
	for _, d := range strings.Split(deps, ",") {
		if d == self || strings.HasPrefix(d, self+" [") {
			return true
		}
	}
	return false
}

// core's catalog holds none of the fronts' ids (the REPL's, the lab's, the
// command line's, the browser's).
func TestCoreHoldsNoFrontWords(t *testing.T) {
	for _, e := range frontsEnglish {
		if _, ok := core.EnglishText(e.ID); !ok {
			t.Errorf("%s is not registered with core", e.ID)
		}
	}
	for _, area := range []string{"repl.", "sim.", "cmd.", "web."} {
		for _, e := range frontsEnglish {
			if strings.HasPrefix(e.ID, area) {
				goto next
			}
		}
		t.Errorf("no front id starts with %s: the areas moved?", area)
	next:
	}
}
