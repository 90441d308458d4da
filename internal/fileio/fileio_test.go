package fileio_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/fileio"
)

// A file meldlab reads must be a regular file; one it writes is replaced
// only where it is a regular file (or a link to one, or missing), written
// in place where it is a character device, and refused otherwise.
func TestOpenAndTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	require.NoError(t, os.WriteFile(file, []byte("{}"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(file, link))

	f, err := fileio.Open(file)
	require.NoError(t, err)
	f.Close()
	_, err = fileio.Open(dir)
	assert.EqualError(t, err, dir+" is a directory, not a regular file")

	for _, tc := range []struct {
		path    string
		inPlace bool
		err     string
	}{
		{path: file},
		{path: link},
		{path: filepath.Join(dir, "new.json")},
		{path: dir, err: "it is a directory"},
		{path: os.DevNull, inPlace: true},
	} {
		inPlace, err := fileio.Target(tc.path)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, tc.path)
			continue
		}
		require.NoError(t, err, tc.path)
		assert.Equal(t, tc.inPlace, inPlace, tc.path)
	}
	assert.Equal(t, "a named pipe (FIFO)", fileio.KindOf(fs.ModeNamedPipe))
	assert.Equal(t, "a device", fileio.KindOf(fs.ModeDevice|fs.ModeCharDevice))
}
