package repl

// The lua command: Lua mode, or a chunk (package luainput).

import (
	"context"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/plugin"
)

func cmdLua(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return plugin.ErrNoLua
	}
	if l.Rest == "" {
		s.lua.Begin()
		s.tell.Printf("%s\n", s.tell.Say(msg.ReplLuaMode()))
		return nil
	}
	eval := func(code string) (string, error) { return s.opt.Lua.Eval(ctx, s, code) }
	return s.tell.Lua(ctx, s.desk.Tab, func() error { return s.lua.Eval(l.Rest, eval, s.tell) })
}

// CancelInput drops a half-typed Lua chunk (Ctrl-C at a continuation line).
func (s *Session) CancelInput() { s.lua.Cancel() }
