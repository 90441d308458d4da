package web

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gcSettings reads the collector's percent and soft limit without changing
// them.
func gcSettings() (int, int64) {
	gc := debug.SetGCPercent(100)
	debug.SetGCPercent(gc)
	return gc, debug.SetMemoryLimit(-1)
}

// Serving, the collector lets the heap grow to five times what is alive,
// under a soft limit; restore puts back what was set; a GOGC or GOMEMLIMIT
// the user set is kept.
func TestTuneCollector(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	restore := TuneCollector()
	gc, limit := gcSettings()
	assert.Equal(t, 400, gc)
	assert.Equal(t, int64(1<<30), limit)
	restore()
	gc, limit = gcSettings()
	assert.Equal(t, 100, gc)
	assert.Equal(t, int64(math.MaxInt64), limit)

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "2GiB")
	debug.SetGCPercent(150)
	restore = TuneCollector()
	gc, limit = gcSettings()
	assert.Equal(t, 150, gc, "the user's GOGC")
	assert.Equal(t, int64(math.MaxInt64), limit, "the user's GOMEMLIMIT (set by the runtime at start, here unchanged)")
	restore()
	debug.SetGCPercent(100)
}
