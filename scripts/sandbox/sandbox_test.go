package sandbox

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// testLimits are the defaults with a long deadline, so that a test that
// expects another limit to break still passes under the race detector.
func testLimits() Limits {
	l := DefaultLimits()
	l.Timeout = 10 * time.Second
	return l
}

// timeoutLimits are for the tests that expect the deadline.
func timeoutLimits() Limits {
	l := DefaultLimits()
	l.Timeout = 100 * time.Millisecond
	return l
}

// run compiles src as "t.lua" and runs it in a fresh state.
func run(t *testing.T, opts Options, src string) ([]lua.LValue, error) {
	t.Helper()
	proto, err := Compile("t.lua", []byte(src))
	require.NoError(t, err)
	s := New(opts)
	defer s.Close()
	return s.Run(context.Background(), proto)
}

// show writes results as Lua would print them, space-separated.
func show(vals []lua.LValue) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = v.String()
	}
	return strings.Join(parts, " ")
}

// eval runs src with the fast limits and returns its results, or the error text.
func eval(t *testing.T, src string) string {
	t.Helper()
	out, err := run(t, Options{Limits: testLimits()}, src)
	if err != nil {
		return "error: " + err.Error()
	}
	return show(out)
}

func TestAllowList(t *testing.T) {
	s := New(Options{})
	defer s.Close()
	assert.Equal(t, []string{"_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "math",
		"next", "pairs", "pcall", "print", "rawequal", "rawget", "rawset", "require", "select",
		"setmetatable", "string", "table", "tonumber", "tostring", "type", "unpack", "xpcall"}, s.Globals())

	keys := func(expr string) string {
		return eval(t, "local k = {} for n in pairs("+expr+") do k[#k+1] = n end table.sort(k) return table.concat(k, ' ')")
	}
	assert.Equal(t, "__index byte char find format gmatch gsub len lower match rep reverse sub upper", keys("string"))
	assert.Equal(t, "concat getn insert maxn remove sort", keys("table"))
	assert.Equal(t, "abs acos asin atan atan2 ceil cos cosh deg exp floor fmod frexp huge ldexp log log10 max min mod modf pi pow rad random randomseed sin sinh sqrt tan tanh", keys("math"))

	// Each of these would reach the host: files, the process, the
	// interpreter's internals, or code loading.
	for _, name := range []string{"io", "os", "debug", "coroutine", "package", "channel",
		"dofile", "loadfile", "load", "loadstring", "collectgarbage", "module", "getfenv",
		"setfenv", "newproxy", "_printregs", "string.dump", "string.gfind"} {
		assert.Equal(t, "nil", eval(t, "return type("+name+")"), name)
	}
}

func TestPrint(t *testing.T) {
	var out bytes.Buffer
	_, err := run(t, Options{Stdout: &out}, `print("a", 1, nil, true) print(setmetatable({}, {__tostring = function() return "T" end}))`)
	require.NoError(t, err)
	assert.Equal(t, "a\t1\tnil\ttrue\nT\n", out.String())

	lim := testLimits()
	lim.Output = 10
	out.Reset()
	_, err = run(t, Options{Stdout: &out, Limits: lim}, "print('12345') print('67890')")
	assert.EqualError(t, err, "t.lua:1: print: output limit of 10 bytes per call reached")
	assert.Equal(t, "12345\n", out.String())
}

func TestRandom(t *testing.T) {
	draw := "local t = {} for i = 1, 5 do t[i] = math.random(1, 6) end return table.concat(t, ' '), math.random(3), math.random() < 1"
	seeded := func(seed uint64) string {
		out, err := run(t, Options{Rand: rand.New(rand.NewPCG(seed, 1))}, draw)
		require.NoError(t, err)
		return show(out)
	}
	assert.Equal(t, seeded(7), seeded(7), "the same seed draws the same numbers")
	assert.NotEqual(t, seeded(7), seeded(8))

	// randomseed gives the script its own reproducible generator.
	out, err := run(t, Options{}, "math.randomseed(42) local a = math.random(1000) math.randomseed(42) return a == math.random(1000)")
	require.NoError(t, err)
	assert.Equal(t, "true", show(out))

	for _, tc := range []struct{ src, want string }{
		{"return math.random(0)", "error: t.lua:1: bad argument #1 to random (interval is empty)"},
		{"return math.random(5, 4)", "error: t.lua:1: bad argument #2 to random (interval is empty)"},
		{"return math.random(4, 4)", "4"},
	} {
		assert.Equal(t, tc.want, eval(t, tc.src), tc.src)
	}
}

func TestRequire(t *testing.T) {
	opts := Options{
		Modules: map[string]lua.LGFunction{"meld": func(L *lua.LState) int {
			m := L.NewTable()
			m.RawSetString("answer", lua.LNumber(42))
			L.Push(m)
			return 1
		}},
		Files: fstest.MapFS{
			"util.lua":     {Data: []byte("local M = {} function M.twice(x) return 2 * x end return M")},
			"lib/deep.lua": {Data: []byte("return 'deep'")},
			"loop.lua":     {Data: []byte("return require('loop')")},
			"bad.lua":      {Data: []byte("return = 1")},
		},
		Cache: &Cache{},
	}
	for _, tc := range []struct{ src, want string }{
		{"return require('meld').answer", "42"},
		{"return require('meld') == require('meld')", "true"},
		{"return require('util').twice(21)", "42"},
		{"return require('lib.deep')", "deep"},
		{"return require('nope')", `error: t.lua:1: require: no module "nope"; the modules are: meld, and the .lua files of the script's directory`},
		{"return require('../etc/passwd')", `error: t.lua:1: require: no module "../etc/passwd"; the modules are: meld, and the .lua files of the script's directory`},
		{"return require('loop')", `error: loop.lua:1: require: module "loop" requires itself (a loop of requires)`},
		{"return require('bad')", `error: t.lua:1: require: bad.lua:1: syntax error near '='`},
	} {
		out, err := run(t, opts, tc.src)
		got := show(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		assert.Equal(t, tc.want, got, tc.src)
	}
	out, err := run(t, Options{}, "return pcall(require, 'x')")
	require.NoError(t, err)
	assert.Equal(t, `false t.lua:1: require: no module "x"; this sandbox has no modules`, show(out))
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		kind      Kind
		want      string
	}{
		{"error with a position", "local x = 1\nerror('boom')", Runtime, "t.lua:2: boom"},
		{"error without one gets the line that ran", "local x = 1\n\nerror('boom', 0)", Runtime, "t.lua:3: boom"},
		{"error(table)", "error({})", Runtime, "t.lua:1: (error object is a table value)"},
		{"bad argument", "\nstring.rep()", Runtime, "t.lua:2: bad argument #1 to rep (string expected, got nil)"},
		{"arithmetic", "local t = {}\nreturn t + 1", Runtime, "t.lua:2: cannot perform add operation between table and number"},
		{"deep recursion", "local function f() return 1 + f() end\nreturn f()", Runtime, "t.lua:1: stack overflow"},
		{"a runaway loop", "local n = 0\nwhile true do n = n + 1 end", Timeout, "t.lua:2: time limit of 100ms exceeded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, Options{Limits: timeoutLimits()}, tc.src)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tc.kind, e.Kind)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"local x = 1\nfunction f()\n  x = = 2\nend", "h.lua:3: syntax error near '='"},
		{"if x then\n  y = 1\n", "h.lua:2: syntax error at the end of the file"},
		{"x = 'abc", "h.lua:1: unterminated string at the end of the file"},
	} {
		_, err := Compile("h.lua", []byte(tc.src))
		var e *Error
		require.ErrorAs(t, err, &e, tc.src)
		assert.Equal(t, Syntax, e.Kind)
		assert.Equal(t, tc.want, err.Error())
	}
	_, err := Compile("h.lua", []byte("x = = 1"))
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 5, e.Column)
}

// Tail calls are plain calls in the sandbox (see Compile): results are the
// same, depth is bounded.
func TestTailCalls(t *testing.T) {
	assert.Equal(t, "1 2 3", eval(t, "local function f(a) return a, 2, 3 end local function g(x) return f(x) end return g(1)"))
	assert.Equal(t, "m 5", eval(t, "local o = {n = 5} function o:m() return 'm', self.n end local function g() return o:m() end return g()"))
	assert.Equal(t, "done", eval(t, "local function f(n) if n == 0 then return 'done' end return f(n - 1) end return f(150)"))
	assert.Equal(t, "error: t.lua:1: stack overflow", eval(t, "local function f(n) if n == 0 then return 'done' end return f(n - 1) end return f(1000)"))

	// A chunk compiled by gopher-lua itself keeps its tail calls and is refused.
	raw, err := Compile("t.lua", []byte("local function f() return f() end"))
	require.NoError(t, err)
	raw.FunctionPrototypes[0].Code[0] = raw.FunctionPrototypes[0].Code[0]&opMask | opTailCall<<opShift
	_, err = New(Options{}).Run(context.Background(), raw)
	assert.EqualError(t, err, "t.lua: the chunk was not compiled by sandbox.Compile")
}

func TestPcall(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"return pcall(function(a, b) return a + b, 'x' end, 1, 2)", "true 3 x"},
		{"return pcall(function() end)", "true"},
		{"return pcall(error, 'x', 0)", "false x"},
		{"return pcall(error, {code = 1})", "false table"},
		{"return pcall()", "error: t.lua:1: bad argument #1 to pcall (value expected)"},
		{"return pcall(nil)", "false t.lua:1: attempt to call a non-function object"},
		{"return xpcall(function() error('boom', 0) end, function(e) return 'handled ' .. e end)", "false handled boom"},
		{"return xpcall(function() return 1, 2 end, print)", "true 1 2"},
		{"return xpcall(function() error('boom') end, function(e) error('again') end)", "false error in error handling"},
	} {
		got := eval(t, tc.src)
		if strings.HasPrefix(got, "false table: ") {
			got = "false table"
		}
		assert.Equal(t, tc.want, got, tc.src)
	}
}

func TestStateReusableAfterLimit(t *testing.T) {
	s := New(Options{Limits: timeoutLimits()})
	defer s.Close()
	loop, err := Compile("loop.lua", []byte("function spin() while true do end end function add(a, b) return a + b end"))
	require.NoError(t, err)
	_, err = s.Run(context.Background(), loop)
	require.NoError(t, err)
	_, err = s.Call(context.Background(), s.L.GetGlobal("spin"))
	assert.EqualError(t, err, "loop.lua:1: time limit of 100ms exceeded")
	out, err := s.Call(context.Background(), s.L.GetGlobal("add"), lua.LNumber(2), lua.LNumber(3))
	require.NoError(t, err)
	assert.Equal(t, "5", show(out))
	assert.Equal(t, 0, s.L.GetTop(), "the value stack is left clean")
}

func TestCallerCancel(t *testing.T) {
	s := New(Options{Limits: timeoutLimits()})
	defer s.Close()
	proto, err := Compile("t.lua", []byte("while true do end"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = s.Run(ctx, proto)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, Canceled, e.Kind)
	assert.Equal(t, "t.lua:1: context canceled", err.Error())
}

// A zero Options is safe: every limit takes its default, the deadline too.
func TestZeroOptionsAreLimited(t *testing.T) {
	s := New(Options{})
	defer s.Close()
	assert.Equal(t, DefaultLimits(), s.Limits())
	lim := Limits{Timeout: -1, Memory: -1}
	s2 := New(Options{Limits: lim})
	defer s2.Close()
	assert.Equal(t, time.Duration(-1), s2.Limits().Timeout, "a negative limit is off")
}
