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
		if len(s.desk.Tab.Seats()) == len(seats) {
			seats[i] = s.desk.Tab.Seats()[i]
			seats[i].Name = n
		}
	}
	s.desk.Drop(s.tell, true) // the variant cleared is the game's the lesson set aside
	s.desk.Tab.UseVariant(s.desk.Tab.VariantRef(), nil)
	s.install(ctx, view.Wrap(s.tell.Say(msg.ReplLuaNewGame(core.VariantName(g.Rules.Name), s.tell.Seats(seats))), view.Width, "  "), g, seats)
	return nil
}

// Out implements Env.
func (s *Session) Out() io.Writer { return s.tell }

func cmdRun(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return plugin.ErrNoLua
	}
	if len(l.Args) != 1 {
		return fail(msg.ReplUsageRun())
	}
	return s.tell.Lua(ctx, s.desk.Tab, func() error { return s.opt.Lua.RunFile(ctx, s, l.Args[0]) })
}
