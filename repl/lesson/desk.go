package lesson

// The lesson beside the game as the session tells it: the glue between a
// lesson run, the table it sets aside and what the learner reads.

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/repl/view"
)

// Desk is the table in play and the lesson, if any, that set the game
// aside for a table of its own: whichever table a command acts on, the
// game a lesson set aside comes back as it was.
type Desk struct {
	Tab     *table.Table // the table in play: the lesson's while one runs
	Run     *Run         // the lesson in progress, nil if none
	Now     func() time.Time
	BotTime time.Duration // each bot turn's time on a lesson's table
	Timer   bool          // the turn timer is switched on (Timed)
}

// Timed reports whether turns are timed: the timer is on, the variant has
// a time limit, and no lesson runs (a lesson is not timed, and the game's
// clock waits for it).
func (d *Desk) Timed() bool {
	g := d.Tab.Game()
	return d.Timer && d.Run == nil && g != nil && g.Rules.HasClock()
}

// Verdict is a lesson's answer to a move.
type Verdict struct {
	N      int    `json:"n"`              // the lesson
	Passed bool   `json:"passed"`         // the move passes it (the game is back)
	Words  string `json:"words"`          // the lesson's own words about the move, in the learner's language
	Kept   string `json:"kept,omitempty"` // with Passed: why the course could not be saved
}

// Do runs the lesson command: the list of lessons, or the lesson c names,
// which begins (begun) on a table of its own.
func (d *Desk) Do(ctx context.Context, host plugin.Lua, c command.Lesson, course *Course, t *tell.Teller) (begun bool, err error) {
	if host == nil {
		return false, plugin.ErrNoLua
	}
	lessons, err := host.Lessons()
	if err != nil {
		return false, err
	}
	if c.N == 0 && !c.Next {
		d.list(t, lessons, course)
		return false, nil
	}
	arg := "next"
	if !c.Next {
		arg = strconv.Itoa(c.N)
	}
	ls, err := Pick(lessons, arg, course)
	if err != nil {
		return false, err
	}
	if err := d.begin(ctx, host, ls, t); err != nil {
		return false, err
	}
	return true, nil
}

// list tells the lessons, marking those passed.
func (d *Desk) list(t *tell.Teller, lessons []plugin.Lesson, course *Course) {
	if len(lessons) == 0 {
		t.Printf("%s\n", t.Say(core.MsgLessonNoneFound()))
		return
	}
	done := 0
	for _, ls := range lessons {
		if course.Passed(ls.N) {
			done++
		}
	}
	t.Wrap("", core.MsgLessonList(done, len(lessons)))
	for _, ls := range lessons {
		mark := ""
		if course.Passed(ls.N) {
			mark = "  " + t.Say(core.MsgLessonPassedMark())
		}
		t.Printf("  %2d %s%s\n", ls.N, ls.TitleIn(t.Lang.Lang()), mark)
	}
	if d.Run != nil {
		t.Printf("%s\n", t.Say(core.MsgLessonInProgress(d.Run.Lesson().N)))
	}
}

// begin puts the table in play aside and lays out the lesson's scenario on
// a table of its own; a lesson already running ends first, giving the game
// back.
func (d *Desk) begin(ctx context.Context, host plugin.Lua, ls plugin.Lesson, t *tell.Teller) error {
	lang := t.Lang.Lang()
	run, missing, err := Start(ctx, host, ls, lang)
	if err != nil {
		return err
	}
	d.Drop(t, false)
	run.SetAside(d.Tab, d.Now())
	t.Printf("%s\n\n", t.Say(core.MsgLessonHeading(ls.N, ls.TitleIn(lang))))
	if len(missing) > 0 && lang != i18n.English {
		// Once a lesson run: the learner knows why English follows.
		t.Wrap("", core.MsgLessonFallback())
	}
	t.Printf("%s\n\n", strings.TrimRight(run.Intro(), "\n"))
	if goal := run.Goal(); goal != "" {
		t.Printf("%s\n", t.Say(core.MsgLessonGoal(goal)))
	}
	d.Run = run
	d.Tab = table.New(d.Now, d.BotTime)
	sc := run.Scenario()
	for i, name := range sc.Game.Names() {
		// core's default names, in the learner's words: the learner
		// (seat 1) is addressed as you, the others by their seat.
		if name == "player "+strconv.Itoa(i+1) {
			name = t.Say(msg.ReplNamePlayer(i + 1))
			if i == 0 {
				name = t.Say(msg.ReplNameYou())
			}
			sc.Game.Rename(i, name)
			sc.Seats[i].Name = name
		}
	}
	t.Install(ctx, d.Tab, sc.Game, sc.Seats)
	return nil
}

// Hint tells the lesson's next hint, k of of; false when no lesson runs or
// none of its hints is left.
func (d *Desk) Hint(t *tell.Teller) (hint string, k, of int, ok bool) {
	if d.Run == nil {
		return "", 0, 0, false
	}
	hint, k, ok = d.Run.NextHint()
	if ok {
		t.Printf("%s\n", t.Say(core.MsgLessonHint(k, len(d.Run.Hints()), hint)))
	}
	return hint, k, len(d.Run.Hints()), ok
}

// LastHint tells the lesson's last hint again, its most telling, k of of;
// false when no lesson runs or it has no hint.
func (d *Desk) LastHint(t *tell.Teller) (hint string, k, of int, ok bool) {
	if d.Run == nil || len(d.Run.Hints()) == 0 {
		return "", 0, 0, false
	}
	hints := d.Run.Hints()
	hint, k = hints[len(hints)-1], len(hints)
	t.Printf("%s\n", t.Say(core.MsgLessonHint(k, k, hint)))
	return hint, k, k, true
}

// Check asks the lesson in progress about a move and tells its answer. A
// move the lesson accepts passes it: the lesson ends and the game comes
// back. A move it refuses changes nothing.
func (d *Desk) Check(ctx context.Context, m plugin.Move, course *Course, t *tell.Teller) (*Verdict, error) {
	n := d.Run.Lesson().N
	passed, msg, kept, err := d.Run.Check(ctx, m, course)
	if err != nil {
		return nil, err
	}
	v := &Verdict{N: n, Passed: passed, Words: strings.TrimRight(msg, "\n")}
	if kept != nil {
		v.Kept = t.Lang.Error(kept)
	}
	if msg != "" {
		t.Printf("%s\n", strings.TrimRight(msg, "\n"))
	}
	if !passed {
		t.Wrap("", core.MsgLessonNotYet(n))
		return v, nil
	}
	t.Printf("%s", t.Say(core.MsgLessonPassed(n)))
	if kept != nil {
		t.Printf("%s", t.Say(core.MsgLessonNotKept(kept)))
	}
	t.Printf("\n")
	d.leave(t)
	return v, nil
}

// Back leaves the lesson in progress, as back and quit do.
func (d *Desk) Back(t *tell.Teller) error {
	if d.Run == nil {
		return view.Fail(core.MsgLessonNoLesson())
	}
	t.Printf("%s\n", t.Say(core.MsgLessonLeft(d.Run.Lesson().N)))
	d.leave(t)
	return nil
}

// leave ends the lesson in progress and gives the game back as it was,
// with the turn that was being staged; the timer does not count the time
// spent in the lesson.
func (d *Desk) leave(t *tell.Teller) {
	if d.Run == nil {
		return
	}
	d.Drop(t, false)
	g := d.Tab.Game()
	if g == nil {
		return
	}
	t.Printf("%s\n", t.Say(core.MsgLessonBack()))
	switch {
	case g.RoundOver():
		t.Printf("%s\n", t.Say(msg.ReplLessonRoundOver(g.Round())))
	case d.Tab.Stage() != nil:
		t.Turn(d.Tab)
	default:
		t.Printf("%s\n", t.Say(msg.ReplBotsWaiting(g.Name(g.Current()))))
	}
}

// Drop ends the lesson in progress, if any, and puts the game that was set
// aside back in play; told, it says so (for a command that replaces the
// game, new, load or a game from Lua: the game it replaces is the one the
// lesson set aside).
func (d *Desk) Drop(t *tell.Teller, told bool) {
	if d.Run == nil {
		return
	}
	if told {
		t.Printf("(%s)\n", t.Say(core.MsgLessonLeft(d.Run.Lesson().N)))
	}
	d.Tab = d.Run.End(d.Tab, d.Now())
	d.Run = nil
}

// Unsaved reports whether the game in play (the one a lesson set aside,
// during a lesson) has turns played since it was dealt, saved or loaded:
// leaving would lose them.
func (d *Desk) Unsaved() bool {
	if d.Run != nil {
		return d.Run.Saved().Unsaved()
	}
	return d.Tab.Unsaved()
}
