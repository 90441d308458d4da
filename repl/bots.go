package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/view"
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

// botTurn lets the bot whose turn it is play on the game, asking first and
// applying only if not interrupted, so that Ctrl-C leaves the turn untaken
// rather than charging the bot for running out of time, and prints what it
// did. Its opponents see how many tiles it drew, never which.
func (s *Session) botTurn(ctx context.Context) error {
	g := s.game
	cur := g.Current()
	name := g.Names()[cur]
	limit := s.opt.BotTime
	if limit <= 0 {
		limit = 10 * time.Second
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	before, round, turn := g.Table(), g.Round(), g.Turn()+1
	bot := s.seats[cur].bot
	act, aerr := bots.Ask(tctx, g, bot)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	res, err := bots.Apply(g, bot, act, aerr)
	if err != nil {
		return fmt.Errorf("%s could not play: %w", name, err)
	}
	c := g
	n := len(res.Tiles)
	r := view.ReportRecord(c.Rules.SetRules(), name, round, turn, before, res.Record)
	r.Kind = res.Kind // a bot's lost turn is told as the penalty it drew
	r.Penalty = res.Penalty
	if res.Kind != core.ActPlay {
		r.Drawn = n
	}
	s.record(r)
	switch {
	case res.Penalty != nil && (res.Kind == core.ActDraw || res.Kind == core.ActPass):
		// No clock in this variant: the bot's turn ends the ordinary way.
		s.printf("%s\n", s.say("repl.bot.could_not_play", "Name", name, "Why", botWhy(res.Penalty), "Count", n))
	case res.Penalty != nil:
		s.printf("%s\n", s.say("repl.bot.loses_turn", "Name", name, "Why", botWhy(res.Penalty), "Count", n))
	case res.Kind == core.ActPlay:
		s.printf("%s\n%s", s.say("repl.bot.plays", "Name", name, "Tiles", s.paint.Tiles(res.Tiles)), s.paint.TableLines(r))
	case res.Kind == core.ActPass:
		s.printf("%s\n", s.say("repl.bot.passes", "Name", name))
	case res.Kind == core.ActDraw:
		s.printf("%s\n", s.say("repl.bot.draws", "Name", name, "Count", n))
	case res.Kind == core.ActTimeout:
		s.printf("%s\n", s.say("repl.bot.timeout", "Name", name, "Count", n))
	default:
		s.printf("%s: %s\n", name, res.Kind)
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
