//go:build unix

package files_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/files"
)

// A save that is a FIFO is refused at once: a blocking open of one waits
// forever for a writer (the REPL's load hung). The guard fails the test
// rather than hang it; the test asserts on the error, not on time.
func TestReadSaveRefusesFIFOs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "game.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	require.NoError(t, os.Symlink("game.json", filepath.Join(dir, "link.json")))
	for _, tc := range []struct{ path, err string }{
		{fifo, fifo + " is a named pipe (FIFO), not a regular file"},
		{filepath.Join(dir, "link.json"), filepath.Join(dir, "link.json") + " is a named pipe (FIFO), not a regular file"},
		{dir, dir + " is a directory, not a regular file"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		done := make(chan error, 1)
		go func() { _, err := files.ReadSave(tc.path); done <- err }()
		select {
		case err := <-done:
			assert.EqualError(t, err, tc.err)
		case <-ctx.Done():
			t.Fatalf("ReadSave(%s) blocked on a FIFO", tc.path)
		}
		cancel()
	}
}
