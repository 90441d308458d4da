package scripts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g:save never touches anything outside the script's directory: "." is the
// directory itself, not a file in the folder above.
func TestSaveStaysInTheDirectory(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "s")
	require.NoError(t, os.Mkdir(dir, 0o755))
	for _, p := range []string{".", "./"} {
		_, err := runLua(t, dir, `meld.game():save("`+p+`")`)
		require.Error(t, err, p)
		assert.Equal(t, "t.lua:1: save: cannot save to "+dir+": it is a directory", err.Error(), p)
	}
	for _, d := range []string{parent, dir} {
		entries, err := os.ReadDir(d)
		require.NoError(t, err)
		names := []string{}
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if d == parent {
			assert.Equal(t, []string{"s"}, names, "nothing written above the script's directory")
		} else {
			assert.Empty(t, names)
		}
	}
}

// The file of meldlab run, and of the REPL's run, is read with a size cap,
// and only if it is a regular file: an endless device is not read at all.
func TestRunFileIsCapped(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.lua")
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, 1<<40)) // sparse: no disk used
	err := Run(t.Context(), big, Options{Dir: t.TempDir()})
	assert.EqualError(t, err, "scripts: "+big+" is over 1 MiB, the size limit of a Lua file")
	err = Run(t.Context(), "/dev/zero", Options{Dir: t.TempDir()})
	assert.EqualError(t, err, "scripts: /dev/zero is a device, not a regular file")
	s, err := NewSession(nil, nil, Options{})
	require.NoError(t, err)
	defer s.Close()
	err = s.RunFile(t.Context(), big)
	assert.EqualError(t, err, big+" is over 1 MiB, the size limit of a Lua file")
	err = s.RunFile(t.Context(), "/dev/zero")
	assert.EqualError(t, err, "/dev/zero is a device, not a regular file")
}

// A value the REPL's Lua shows has its control characters escaped.
func TestEvalEscapesControls(t *testing.T) {
	s, err := NewSession(nil, nil, Options{})
	require.NoError(t, err)
	defer s.Close()
	got, err := s.Eval(t.Context(), "'\\27[2J', 1")
	require.NoError(t, err)
	assert.Equal(t, `\x1b[2J`+"\t1", got)
}

// A link in the script's directory that leads out is never followed: g:save
// replaces the link itself, meld.load refuses it.
func TestSaveAndLoadFollowNoLinksOut(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim.json")
	require.NoError(t, os.WriteFile(victim, []byte("precious\n"), 0o644))
	require.NoError(t, os.Symlink(victim, filepath.Join(dir, "link.json")))
	_, err := runLua(t, dir, `meld.game():save("link.json")`)
	require.NoError(t, err)
	got, err := os.ReadFile(victim)
	require.NoError(t, err)
	assert.Equal(t, "precious\n", string(got))
	fi, err := os.Lstat(filepath.Join(dir, "link.json"))
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular())

	require.NoError(t, os.Symlink(victim, filepath.Join(dir, "out.json")))
	_, err = runLua(t, dir, `meld.load("out.json")`)
	require.Error(t, err)
	assert.EqualError(t, err, `t.lua:1: bad argument #1 to 'load' (path "out.json" leads outside the script's directory; scripts read and write files only there)`)
}
