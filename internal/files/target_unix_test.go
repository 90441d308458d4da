//go:build unix

package files

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// targets makes one output path of each kind in dir and returns them by
// name; "null" is a character device (a copy of /dev/null's node, made
// only as root) and "link-null" a link to the real /dev/null.
func targets(t *testing.T, dir string) map[string]string {
	t.Helper()
	p := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(p("regular"), []byte("old\n"), 0o644))
	require.NoError(t, os.WriteFile(p("victim"), []byte("keep me\n"), 0o644))
	require.NoError(t, os.Symlink(p("victim"), p("link-regular")))
	require.NoError(t, os.Symlink(p("nowhere"), p("dangling")))
	require.NoError(t, os.Mkdir(p("dir"), 0o755))
	require.NoError(t, syscall.Mkfifo(p("fifo"), 0o644))
	require.NoError(t, os.Symlink(p("fifo"), p("link-fifo")))
	l, err := net.Listen("unix", p("socket"))
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	require.NoError(t, os.Symlink("/dev/null", p("link-null")))
	// (1, 3) is /dev/null on Linux only: elsewhere no node is made.
	if runtime.GOOS != "linux" {
		t.Log("no character device of our own: written in place through link-null only")
	} else if err := syscall.Mknod(p("null"), syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("no character device of our own (%v): written in place through link-null only", err)
	}
	return map[string]string{"missing": p("missing"), "regular": p("regular"), "link-regular": p("link-regular"),
		"dangling": p("dangling"), "dir": p("dir"), "fifo": p("fifo"), "link-fifo": p("link-fifo"),
		"socket": p("socket"), "link-null": p("link-null"), "null": p("null")}
}

// An output replaces a regular file (or a link, never its target) and
// writes a character device in place; a FIFO, a socket or a directory is
// refused, and nothing there changes. (save /dev/null as root once renamed
// a regular file over the machine's /dev/null.) The guard fails the test
// rather than hang it on a FIFO; the test asserts on what is there after.
func TestWriteTargets(t *testing.T) {
	dir := t.TempDir()
	paths := targets(t, dir)
	mode := func(p string) os.FileMode {
		fi, err := os.Lstat(p)
		if err != nil {
			return os.ModeIrregular // missing
		}
		return fi.Mode().Type()
	}
	for _, tc := range []struct {
		name string
		err  string
		mode os.FileMode // what is at the path after: a regular file is 0
	}{
		{"missing", "", 0},
		{"regular", "", 0},
		{"link-regular", "", 0},
		{"dangling", "", 0},
		{"dir", "it is a directory", os.ModeDir},
		{"fifo", "it is a named pipe (FIFO), not a regular file or a character device", os.ModeNamedPipe},
		{"link-fifo", "it is a named pipe (FIFO), not a regular file or a character device", os.ModeSymlink},
		{"socket", "it is a socket, not a regular file or a character device", os.ModeSocket},
		{"link-null", "", os.ModeSymlink},
		{"null", "", os.ModeDevice | os.ModeCharDevice},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := paths[tc.name]
			if _, err := os.Lstat(path); err != nil && tc.name == "null" {
				t.Skip("no character device of our own")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				done <- WriteFile(path, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err })
			}()
			var err error
			select {
			case err = <-done:
			case <-ctx.Done():
				t.Fatal("the writer blocked")
			}
			if tc.err == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tc.err)
			}
			assert.Equal(t, tc.mode, mode(path), "what is at the path after")
			if tc.mode == 0 {
				got, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Equal(t, "new\n", string(got))
			}
			got, err := os.ReadFile(filepath.Join(dir, "victim"))
			require.NoError(t, err)
			assert.Equal(t, "keep me\n", string(got), "a link's target is never written")
			left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
			assert.Empty(t, left, "no temporary file left behind")
		})
	}
	fi, err := os.Stat("/dev/null")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeCharDevice, "/dev/null is still a device")
}
