package scripts

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/scripts/sandbox"
	"github.com/meldlab/meldlab/sim"
)

// TestLabSameWithOneOrTwoWorkers: a bot that builds 24 MiB on each turn
// (under its 64 MiB, and let go when the turn ends) is never stopped, and
// a bot that keeps 12 MiB more on each turn is stopped on the same turn,
// whether the lab plays one game at a time or two: the reports are the
// same. (Measured on the process's heap, turns of two games at once could pass
// 64 MiB between them, and penalties depended on the other worker.)
func TestLabSameWithOneOrTwoWorkers(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.lua")
	require.NoError(t, os.WriteFile(big, []byte(`
return function(view)
	local t = {}
	for i = 1, 24 do t[i] = string.rep("x", 1048000) .. i end
	return "draw"
end`), 0o644))
	hoard := filepath.Join(dir, "hoard.lua")
	require.NoError(t, os.WriteFile(hoard, []byte(`
local kept = {}
return function(view)
	for i = 1, 12 do kept[#kept + 1] = string.rep("x", 1048000) .. #kept end
	return "draw"
end`), 0o644))
	// Only the memory limit is under test: a turn that a busy machine
	// (or the race detector) slows past a second must not be penalised.
	botLimits = func() sandbox.Limits {
		lim := sandbox.DefaultLimits()
		lim.Timeout = 5 * time.Minute
		return lim
	}
	defer func() { botLimits = sandbox.DefaultLimits }()
	report := func(workers int) string {
		c := sim.Config{
			Variants: []sim.Variant{{Name: "original", Rules: core.Original()}},
			Players:  2,
			Bots:     []string{big, hoard},
			Games:    2,
			Seed:     3,
			Workers:  workers,
			Registry: Bots(nil),
		}
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		b, err := json.Marshal(r)
		require.NoError(t, err)
		return string(b)
	}
	one := report(1)
	assert.Equal(t, one, report(2))
	// The hoarder was stopped, and drew its penalty from then on.
	assert.Regexp(t, `"penalties":[1-9]`, one)
}
