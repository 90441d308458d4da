package msgrender

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"text/template"
)

type stringer struct{ s string }

func (s stringer) String() string { return "<" + s.s + ">" }

type ptrStringer struct{ s string }

func (s *ptrStringer) String() string { return "*" + s.s }

// values are every kind text/template answers for differently: the
// messages' own (ints, strings, bools), other numbers, Stringers by value
// and by pointer, an error, nils, empty and full collections, a struct, a
// func, and a missing value (nil).
var values = []any{
	nil, 0, 1, -1, 1000000, "", "a", "b", true, false,
	int8(1), int64(-2), uint(0), uint(1), uint64(1 << 63), 1.5, 0.0, complex(1, 0),
	stringer{"x"}, &ptrStringer{"y"}, ptrStringer{"z"}, errors.New("e"),
	(*int)(nil), new(int), []int{}, []int{1}, map[string]int{}, [0]int{}, struct{}{}, &struct{ A int }{1},
	func() {}, make(chan int),
}

// args are a test's arguments by name.
type args map[string]any

func (a args) Word(name string) any { return a[name] }

// Print, Truth, Eq, Le and Gt say and answer for every pair of values what
// text/template does, or fail where it fails.
func TestAsTemplate(t *testing.T) {
	cases := []struct {
		src    string
		render func(b *strings.Builder, a Args) bool
	}{
		{"[{{.X}}]", func(b *strings.Builder, a Args) bool {
			var f Faults
			f.Print(b, "[", a.Word("X"), "]")
			return f.OK()
		}},
		{"{{if .X}}t{{else}}f{{end}}", func(b *strings.Builder, a Args) bool {
			if Truth(a.Word("X")) {
				b.WriteString("t")
			} else {
				b.WriteString("f")
			}
			return true
		}},
	}
	for _, op := range []string{"eq", "le", "gt"} {
		cases = append(cases, struct {
			src    string
			render func(b *strings.Builder, a Args) bool
		}{"{{if " + op + " .X .Y}}t{{else}}f{{end}}", func(b *strings.Builder, a Args) bool {
			var f Faults
			cmp := map[string]func(x, y any) bool{"eq": f.Eq, "le": f.Le, "gt": f.Gt}[op]
			if cmp(a.Word("X"), a.Word("Y")) {
				b.WriteString("t")
			} else {
				b.WriteString("f")
			}
			return f.OK()
		}})
	}
	for _, c := range cases {
		tmpl := template.Must(template.New(c.src).Parse(c.src))
		for _, x := range values {
			for _, y := range values {
				data := map[string]any{"X": x, "Y": y}
				var want, got strings.Builder
				err := tmpl.Execute(&want, data)
				wantOK := err == nil && !strings.Contains(want.String(), "<no value>")
				ok := c.render(&got, args(data))
				if ok != wantOK || ok && got.String() != want.String() {
					t.Errorf("%s with X=%s, Y=%s: text/template %q (%v), render %q (%v)", c.src, show(x), show(y), want.String(), err, got.String(), ok)
				}
			}
		}
	}
}

func show(v any) string { return fmt.Sprintf("%T(%v)", v, v) }
