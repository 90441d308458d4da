package repl

import (
	"context"
	"errors"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
)

// Bot is a computer player (package bots).
type Bot = bots.Bot

// bots is the registry the seats' bots come from (Options.Bots).
func (s *Session) bots() *bots.Registry {
	if s.opt.Bots == nil {
		s.opt.Bots = bots.NewRegistry()
	}
	return s.opt.Bots
}

// botTurn lets the bot whose turn it is play on the game (table.BotTurn)
// and prints what it did. Its opponents see how many tiles it drew, never
// which.
func (s *Session) botTurn(ctx context.Context) error {
	g := s.game
	name := g.Names()[g.Current()]
	ev, err := table.BotTurn(ctx, g, s.seats[g.Current()], s.opt.BotTime)
	if err != nil {
		return err
	}
	r, n := ev.Report, len(ev.Tiles)
	s.record(r)
	switch {
	case r.Penalty != nil && (r.Kind == core.ActDraw || r.Kind == core.ActPass):
		// No clock in this variant: the bot's turn ends the ordinary way.
		s.printf("%s\n", s.say("repl.bot.could_not_play", "Name", name, "Why", botWhy(r.Penalty), "Count", n))
	case r.Penalty != nil:
		s.printf("%s\n", s.say("repl.bot.loses_turn", "Name", name, "Why", botWhy(r.Penalty), "Count", n))
	case r.Kind == core.ActPlay:
		s.printf("%s\n%s", s.say("repl.bot.plays", "Name", name, "Tiles", s.paint.Tiles(ev.Tiles)), s.paint.TableLines(r))
	case r.Kind == core.ActPass:
		s.printf("%s\n", s.say("repl.bot.passes", "Name", name))
	case r.Kind == core.ActDraw:
		s.printf("%s\n", s.say("repl.bot.draws", "Name", name, "Count", n))
	case r.Kind == core.ActTimeout:
		s.printf("%s\n", s.say("repl.bot.timeout", "Name", name, "Count", n))
	default:
		s.printf("%s: %s\n", name, r.Kind)
	}
	return nil
}

// botWhy says why a bot lost its turn, in the player's words: "out of
// time" rather than the context's error, and no package prefix.
func botWhy(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "out of time"
	}
	return strings.TrimPrefix(err.Error(), "bots: ")
}
