package repl

// The lesson run: a lesson played beside the game, which it puts aside and
// gives back as it was.

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/table"
)

// lessonRun is a lesson in progress. Its scenario is played as a play of
// its own; the game that was in play waits in saved, untouched.
type lessonRun struct {
	run   LessonRun
	info  Lesson
	hints int       // the lesson's hints shown so far
	saved *play     // the game put aside, given back when the lesson ends
	began time.Time // when the lesson began, which the timer does not count
}

func cmdLesson(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return ErrNoLua
	}
	lessons, err := s.opt.Lua.Lessons()
	if err != nil {
		return err
	}
	if len(l.Args) == 0 {
		s.listLessons(lessons)
		return nil
	}
	if len(l.Args) > 1 {
		return fail("lesson.usage")
	}
	var ls *Lesson
	if strings.EqualFold(l.Args[0], "next") {
		for i := range lessons {
			if !s.course.passed(lessons[i].N) {
				ls = &lessons[i]
				break
			}
		}
		if ls == nil {
			if len(lessons) == 0 {
				return fail("lesson.none")
			}
			return fail("lesson.all_passed")
		}
	} else {
		n, err := strconv.Atoi(l.Args[0])
		for i := range lessons {
			if err == nil && lessons[i].N == n {
				ls = &lessons[i]
			}
		}
		if ls == nil {
			return fail("lesson.not_a_lesson", "Arg", strconv.Quote(l.Args[0]))
		}
	}
	return s.startLesson(ctx, *ls)
}

// listLessons prints the lessons, marking those passed.
func (s *Session) listLessons(lessons []Lesson) {
	if len(lessons) == 0 {
		s.printf("%s\n", s.say("lesson.none_found"))
		return
	}
	done := 0
	for _, ls := range lessons {
		if s.course.passed(ls.N) {
			done++
		}
	}
	s.printf("%s", wrap(s.say("lesson.list", "Passed", done, "Count", len(lessons)), Width, ""))
	for _, ls := range lessons {
		mark := ""
		if s.course.passed(ls.N) {
			mark = "  " + s.say("lesson.passed_mark")
		}
		s.printf("  %2d %s%s\n", ls.N, ls.title(s.lang.Lang()), mark)
	}
	if s.lesson != nil {
		s.printf("%s\n", s.say("lesson.in_progress", "N", s.lesson.info.N))
	}
}

// startLesson puts the game in play aside and lays out the lesson's
// scenario; a lesson already running ends first, giving the game back.
func (s *Session) startLesson(ctx context.Context, ls Lesson) error {
	run, err := s.opt.Lua.StartLesson(ctx, ls)
	if err != nil {
		return fail("lesson.error", "N", ls.N, "Error", err)
	}
	s.dropLesson()
	g := run.Game()
	seats := make([]seat, g.Players())
	for i, name := range g.Names() {
		// core's default names, in the learner's words: the learner
		// (seat 1) is addressed as you, the others by their seat.
		if name == "player "+strconv.Itoa(i+1) {
			name = s.say("repl.name.player", "N", i+1)
			if i == 0 {
				name = s.say("repl.name.you")
			}
			g.Rename(i, name)
		}
		seats[i] = table.Human(name)
	}
	missing := run.Speak(s.lang.Lang())
	s.printf("%s\n\n", s.say("lesson.heading", "N", ls.N, "Title", ls.title(s.lang.Lang())))
	if len(missing) > 0 && s.lang.Lang() != i18n.English {
		// Once a lesson run: the learner knows why English follows.
		s.printf("%s", wrap(s.say("lesson.fallback"), Width, ""))
	}
	s.printf("%s\n\n", strings.TrimRight(run.Intro(), "\n"))
	if goal := run.Goal(); goal != "" {
		s.printf("%s\n", s.say("lesson.goal", "Goal", goal))
	}
	s.lesson = &lessonRun{run: run, info: ls, saved: s.play, began: s.clock.Now()}
	s.play = &play{}
	s.install(ctx, g, seats)
	return nil
}

// lessonHint shows the lesson's next hint; false when none is left.
func (s *Session) lessonHint() bool {
	hints := s.lesson.run.Hints()
	if s.lesson.hints >= len(hints) {
		return false
	}
	s.printf("%s\n", s.say("lesson.hint", "K", s.lesson.hints+1, "Count", len(hints), "Hint", hints[s.lesson.hints]))
	s.lesson.hints++
	return true
}

// checkLesson asks the lesson in progress about a move and prints its
// answer. A move the lesson accepts passes it: the lesson ends and the game
// comes back. A move it refuses changes nothing.
func (s *Session) checkLesson(ctx context.Context, m Move) error {
	n := s.lesson.info.N
	ok, msg, err := s.lesson.run.Check(ctx, m)
	if err != nil {
		return fail("lesson.error", "N", n, "Error", err)
	}
	if msg != "" {
		s.printf("%s\n", strings.TrimRight(msg, "\n"))
	}
	if !ok {
		s.printf("%s", wrap(s.say("lesson.not_yet", "N", s.lesson.info.N), Width, ""))
		return nil
	}
	s.course.pass(s.lesson.info.N)
	s.printf("%s", s.say("lesson.passed", "N", s.lesson.info.N))
	if err := s.course.save(); err != nil {
		s.printf("%s", s.say("lesson.not_kept", "Error", err))
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
	s.dropLesson()
	if s.game == nil {
		return
	}
	s.printf("%s\n", s.say("lesson.back"))
	switch {
	case s.game.RoundOver():
		s.printf("%s\n", s.say("repl.lesson.round_over", "Round", s.game.Round()))
	case s.ws != nil:
		s.showTurn()
	default:
		s.printf("%s\n", s.say("repl.bots.waiting", "Name", s.game.Names()[s.game.Current()]))
	}
}

// dropLesson ends the lesson in progress, if any, and puts the game that
// was set aside back in play, silently.
func (s *Session) dropLesson() {
	if s.lesson == nil {
		return
	}
	s.closeHooks(s.game)
	s.lesson.run.Close()
	s.play = s.lesson.saved
	s.since = s.since.Add(s.clock.Now().Sub(s.lesson.began)) // the clock waited
	s.lesson = nil
}

// abandonLesson ends the lesson in progress, if any, for a command that
// replaces the game (new, load, a game from Lua): the game it replaces is
// the one the lesson set aside.
func (s *Session) abandonLesson() {
	if s.lesson != nil {
		s.printf("(%s)\n", s.say("lesson.left", "N", s.lesson.info.N))
		s.dropLesson()
	}
}

func cmdBack(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson == nil {
		return fail("lesson.no_lesson")
	}
	s.printf("%s\n", s.say("lesson.left", "N", s.lesson.info.N))
	s.leaveLesson()
	return nil
}
