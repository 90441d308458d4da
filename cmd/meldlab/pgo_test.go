package main

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// meldlab is built with the solver's profile (default.pgo, beside main.go:
// go build, go run and go test pick it up), which makes the common solve
// 3-4% shorter and the tail 10-15% (README, "Profile-guided"). This test
// binary is built the same way, so its build information says whether the
// profile was used.
func TestBuiltWithProfile(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	require.True(t, ok)
	var pgo string
	for _, s := range info.Settings {
		if s.Key == "-pgo" {
			pgo = s.Value
		}
	}
	assert.True(t, strings.HasSuffix(pgo, "default.pgo"), "built without cmd/meldlab/default.pgo (-pgo %q)", pgo)
}
