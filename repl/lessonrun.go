package repl

// The lesson run: a lesson played beside the game, which it puts aside and
// gives back as it was.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
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

func (r *lessonRun) name() string { return fmt.Sprintf("lesson %d", r.info.N) }

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
		return errors.New("usage: lesson [N|next]")
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
				return errors.New("there are no lessons")
			}
			return fmt.Errorf("every lesson is passed: lesson N takes one again")
		}
	} else {
		n, err := strconv.Atoi(l.Args[0])
		for i := range lessons {
			if err == nil && lessons[i].N == n {
				ls = &lessons[i]
			}
		}
		if ls == nil {
			return fmt.Errorf("%q is not a lesson: lesson lists them", l.Args[0])
		}
	}
	return s.startLesson(ctx, *ls)
}

// listLessons prints the lessons, marking those passed.
func (s *Session) listLessons(lessons []Lesson) {
	if len(lessons) == 0 {
		s.printf("no lessons found\n")
		return
	}
	done := 0
	for _, ls := range lessons {
		if s.course.passed(ls.N) {
			done++
		}
	}
	s.printf("lessons (%d of %d passed; lesson N starts one, lesson next the first not passed):\n", done, len(lessons))
	for _, ls := range lessons {
		mark := ""
		if s.course.passed(ls.N) {
			mark = "  (passed)"
		}
		s.printf("  %2d %s%s\n", ls.N, ls.Title, mark)
	}
	if s.lesson != nil {
		s.printf("in progress: %s (back returns to your game)\n", s.lesson.name())
	}
}

// startLesson puts the game in play aside and lays out the lesson's
// scenario; a lesson already running ends first, giving the game back.
func (s *Session) startLesson(ctx context.Context, ls Lesson) error {
	run, err := s.opt.Lua.StartLesson(ctx, ls)
	if err != nil {
		return fmt.Errorf("lesson %d: %w", ls.N, err)
	}
	s.dropLesson()
	g := run.Game()
	seats := make([]seat, g.Players())
	for i, name := range g.Names() {
		seats[i] = seat{name: name, spec: "human"}
	}
	s.printf("lesson %d: %s\n\n%s\n\n", ls.N, ls.Title, strings.TrimRight(run.Intro(), "\n"))
	if goal := run.Goal(); goal != "" {
		s.printf("goal: %s\n", goal)
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
	s.printf("hint %d of %d: %s\n", s.lesson.hints+1, len(hints), hints[s.lesson.hints])
	s.lesson.hints++
	return true
}

// checkLesson asks the lesson in progress about a move and prints its
// answer. A move the lesson accepts passes it: the lesson ends and the game
// comes back. A move it refuses changes nothing.
func (s *Session) checkLesson(ctx context.Context, m Move) error {
	name := s.lesson.name()
	ok, msg, err := s.lesson.run.Check(ctx, m)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if msg != "" {
		s.printf("%s\n", strings.TrimRight(msg, "\n"))
	}
	if !ok {
		s.printf("(%s: not yet; keep editing, reset, or hint; back returns to your game)\n", name)
		return nil
	}
	s.course.pass(s.lesson.info.N)
	s.printf("%s: passed!", name)
	if err := s.course.save(); err != nil {
		s.printf(" (not kept: %v)", err)
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
	s.printf("back to your game (lesson next takes the next lesson)\n")
	switch {
	case s.game.RoundOver():
		s.printf("round %d is over: next deals the next round, new starts another game\n", s.game.Round())
	case s.ws != nil:
		s.showTurn()
	default:
		s.printf("(%s is to play; any turn command lets the bots go on)\n", s.game.Names()[s.game.Current()])
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
		s.printf("(%s left)\n", s.lesson.name())
		s.dropLesson()
	}
}

func cmdBack(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson == nil {
		return errors.New("no lesson is running: back leaves a lesson and returns to your game")
	}
	s.printf("%s left\n", s.lesson.name())
	s.leaveLesson()
	return nil
}
