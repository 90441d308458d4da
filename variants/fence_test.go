package variants_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

// A script may load a variant file from its own directory, but the file may
// not reach beyond it through extends: or hooks:, nor through a link.
func TestResolveWithinKeepsFilesInside(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.yaml")
	require.NoError(t, os.WriteFile(secret, []byte("extends: original\nopening:\n  points: 99\n"), 0o644))
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}

	ok := write("mine.yaml", "extends: original\nopening:\n  points: 40\n")
	v, err := variants.ResolveWithin(dir, ok)
	require.NoError(t, err)
	assert.Equal(t, 40, v.Rules.Opening.Points)

	escape := write("escape.yaml", "extends: "+secret+"\n")
	_, err = variants.ResolveWithin(dir, escape)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "extends: cannot read "+secret+": the file is outside the allowed directory")

	up := write("up.yaml", "extends: ../"+filepath.Base(outside)+"/secret.yaml\n")
	_, err = variants.ResolveWithin(dir, up)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the file is outside the allowed directory")

	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.yaml")))
	linked := write("linked.yaml", "extends: link.yaml\n")
	_, err = variants.ResolveWithin(dir, linked)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the file is outside the allowed directory")

	hooks := write("hooks.yaml", "extends: original\nhooks: ../hooks.lua\n")
	_, err = variants.ResolveWithin(dir, hooks)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hooks: cannot read")
	assert.Contains(t, err.Error(), "the file is outside the allowed directory")

	// Named on the command line, the file is fenced in its own folder.
	_, err = variants.Resolve(escape)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "extends: cannot read "+secret+": the file is outside the variant's folder")
}
