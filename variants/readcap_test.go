package variants_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

// Every file a variant names is read with a size cap: a huge one is
// refused, placed at the key that names it; an endless device (/dev/zero)
// is not a regular file and is not read at all.
func TestVariantFilesAreCapped(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"big.yaml", "big.lua"} {
		big := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(big, nil, 0o644))
		require.NoError(t, os.Truncate(big, 1<<40)) // sparse: no disk used
	}
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")))
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	for _, tc := range []struct{ name, text, err string }{
		{"extends a huge file", "name: x\nextends: big.yaml\n",
			"x.yaml:2:10: extends: cannot read " + filepath.Join(dir, "big.yaml") + ": over 1 MiB, the size limit of a variant file"},
		{"hooks", "name: x\nextends: original\nhooks: big.lua\n",
			"x.yaml:3:8: hooks: cannot read " + filepath.Join(dir, "big.lua") + ": over 1 MiB, the size limit of a Lua file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := write("x.yaml", tc.text)
			_, err := variants.Resolve(p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), filepath.Join(dir, tc.err))
		})
	}
	_, err := variants.Resolve(filepath.Join(dir, "zero.yaml"))
	assert.EqualError(t, err, "cannot read "+filepath.Join(dir, "zero.yaml")+": a device, not a regular file")
}

// A variant's text may hold no control characters: an ESC or OSC sequence in
// a name would act on the terminal that prints it. The error shows them
// escaped, the quoted line too.
func TestVariantTextHasNoControlCharacters(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.yaml")
	require.NoError(t, os.WriteFile(p, []byte("name: \"ev\\e]0;pwned\\ail\\e[2J\"\nextends: original\ntitle: \"a\\u009bb\"\n"), 0o644))
	_, err := variants.Resolve(p)
	require.Error(t, err)
	assert.Equal(t, p+`:1:7: name holds control characters (ev\x1b]0;pwned\x07il\x1b[2J); write plain text`+"\n"+
		` | name: "ev\e]0;pwned\ail\e[2J"`+"\n"+
		` |       ^`+"\n"+
		p+`:3:8: title holds control characters (a\x9bb); write plain text`+"\n"+
		` | title: "a\u009bb"`+"\n"+
		` |        ^`, err.Error())
	assert.NotContains(t, err.Error(), "\x1b")
}

// Raw control bytes in a file are refused by the YAML reader, and never
// reach the terminal in the error.
func TestErrorQuotesLinesEscaped(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.yaml")
	require.NoError(t, os.WriteFile(p, []byte("name: x\nextends: original\n# \x1b[2J\nplayers: {min: \x1b}\n"), 0o644))
	_, err := variants.Resolve(p)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "\x1b")
	assert.Contains(t, err.Error(), "control characters are not allowed")
}

// hooks: names a Lua file only, so that no error quotes another kind.
func TestHooksNameLuaFilesOnly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.yaml")
	require.NoError(t, os.WriteFile(p, []byte("name: x\nextends: original\nhooks: /etc/passwd\n"), 0o644))
	_, err := variants.Resolve(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `x.yaml:3:8: hooks: "/etc/passwd" is not a Lua file: name a .lua file`)
	assert.NotContains(t, err.Error(), "root:")
}
