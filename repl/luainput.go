package repl

// The Lua input: Lua mode, and a chunk waiting for its continuation lines.

import (
	"context"
	"errors"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/plugin"
)

// luaInput is the state of Lua typed at the REPL: in Lua mode every line is
// Lua until a line with a single dot; an unfinished chunk waits in buf.
type luaInput struct {
	mode bool   // lines are Lua until "."
	buf  string // a Lua chunk waiting for its continuation lines
}

func cmdLua(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return plugin.ErrNoLua
	}
	if l.Rest == "" {
		s.lua.mode = true
		s.printf("%s\n", s.say(msg.ReplLuaMode()))
		return nil
	}
	return s.luaChunk(ctx, l.Rest)
}

// luaLine takes a line in Lua mode, or a continuation line.
func (s *Session) luaLine(ctx context.Context, line string) error {
	if strings.TrimSpace(line) == "." {
		if s.lua.buf != "" {
			s.lua.buf = ""
			return fail(msg.ReplLuaDropped())
		}
		s.lua.mode = false
		return nil
	}
	code := line
	if s.lua.buf != "" {
		code = s.lua.buf + "\n" + line
	}
	s.lua.buf = ""
	return s.luaChunk(ctx, code)
}

// luaChunk evaluates code, or keeps it for a continuation line.
func (s *Session) luaChunk(ctx context.Context, code string) error {
	if strings.TrimSpace(code) == "" {
		return nil
	}
	return s.luaCall(ctx, func() error {
		out, err := s.opt.Lua.Eval(ctx, s, code)
		if errors.Is(err, plugin.ErrIncomplete) {
			s.lua.buf = code
			return nil
		}
		if out != "" {
			s.printf("%s\n", strings.TrimRight(out, "\n"))
		}
		return err
	})
}

// CancelInput drops a half-typed Lua chunk (Ctrl-C at a continuation line).
func (s *Session) CancelInput() { s.lua.buf = "" }

// inLua reports whether lines are Lua (Lua mode or a continuation).
func (s *Session) inLua() bool { return s.lua.mode || s.lua.buf != "" }
