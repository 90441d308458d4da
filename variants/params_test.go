package variants

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// params: reach the hooks; the loader reads them, variants show and diff
// carry them, and a bad one is placed in the file.
func TestParams(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       core.Params
		show, err  string
	}{
		{name: "none", yaml: "extends: original\n", show: "{}"},
		{name: "empty", yaml: "extends: original\nparams: {}\n", show: "{}"},
		{name: "a number, a text, a boolean", yaml: "extends: original\nparams:\n  seat: 2\n  greeting: hola\n  strict: true\n",
			want: core.Params{"seat": 2, "greeting": "hola", "strict": true}, show: `{greeting: "hola", seat: 2, strict: true}`},
		{name: "not a map", yaml: "extends: original\nparams: 5\n",
			err: "v.yaml:2:9: params must be a map of names to values (text, a whole number, or true or false), as {seat: 2}, not the number 5\n | params: 5\n |         ^"},
		{name: "a list value", yaml: "extends: original\nparams:\n  seats: [1, 2]\n",
			err: "v.yaml:3:10: params.seats must be text, a whole number, or true or false, not a list\n |   seats: [1, 2]\n |          ^"},
		{name: "a fraction", yaml: "extends: original\nparams:\n  bonus: 1.5\n",
			err: "v.yaml:3:10: params.bonus must be text, a whole number, or true or false, not the number 1.5\n |   bonus: 1.5\n |          ^"},
		{name: "a bad name", yaml: "extends: original\nparams:\n  Seat-A: 1\n",
			err: "v.yaml:3:3: params has the name \"Seat-A\"; a param's name is a lower-case word (letters, digits and _, starting with a letter, at most 40), as handicap_seat\n |   Seat-A: 1\n |   ^"},
		{name: "a misspelt key beside it", yaml: "extends: original\nparms:\n  seat: 1\n",
			err: "v.yaml:2:1: unknown key \"parms\"; did you mean \"params\"?\n | parms:\n | ^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := resolveYAML(t, tc.yaml, tc.err)
			if !ok {
				return
			}
			assert.Equal(t, tc.want, v.Rules.Params)
			got, ok := v.Value("params")
			assert.True(t, ok)
			assert.Equal(t, tc.show, got)
			require.NoError(t, v.Rules.Validate())
		})
	}
}

func TestParamsDiff(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte("extends: original\nparams: {seat: 2}\n"), 0o644))
	t.Chdir(dir)
	a, err := Resolve("v.yaml")
	require.NoError(t, err)
	b, err := Resolve("original")
	require.NoError(t, err)
	var said []string
	for _, m := range Diff(a, b) {
		said = append(said, m.String())
	}
	assert.Equal(t, []string{"in v the hooks get the parameters {seat: 2}; in original the hooks get no parameters"}, said)
}
