package variants

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Any bytes load to a variant or to Errors, each placed in a file: never a
// panic, never another kind of error; at most MaxErrors errors and a line
// that counts the rest; and the work of quoting lines held to the file's
// size times the errors shown (counted in bytes, so that a cubic linter, as
// lineOf once was, fails here rather than on a stranger's file); and no
// file keeps a shipped variant's name with other rules.
func FuzzLoad(f *testing.F) {
	for _, name := range Names() {
		text, err := Shipped(name + ".yaml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(text)
	}
	for _, tc := range errorCases {
		for _, text := range tc.files {
			f.Add([]byte(text))
		}
	}
	// Many errors, on lines of their own and on one line.
	var many, oneLine strings.Builder
	many.WriteString("extends: original\n")
	oneLine.WriteString("extends: original\nopening: {")
	for i := range 300 {
		fmt.Fprintf(&many, "k%d: 1\n", i)
		fmt.Fprintf(&oneLine, "k%d: 1, ", i)
	}
	oneLine.WriteString("}\n")
	f.Add([]byte(many.String()))
	f.Add([]byte(oneLine.String()))
	f.Add([]byte("name: original\nextends: original\nsets:\n  min_run: 2\n"))
	f.Add([]byte("name: house/clean-opening\nextends: original\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		before := scanned.Load()
		v, err := resolveText(source{path: "fuzz.yaml"}, text)
		work := scanned.Load() - before
		if v == nil && err == nil {
			t.Fatal("no variant and no error")
		}
		if v != nil && err != nil {
			t.Fatalf("a variant and errors: %v", err)
		}
		if err != nil {
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("not Errors: %v", err)
			}
			if len(errs) > MaxErrors+1 {
				t.Fatalf("%d errors; at most %d and a line that counts the rest", len(errs), MaxErrors)
			}
			for i, e := range errs {
				if i == MaxErrors && e.Line == 0 && strings.HasPrefix(e.Msg, "and ") {
					continue
				}
				if e.File == "" || e.Line < 1 || e.Col < 1 || e.Msg == "" {
					t.Fatalf("an error without its place: %#v", e)
				}
			}
		}
		// A file may call itself original: it keeps the name only with
		// original's rules.
		if v != nil && IsShipped(v.Rules.Name) {
			if sv, err := Resolve(v.Rules.Name); err != nil || !SameRules(sv.Rules, v.Rules) {
				t.Fatalf("a file named %s with other rules", v.Rules.Name)
			}
		}
		// Other files (a base the fuzzer names) count too: allow for them.
		if limit := int64(MaxErrors+2) * int64(len(text)+64<<10); work > limit {
			t.Fatalf("quoting lines read %d bytes of a %d-byte file", work, len(text))
		}
	})
}
