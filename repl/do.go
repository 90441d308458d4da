package repl

// The typed commands (package command) as the session runs them: the
// terminal's lines are parsed into them (the cmd* functions), and the
// browser's server sends them as they are (Do).

import (
	"context"
	"strconv"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/lesson"
	"github.com/meldlab/meldlab/repl/plugin"
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
	if s.tab.Game() == nil || meta {
		return nil
	}
	if s.tab.BotsWaiting() {
		s.settle(ctx)
	}
	if s.timeUp(ctx) && edits {
		return fail(msg.ReplTimeNotRun(name))
	}
	return nil
}

// perform runs a typed command.
func (s *Session) perform(ctx context.Context, c command.Command) error {
	switch c := c.(type) {
	case command.Lesson:
		return s.doLesson(ctx, c)
	case command.Back:
		return s.back()
	case command.Puzzle:
		return s.doPuzzle(ctx, c)
	case command.Review:
		return s.doReview(ctx, c)
	case command.Timer:
		s.setTimer(c.On)
		return nil
	case command.NewGame:
		return s.newGame(ctx, c)
	case command.NextRound:
		return s.nextRound(ctx)
	case command.UndoTurn:
		return s.undoTurn(ctx)
	case command.Tick:
		return nil // before did it
	}
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	ws := s.tab.Stage()
	var err error
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
		s.printf("%s\n", s.say(msg.ReplReset()))
	case command.Done:
		return s.play(ctx, ws.Table())
	case command.Play:
		return s.play(ctx, c.Table)
	case command.Draw:
		return s.draw(ctx)
	case command.End:
		return s.endTurn(ctx)
	case command.Hint:
		return s.hint(ctx, c.Step)
	}
	if err != nil {
		return err
	}
	s.showStaged()
	return nil
}

// play plays a table: the lesson's check during a lesson, the referee's
// otherwise.
func (s *Session) play(ctx context.Context, t core.Table) error {
	if s.lesson != nil {
		return s.checkLesson(ctx, plugin.Move{Table: t})
	}
	if s.puzzle != nil {
		return s.checkPuzzle(t, false)
	}
	return s.commit(ctx, t)
}

func (s *Session) draw(ctx context.Context) error {
	if s.lesson != nil {
		return s.checkLesson(ctx, plugin.Move{Draw: true})
	}
	if s.puzzle != nil {
		return s.checkPuzzle(nil, true)
	}
	name := s.tab.Game().Name(s.tab.Game().Current())
	r, drawn, dropped, err := s.tab.Draw()
	if err != nil {
		return err
	}
	s.turns = append(s.turns, r)
	if dropped {
		s.printf("%s\n", s.say(msg.ReplDropped()))
	}
	if len(drawn) == 0 {
		s.printf("%s\n", s.say(msg.ReplPasses(s.isYou(name), name)))
	} else {
		s.printf("%s\n", s.say(msg.ReplDraws(s.isYou(name), name, s.paint.Tiles(drawn))))
	}
	s.settle(ctx)
	return nil
}

func (s *Session) endTurn(ctx context.Context) error {
	name := s.tab.Game().Name(s.tab.Game().Current())
	if err := s.tab.EndTurn(); err != nil {
		return err
	}
	s.printf("%s\n", s.say(msg.ReplEnds(s.isYou(name), name)))
	s.settle(ctx)
	return nil
}

func (s *Session) undoTurn(ctx context.Context) error {
	if err := s.tab.Undo(); err != nil {
		return err
	}
	g := s.tab.Game()
	s.printf("%s\n", s.say(msg.ReplUndoDone(s.isYou(g.Name(g.Current())), g.Name(g.Current()), g.Round(), g.Turn()+1)))
	s.settle(ctx)
	return nil
}

func (s *Session) nextRound(ctx context.Context) error {
	if err := s.tab.NextRound(); err != nil {
		return err
	}
	g := s.tab.Game()
	s.printf("%s\n", s.say(msg.ReplRoundDealt(g.Round(), s.paint.Rounds(g))))
	s.settle(ctx)
	return nil
}

// doLesson starts a lesson, or lists them.
func (s *Session) doLesson(ctx context.Context, c command.Lesson) error {
	if s.opt.Lua == nil {
		return plugin.ErrNoLua
	}
	lessons, err := s.opt.Lua.Lessons()
	if err != nil {
		return err
	}
	if c.N == 0 && !c.Next {
		s.listLessons(lessons)
		return nil
	}
	arg := "next"
	if !c.Next {
		arg = strconv.Itoa(c.N)
	}
	ls, err := lesson.Pick(lessons, arg, s.course)
	if err != nil {
		return err
	}
	return s.startLesson(ctx, ls)
}
