//go:build unix

package main

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command that reads a file refuses a FIFO at once: a blocking open
// waited forever for a writer. The guard fails the test rather than hang
// it; the test asserts on the errors, not on time.
func TestCommandsRefuseFIFOs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"shard.json", "x.lua", "x.yaml"} {
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, name), 0o644))
	}
	for _, tc := range []struct {
		name   string
		args   []string
		errOut string
		code   int
	}{
		{"sim merge", []string{"sim", "merge", filepath.Join(dir, "shard.json")},
			"meldlab sim merge: " + filepath.Join(dir, "shard.json") + " is a named pipe (FIFO), not a regular file\n", 1},
		{"run", []string{"run", filepath.Join(dir, "x.lua")},
			"meldlab run: " + filepath.Join(dir, "x.lua") + " is a named pipe (FIFO), not a regular file\n", 1},
		{"a bot", []string{"sim", "--bots", filepath.Join(dir, "x.lua") + ",random", "--games", "1"},
			"meldlab sim: " + filepath.Join(dir, "x.lua") + ": scripts: " + filepath.Join(dir, "x.lua") + " is a named pipe (FIFO), not a regular file\n", 2},
		{"sim --variant", []string{"sim", "--variant", filepath.Join(dir, "x.yaml"), "--games", "1"},
			"meldlab sim: cannot read " + filepath.Join(dir, "x.yaml") + ": a named pipe (FIFO), not a regular file\n", 2},
		{"variants check", []string{"variants", "check", filepath.Join(dir, "x.yaml")},
			"meldlab variants: cannot read " + filepath.Join(dir, "x.yaml") + ": a named pipe (FIFO), not a regular file\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			type result struct {
				out, errOut string
				code        int
			}
			done := make(chan result, 1)
			go func() {
				out, errOut, code := runCLI("", tc.args...)
				done <- result{out, errOut, code}
			}()
			select {
			case r := <-done:
				assert.Equal(t, tc.code, r.code)
				assert.Equal(t, tc.errOut, r.out+r.errOut)
			case <-ctx.Done():
				t.Fatal("the command blocked on a FIFO")
			}
		})
	}
}
