package scripts

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFileError(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.lua")
	require.NoError(t, os.WriteFile(secret, []byte("x = 1"), 0o000))
	tests := []struct{ path, want string }{
		{filepath.Join(dir, "nope.lua"), "cannot read " + filepath.Join(dir, "nope.lua") + ": no such file"},
		{dir, dir + " is a directory, not a Lua file"},
	}
	if os.Geteuid() != 0 { // root reads any file
		tests = append(tests, struct{ path, want string }{secret, "cannot read " + secret + ": permission denied"})
	}
	for _, tc := range tests {
		_, err := os.ReadFile(tc.path)
		assert.EqualError(t, FileError(tc.path, err), tc.want)
		// Run reports it wrapped; FileError finds it inside.
		err = Run(context.Background(), tc.path, Options{})
		assert.EqualError(t, FileError(tc.path, err), tc.want)
	}
	other := errors.New("a Lua error")
	assert.Same(t, other, FileError("x.lua", other))
}
