package scripts

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/files"
)

// ErrIncomplete is Session.Eval's answer to code that stops in the middle
// of a statement ("for i = 1, 3 do"): the REPL reads another line, appends
// it and calls Eval again.
var ErrIncomplete = errors.New("scripts: incomplete input")

// Session is the Lua of an interactive session: one state whose globals
// live from one evaluation to the next, with the meld module and the global
// game, the session's current game. It is not safe for concurrent use.
type Session struct {
	e       *env
	opts    Options
	current func() *core.Game
	wrapped *core.Game // the game the global game wraps
	// builtins are the globals the session starts with (print, meld,
	// game...): a local typed with one of their names is not kept.
	builtins map[string]bool
}

// NewSession starts a session that prints to out. game returns the session's
// current game (nil for none) at each evaluation; scripts change that game
// through the global game. opts.Dir is where require, g:save and meld.load
// reach (the REPL passes the working directory); its Stdout is replaced by out.
func NewSession(out io.Writer, game func() *core.Game, opts Options) (*Session, error) {
	opts.Stdout = out
	e, err := newEnv(opts)
	if err != nil {
		return nil, err
	}
	builtins := map[string]bool{"game": true}
	e.st.L.G.Global.ForEach(func(k, _ lua.LValue) {
		if name, ok := k.(lua.LString); ok {
			builtins[string(name)] = true
		}
	})
	return &Session{e: e, opts: opts, current: game, builtins: builtins}, nil
}

// builtin says whether name is one of the globals the session started with.
func (s *Session) builtin(name string) bool { return s.builtins[name] }

// Close releases the session's Lua state.
func (s *Session) Close() { s.e.close() }

// Eval evaluates one line or block of Lua and returns what it gives back in
// words, as Lua's own REPL prints it: an expression's values ("return"
// is tried first, so "game:rack()" shows the rack), nothing for a statement.
// print writes to the session's output as it runs.
//
// Code that ends in the middle of a statement returns ErrIncomplete. Any
// other failure is a *ScriptError ("lua:1: message", with a traceback);
// canceling ctx stops a running evaluation.
func (s *Session) Eval(ctx context.Context, code string) (string, error) {
	s.bindGame(s.e)
	const chunk = "lua"
	src := []byte("return " + code)
	if _, err := parse.Parse(strings.NewReader(string(src)), chunk); err != nil {
		src = []byte(code)
		if _, err := parse.Parse(strings.NewReader(code), chunk); err != nil {
			var pe *parse.Error
			if errors.As(err, &pe) && pe.Pos.Line < 0 {
				return "", ErrIncomplete
			}
		}
	}
	if string(src) == code {
		src = []byte(keepLocals(code, s.builtin))
	}
	out, err := s.e.run(ctx, chunk, src)
	if err != nil {
		return "", err
	}
	parts := make([]string, len(out))
	for i, v := range out {
		parts[i] = escape.String(show(s.e.st.L, v, 0)) // a value may hold an ESC sequence
	}
	return strings.Join(parts, "\t"), nil
}

// RunFile runs a Lua file against the session's game, as `meldlab run`
// would, but with the global game set: require and file paths reach the
// file's own directory. The session's globals are not shared with it.
func (s *Session) RunFile(ctx context.Context, path string) error {
	src, err := files.Read(path, files.Lua)
	if err != nil {
		return FileError(path, err)
	}
	opts := s.opts
	opts.Dir = filepath.Dir(path)
	e, err := newEnv(opts)
	if err != nil {
		return err
	}
	defer e.close()
	e.setArgs(path, nil)
	var file Session
	file.current = s.current
	file.bindGame(e)
	_, err = e.run(ctx, path, src)
	return err
}

// Game is the game the global game holds now, nil if it holds none. Code
// that sets game = meld.game{...} hands the session a new game: the REPL
// adopts it and plays it (a house rule tried in one line of Lua).
func (s *Session) Game() *core.Game {
	if ud, ok := s.e.st.L.GetGlobal("game").(*lua.LUserData); ok && ud.Metatable == s.e.gameMT {
		return ud.Value.(*core.Game)
	}
	return nil
}

// bindGame sets the global game to the current game, keeping the same Lua
// value while the game is the same, so that scripts may compare it.
func (s *Session) bindGame(e *env) {
	var g *core.Game
	if s.current != nil {
		g = s.current()
	}
	L := e.st.L
	switch {
	case g == nil:
		L.SetGlobal("game", lua.LNil)
	case g != s.wrapped || L.GetGlobal("game") == lua.LNil:
		L.SetGlobal("game", e.wrapGame(g))
	}
	s.wrapped = g
}

// show writes a value for the REPL: strings as they are at the top (a rack
// reads as a rack), quoted inside tables; tables shallowly, in key order.
func show(L *lua.LState, v lua.LValue, depth int) string {
	switch v := v.(type) {
	case lua.LString:
		if depth > 0 {
			return strconv.Quote(string(v))
		}
		return string(v)
	case *lua.LTable:
		if depth >= 2 {
			return "{...}"
		}
		t := readable(v)
		var items []string
		n := t.Len()
		for i := 1; i <= n; i++ {
			items = append(items, show(L, t.RawGetInt(i), depth+1))
		}
		var keyed []string
		t.ForEach(func(k, val lua.LValue) {
			if num, ok := k.(lua.LNumber); ok && float64(num) >= 1 && float64(num) <= float64(n) && float64(num) == float64(int(num)) {
				return
			}
			key := lua.LVAsString(k)
			if _, ok := k.(lua.LString); !ok {
				key = "[" + key + "]"
			}
			keyed = append(keyed, key+" = "+show(L, val, depth+1))
		})
		sort.Strings(keyed)
		items = append(items, keyed...)
		const most = 40
		if len(items) > most {
			items = append(items[:most], "...")
		}
		return "{" + strings.Join(items, ", ") + "}"
	}
	return lua.LVAsString(L.ToStringMeta(v))
}
