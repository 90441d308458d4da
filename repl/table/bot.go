package table

import (
	"context"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// BotTurn lets the bot of the seat to play take its turn on g, asking
// first (within limit; 10 s if limit is 0) and applying only if ctx was
// not interrupted, so that Ctrl-C leaves the turn untaken rather than
// charging the bot for running out of time.
func BotTurn(ctx context.Context, g *core.Game, st Seat, limit time.Duration) (Event, error) {
	name := g.Name(g.Current())
	if limit <= 0 {
		limit = 10 * time.Second
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	round, turn := g.Round(), g.Turn()+1
	act, aerr := bots.Ask(tctx, g, st.Bot)
	if ctx.Err() != nil {
		return Event{}, ctx.Err()
	}
	// The table before the turn, which the report of a play names its sets
	// from: asking changed nothing, so it is read now, and only for a bot
	// that may play (a draw's report names none).
	var before core.Table
	if aerr != nil || !act.Draw {
		before = g.Table()
	}
	res, err := bots.Apply(g, st.Bot, act, aerr)
	if err != nil {
		return Event{}, view.Fail(msg.ReplBotFailed(name, err))
	}
	r := view.ReportRecord(g.Rules.SetRules(), name, round, turn, before, res.Record)
	r.Kind = res.Kind // a bot's lost turn is told as the penalty it drew
	r.Penalty = res.Penalty
	if res.Kind != core.ActPlay {
		r.Drawn = len(res.Tiles)
	}
	return Event{Kind: BotPlayed, Report: r, Tiles: res.Tiles}, nil
}
