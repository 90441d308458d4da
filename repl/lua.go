package repl

import (
	"context"
	"io"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// UseGame implements Env.
func (s *Session) UseGame(ctx context.Context, g *core.Game) error {
	seats := make([]seat, g.Players())
	for i, n := range g.Names() {
		seats[i] = table.Human(n)
		if len(s.tab.Seats()) == len(seats) {
			seats[i] = s.tab.Seats()[i]
			seats[i].Name = n
		}
	}
	s.dropLesson(true)
	s.tab.UseVariant(s.tab.VariantRef(), nil)
	s.printf("%s", wrap(s.say(msg.ReplLuaNewGame(core.VariantName(g.Rules.Name), seatWords(s.paint, seats))), view.Width, "  "))
	s.install(ctx, g, seats)
	return nil
}

// Out implements Env.
func (s *Session) Out() io.Writer { return replyWriter{s} }

// luaCall runs f, a call into Lua, then catches up with what it did to the
// game in play: a game that Lua changed is settled (the bots play, the
// turn shows), and the undo snapshots, which no longer lead to it, go.
func (s *Session) luaCall(ctx context.Context, f func() error) error {
	mark := s.tab.Mark()
	err := f()
	if s.tab.Changed(mark) {
		s.settle(ctx)
	}
	if err != nil && ctx.Err() != nil {
		return fail(msg.ReplLuaStopped())
	}
	return err
}

func cmdRun(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return plugin.ErrNoLua
	}
	if len(l.Args) != 1 {
		return fail(msg.ReplUsageRun())
	}
	return s.luaCall(ctx, func() error { return s.opt.Lua.RunFile(ctx, s, l.Args[0]) })
}
