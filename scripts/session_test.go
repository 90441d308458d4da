package scripts

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/gopher-lua/parse"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

func TestSessionEval(t *testing.T) {
	g := botGame(t)
	var out bytes.Buffer
	s, err := NewSession(&out, func() *core.Game { return g }, Options{})
	require.NoError(t, err)
	defer s.Close()

	tests := []struct {
		code, want, printed, err string
	}{
		{code: "1 + 1", want: "2"},
		{code: "game:rack()", want: "k13 b3 b8"},
		{code: "game:rack(), game:pool()", want: "k13 b3 b8\t20"},
		{code: "game", want: "game (original, 2 players, round 1, player 1 to play)"},
		{code: "x = 41", want: ""},
		{code: "x + 1", want: "42"},
		{code: "print('hi', x)", printed: "hi\t41\n"},
		{code: "local t = {3, 2, 1}\ntable.sort(t)\nreturn t", want: "{1, 2, 3}"},
		{code: `{a = 1, "x", b = {c = true}, d = {{1}}}`, want: `{"x", a = 1, b = {c = true}, d = {{...}}}`},
		{code: "meld.variant('original').players", want: "{max = 4, min = 2}"},
		{code: "nil", want: "nil"},
		{code: "game:play('[b3 b4 b5 b6 b7] [k8 r8 o8]')", want: "false\tb7 is not on your rack"},
		{code: "undefined.x", err: "lua:1: attempt to index a non-table object(nil) with key 'x'"},
		{code: "x = = 2", err: "lua:1: syntax error near '='"},
		{code: "meld.check('[r1 r2 r44]')", err: `lua:1: bad argument #1 to 'check' (set 1, tile 3 "r44": numbers run 1..13)`},
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			out.Reset()
			got, err := s.Eval(context.Background(), tc.code)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.printed, out.String())
		})
	}
}

func TestSessionIncomplete(t *testing.T) {
	s, err := NewSession(nil, nil, Options{})
	require.NoError(t, err)
	defer s.Close()
	for _, code := range []string{"for i = 1, 3 do", "function f(x)", "x = {", "print(", "s = [[long"} {
		_, err := s.Eval(context.Background(), code)
		assert.ErrorIs(t, err, ErrIncomplete, code)
	}
	got, err := s.Eval(context.Background(), "n = 0\nfor i = 1, 3 do\n  n = n + i\nend\nreturn n")
	require.NoError(t, err)
	assert.Equal(t, "6", got)
	got, err = s.Eval(context.Background(), "game")
	require.NoError(t, err)
	assert.Equal(t, "nil", got, "no current game")
}

// TestSessionFollowsTheGame: the global game is always the session's
// current game, and a change through it changes that game.
func TestSessionFollowsTheGame(t *testing.T) {
	g := botGame(t)
	cur := g
	s, err := NewSession(nil, func() *core.Game { return cur }, Options{})
	require.NoError(t, err)
	defer s.Close()
	got, err := s.Eval(context.Background(), "game:play('[b3 b4 b5 b6] [k8 r8 o8 b8]')")
	require.NoError(t, err)
	assert.Equal(t, "true", got)
	assert.Equal(t, coretest.Rack("k13"), g.Rack(0), "the REPL's game changed")

	_, err = s.Eval(context.Background(), "saved = game")
	require.NoError(t, err)
	got, err = s.Eval(context.Background(), "saved == game")
	require.NoError(t, err)
	assert.Equal(t, "true", got, "the same game, the same value")

	cur, err = core.NewGame(core.Original(), []string{"x", "y", "z"}, 9)
	require.NoError(t, err)
	got, err = s.Eval(context.Background(), "game:players(), saved == game")
	require.NoError(t, err)
	assert.Equal(t, "3\tfalse", got)
}

func TestSessionCancel(t *testing.T) {
	lim := sandbox.DefaultLimits()
	lim.Timeout = time.Minute
	s, err := NewSession(nil, nil, Options{Limits: lim})
	require.NoError(t, err)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err = s.Eval(ctx, "while true do end")
	var se *ScriptError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, sandbox.Canceled, se.Err.Kind, "stopped by the cancel, not by the minute's deadline")
	got, err := s.Eval(context.Background(), "'still here'")
	require.NoError(t, err)
	assert.Equal(t, "still here", got)
}

func TestSessionRunFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "lib.lua"), []byte(`return {n = 3}`), 0o644))
	path := filepath.Join(dir, "s.lua")
	require.NoError(t, os.WriteFile(path, []byte(`print(game:rack(), require("lib").n, x)`), 0o644))
	g := botGame(t)
	var out bytes.Buffer
	s, err := NewSession(&out, func() *core.Game { return g }, Options{})
	require.NoError(t, err)
	defer s.Close()
	_, err = s.Eval(context.Background(), "x = 1")
	require.NoError(t, err)
	require.NoError(t, s.RunFile(context.Background(), path))
	assert.Equal(t, "k13 b3 b8\t3\tnil\n", out.String(), "the file's own globals, the session's game")

	err = s.RunFile(context.Background(), filepath.Join(dir, "none.lua"))
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

// TestKeepLocals: a local typed at the REPL lasts to the next line, as the
// learner expects; locals inside blocks and functions stay local, and so
// does one that shadows a built-in (print, meld, game...), which lasts its
// line only, as in the standalone Lua REPL. Strings and comments that hold
// the word local are left as they are.
func TestKeepLocals(t *testing.T) {
	builtin := func(name string) bool { return name == "print" || name == "game" }
	tests := []struct{ in, want string }{
		{"local n = 0", "n = 0"},
		{"local a, b = 1, 2", "a, b = 1, 2"},
		{"local x", "x = nil"},
		{"local x, y -- note\nlocal z", "x, y = nil -- note\nz = nil"},
		{"local function twice(s) return s .. s end", "function twice(s) return s .. s end"},
		{"local a = 1; local b = 2", "a = 1; b = 2"},
		{"for i = 1, 3 do local y = i end", "for i = 1, 3 do local y = i end"},
		{"local f = function() local z = 1 return z end", "f = function() local z = 1 return z end"},
		{"print('local')", "print('local')"},
		{`local a = "local b" local c = 2`, `a = "local b" c = 2`},
		{"local a = 1 --[[ local ]] local b = 2", "a = 1 --[[ local ]] b = 2"},
		{"local s = [==[\nlocal]] x]==] local u = 1", "s = [==[\nlocal]] x]==] u = 1"},
		{"do local q = 1 end local r = 2", "do local q = 1 end r = 2"},
		{"if x then local q = 1 elseif y then local q = 2 else local q = 3 end local r = 4",
			"if x then local q = 1 elseif y then local q = 2 else local q = 3 end r = 4"},
		{"repeat local q = 1 until q local r = 2", "repeat local q = 1 until q r = 2"},
		{"while false do local q end local r", "while false do local q end r = nil"},
		{"local\nx = 1", "\nx = 1"},
		{"local t = {\n 'local' }", "t = {\n 'local' }"},
		{"local print = 5", "local print = 5"},
		{"local n, game = 1, 2", "local n, game = 1, 2"},
		{"local function print() end", "local function print() end"},
		{"local a = 1 error('boom') local b = 2", "a = 1 error('boom') b = 2"},
		// the lines as gopher-lua's scanner ends them, and bytes, not letters
		{"local a = 1\r\nlocal b = 2", "a = 1\r\nb = 2"},
		{"local a = 1\rlocal b = a == 1", "a = 1\rb = a == 1"},
		{"local s = 'été' local t = 1", "s = 'été' t = 1"},
		{"local a --[==[\nlocal\n]==] local b", "a = nil --[==[\nlocal\n]==] b = nil"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, keepLocals(tc.in, builtin), tc.in)
	}
	var out bytes.Buffer
	s, err := NewSession(&out, func() *core.Game { return nil }, Options{})
	require.NoError(t, err)
	defer s.Close()
	for _, step := range []struct{ code, want, err string }{
		{code: "local n = 40", want: ""},
		{code: "n + 2", want: "42"},
		{code: "local a, b = 1, 2", want: ""},
		{code: "a + b", want: "3"},
		{code: "local function fact(k) if k < 2 then return 1 end return k * fact(k - 1) end", want: ""},
		{code: "fact(5)", want: "120"},
		{code: `local w = "local v" local v = 7`, want: ""},
		{code: "w .. v", want: "local v7"},
		{code: "local c = 1 error('boom') local d = 2", err: "lua:1: boom"},
		{code: "c, d", want: "1\tnil"}, // what ran before the error stays
		{code: "local print = 5 return print", want: "5"},
		{code: "type(print)", want: "function"}, // the built-in is not lost
		{code: "local meld = nil", want: ""},
		{code: "meld.check('[r1 r2 r3]')", want: "true"}, // nor is the meld module
	} {
		got, err := s.Eval(t.Context(), step.code)
		if step.err != "" {
			assert.EqualError(t, err, step.err, step.code)
			continue
		}
		require.NoError(t, err, step.code)
		assert.Equal(t, step.want, got, step.code)
	}
}

// FuzzKeepLocals: whatever is typed, keepLocals never panics, and code that
// parses still parses after it, with its lines where they were.
func FuzzKeepLocals(f *testing.F) {
	for _, s := range []string{"local a, b = 1, 2", "local s = [==[\nlocal]==] local x", "local function f() end",
		"do local q end local r --[[ local ]]", `local a = "local \" b" local c`, "local x = 1e-5 local y = 0x1p+4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		out := keepLocals(code, func(n string) bool { return n == "print" })
		if _, err := parse.Parse(strings.NewReader(code), "lua"); err != nil {
			assert.Equal(t, code, out)
			return
		}
		_, err := parse.Parse(strings.NewReader(out), "lua")
		assert.NoError(t, err, "%q -> %q", code, out)
		assert.Equal(t, strings.Count(code, "\n"), strings.Count(out, "\n"))
	})
}
