//go:build unix

package repl_test

import (
	"bytes"
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/luahost"
)

// The REPL's load and run refuse a FIFO at once: a blocking open waited
// forever for a writer, and the session with it. The guard fails the test
// rather than hang it; the test asserts on the errors, not on time.
func TestREPLRefusesFIFOs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"game.json", "x.lua"} {
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, name), 0o644))
	}
	lua := luahost.New(dir)
	defer lua.Close()
	var out bytes.Buffer
	s := repl.NewSession(repl.Options{Out: &out, Seed: 3, Players: "ana:human,bob:human", Lua: lua})
	require.NoError(t, s.Start(t.Context()))
	for _, tc := range []struct{ line, err string }{
		{"load " + filepath.Join(dir, "game.json"), filepath.Join(dir, "game.json") + " is a named pipe (FIFO), not a regular file"},
		{"run " + filepath.Join(dir, "x.lua"), filepath.Join(dir, "x.lua") + " is a named pipe (FIFO), not a regular file"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- s.Exec(ctx, tc.line) }()
			select {
			case err := <-done:
				assert.EqualError(t, err, tc.err)
			case <-ctx.Done():
				t.Fatal("the session blocked on a FIFO")
			}
		})
	}
}
