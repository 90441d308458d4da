//go:build unix

package files

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noHang runs f and fails the test if it has not returned when the guard
// runs out: a reader that blocks on a FIFO would otherwise hang the suite.
// The guard is generous; the test asserts on what f returns, not on time.
func noHang(t *testing.T, f func() error) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		t.Fatal("the reader blocked: it opened a FIFO and waits for a writer")
		return nil
	}
}

// Every reader refuses what is not a regular file, a FIFO above all: a
// blocking open of one waits forever for a writer.
func TestReadRefusesFIFOs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.lua")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	require.NoError(t, os.Symlink("x.lua", filepath.Join(dir, "link.lua")))
	root, err := os.OpenRoot(dir)
	require.NoError(t, err)
	defer root.Close()
	for _, tc := range []struct {
		name string
		read func() error
		err  string
	}{
		{"Read", func() error { _, err := Read(fifo, Lua); return err }, fifo + " is a named pipe (FIFO), not a regular file"},
		{"Read through a link", func() error { _, err := Read(filepath.Join(dir, "link.lua"), Lua); return err },
			filepath.Join(dir, "link.lua") + " is a named pipe (FIFO), not a regular file"},
		{"ReadFS", func() error { _, err := ReadFS(root.FS(), "x.lua", Lua); return err }, "x.lua is a named pipe (FIFO), not a regular file"},
		{"ReadRoot", func() error { _, err := ReadRoot(root, "x.lua", Lua); return err }, "x.lua is a named pipe (FIFO), not a regular file"},
		{"Open", func() error {
			f, err := Open(fifo)
			if err == nil {
				f.Close()
			}
			return err
		}, fifo + " is a named pipe (FIFO), not a regular file"},
		{"a device", func() error { _, err := Read("/dev/zero", Variant); return err }, "/dev/zero is a device, not a regular file"},
		{"a directory", func() error { _, err := Read(dir, Variant); return err }, dir + " is a directory, not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := noHang(t, tc.read)
			assert.EqualError(t, err, tc.err)
			assert.True(t, IsNotRegular(err))
		})
	}
}
