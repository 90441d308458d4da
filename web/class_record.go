package web

// What the class mode does around a pupil's command: the teacher's
// switches before it (a refused whole-turn hint, the clock, the edition
// and the class's deal), and after it the record of what happened, as the
// reply says it (a lesson begun, tried, passed; a hint; a refusal in the
// learner's words; the class deal's score), with the game in progress.

import (
	"context"
	"errors"
	"fmt"
	"log"
	"slices"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// classBefore applies the teacher's switches to a pupil's command: a
// refusal, or the command as the class plays it.
func (srv *Server) classBefore(se *session, c command.Command) (command.Command, error) {
	s := srv.classSettings()
	switch c := c.(type) {
	case command.Hint:
		if !c.Step && !s.WholeHint && se.s.State().Lesson == nil {
			return nil, refuse(msg.ClassErrWholeHint())
		}
	case command.Timer:
		return nil, refuse(msg.ClassErrClock())
	case command.NewGame:
		if s.Edition != "" {
			c.Variant = s.Edition
		}
		if s.Seed != 0 {
			c.Seed, c.HasSeed = s.Seed, true
		}
		return c, nil
	}
	return c, nil
}

// classClock sets the class's turn clock on the pupil's game: off, or a
// per-turn limit of the class's seconds.
func (srv *Server) classClock(ctx context.Context, se *session) {
	clock := srv.classSettings().Clock
	g := se.s.Game()
	if g == nil || se.s.State().Lesson != nil {
		return
	}
	if clock > 0 {
		g.Rules.TimeLimit = core.TimeLimit{Seconds: clock, PenaltyTiles: max(g.Rules.TimeLimit.PenaltyTiles, 1)}
	}
	se.s.Do(ctx, command.Timer{On: clock > 0})
}

// dealt notes that a new game of the pupil's is the class's deal (the
// assignment it answers), so that its score is kept when its round ends.
func (srv *Server) dealt(se *session) {
	s := srv.classSettings()
	se.deal = 0
	if s.Seed != 0 {
		se.deal = s.Round
	}
}

// classAfter records what a pupil's command did.
func (srv *Server) classAfter(ctx context.Context, se *session, who int64, c command.Command, out repl.Reply, err error, before, after *repl.State) {
	e := ClassEvent{Pupil: who, At: srv.cfg.Now(), Kind: EventMove, Doing: doing(after)}
	if before.Lesson != nil {
		e.Lesson = before.Lesson.N
	}
	switch {
	case err != nil:
		switch c.(type) {
		case command.Done, command.Play, command.End:
			e.Kind, e.Rule, e.Words = EventRefusal, ruleOf(err), se.s.PageError(err)
		}
	case out.Verdict != nil:
		e.Lesson = out.Verdict.N
		e.Kind = EventTry
		if out.Verdict.Passed {
			e.Kind = EventPass
		} else if out.Verdict.Words != "" {
			e.Rule, e.Words = fmt.Sprintf("lesson %d: %s", out.Verdict.N, out.Verdict.Words), out.Verdict.Words
		}
	case out.Hint != nil:
		e.Kind = EventHint
	case after.Lesson != nil && (before.Lesson == nil || before.Lesson.N != after.Lesson.N):
		e.Kind, e.Lesson = EventStart, after.Lesson.N
	}
	if _, ok := c.(command.NewGame); ok && err == nil {
		srv.dealt(se)
	}
	switch {
	case endsTurn(c) && se.seats != nil: // a shared table's game is the table's, not one pupil's
		srv.keepTable(ctx, se.table, srv.gameBytes(se, after))
	case endsTurn(c):
		e.Game = srv.gameBytes(se, after)
	}
	e.Puzzles = srv.puzzleBytes(se, c, before)
	if err := srv.cfg.Class.Record(ctx, e); err != nil {
		log.Printf("meldlab serve: pupil %d's move was not kept: %v", se.pupil, err)
	}
	if after.RoundOver && !before.RoundOver && after.Lesson == nil && se.deal != 0 && after.Round != nil {
		s := srv.classSettings()
		score := ClassEvent{Pupil: who, At: e.At, Kind: EventScore, Doing: e.Doing, Seed: s.Seed, Round: se.deal,
			Points: after.Round.Score[0], Won: slices.Contains(after.Round.Out, 0)}
		if err := srv.cfg.Class.Record(ctx, score); err != nil {
			log.Printf("meldlab serve: pupil %d's score was not kept: %v", se.pupil, err)
		}
	}
}

// ruleOf names the rule a refusal broke: the innermost message's id, so
// that refusals of the same rule with other tiles count together.
func ruleOf(err error) string {
	rule := ""
	for e := err; e != nil; {
		m, ok := e.(core.Messager)
		if !ok {
			e = errors.Unwrap(e)
			continue
		}
		rule = m.Message().ID
		if inner, ok := m.Message().Args["Error"].(error); ok {
			e = inner // the terminal's advice around the referee's reason
		} else {
			e = errors.Unwrap(e)
		}
	}
	if rule == "" {
		return err.Error()
	}
	return rule
}

// doing is what a pupil is doing, for the teacher: a lesson, a puzzle, a
// game's round.
func doing(st *repl.State) string {
	switch {
	case st.Lesson != nil:
		return fmt.Sprintf("lesson %d", st.Lesson.N)
	case st.Puzzle != nil:
		return "puzzle"
	case st.Game && st.RoundOver:
		return fmt.Sprintf("game, round %d over", st.RoundN)
	case st.Game:
		return fmt.Sprintf("game, round %d", st.RoundN)
	}
	return ""
}

// endsTurn reports whether a command may change the game kept (a turn
// played, drawn or ended, a new game or round): a staged edit changes
// nothing a restart would keep, so it does not write the game again.
func endsTurn(c command.Command) bool {
	switch c.(type) {
	case command.Done, command.Play, command.Draw, command.End, command.UndoTurn,
		command.NextRound, command.NewGame, command.Tick:
		return true
	}
	return false
}
