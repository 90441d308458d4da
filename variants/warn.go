package variants

import (
	"os"
	"slices"

	"github.com/meldlab/meldlab/core"
)

// Warnings are the keys v's own file sets that have no effect given the
// others, and the combinations that play otherwise than they read
// (core.Rules.Inert), each placed at its key in the file: "file:line:col:
// warning: ...". Values inherited from a base are its file's business; a
// file that extends nothing sets every key, so there a key at its default
// is no warning either. text is the file's text (see Text).
func Warnings(v *Variant, text []byte) Errors {
	var out Errors
	q := NewQuoter(v.File, text)
	for _, in := range v.Rules.Inert() {
		o, ok := v.Origins[in.Key]
		if !ok || o.Line == 0 || o.Variant != v.Rules.Name || o.File != v.File {
			continue
		}
		if k := keyByPath[in.Key]; len(v.Bases) == 0 && k != nil && same(k.Get(&v.Rules), k.Default) {
			continue
		}
		out = append(out, q.ErrorAt(o.Line, 0, "warning: "+in.Why))
	}
	return out
}

// same compares two values of a key.
func same(a, b any) bool {
	switch a := a.(type) {
	case core.Params:
		b, _ := b.(core.Params)
		return len(a) == 0 && len(b) == 0
	case []int:
		b, _ := b.([]int)
		return slices.Equal(a, b)
	case []string:
		b, _ := b.([]string)
		return slices.Equal(a, b)
	}
	return a == b
}

// Text is the text of the file v was read from: the shipped file's, or the
// file on disk.
func (v *Variant) Text() ([]byte, error) {
	if v.shipped {
		return Shipped(v.File)
	}
	return os.ReadFile(v.File)
}
