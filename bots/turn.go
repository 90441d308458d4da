package bots

import (
	"context"
	"errors"
	"fmt"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// TurnResult says what one bot turn did, for printing: the seat, the kind of
// action the game recorded, the tiles placed or drawn, the table after a
// play, and why the bot was penalised (nil if it was not).
type TurnResult struct {
	Seat    int
	Kind    core.ActionKind // ActPlay, ActDraw, ActPass, ActTimeout or ActFailedPlay
	Tiles   []core.Tile     // placed (ActPlay) or drawn (the others)
	Table   core.Table      // the table after a play; nil otherwise
	Penalty error
	// Refused reports that the referee refused the bot's proposal (the
	// turn then ended with Penalty): the bot and the referee disagreed.
	Refused bool
	// Record is the referee's record of the action that ended the turn
	// (core.Game.LastTurn): sets changed, jokers freed and kept.
	Record core.TurnRecord
}

// Turn asks b for its action on g (the current seat) and applies it. A bot
// that errors, runs out of ctx's deadline, or returns a play the rules refuse
// loses its turn with the variant's timeout penalty (g.Timeout: the table as
// it was, penalty tiles drawn); the game goes on and TurnResult.Penalty says
// why. Under a variant with no time limit (the Italian and Novelty
// editions) there is no timeout: the bot's turn ends the ordinary way, with
// a draw (kind ActDraw, or ActPass from an empty pool), and Penalty still
// says why. A variant that charges for failed plays (Rules.FailedPlay)
// charges that instead, and the kind is then ActFailedPlay.
//
// A draw that leaves the turn open for a joker swap (the French edition's
// drawn tile) is closed at once: bots do not swap the tile just drawn.
//
// The error is for what is no bot's fault: the round is over, or the
// variant's hooks failed.
func Turn(ctx context.Context, g *core.Game, b Bot) (TurnResult, error) {
	act, err := Ask(ctx, g, b)
	return Apply(g, b, act, err)
}

// Ask asks b for its action on g (the current seat) and changes nothing:
// the bot gets its own view, with the referee to plan by (View.Check). A
// front end that may be interrupted (Ctrl-C in the REPL) asks first and,
// unless interrupted, applies the answer with Apply on the same game, so
// an interruption leaves the turn untaken rather than charging the bot.
func Ask(ctx context.Context, g *core.Game, b Bot) (Action, error) {
	if g.RoundOver() {
		return Action{}, fmt.Errorf("bots: round %d is over", g.Round())
	}
	var v *core.View
	var rules *core.Rules
	if _, ok := b.(reader); ok {
		// the game's own table and rules: the bot changes nothing
		v, rules = g.ReadView(g.Current()), &g.Rules
	} else {
		v = g.View(g.Current()) // the bot's own copy: it may change it
		r := g.Rules            // a copy: a bot cannot change the game's rules
		rules = &r
	}
	// The bot plans with the referee: asking changes nothing, so a bot that
	// keeps the function past its turn gets the round-over refusal or a
	// judgement of a later turn, never a way to change the game.
	v.Check, v.Judge, v.Plain = g.Check, g.Judge, g.Plain()
	act, err := b.Act(ctx, rules, v)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return act, err
}

// A reader is a bot whose Act changes nothing of what it gets (the view,
// its table's sets, the rules) and keeps none of it past its turn: Ask
// hands it the game's own table and rules (core.Game.ReadView), not
// copies, which were most of the allocations of a turn of the lab's
// greedy bots besides the search (issue 47, item 7). Greedy is one: it
// reads the view into a solve.Problem, and the solver leaves a problem's
// table as it is (an answer's sets are its own).
type reader interface {
	Bot
	readsOnly()
}

// Tally is what the lab counts of a turn: TurnResult without the tiles,
// the table and the referee's record, which a front end shows and which
// cost copies every turn (the record's sets made and changed, worked out
// only when asked: see core.Game.LastTurn).
type Tally struct {
	Kind    core.ActionKind // as TurnResult.Kind
	Penalty error           // as TurnResult.Penalty
	Refused bool            // as TurnResult.Refused
	Kept    int             // TurnResult.Record.Kept: freed jokers the play sent to the rack
}

// TurnTally is Turn for a caller that counts turns rather than shows them
// (the lab): the same turn taken, the same errors, and what it did as a
// Tally.
func TurnTally(ctx context.Context, g *core.Game, b Bot) (Tally, error) {
	act, err := Ask(ctx, g, b)
	res, err := apply(g, b, act, err, false)
	return Tally{Kind: res.Kind, Penalty: res.Penalty, Refused: res.Refused, Kept: res.Record.Kept}, err
}

// Apply carries out on g the action b answered (act, or its error err) for
// the current seat, as Turn describes.
func Apply(g *core.Game, b Bot, act Action, err error) (TurnResult, error) {
	return apply(g, b, act, err, true)
}

// lastTurn is the game's record of the last turn action for a TurnResult:
// in full (core.Game.LastTurn), or for a Tally (full false) only the
// jokers kept, which cost no copy.
func lastTurn(g *core.Game, full bool) core.TurnRecord {
	if full {
		return g.LastTurn()
	}
	return core.TurnRecord{Kept: g.LastKept()}
}

// apply is Apply, the result's record in full or only as a Tally needs it
// (see lastTurn).
func apply(g *core.Game, b Bot, act Action, err error, full bool) (TurnResult, error) {
	seat := g.Current()
	res := TurnResult{Seat: seat}
	if g.RoundOver() {
		return res, fmt.Errorf("bots: round %d is over", g.Round())
	}
	if err != nil {
		return failed(g, b, res, err, full)
	}
	if act.Draw {
		return draw(g, res, full)
	}
	turn, round := g.Turn(), g.Round()
	if err := g.Play(act.Table); err != nil {
		return refused(g, b, res, err, turn, round, full)
	}
	rec := lastTurn(g, full)
	res.Kind, res.Tiles, res.Table, res.Record = core.ActPlay, rec.Placed, rec.Table, rec
	return res, nil
}

// failed ends the turn of a bot that answered err, not an action: a
// penalty, unless the variant's hook failed. (Apply's rare paths are
// functions of their own, so that the errors.As targets, which escape to
// the heap, cost nothing on a turn that goes well.)
func failed(g *core.Game, b Bot, res TurnResult, err error, full bool) (TurnResult, error) {
	var he *core.HookError
	if errors.As(err, &he) {
		// The variant's hook failed while the bot asked the referee: the
		// game's fault, not the bot's, so no penalty (as when Play meets it).
		return res, err
	}
	return penalise(g, res, fmt.Errorf("bots: %s (seat %d): %w", b.Name(), res.Seat+1, err), full)
}

// refused ends the turn of a bot whose play the referee refused with err
// (turn and round are the game's before the play); another error is the
// game's, not the bot's.
func refused(g *core.Game, b Bot, res TurnResult, err error, turn, round int, full bool) (TurnResult, error) {
	var rerr *core.RuleError
	switch {
	case !errors.As(err, &rerr):
		return res, err
	case g.Turn() != turn || g.Round() != round || g.RoundOver():
		// The variant charged the failed play itself and ended the turn.
		res.Kind, res.Tiles, res.Refused, res.Record = core.ActFailedPlay, rerr.Penalty, true, lastTurn(g, full)
		res.Penalty = fmt.Errorf("bots: %s (seat %d): %w", b.Name(), res.Seat+1, err)
		return res, nil
	}
	res.Refused = true
	return penalise(g, res, fmt.Errorf("bots: %s (seat %d): %w", b.Name(), res.Seat+1, err), full)
}

// draw ends the turn with a draw, closing at once a turn the draw left
// open for a joker swap.
func draw(g *core.Game, res TurnResult, full bool) (TurnResult, error) {
	tiles, err := g.Draw()
	if errors.Is(err, core.ErrNoPass) {
		// end_of_pool.play: no_pass: with the pool empty a player who can
		// place a tile must; the bot plays the best allowed play instead.
		return mustPlace(g, res, full)
	}
	if err != nil {
		return res, err
	}
	rec := lastTurn(g, full)
	if g.DrawnTile() != core.NoTile {
		if err := g.EndTurn(); err != nil {
			return res, err
		}
		rec.Ended, rec.RoundOver = true, g.RoundOver()
	}
	res.Kind, res.Tiles, res.Record = core.ActDraw, tiles, rec
	if len(tiles) == 0 {
		res.Kind = core.ActPass
	}
	return res, nil
}

// penalise ends the turn with the variant's timeout penalty, or with a
// draw where the variant has no time limit.
func penalise(g *core.Game, res TurnResult, why error, full bool) (TurnResult, error) {
	if !g.Rules.HasClock() {
		res, err := draw(g, res, full)
		if err == nil {
			res.Penalty = why
		}
		return res, err
	}
	tiles, err := g.Timeout()
	if err != nil {
		return res, err
	}
	res.Kind, res.Tiles, res.Penalty, res.Record = core.ActTimeout, tiles, why, lastTurn(g, full)
	return res, nil
}

// mustPlace plays, for a bot whose pass no_pass refused, the best play the
// referee accepts (the most tiles), as a hint finds it.
func mustPlace(g *core.Game, res TurnResult, full bool) (TurnResult, error) {
	cur := g.Current()
	p := solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(cur), Opened: g.Opened(cur),
		Locked: g.Locked(), MaxNodes: DefaultMaxNodes}
	best, err := solve.Legal(context.Background(), p, g, solve.Limits{})
	if err != nil {
		return res, err
	}
	if err := g.Play(best.Table); err != nil {
		return res, err
	}
	rec := lastTurn(g, full)
	res.Kind, res.Tiles, res.Table, res.Record = core.ActPlay, rec.Placed, rec.Table, rec
	return res, nil
}
