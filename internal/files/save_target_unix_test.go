//go:build unix

package files_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// Save replaces a regular file (or a link, never its target) and writes a
// character device in place; a FIFO, a socket or a directory is refused and
// stays. save /dev/null, as root, once renamed a regular file over the
// machine's /dev/null. "null" is a character device of the test's own (a
// copy of /dev/null's node, made as root only); "link-null" links to the
// real one. The guard fails the test rather than hang it on a FIFO.
func TestSaveTargets(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(p("regular"), []byte("old\n"), 0o644))
	require.NoError(t, os.WriteFile(p("victim"), []byte("keep me\n"), 0o644))
	require.NoError(t, os.Symlink(p("victim"), p("link-regular")))
	require.NoError(t, os.Mkdir(p("dir"), 0o755))
	require.NoError(t, syscall.Mkfifo(p("fifo"), 0o644))
	l, err := net.Listen("unix", p("socket"))
	require.NoError(t, err)
	defer l.Close()
	require.NoError(t, os.Symlink("/dev/null", p("link-null")))
	// (1, 3) is /dev/null on Linux only: elsewhere no node is made.
	ownDevice := runtime.GOOS == "linux" && syscall.Mknod(p("null"), syscall.S_IFCHR|0o666, 1<<8|3) == nil

	for _, tc := range []struct {
		name string
		err  string
		mode os.FileMode // the type of what is at the path after; 0: a regular file holding the save
	}{
		{"missing", "", 0},
		{"regular", "", 0},
		{"link-regular", "", 0},
		{"dir", "it is a directory", os.ModeDir},
		{"fifo", "it is a named pipe (FIFO), not a regular file or a character device", os.ModeNamedPipe},
		{"socket", "it is a socket, not a regular file or a character device", os.ModeSocket},
		{"link-null", "", os.ModeSymlink},
		{"null", "", os.ModeDevice | os.ModeCharDevice},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "null" && !ownDevice {
				t.Skip("no character device of our own (not root)")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- files.SaveGame(g, p(tc.name), nil) }()
			select {
			case err = <-done:
			case <-ctx.Done():
				t.Fatal("Save blocked")
			}
			if tc.err == "" {
				require.NoError(t, err)
			} else {
				assert.EqualError(t, err, "cannot save to "+p(tc.name)+": "+tc.err)
			}
			fi, lerr := os.Lstat(p(tc.name))
			require.NoError(t, lerr)
			assert.Equal(t, tc.mode, fi.Mode().Type(), "what is at the path after")
			if tc.mode == 0 {
				_, err := files.LoadGame(p(tc.name))
				assert.NoError(t, err)
			}
			kept, err := os.ReadFile(p("victim"))
			require.NoError(t, err)
			assert.Equal(t, "keep me\n", string(kept), "a link's target is never written")
			left, _ := filepath.Glob(p(".*.tmp*"))
			assert.Empty(t, left, "no temporary file left behind")
		})
	}
	fi, err := os.Stat("/dev/null")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeCharDevice, "/dev/null is still a device")
}
