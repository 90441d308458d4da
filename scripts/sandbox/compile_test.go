package sandbox

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Before compiling, a cheap scan of the tokens refuses what gopher-lua's
// compiler takes quadratic time or deep recursion over, or would compile
// wrong. Each error names the limit.
func TestCompileBounds(t *testing.T) {
	items := func(n int) string { return "return {" + strings.Repeat("1,", n) + "}" }
	tests := []struct{ name, src, want string }{
		{"a chain of ..", "local s = 'a'" + strings.Repeat(" .. 'a'", MaxChain+1),
			fmt.Sprintf("c.lua:1: an expression of more than %d operators; split it (sandbox.MaxChain)", MaxChain)},
		{"a chain of +", "return 1" + strings.Repeat("\n+ 1", MaxChain+1),
			fmt.Sprintf("c.lua:%d: an expression of more than %d operators; split it (sandbox.MaxChain)", MaxChain+2, MaxChain)},
		{"nested parentheses", "return " + strings.Repeat("(", MaxDepth+1) + "1" + strings.Repeat(")", MaxDepth+1),
			fmt.Sprintf("c.lua:1: nested more than %d deep (sandbox.MaxDepth)", MaxDepth)},
		{"nested blocks", strings.Repeat("do ", MaxDepth+1) + strings.Repeat("end ", MaxDepth+1),
			fmt.Sprintf("c.lua:1: nested more than %d deep (sandbox.MaxDepth)", MaxDepth)},
		{"nested functions", strings.Repeat("local function f() ", MaxDepth+1) + strings.Repeat("end ", MaxDepth+1),
			fmt.Sprintf("c.lua:1: nested more than %d deep (sandbox.MaxDepth)", MaxDepth)},
		{"a constructor over gopher-lua's bound", items(MaxItems + 1),
			fmt.Sprintf("c.lua:1: a table constructor of more than %d listed items (gopher-lua would store the rest under wrong keys); build the table in a loop (sandbox.MaxItems)", MaxItems)},
		{"many constants", "return {" + numberList(MaxConstants+1) + "}",
			fmt.Sprintf("c.lua:1: more than %d different constants and names (sandbox.MaxConstants)", MaxConstants)},
		{"too long", "return '" + strings.Repeat("x", MaxSource) + "'",
			fmt.Sprintf("c.lua: the chunk is %d bytes, over the limit of %d (sandbox.MaxSource)", MaxSource+9, MaxSource)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("c.lua", []byte(tc.src))
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, Syntax, e.Kind)
			assert.Equal(t, tc.want, err.Error())
		})
	}
	// At the bounds, and with what looks like operators inside strings and
	// comments, it compiles, and the table keeps every item.
	for _, src := range []string{
		items(MaxItems),
		"local s = 1" + strings.Repeat(" + 1", MaxChain) + " return {s}",
		"return " + strings.Repeat("(", MaxDepth-1) + "{1}" + strings.Repeat(")", MaxDepth-1),
		"local s = [[" + strings.Repeat("((( .. ", 10000) + "]] -- " + strings.Repeat("{{{ + ", 1000) +
			"\n--[==[ " + strings.Repeat("do ", 1000) + "]==] return {1, 2, x = 3, [4] = 4, 'a';}",
		"local t = {[1] = 1, a = 2, 3; 4} if t then while false do end repeat until true end return {#t}",
	} {
		proto, err := Compile("ok.lua", []byte(src))
		require.NoError(t, err, src[:min(len(src), 80)])
		s := New(Options{Limits: testLimits()})
		out, err := s.Run(context.Background(), proto)
		s.Close()
		require.NoError(t, err)
		if tbl, ok := out[0].(interface{ Len() int }); ok && len(src) > 9 && src[:9] == "return {1" {
			assert.Equal(t, MaxItems, tbl.Len())
		}
	}
}

func numberList(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d,", i)
	}
	return b.String()
}

// A compile runs under the caller's deadline: past it, the caller has its
// answer (the compile is abandoned), whatever the compile would have cost.
func TestCompileDeadline(t *testing.T) {
	src := []byte("return {" + numberList(MaxConstants-10) + "}") // within the bounds, and slow
	ctx, cancel := context.WithTimeoutCause(context.Background(), time.Millisecond, fmt.Errorf("time limit of 1ms exceeded"))
	defer cancel()
	_, err := CompileContext(ctx, "slow.lua", src)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, Timeout, e.Kind)
	assert.Equal(t, "slow.lua: compiling stopped: time limit of 1ms exceeded", err.Error())
}

// The cache compiles a chunk once, keyed by its name and content, and holds
// a bounded number of chunks.
func TestCacheBounded(t *testing.T) {
	var c Cache
	for i := range 2 * MaxCached {
		_, err := c.Compile(context.Background(), "a.lua", fmt.Appendf(nil, "return %d", i))
		require.NoError(t, err)
	}
	assert.Equal(t, MaxCached, c.Len())
	before := c.Compiles()
	p1, err := c.Compile(context.Background(), "b.lua", []byte("return 1"))
	require.NoError(t, err)
	p2, err := c.Compile(context.Background(), "b.lua", []byte("return 1"))
	require.NoError(t, err)
	assert.Same(t, p1, p2)
	assert.Equal(t, before+1, c.Compiles())
}

// gopher-lua drops every value of a constructor's last item, a call or
// "...", when 50, 100, ... listed items come before it ({50 items, f()} has
// 50 items, not 53): the scan refuses that shape, and every other shape
// keeps all its values.
func TestConstructorTailSpread(t *testing.T) {
	head := func(n int) string { return strings.Repeat("0, ", n) }
	const f = "local function f(...) return 1, 2, 3 end local o = {m = f} "
	for _, tail := range []string{"f()", "...", "o:m()", "f{}", `f"x"`, "f(1)(2)", "f(f())"} {
		for _, n := range []int{50, 100} {
			src := f + "local function g(...) return {" + head(n) + tail + "} end return #g(1, 2, 3)"
			_, err := Compile("c.lua", []byte(src))
			require.Error(t, err, "%d items, then %s", n, tail)
			assert.Equal(t, fmt.Sprintf(`c.lua:1: a table constructor whose last item, a call or "...", follows %d listed items: gopher-lua would drop all its values; add them in a loop`, n), err.Error())
		}
	}
	// Shapes that keep their values (or have but one to keep): compiled,
	// and run as Lua says.
	for _, tc := range []struct {
		items string
		want  int
	}{
		{head(49) + "f()", 52},
		{head(51) + "f()", 54},
		{head(50) + "(f())", 51},
		{head(50) + "o.m", 51},
		{head(50) + "o[\"m\"]", 51},
		{head(50) + "f() + 1", 51},
		{head(50) + "x = f()", 50},
		{head(50) + "[\"k\"] = f()", 50},
		{head(49) + "f(), 0", 51},
		{head(50) + "{f()}", 51},
		{head(50) + "'s'", 51},
	} {
		src := f + "local function g(...) return {" + tc.items + "} end return #g(1, 2, 3)"
		out, err := run(t, Options{Limits: testLimits()}, src)
		require.NoError(t, err, tc.items[len(tc.items)-12:])
		assert.Equal(t, fmt.Sprint(tc.want), out[0].String(), tc.items[len(tc.items)-12:])
	}
}
