package repl

// The lesson run: a lesson played beside the game, which it puts aside and
// gives back as it was.

import (
	"context"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/lesson"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

func cmdLesson(s *Session, ctx context.Context, l Line) error {
	switch len(l.Args) {
	case 0:
		return s.perform(ctx, command.Lesson{})
	case 1:
	default:
		return fail(core.MsgLessonUsage())
	}
	if strings.EqualFold(l.Args[0], "next") {
		return s.perform(ctx, command.Lesson{Next: true})
	}
	n, err := strconv.Atoi(l.Args[0])
	if err != nil || n <= 0 {
		if s.opt.Lua == nil {
			return plugin.ErrNoLua
		}
		return fail(core.MsgLessonNotALesson(strconv.Quote(l.Args[0])))
	}
	return s.perform(ctx, command.Lesson{N: n})
}

// listLessons prints the lessons, marking those passed.
func (s *Session) listLessons(lessons []plugin.Lesson) {
	if len(lessons) == 0 {
		s.printf("%s\n", s.say(core.MsgLessonNoneFound()))
		return
	}
	done := 0
	for _, ls := range lessons {
		if s.course.Passed(ls.N) {
			done++
		}
	}
	s.printf("%s", wrap(s.say(core.MsgLessonList(done, len(lessons))), view.Width, ""))
	for _, ls := range lessons {
		mark := ""
		if s.course.Passed(ls.N) {
			mark = "  " + s.say(core.MsgLessonPassedMark())
		}
		s.printf("  %2d %s%s\n", ls.N, ls.TitleIn(s.lang.Lang()), mark)
	}
	if s.lesson != nil {
		s.printf("%s\n", s.say(core.MsgLessonInProgress(s.lesson.Lesson().N)))
	}
}

// startLesson puts the table in play aside and lays out the lesson's
// scenario on a table of its own; a lesson already running ends first,
// giving the game back.
func (s *Session) startLesson(ctx context.Context, ls plugin.Lesson) error {
	lang := s.lang.Lang()
	run, missing, err := lesson.Start(ctx, s.opt.Lua, ls, lang)
	if err != nil {
		return err
	}
	s.dropLesson(false)
	run.SetAside(s.tab, s.clock.Now())
	s.printf("%s\n\n", s.say(core.MsgLessonHeading(ls.N, ls.TitleIn(lang))))
	if len(missing) > 0 && lang != i18n.English {
		// Once a lesson run: the learner knows why English follows.
		s.printf("%s", wrap(s.say(core.MsgLessonFallback()), view.Width, ""))
	}
	s.printf("%s\n\n", strings.TrimRight(run.Intro(), "\n"))
	if goal := run.Goal(); goal != "" {
		s.printf("%s\n", s.say(core.MsgLessonGoal(goal)))
	}
	s.lesson = run
	s.tab = table.New(s.clock.Now, s.opt.BotTime)
	sc := run.Scenario()
	for i, name := range sc.Game.Names() {
		// core's default names, in the learner's words: the learner
		// (seat 1) is addressed as you, the others by their seat.
		if name == "player "+strconv.Itoa(i+1) {
			name = s.say(msg.ReplNamePlayer(i + 1))
			if i == 0 {
				name = s.say(msg.ReplNameYou())
			}
			sc.Game.Rename(i, name)
			sc.Seats[i].Name = name
		}
	}
	s.install(ctx, sc.Game, sc.Seats)
	return nil
}

// lessonHint shows the lesson's next hint; false when none is left.
func (s *Session) lessonHint() bool {
	hint, k, ok := s.lesson.NextHint()
	if ok {
		s.hinted = &HintReply{Lesson: hint, K: k, Of: len(s.lesson.Hints())}
		s.printf("%s\n", s.say(core.MsgLessonHint(k, len(s.lesson.Hints()), hint)))
	}
	return ok
}

// checkLesson asks the lesson in progress about a move and prints its
// answer. A move the lesson accepts passes it: the lesson ends and the game
// comes back. A move it refuses changes nothing.
func (s *Session) checkLesson(ctx context.Context, m plugin.Move) error {
	n := s.lesson.Lesson().N
	passed, msg, kept, err := s.lesson.Check(ctx, m, s.course)
	if err != nil {
		return err
	}
	s.judged = &Verdict{N: n, Passed: passed, Words: strings.TrimRight(msg, "\n")}
	if kept != nil {
		s.judged.Kept = s.lang.Error(kept)
	}
	if msg != "" {
		s.printf("%s\n", strings.TrimRight(msg, "\n"))
	}
	if !passed {
		s.printf("%s", wrap(s.say(core.MsgLessonNotYet(n)), view.Width, ""))
		return nil
	}
	s.printf("%s", s.say(core.MsgLessonPassed(n)))
	if kept != nil {
		s.printf("%s", s.say(core.MsgLessonNotKept(kept)))
	}
	s.printf("\n")
	s.leaveLesson()
	return nil
}

// leaveLesson ends the lesson in progress and gives the game back as it
// was, with the turn that was being staged; the timer does not count the
// time spent in the lesson.
func (s *Session) leaveLesson() {
	if s.lesson == nil {
		return
	}
	s.dropLesson(false)
	g := s.tab.Game()
	if g == nil {
		return
	}
	s.printf("%s\n", s.say(core.MsgLessonBack()))
	switch {
	case g.RoundOver():
		s.printf("%s\n", s.say(msg.ReplLessonRoundOver(g.Round())))
	case s.tab.Stage() != nil:
		s.showTurn()
	default:
		s.printf("%s\n", s.say(msg.ReplBotsWaiting(g.Name(g.Current()))))
	}
}

// dropLesson ends the lesson in progress, if any, and puts the game that
// was set aside back in play; told, it says so (for a command that
// replaces the game, new, load or a game from Lua: the game it replaces is
// the one the lesson set aside).
func (s *Session) dropLesson(told bool) {
	if s.lesson == nil {
		return
	}
	if told {
		s.printf("(%s)\n", s.say(core.MsgLessonLeft(s.lesson.Lesson().N)))
	}
	s.tab = s.lesson.End(s.tab, s.clock.Now())
	s.lesson = nil
}

func cmdBack(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.Back{})
}

// back leaves the lesson in progress.
func (s *Session) back() error {
	if s.lesson == nil {
		return fail(core.MsgLessonNoLesson())
	}
	s.printf("%s\n", s.say(core.MsgLessonLeft(s.lesson.Lesson().N)))
	s.leaveLesson()
	return nil
}
