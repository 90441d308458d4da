package files

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// WriteAtomic replaces the file whole, never follows a link planted at the
// old fixed temporary name, and leaves the old file when writing fails.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "lessons")
	victim := filepath.Join(dir, "victim")
	require.NoError(t, os.WriteFile(victim, []byte("keep me"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.Symlink(victim, path+".tmp")) // the old code wrote through it

	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	require.NoError(t, WriteAtomic(path, 0o644, write("1\n2\n")))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "1\n2\n", string(got))
	kept, err := os.ReadFile(victim)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(kept))

	err = WriteAtomic(path, 0o644, func(io.Writer) error { return errors.New("disk full") })
	assert.EqualError(t, err, "disk full")
	got, _ = os.ReadFile(path)
	assert.Equal(t, "1\n2\n", string(got), "a failed write leaves the old file")
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".lessons.*"))
	assert.Empty(t, left, "no temporary file left behind")
}
