package variants_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

// The name of a shipped variant means its rules: rules that take the name
// with other rules are "custom, based on NAME", and only the shipped
// variant's own rules get its hooks. A variant file may call itself
// original; it is then shown as custom unless its rules are original's.
func TestClaim(t *testing.T) {
	original := core.Original()
	runsOf2 := core.Original()
	runsOf2.Sets.MinRun = 2
	clean, err := variants.Resolve("house/clean-opening")
	require.NoError(t, err)
	unhooked := clean.Rules
	unhooked.Hooks = ""
	rehooked := core.Original()
	rehooked.Hooks = clean.Rules.Hooks
	path := core.Original()
	path.Name = "/dev/stdin"
	for _, tc := range []struct {
		name    string
		rules   core.Rules
		shipped bool
		shown   string
	}{
		{"original", original, true, "original"},
		{"original with runs of 2", runsOf2, false, "custom, based on original"},
		{"house/clean-opening", clean.Rules, true, "house/clean-opening"},
		{"house/clean-opening without its hooks", unhooked, false, "custom, based on house/clean-opening"},
		{"original with clean-opening's hooks", rehooked, false, "custom, based on original"},
		{"a path is a name, never looked up", path, false, "/dev/stdin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, shown := variants.Claim(tc.rules)
			assert.Equal(t, tc.shown, shown)
			assert.Equal(t, tc.shipped, v != nil)
			if v != nil {
				assert.Equal(t, tc.rules.Hooks, v.Rules.Hooks)
			}
		})
	}
}

func TestVariantFileCallingItselfShipped(t *testing.T) {
	dir := t.TempDir()
	orig, err := variants.Shipped("original.yaml")
	require.NoError(t, err)
	for _, tc := range []struct{ name, text, shown string }{
		{"runs of 2", "name: original\nextends: original\nsets:\n  min_run: 2\n", "custom, based on original"},
		{"a house rule without its hooks", "name: house/clean-opening\nextends: original\n", "custom, based on house/clean-opening"},
		{"a copy of the shipped file", string(orig), "original"},
		{"a name of its own", "name: mine\nextends: original\nsets:\n  min_run: 2\n", "mine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "x.yaml")
			require.NoError(t, os.WriteFile(p, []byte(tc.text), 0o644))
			v, err := variants.Resolve(p)
			require.NoError(t, err)
			assert.Equal(t, tc.shown, v.Rules.Name)
			assert.False(t, v.Inherited("name"), "its own name is its own")
			assert.Equal(t, tc.name == "a copy of the shipped file", v.Inherited("players.min") == false)
		})
	}
}
