package files

import (
	"bytes"
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

func TestAtomicFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rounds.csv")
	require.NoError(t, os.WriteFile(path, []byte("old,whole\n"), 0o644))
	leftovers := func() []string {
		es, err := os.ReadDir(dir)
		require.NoError(t, err)
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}

	// A run that fails half way leaves the old file.
	a, err := Create(path, 0o644)
	require.NoError(t, err)
	_, err = a.Write([]byte("new,half-a-ro"))
	require.NoError(t, err)
	a.Abort()
	b, _ := os.ReadFile(path)
	assert.Equal(t, "old,whole\n", string(b))
	assert.Equal(t, []string{"rounds.csv"}, leftovers())

	// A process killed before Commit: the target is still the old file.
	a, err = Create(path, 0o644)
	require.NoError(t, err)
	_, err = a.Write(bytes.Repeat([]byte("x"), 1<<17)) // past the buffer: bytes reach the temporary file
	require.NoError(t, err)
	b, _ = os.ReadFile(path)
	assert.Equal(t, "old,whole\n", string(b))
	a.Abort()

	// A planted link at the temporary name is never followed.
	target := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(target, []byte("safe"), 0o644))
	require.NoError(t, WriteFile(path, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, "new,whole\n")
		return err
	}))
	b, _ = os.ReadFile(path)
	assert.Equal(t, "new,whole\n", string(b))
	b, _ = os.ReadFile(target)
	assert.Equal(t, "safe", string(b))
	assert.Equal(t, []string{"rounds.csv"}, leftovers())
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	assert.Error(t, WriteFile(filepath.Join(dir, "no", "such", "dir"), 0o644, func(io.Writer) error { return nil }))
}
