package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each test here closes one known way for a gopher-lua script to hang or
// exhaust the host. Each limit is reached in milliseconds.

// Go-side allocations: a deadline cannot interrupt one Go call, so each
// function that builds a string sizes the result before it allocates.
func TestHazardStringBuilders(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"string.rep", "return string.rep('x', 1e7)",
			"t.lua:1: string.rep: the result would be 10000000 bytes, over the limit of 1048576"},
		{"string.rep through the metatable", "return ('ab'):rep(2^40)",
			"t.lua:1: string.rep: the result would be 2199023255552 bytes, over the limit of 1048576"},
		{"string.format width", "return string.format('%999999999d', 1)",
			"t.lua:1: invalid format (width or precision too long)"},
		{"string.format precision", "return string.format('%.100f', 1)",
			"t.lua:1: invalid format (width or precision too long)"},
		{"string.format total", "local s = string.rep('x', 600000) return string.format('%s%s', s, s)",
			"t.lua:1: string.format: the result would be 1200000 bytes, over the limit of 1048576"},
		{"table.concat", "local t = {} for i = 1, 2000 do t[i] = string.rep('x', 1000) end return table.concat(t)",
			"t.lua:1: table.concat: the result would be 1049000 bytes, over the limit of 1048576"},
		{"table.concat separator", "local t = {} for i = 1, 2000 do t[i] = '' end return table.concat(t, string.rep('-', 1000))",
			"t.lua:1: table.concat: the result would be 1999000 bytes, over the limit of 1048576"},
		{"string.gsub", "return string.gsub(string.rep('x', 600000), 'x', 'yy')",
			"t.lua:1: string.gsub: the result would be 1048577 bytes, over the limit of 1048576"},
		{"string.byte", "return string.byte(string.rep('x', 100000), 1, -1)",
			"t.lua:1: string slice too long"},
		{"unpack", "local t = {} for i = 1, 10000 do t[i] = i end return unpack(t)",
			"t.lua:1: too many results to unpack"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, Options{Limits: testLimits()}, tc.src)
			assert.EqualError(t, err, tc.want)
		})
	}
}

// Pattern matching backtracks: ".-.-.-b" over a long subject without a b
// takes minutes in gopher-lua's matcher. Here it runs out of steps.
func TestHazardPatternBacktracking(t *testing.T) {
	for _, fn := range []string{"find", "match", "gmatch", "gsub"} {
		t.Run(fn, func(t *testing.T) {
			call := "string." + fn + "(s, '.-.-.-b')"
			if fn == "gmatch" {
				call += "()"
			} else if fn == "gsub" {
				call = "string.gsub(s, '.-.-.-b', '')"
			}
			lim := testLimits()
			lim.MatchSteps = 1_000_000
			_, err := run(t, Options{Limits: lim}, "local s = string.rep('a', 100000)\nreturn "+call)
			assert.EqualError(t, err, "t.lua:2: pattern too complex: over 1000000 matching steps")
		})
	}
	// With no step budget to speak of, the deadline still stops the matcher.
	lim := timeoutLimits()
	lim.MatchSteps = 1 << 62
	_, err := run(t, Options{Limits: lim}, "return string.find(string.rep('a', 100000), '.-.-.-b')")
	assert.EqualError(t, err, "t.lua:1: time limit of 100ms exceeded")
}

// A runaway tail-call loop stopped by the deadline made gopher-lua build a
// traceback with a line per tail call. Tail calls take a frame in the
// sandbox, so such a loop overflows the stack at once, and no protected call
// builds a traceback anyway.
func TestHazardTailCallTraceback(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"runaway tail calls", "local function f(n) return f(n + 1) end\nreturn f(1)",
			"error: t.lua:1: stack overflow"},
		{"inside pcall", "return pcall(function() local function f(n) return f(n + 1) end return f(1) end)",
			"false t.lua:1: stack overflow"},
		{"tail calls, then overflow", "local function deep() return 1 + deep() end\nlocal function g(n) if n == 0 then return deep() end return g(n - 1) end\nreturn g(1e7)",
			"error: t.lua:2: stack overflow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			assert.Equal(t, tc.want, eval(t, tc.src))
			runtime.ReadMemStats(&after)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "allocated by the failing call")
		})
	}
}

// A pcall cannot swallow a broken limit: the script would run on forever.
func TestHazardPcallCannotCatchLimits(t *testing.T) {
	for _, src := range []string{
		"while true do pcall(function() while true do end end) end",
		"while true do xpcall(function() while true do end end, function(e) return e end) end",
		"while true do pcall(string.find, string.rep('a', 1e5), '.-.-.-b') end",
	} {
		_, err := run(t, Options{Limits: timeoutLimits()}, src)
		var e *Error
		require.ErrorAs(t, err, &e, src)
		assert.Equal(t, Timeout, e.Kind, src)
	}
}

// Bytecode allocates with no Go function to refuse: the state's account
// stops it.
// The deadline is far away, so only the memory limit can end these runs,
// however slow the machine; how long they took is not asserted.
func TestHazardMemory(t *testing.T) {
	lim := testLimits()
	lim.Timeout = 5 * time.Minute
	lim.Memory = 16 << 20
	for _, tc := range []struct{ name, src, want string }{
		{"a growing table", "local t, s = {}, string.rep('x', 1000) while true do t[#t + 1] = s .. #t end",
			"t.lua:1: memory limit of 16 MiB exceeded: its Lua values hold "},
		{"doubling a string", "local s = 'x' for i = 1, 40 do s = s .. s end return #s",
			"t.lua:1: memory limit of 16 MiB exceeded: a string of 32.0 MiB (Limits.Memory)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, Options{Limits: lim}, tc.src)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, Memory, e.Kind)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	runtime.GC()
}

// Call depth and the value stack are capped, and a failure of gopher-lua's
// own guard leaves a dead state rather than a crashed host.
func TestHazardStacks(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"recursion", "local function f() return 1 + f() end return f()", "error: t.lua:1: stack overflow"},
		{"recursion through __index", "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x",
			"error: t.lua:1: stack overflow"},
		{"recursion through __tostring", "local t = setmetatable({}, {}) getmetatable(t).__tostring = function(v) return tostring(v) end return tostring(t)",
			"error: t.lua:1: stack overflow"},
		{"growing varargs", "local function f(...) local x = f(" + strings.Repeat("1, ", 150) + "...) return x end return f()",
			"error: t.lua:1: registry overflow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, eval(t, tc.src))
		})
	}

	// Varargs that fill the value stack exactly: gopher-lua's protected call
	// cannot push its handler and lets the panic escape. The host survives;
	// the state is dead.
	s := New(Options{Limits: testLimits()})
	defer s.Close()
	fill, err := Compile("t.lua", []byte("local big = {} for i = 1, 7000 do big[i] = i end\nlocal n = 0\nlocal function f(...) n = n + 1 local x = f(unpack(big)) return x end\nreturn f()"))
	require.NoError(t, err)
	_, err = s.Run(context.Background(), fill)
	assert.EqualError(t, err, "t.lua:3: registry overflow")
	ok, err := Compile("t.lua", []byte("return 1"))
	require.NoError(t, err)
	_, err = s.Run(context.Background(), ok)
	assert.EqualError(t, err, "the Lua state is unusable after an earlier failure: t.lua:3: registry overflow")
}

// LState.SetMx calls os.Exit when the limit is reached: never use it.
func TestHazardNoSetMx(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.NotContains(t, string(src), ".SetMx(", f)
	}
}

// One store past the end of a table's list part made gopher-lua fill the
// gap in Go, one slot at a time: a single instruction that neither the
// deadline nor the watchdog could stop. Such keys now go to the hash part.
func TestHazardSparseArray(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"the issue's line", "local t = {} t[67108863] = 1 return t[67108863], #t", "1 0"},
		{"a key past the list part", "local t = {} t[4e6] = 1 return t[4e6], #t", "1 0"},
		{"table.insert at a far position", "local t = {} table.insert(t, 4e6, 'x') return t[4e6], #t", "x 0"},
		{"rawset", "local t = {} rawset(t, 4e6, 1) return t[4e6]", "1"},
		{"the last key of the list part", "local t = {} t[262143] = 1 t[262143] = nil return #t", "0"},
		{"a list built in order keeps its length", "local t = {} for i = 1, 100000 do t[#t + 1] = i end return #t, t[100000]", "100000 100000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			assert.Equal(t, tc.want, eval(t, tc.src))
			runtime.ReadMemStats(&after)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(24<<20), "allocated by one script")
		})
	}
}

// The bound above holds for every Lua state only if every state is built
// here: no other package may call lua.NewState.
func TestHazardEveryStateIsASandbox(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		if filepath.Dir(path) == filepath.Join(root, "scripts", "sandbox") {
			return nil // this package
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		assert.False(t, strings.Contains(string(src), "lua.NewState("), "%s builds a Lua state outside the sandbox", path)
		return nil
	})
	require.NoError(t, err)
}

// A limit's test asserts that the limit was reached and the run stopped,
// never how many seconds it took: CI is a busy 2-core machine, where
// TestHazardMemory once took 6 s against an asserted 5.
func TestNoWallClockAssertions(t *testing.T) {
	timed := regexp.MustCompile(`assert\.\w+\(t, time\.Since\(`)
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			assert.False(t, timed.MatchString(line), "%s:%d asserts wall-clock time: %s", path, i+1, strings.TrimSpace(line))
		}
		return nil
	})
	require.NoError(t, err)
}

// What a script prints, and the errors it raises, reach a terminal: their
// control characters are escaped, tabs and newlines kept in print.
func TestHazardTerminalControls(t *testing.T) {
	var out strings.Builder
	_, err := run(t, Options{Limits: testLimits(), Stdout: &out}, "print('\\27[2J\\27]0;pwned\\7', 'tab')\nprint('next')\nerror('\\27[31mred')")
	assert.Equal(t, `\x1b[2J\x1b]0;pwned\x07`+"\ttab\nnext\n", out.String())
	assert.EqualError(t, err, `t.lua:3: \x1b[31mred`)
}

// "s .. s .. s .. (many)" was one instruction joining every operand in Go
// at once, beyond the watchdog's reach: a concatenation runs as pairs, one
// instruction each, with the same results, errors and __concat calls.
func TestHazardConcatenationInPairs(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"strings and numbers", "local a, b = 'x', 2 return a .. b .. 'y' .. 3.5 .. a", "x2y3.5x"},
		{"in an expression", "local t = {'a', 'b'} return '<' .. table.concat(t, ',') .. '>' .. #t, 1 .. 2", "<a,b>2 12"},
		{"right to left, as Lua", "local log = {} local mt = {__concat = function(x, y) " +
			"local n = (type(x) == 'table' and x.n or x) .. '+' .. (type(y) == 'table' and y.n or y) " +
			"log[#log + 1] = n return setmetatable({n = n}, getmetatable(type(x) == 'table' and x or y)) end} " +
			"local o = setmetatable({n = 'o'}, mt) local r = 'a' .. o .. 'b' .. 'c' return table.concat(log, ' '), r.n", "o+bc a+o+bc a+o+bc"},
		{"an error names its line", "local x = 'a'\nlocal y = x .. 'b' .. {} .. 'c'", "error: t.lua:2: cannot perform concat operation between table and string"},
		{"in a loop", "local s = '' for i = 1, 5 do s = s .. i .. ',' .. (i * 2) .. ';' end return s", "1,2;2,4;3,6;4,8;5,10;"},
		{"in a nested function", "local function f(a) return a .. '-' .. a .. '-' .. a end return f('z')", "z-z-z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, eval(t, tc.src))
		})
	}
	proto, err := Compile("t.lua", []byte("local s = 'x' return s .. s .. s .. s .. s .. s .. s .. s"))
	require.NoError(t, err)
	for _, inst := range proto.Code {
		if inst>>opShift == opConcat {
			assert.Equal(t, 1, int(inst>>9)&0x1ff-int(inst&0x1ff), "a CONCAT of more than two operands")
		}
	}
	lim := testLimits()
	lim.Memory = 16 << 20
	_, err = run(t, Options{Limits: lim}, "local s = string.rep('x', 1e6) for i = 1, 3 do s = s .. s end\nreturn #(s .. s .. s .. s .. s .. s .. s .. s .. s .. s .. s .. s)")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, Memory, e.Kind)
}
