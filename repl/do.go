package repl

// The typed commands (package command) as the session runs them: the
// terminal's lines are parsed into them (the cmd* functions), and the
// browser's server sends them as they are (Do).

import (
	"context"
	"errors"
	"strconv"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/hint"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/puzzlerun"
	"github.com/meldlab/meldlab/repl/reviewrun"
	"github.com/meldlab/meldlab/repl/view"
)

// Do runs one typed command and returns what it shows, as Run does for a
// line: the error, if any, is the command's failure, and the game and the
// staged turn are then as they were.
func (s *Session) Do(ctx context.Context, c command.Command) (Reply, error) {
	err := s.before(ctx, c.String(), command.Meta(c), command.Edits(c))
	if err == nil {
		err = s.perform(ctx, c)
	}
	return s.takeReply(), err
}

// before is what every command but a meta one does first: the bots a
// Ctrl-C stopped play on, and a person whose clock ran out loses the turn
// (an edit is then not run).
func (s *Session) before(ctx context.Context, name string, meta, edits bool) error {
	if s.desk.Tab.Game() == nil || meta {
		return nil
	}
	if s.desk.Tab.BotsWaiting() {
		s.tell.Settle(ctx, s.desk.Tab)
	}
	if s.tell.TimeUp(ctx, s.desk.Tab) && edits {
		return fail(msg.ReplTimeNotRun(name))
	}
	return nil
}

// perform runs a typed command.
func (s *Session) perform(ctx context.Context, c command.Command) error {
	var dl *puzzlerun.Dealt // a position judged as a puzzle: a puzzle's, a reviewed turn's
	var err error
	switch c := c.(type) {
	case command.Lesson:
		begun, err := s.desk.Do(ctx, s.opt.Lua, c, s.course, s.tell)
		if begun {
			s.puzzle = nil // a puzzle is its own game: a lesson's ends it
		}
		return err
	case command.Back:
		return s.desk.Back(s.tell)
	case command.Puzzle:
		switch c.Ask {
		case "hint":
			return s.puzzle.Hint(s.desk.Tab.Game(), s.tell)
		case "answer":
			return s.puzzle.Answer(s.tell)
		}
		arg := c.ID
		if arg == "" && c.Grade > 0 {
			arg = strconv.Itoa(c.Grade)
		}
		dl, err = s.shelf.Deal(arg, s.desk.Tab, s.deal, s.tell)
	case command.Review:
		if c.N == 0 {
			run, page, err := reviewrun.Review(ctx, s.desk.Tab, s.deal, s.tell)
			if err == nil {
				s.rev, s.reviewed = run, page
			}
			return err
		}
		dl, err = s.rev.Retry(c.N, s.deal, s.tell)
	case command.Timer:
		if c.On && !s.desk.Timer { // turned on, the turn's time starts again
			s.desk.Tab.RestartTimer()
		}
		s.desk.Timer = c.On
		return nil
	case command.NewGame:
		seed := s.seeds.Uint64N(1_000_000)
		if c.HasSeed {
			seed = c.Seed
		}
		nd, err := s.deal.New(s.desk.Tab, c.Variant, c.Players, c.Seats, seed, s.tell.Say(msg.ReplNameYou()))
		if err != nil {
			return err
		}
		s.install(ctx, view.Wrap(s.tell.Say(msg.ReplNewGame(core.VariantName(nd.Game.Rules.Name), seed, s.tell.Seats(nd.Seats))), view.Width, "  "), nd.Game, nd.Seats)
		s.desk.Tab.UseVariant(nd.Base, nd.Variant)
		return nil
	case command.NextRound:
		return s.tell.NextRound(ctx, s.desk.Tab)
	case command.UndoTurn:
		return s.tell.Undo(ctx, s.desk.Tab)
	case command.Tick:
		return nil // before did it
	}
	if err != nil {
		return err
	}
	if dl != nil {
		s.install(ctx, "", dl.Game, dl.Seats)
		s.puzzle = dl.Run
		dl.Announce(s.desk.Tab, s.tell)
		return nil
	}
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	ws := s.desk.Tab.Stage()
	var move *plugin.Move // a play or a draw: the lesson's to judge, the puzzle's, or the referee's
	switch c := c.(type) {
	case command.Put:
		err = ws.Put(c.Tiles, c.To)
	case command.Move:
		err = ws.Move(c.Tiles, c.To)
	case command.Split:
		err = ws.Split(c.Set, c.Pos)
	case command.Join:
		err = ws.Join(c.Sets)
	case command.Declare:
		err = ws.Declare(c.Set, c.Group)
	case command.Take:
		err = ws.Take(c.Tiles)
	case command.UndoEdit:
		if !ws.UndoEdit() {
			return fail(msg.ReplUndoNoEdit())
		}
	case command.RestartTurn:
		ws.Reset()
		s.tell.Printf("%s\n", s.tell.Say(msg.ReplReset()))
	case command.Done:
		move = &plugin.Move{Table: ws.Table()}
	case command.Play:
		move = &plugin.Move{Table: c.Table}
	case command.Draw:
		move = &plugin.Move{Draw: true}
	case command.End:
		return s.tell.EndTurn(ctx, s.desk.Tab)
	case command.Hint:
		if h, k, of, ok := s.desk.Hint(s.tell); ok {
			s.hinted = &HintReply{Lesson: h, K: k, Of: of}
			return nil // the lesson's own hints first; then the solver's
		}
		var keep func(solve.Result) bool
		if run := s.desk.Run; run != nil {
			// The best play is not always the lesson's: a lesson never asks
			// for a draw, and the solver may lay what the lesson refuses
			// (lessons 15 to 17: around Twist's special jokers). A play the
			// lesson refuses would send the learner away from it; its most
			// telling hint, the last, does not.
			keep = func(res solve.Result) bool { return len(res.Placed) > 0 && run.Accepts(ctx, res.Table) }
		}
		h, err := hint.Give(ctx, s.tell, s.desk.Tab, s.opt.HintTime, c.Step, keep)
		if errors.Is(err, hint.ErrNotKept) {
			if last, k, of, ok := s.desk.LastHint(s.tell); ok {
				s.hinted = &HintReply{Lesson: last, K: k, Of: of}
				return nil
			}
			h, err = hint.Give(ctx, s.tell, s.desk.Tab, s.opt.HintTime, c.Step, nil)
		}
		s.hinted = h
		return err
	}
	switch {
	case err != nil:
		return err
	case move == nil:
		s.tell.Staged(s.desk.Tab)
		return nil
	case s.desk.Run != nil:
		v, err := s.desk.Check(ctx, *move, s.course, s.tell)
		s.judged = v
		return err
	case s.puzzle != nil:
		return s.puzzle.Check(s.desk.Tab, move.Table, move.Draw, s.shelf, s.tell)
	case move.Draw:
		return s.tell.Draw(ctx, s.desk.Tab)
	}
	return s.tell.Commit(ctx, s.desk.Tab, move.Table)
}
