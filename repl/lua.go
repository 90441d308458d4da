package repl

import (
	"context"
	"errors"
	"io"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/table"
)

// Lua is the Lua host behind the lua, run and lesson commands. Package
// repl/luahost implements it with package scripts (the meld module and the
// lessons); cmd/meldlab plugs it in through Plugins. Without one, those
// commands answer ErrNoLua.
//
// Every method that runs Lua gets a context that Ctrl-C cancels: it must
// then stop soon and return an error.
type Lua interface {
	// Eval runs a chunk typed at the REPL against env.Game() (the meld
	// module's global game), in one Lua state whose globals last from one
	// call to the next. As the glua and starlark REPLs do, it first tries
	// "return <code>", so that an expression gives its value: the result is
	// the text to print ("" for none). print writes to env.Out() as the code
	// runs. Code that stops in the middle of a statement, a block or a long
	// string returns ErrIncomplete: the REPL then reads another line and
	// offers the whole again.
	Eval(ctx context.Context, env Env, code string) (string, error)
	// RunFile runs the Lua file at path against env.Game(), with globals of
	// its own.
	RunFile(ctx context.Context, env Env, path string) error
	// Lessons lists the lessons in order.
	Lessons() ([]Lesson, error)
	// StartLesson opens a lesson of Lessons and lays out its scenario.
	StartLesson(ctx context.Context, l Lesson) (LessonRun, error)
}

// Env is the session as a Lua host sees it. *Session implements it.
type Env interface {
	// Game is the game in play. Lua may act on it as a player would (setup,
	// play, draw): when the Lua code returns, the session notices the
	// change, lets the bots play and shows the new turn.
	Game() *core.Game
	// UseGame puts a game that Lua made in play (a house rule: a game of
	// other rules). Its seats are people, unless it has as many seats as
	// the game in play, whose players then stay.
	UseGame(ctx context.Context, g *core.Game) error
	// Out is where Lua's output goes.
	Out() io.Writer
}

// Lesson is one lesson a Lua host offers.
type Lesson struct {
	N      int                  // its number: lesson N starts it
	Name   string               // short, as "split-run"
	Title  string               // one line, as "Split a run"
	Titles map[i18n.Lang]string // the title in the languages it is written in
	Path   string               // its Lua file
}

// title is the lesson's title in lang, or in English.
func (l Lesson) title(lang i18n.Lang) string {
	if t, ok := l.Titles[lang]; ok {
		return t
	}
	return l.Title
}

// LessonRun is a lesson in progress.
type LessonRun interface {
	// Speak makes the lesson say its texts in lang and lists the fields it
	// has not in that language, which it says in English.
	Speak(lang i18n.Lang) (missing []string)
	Intro() string   // what the learner reads first: the rule and the situation
	Goal() string    // one line saying what to do ("" if none)
	Hints() []string // hints, from gentle to telling
	// Game is the lesson's scenario: the learner plays seat 1 and is to play.
	Game() *core.Game
	// Check judges the learner's move before it reaches the engine: ok when
	// it is the move the lesson asks for (it is then played, and the lesson
	// is over). msg explains, right or wrong; err is for a broken lesson.
	Check(ctx context.Context, m Move) (ok bool, msg string, err error)
	// Close releases the lesson's Lua state.
	Close()
}

// Move is a learner's move, as LessonRun.Check sees it.
type Move struct {
	Draw  bool       // the learner drew instead of playing
	Table core.Table // the whole table after the play
}

var (
	// ErrNoLua is the answer of the Lua commands when no Lua host is plugged in.
	ErrNoLua = errors.New("Lua is not available in this build")
	// ErrIncomplete is Lua.Eval's answer to unfinished code.
	ErrIncomplete = errors.New("incomplete Lua")
)

// UseGame implements Env.
func (s *Session) UseGame(ctx context.Context, g *core.Game) error {
	seats := make([]seat, g.Players())
	for i, n := range g.Names() {
		seats[i] = table.Human(n)
		if len(s.seats) == len(seats) {
			seats[i] = s.seats[i]
			seats[i].Name = n
		}
	}
	s.abandonLesson()
	s.variant = nil
	s.printf("%s", wrap(s.say("repl.lua.new_game", "Variant", core.VariantName(g.Rules.Name), "Seats", s.seatWords(seats)), Width, "  "))
	s.install(ctx, g, seats)
	return nil
}

// Out implements Env.
func (s *Session) Out() io.Writer { return replyWriter{s} }

// luaCall runs f, a call into Lua, then catches up with what it did to the
// game in play.
func (s *Session) luaCall(ctx context.Context, f func() error) error {
	mark := s.luaMark()
	err := f()
	return s.luaDone(ctx, mark, err)
}

// luaMark is the game in play and its history's length, before Lua runs.
type luaMark struct {
	game *core.Game
	hist int
}

func (s *Session) luaMark() luaMark { return luaMark{s.game, len(s.game.History())} }

// luaDone catches up after Lua ran: a game that Lua changed is settled (the
// bots play, the turn shows), and the undo snapshots, which no longer lead
// to it, go.
func (s *Session) luaDone(ctx context.Context, m luaMark, err error) error {
	if s.game == m.game && len(m.game.History()) != m.hist {
		s.ended = s.ended && m.game.RoundOver()
		s.undo.Clear()
		s.settle(ctx)
	}
	if err != nil && ctx.Err() != nil {
		return fail("repl.lua.stopped")
	}
	return err
}

func cmdRun(s *Session, ctx context.Context, l Line) error {
	if s.opt.Lua == nil {
		return ErrNoLua
	}
	if len(l.Args) != 1 {
		return fail("repl.usage.run")
	}
	return s.luaCall(ctx, func() error { return s.opt.Lua.RunFile(ctx, s, l.Args[0]) })
}
