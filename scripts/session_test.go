package scripts

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
// learner expects; locals inside blocks and functions stay local.
func TestKeepLocals(t *testing.T) {
	tests := []struct{ in, want string }{
		{"local n = 0", "n = 0"},
		{"local a, b = 1, 2", "a, b = 1, 2"},
		{"local x", "x = nil"},
		{"local function twice(s) return s .. s end", "function twice(s) return s .. s end"},
		{"local a = 1; local b = 2", "a = 1; b = 2"},
		{"for i = 1, 3 do local y = i end", "for i = 1, 3 do local y = i end"},
		{"local f = function() local z = 1 return z end", "f = function() local z = 1 return z end"},
		{"print('local')", "print('local')"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, keepLocals(tc.in), tc.in)
	}
	var out bytes.Buffer
	s, err := NewSession(&out, func() *core.Game { return nil }, Options{})
	require.NoError(t, err)
	defer s.Close()
	_, err = s.Eval(t.Context(), "local n = 40")
	require.NoError(t, err)
	got, err := s.Eval(t.Context(), "n + 2")
	require.NoError(t, err)
	assert.Equal(t, "42", got)
}
