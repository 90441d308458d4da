package core_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// A save's top-level keys are read once and exactly: Go's JSON decoding
// matches a struct's fields whatever their case and keeps the last of
// twins, so a key that appears twice, or two keys that differ only in
// case, could show one value to a host's check and another to its loader.
// Such a file is refused.
func TestParseSaveRefusesTwinKeys(t *testing.T) {
	_, path, _ := forge(t)
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	with := func(extra string) []byte {
		return append(bytes.TrimSuffix(bytes.TrimSpace(orig), []byte("}")), []byte(","+extra+"}")...)
	}
	for _, tc := range []struct {
		name, extra, err string
	}{
		{"an extra key twice", `"repl_seats": [], "repl_seats": []`,
			`g.json: the key "repl_seats" appears twice`},
		{"extra keys that differ in case", `"repl_seats": [], "REPL_SEATS": []`,
			`g.json: the keys "repl_seats" and "REPL_SEATS" differ only in case`},
		{"a format key in another case", `"Rules": {}`,
			`g.json: the keys "rules" and "Rules" differ only in case`},
		{"a format key twice", `"seed": 7`,
			`g.json: the key "seed" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := core.ParseSave("g.json", with(tc.extra))
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
	f, err := core.ParseSave("g.json", with(`"repl_seats": [], "mine": 1`))
	require.NoError(t, err)
	assert.Equal(t, []string{"mine", "repl_seats"}, sortedKeys(f.Extra))
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
