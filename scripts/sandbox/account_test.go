package sandbox

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// hoarder is a bot's shape: the chunk returns a function that keeps 6 MiB
// more in an upvalue on each call, each call well under the limit.
const hoarder = `
local hoard = {}
return function()
	for i = 1, 6 do
		hoard[#hoard + 1] = string.rep('x', 1048000) .. #hoard
	end
	return #hoard
end`

func accountLimits() Limits {
	lim := testLimits()
	lim.Timeout = 5 * time.Minute // only the memory limit may end these calls
	lim.Memory = 16 << 20
	return lim
}

// A state that keeps growing across calls is stopped, although no single
// call grows by the limit; and it stays stopped.
func TestMemoryHoardingAcrossCalls(t *testing.T) {
	s := New(Options{Limits: accountLimits()})
	defer s.Close()
	proto, err := Compile("hoard.lua", []byte(hoarder))
	require.NoError(t, err)
	out, err := s.Run(context.Background(), proto)
	require.NoError(t, err)
	fn := out[0]
	var stopped *Error
	calls := 0
	for calls < 10 && stopped == nil {
		calls++
		if _, err := s.Call(context.Background(), fn); err != nil {
			require.ErrorAs(t, err, &stopped)
		}
	}
	require.NotNil(t, stopped, "ten calls of 6 MiB each under a 16 MiB limit were never stopped")
	assert.Equal(t, Memory, stopped.Kind)
	assert.LessOrEqual(t, calls, 3, "a state over 16 MiB runs on")
	assert.Contains(t, stopped.Error(), "memory limit of 16 MiB exceeded")
	assert.Contains(t, stopped.Error(), "Limits.Memory")
	// Every later call fails, and once the hoard held between calls is
	// over the limit, the state is done for.
	_, err = s.Call(context.Background(), fn)
	require.Error(t, err)
	_, err = s.Call(context.Background(), fn)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the Lua state is unusable")
	assert.Contains(t, err.Error(), "over the memory limit of 16 MiB (Limits.Memory)")
}

// A state that holds under the limit between calls and makes garbage in
// each call is never stopped, however much garbage it makes in all.
func TestMemoryGarbageIsFree(t *testing.T) {
	s := New(Options{Limits: accountLimits()})
	defer s.Close()
	proto, err := Compile("garbage.lua", []byte(`
local keep = string.rep('k', 1000000) .. 'x'
return function()
	local t = {}
	for i = 1, 12 do t[i] = string.rep('x', 1000000) .. i end
	return #keep + #t
end`))
	require.NoError(t, err)
	out, err := s.Run(context.Background(), proto)
	require.NoError(t, err)
	for range 10 { // 120 MB made in all, 13 MB held at most
		_, err := s.Call(context.Background(), out[0])
		require.NoError(t, err)
	}
}

// Whether a state breaks its limit depends on that state alone: two states
// that each hold 10 MiB under a 16 MiB limit pass whether they run one
// after the other or at the same time (the process's heap then holds both).
func TestMemoryVerdictIndependentOfWorkers(t *testing.T) {
	const src = `
local t = {}
for i = 1, 10 do t[i] = string.rep('x', 1048000) .. i end
meet()
local n = 0
for i = 1, 1000000 do n = n + 1 end -- time for anyone watching to look
return #t`
	proto, err := Compile("ten.lua", []byte(src))
	require.NoError(t, err)
	verdicts := func(workers int) []string {
		var barrier, start sync.WaitGroup
		barrier.Add(workers)
		start.Add(workers)
		out := make([]string, 2)
		var wg sync.WaitGroup
		sem := make(chan struct{}, workers)
		for i := range out {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				s := New(Options{Limits: accountLimits()})
				defer s.Close()
				var once sync.Once
				s.L.SetGlobal("meet", s.L.NewFunction(func(*lua.LState) int {
					once.Do(func() {
						barrier.Done()
						met := make(chan struct{})
						go func() { barrier.Wait(); close(met) }()
						select { // the other may have been stopped before it came
						case <-met:
						case <-time.After(10 * time.Second):
						}
					})
					return 0
				}))
				// Both calls start from a collected heap, as a watchdog of
				// the process's heap would like best.
				runtime.GC()
				start.Done()
				start.Wait()
				if _, err := s.Run(context.Background(), proto); err != nil {
					out[i] = err.Error()
				} else {
					out[i] = "ok"
				}
				if workers == 1 {
					barrier.Add(1) // the next one waits for itself alone
					start.Add(1)
				}
			}()
		}
		wg.Wait()
		return out
	}
	one := verdicts(1)
	two := verdicts(2)
	assert.Equal(t, []string{"ok", "ok"}, one)
	assert.Equal(t, one, two, "the verdicts depend on how many states run at once")
}

// The meter reads two of gopher-lua's unexported fields; should an update
// of gopher-lua move them, this fails rather than the accounting going
// quietly blind to bytecode.
func TestMeterLayout(t *testing.T) {
	require.True(t, layout.ok, "gopher-lua's LState, callFrame, registry or LTable changed: see account.go")
	s := New(Options{Limits: accountLimits()})
	defer s.Close()
	_, err := run(t, Options{Limits: accountLimits()}, "local t = {} for i = 1, 1000 do t[i] = {i} end return #t")
	require.NoError(t, err)
	assert.Less(t, s.Measure(), int64(1<<20), "a fresh state holds little")
}

// What the Go functions build is charged: a hoard of string.rep's results
// (no concatenation in sight) is stopped as soon as one of ".." would be.
func TestMemoryChargedByBuiltins(t *testing.T) {
	for _, src := range []string{
		"local t = {} for i = 1, 1e6 do t[i] = string.rep('x', 1000000 + i) end",
		"local t = {} for i = 1, 1e6 do t[i] = string.format('%s%d', string.rep('y', 1000000), i) end",
		"local t = {} local p = {} for i = 1, 1000 do p[i] = 'abcdefghij' end for i = 1, 1e6 do t[i] = table.concat(p) .. '' end",
		"local t = {} local s = string.rep('z', 500000) for i = 1, 1e6 do t[i] = string.gsub(s, 'z', 'w') end",
	} {
		_, err := run(t, Options{Limits: accountLimits()}, src)
		var e *Error
		require.ErrorAs(t, err, &e, src)
		assert.Equal(t, Memory, e.Kind, src)
	}
}
