// Package lesson is a lesson played beside the game: which lesson comes
// next, its hints, the learner's move judged by the lesson, and the course
// of lessons passed. A lesson puts the table in play aside (package table)
// and gives it back as it was: the Desk holds the two tables, and tells
// what the lesson does through the session's Teller (package tell), so a
// lesson reads the same in the terminal and the browser.
package lesson

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// Pick is the lesson arg names among lessons: "next" (the first the course
// has not passed) or its number.
func Pick(lessons []plugin.Lesson, arg string, c *Course) (plugin.Lesson, error) {
	if strings.EqualFold(arg, "next") {
		for _, ls := range lessons {
			if !c.Passed(ls.N) {
				return ls, nil
			}
		}
		if len(lessons) == 0 {
			return plugin.Lesson{}, view.Fail(core.MsgLessonNone())
		}
		return plugin.Lesson{}, view.Fail(core.MsgLessonAllPassed())
	}
	n, err := strconv.Atoi(arg)
	for _, ls := range lessons {
		if err == nil && ls.N == n {
			return ls, nil
		}
	}
	return plugin.Lesson{}, view.Fail(core.MsgLessonNotALesson(strconv.Quote(arg)))
}

// Run is a lesson in progress. Its scenario is played on a table of its
// own; the table that was in play waits, untouched, until the lesson ends.
type Run struct {
	run   plugin.LessonRun
	info  plugin.Lesson
	hints int          // the lesson's hints shown so far
	saved *table.Table // the table put aside, given back when the lesson ends
	began time.Time    // when the lesson began, which the game's timer does not count
}

// Start opens lesson ls with host and lays out its scenario (Scenario);
// the lesson speaks lang (missing lists the texts it says in English).
// SetAside then keeps the table the lesson replaces.
func Start(ctx context.Context, host plugin.Lua, ls plugin.Lesson, lang i18n.Lang) (r *Run, missing []string, err error) {
	run, err := host.StartLesson(ctx, ls)
	if err != nil {
		return nil, nil, view.Fail(core.MsgLessonError(ls.N, err))
	}
	missing = run.Speak(lang)
	return &Run{run: run, info: ls}, missing, nil
}

// SetAside keeps t, the table in play, until the lesson ends (End); its
// timer stops from now.
func (r *Run) SetAside(t *table.Table, now time.Time) { r.saved, r.began = t, now }

// Speak makes the lesson say its texts in lang from now on (the learner
// changed language); missing lists those it says in English.
func (r *Run) Speak(lang i18n.Lang) (missing []string) { return r.run.Speak(lang) }

// Lesson is the lesson being run.
func (r *Run) Lesson() plugin.Lesson { return r.info }

// Scenario is the lesson's game, to put in play.
func (r *Run) Scenario() table.Seated {
	g := r.run.Game()
	seats := make([]table.Seat, g.Players())
	for i, name := range g.Names() {
		seats[i] = table.Human(name)
	}
	return table.Seated{Game: g, Seats: seats}
}

// Intro, Goal and Hints are the lesson's texts.
func (r *Run) Intro() string   { return r.run.Intro() }
func (r *Run) Goal() string    { return r.run.Goal() }
func (r *Run) Hints() []string { return r.run.Hints() }

// HintsShown is how many hints were shown.
func (r *Run) HintsShown() int { return r.hints }

// NextHint is the lesson's next hint and its number from 1; false when
// none is left.
func (r *Run) NextHint() (hint string, k int, ok bool) {
	hints := r.run.Hints()
	if r.hints >= len(hints) {
		return "", 0, false
	}
	r.hints++
	return hints[r.hints-1], r.hints, true
}

// Accepts reports whether the lesson would pass a play that leaves table,
// keeping nothing: a hint the lesson would refuse misleads the learner.
func (r *Run) Accepts(ctx context.Context, table core.Table) bool {
	ok, _, err := r.run.Check(ctx, plugin.Move{Table: table})
	return err == nil && ok
}

// Check asks the lesson about the learner's move: passed when it is the
// move the lesson asks for, which the course then keeps (kept is the
// course file's error, if any). msg explains, right or wrong; a move the
// lesson refuses changes nothing.
func (r *Run) Check(ctx context.Context, m plugin.Move, c *Course) (passed bool, msg string, kept error, err error) {
	ok, msg, err := r.run.Check(ctx, m)
	if err != nil {
		return false, "", nil, view.Fail(core.MsgLessonError(r.info.N, err))
	}
	if ok {
		c.Pass(r.info.N)
		kept = c.Save()
	}
	return ok, msg, kept, nil
}

// End closes the lesson and its scenario's hooks, and gives back the table
// it put aside, whose timer does not count the time the lesson took.
func (r *Run) End(scenario *table.Table, now time.Time) *table.Table {
	scenario.Close()
	r.run.Close()
	r.saved.Paused(now.Sub(r.began))
	return r.saved
}

// Saved is the table the lesson put aside.
func (r *Run) Saved() *table.Table { return r.saved }
