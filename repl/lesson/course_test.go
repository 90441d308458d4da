//go:build unix

package lesson

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The course file is read with a cap, and only if it is a regular file: a
// link to /dev/zero once filled the memory and crashed lesson, and a FIFO
// would wait for a writer. A file past the cap, or not a file, is an empty
// course, as a missing one is. The guard fails the test rather than hang
// it; the test asserts on what was read, not on time.
func TestCourseFileIsCapped(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, []byte("3\n"+strings.Repeat(" ", int(courseFile.Max))), 0o644))
	fits := filepath.Join(dir, "fits")
	require.NoError(t, os.WriteFile(fits, []byte("3\n"+strings.Repeat(" ", int(courseFile.Max)-3)), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644))
	for _, tc := range []struct {
		name   string
		passed bool
	}{
		{"fits", true},
		{"big", false},
		{"zero", false},
		{"fifo", false},
		{"missing", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan *Course, 1)
			go func() { done <- OpenCourse(filepath.Join(dir, tc.name)) }()
			select {
			case c := <-done:
				assert.Equal(t, tc.passed, c.Passed(3))
			case <-ctx.Done():
				t.Fatal("reading the course blocked")
			}
		})
	}
}
