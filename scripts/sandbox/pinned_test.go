package sandbox

import (
	"context"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveHeap is the heap's live bytes after a full collection.
func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// A short piece cut from a long string keeps none of the long one: each
// script below keeps 200 pieces of 10 bytes, each cut from a fresh string
// of a MiB, under a 16 MiB limit. Were a piece to share its source's bytes
// (gopher-lua's string.sub does), the state would pin 200 MiB while its
// account saw 2 KB.
func TestPiecesPinNoSource(t *testing.T) {
	for _, cut := range []string{
		"s:sub(5, 14)",
		"s:sub(-10)",
		"string.match(s, '(x+)y', 1048560)",
		"select(3, string.find(s, '(x+)y', 1048560))",
		"string.gmatch(s, 'y%d+')()",
		"(function() local r; string.gsub(s, '^(xxxxxxxxxx)', function(c) r = c end) return r end)()",
		"string.match(s, 'y%d+', 1048560)",
	} {
		t.Run(cut, func(t *testing.T) {
			s := New(Options{Limits: accountLimits()})
			defer s.Close()
			proto, err := Compile("pieces.lua", []byte(`
keep = {}
for i = 1, 200 do
	local s = string.rep('x', 1048576 - 12) .. 'y' .. i
	keep[i] = `+cut+`
	assert(#keep[i] <= 12, #keep[i])
end
return #keep`))
			require.NoError(t, err)
			before := liveHeap()
			_, err = s.Run(context.Background(), proto)
			require.NoError(t, err)
			grown := liveHeap() - before
			assert.Less(t, grown, int64(32<<20), "200 pieces of 10 bytes pin %s", mib(grown))
			runtime.KeepAlive(s)
		})
	}
}

// A key stored and then cleared is still held by gopher-lua (its table keeps
// every key it ever had in an ordered list, for next): the walk charges
// those keys, so churning fresh keys through one table is stopped like any
// hoard, though the table is empty at every step.
func TestClearedKeysCharged(t *testing.T) {
	for _, src := range []string{
		"local t = {} for i = 1, 1e6 do local k = 'key' .. i; t[k] = true; t[k] = nil end",
		"local t = {} for i = 1, 1e6 do local k = i + 0.5; t[k] = true; t[k] = nil end",
		"local t = {} for i = 1, 1e6 do local k = {}; t[k] = true; t[k] = nil end",
	} {
		_, err := run(t, Options{Limits: accountLimits()}, src)
		var e *Error
		require.ErrorAs(t, err, &e, src)
		assert.Equal(t, Memory, e.Kind, src)
		assert.Contains(t, e.Error(), "memory limit of 16 MiB exceeded", src)
	}
	// A table whose keys come and go among a few stays cheap.
	_, err := run(t, Options{Limits: accountLimits()},
		"local t = {} for i = 1, 1e6 do local k = 'key' .. (i % 100); t[k] = true; t[k] = nil end")
	require.NoError(t, err)
}

// The process's backstop stops a state that grows the heap past the
// process's ceiling, even one whose own limit is off (a trusted REPL), and
// the process goes on: the state is left unusable, a new one runs.
func TestBackstopStopsTheStateNotTheProcess(t *testing.T) {
	prev := SetBackstop(liveHeap() + 96<<20)
	defer SetBackstop(prev)
	lim := accountLimits()
	lim.Memory = -1 // its own account is off: only the backstop can stop it
	s := New(Options{Limits: lim})
	defer s.Close()
	proto, err := Compile("hoard.lua", []byte(`
hoard = {}
for i = 1, 1000 do hoard[i] = string.rep('x', 1048576 - 8) .. i end
return #hoard`))
	require.NoError(t, err)
	_, err = s.Run(context.Background(), proto)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, Memory, e.Kind)
	assert.Contains(t, e.Error(), "memory backstop reached: the process's Go heap held ")
	assert.Contains(t, e.Error(), "(sandbox.SetBackstop), while this script ran")
	assert.Equal(t, "hoard.lua", e.Chunk)
	_, err = s.Run(context.Background(), proto)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the Lua state is unusable after an earlier failure: the process's memory backstop stopped it")
	s.Close()

	fresh := New(Options{Limits: lim})
	defer fresh.Close()
	out, err := run(t, Options{Limits: lim}, "local t = {} for i = 1, 10 do t[i] = string.rep('y', 1000) end return #t")
	require.NoError(t, err)
	assert.Equal(t, "10", out[0].String())
}

// The ceiling is learnt from the process's limits, and is finite on a
// machine that reports its memory.
func TestBackstopCeiling(t *testing.T) {
	if machineMemory() == 0 {
		t.Skip("no /proc/meminfo here: the ceiling comes from the other limits alone")
	}
	c := defaultCeiling()
	assert.Less(t, c, machineMemory(), "the ceiling is under the machine's memory")
	assert.Greater(t, c, int64(0))
	prev := SetBackstop(0)
	assert.Equal(t, int64(math.MaxInt64), Backstop(), "0 turns it off")
	SetBackstop(prev)
}
