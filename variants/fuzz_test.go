package variants

import (
	"errors"
	"testing"
)

// Any bytes load to a variant or to Errors, each placed in a file: never a
// panic, never another kind of error.
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
	f.Fuzz(func(t *testing.T, text []byte) {
		l := &loader{}
		v := l.resolve(source{path: "fuzz.yaml"}, text)
		if v == nil && len(l.errs) == 0 {
			t.Fatal("no variant and no error")
		}
		if v != nil && len(l.errs) > 0 {
			t.Fatalf("a variant and errors: %v", l.errs)
		}
		var errs Errors
		if len(l.errs) > 0 && !errors.As(error(l.errs.sorted()), &errs) {
			t.Fatal("not Errors")
		}
		for _, e := range l.errs {
			if e.File == "" || e.Line < 1 || e.Col < 1 || e.Msg == "" {
				t.Fatalf("an error without its place: %#v", e)
			}
		}
	})
}
