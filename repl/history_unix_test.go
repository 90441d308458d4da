//go:build unix

package repl

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/peterh/liner"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The history file is read only when it is a regular file: a FIFO there
// once hung the terminal's start (issue 28, item 8's last reader).
func TestHistoryFileIsARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "history")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	ln := liner.NewLiner()
	defer ln.Close()
	done := make(chan struct{})
	go func() { loadHistory(ln, fifo); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second): // a guard, not a measure: a hang fails here
		t.Fatal("loadHistory blocked on a FIFO")
	}

	file := filepath.Join(dir, "history.txt")
	require.NoError(t, os.WriteFile(file, []byte("put r3 1\nhint\n"), 0o600))
	loadHistory(ln, file)
	var b strings.Builder
	_, err := ln.WriteHistory(&b)
	require.NoError(t, err)
	assert.Equal(t, "put r3 1\nhint\n", b.String())
}
