package variants_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

// A variant file named on the command line reads its bases and hooks from
// its own folder only (an os.Root of it): not through an absolute path, nor
// ../, nor a link that leads out, nor a link to a file of another kind
// (x.lua -> notes.txt); and no error quotes what it should not read (a link
// x.lua -> /etc/shadow once printed the secrets).
func TestVariantFilesStayInTheirFolder(t *testing.T) {
	outside := t.TempDir()
	secretYAML := filepath.Join(outside, "secret.yaml")
	require.NoError(t, os.WriteFile(secretYAML, []byte("extends: original\nTOPSECRET: 1\n"), 0o644))
	secretLua := filepath.Join(outside, "secret.lua")
	require.NoError(t, os.WriteFile(secretLua, []byte("TOPSECRET TOPSECRET\n"), 0o644))
	parent := t.TempDir()
	dir := filepath.Join(parent, "mine")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(parent, "up.yaml"), []byte("extends: original\nTOPSECRET: 1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(parent, "up.lua"), []byte("TOPSECRET TOPSECRET\n"), 0o644))
	require.NoError(t, os.Symlink(secretYAML, filepath.Join(dir, "link.yaml")))
	require.NoError(t, os.Symlink(secretLua, filepath.Join(dir, "x.lua")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("TOPSECRET: 1\n"), 0o644))
	require.NoError(t, os.Symlink("notes.txt", filepath.Join(dir, "notes.yaml")))
	require.NoError(t, os.Symlink("notes.txt", filepath.Join(dir, "notes.lua")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "base.yaml"), []byte("extends: original\nopening:\n  points: 40\n"), 0o644))
	require.NoError(t, os.Symlink("sub/base.yaml", filepath.Join(dir, "base-link.yaml")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "up.yaml"), []byte("extends: ../sub/base.yaml\n"), 0o644))
	p := filepath.Join(dir, "x.yaml")
	for _, tc := range []struct{ name, text, err string }{
		{"extends an absolute path", "name: x\nextends: " + secretYAML + "\n",
			p + ":2:10: extends: cannot read " + secretYAML + ": the file is outside the variant's folder"},
		{"extends ../", "name: x\nextends: ../up.yaml\n",
			p + ":2:10: extends: cannot read " + filepath.Join(dir, "../up.yaml") + ": the file is outside the variant's folder"},
		{"extends a link that leads out", "name: x\nextends: link.yaml\n",
			p + ":2:10: extends: cannot read " + filepath.Join(dir, "link.yaml") + ": the file is outside the variant's folder"},
		{"hooks: an absolute path", "name: x\nextends: original\nhooks: " + secretLua + "\n",
			p + ":3:8: hooks: cannot read " + secretLua + ": the file is outside the variant's folder"},
		{"hooks: ../", "name: x\nextends: original\nhooks: ../up.lua\n",
			p + ":3:8: hooks: cannot read " + filepath.Join(dir, "../up.lua") + ": the file is outside the variant's folder"},
		{"hooks: a link that leads out", "name: x\nextends: original\nhooks: x.lua\n",
			p + ":3:8: hooks: cannot read " + filepath.Join(dir, "x.lua") + ": the file is outside the variant's folder"},
		{"extends a link to a file of another kind", "name: x\nextends: notes.yaml\n",
			p + ":2:10: extends: cannot read " + filepath.Join(dir, "notes.yaml") + ": it is a link to notes.txt, which is not a file of that kind"},
		{"hooks: a link to a file of another kind", "name: x\nextends: original\nhooks: notes.lua\n",
			p + ":3:8: hooks: cannot read " + filepath.Join(dir, "notes.lua") + ": it is a link to notes.txt, which is not a file of that kind"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(p, []byte(tc.text), 0o644))
			_, err := variants.Resolve(p)
			require.Error(t, err)
			assert.Equal(t, tc.err, firstLine(err.Error()))
			assert.NotContains(t, err.Error(), "TOPSECRET")
		})
	}
	// A base in a subfolder, one reached through it, and a link to a
	// variant file inside the folder, stay inside.
	for _, base := range []string{"sub/up.yaml", "base-link.yaml"} {
		require.NoError(t, os.WriteFile(p, []byte("name: x\nextends: "+base+"\n"), 0o644))
		v, err := variants.Resolve(p)
		require.NoError(t, err)
		assert.Equal(t, 40, v.Rules.Opening.Points)
	}
}

func firstLine(s string) string {
	for i := range len(s) {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
