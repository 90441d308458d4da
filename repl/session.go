package repl

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/lesson"
	"github.com/meldlab/meldlab/repl/luainput"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/puzzlerun"
	"github.com/meldlab/meldlab/repl/reviewrun"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/repl/view"
)

// Clock tells the time; the turn timer reads it, and tests replace it.
type Clock interface{ Now() time.Time }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// Options configure a Session. The zero value works: the original rules, no
// colour, no timer, no Lua, a human against two greedy bots.
type Options struct {
	Out   io.Writer // where everything is printed (io.Discard when nil)
	Color bool      // ANSI colour (see UseColor)
	Echo  bool      // print each input line after "> ", so a piped transcript reads like a session
	Timer bool      // run the turn timer when the variant has a time limit
	Clock Clock     // nil: the real clock
	Seed  uint64    // the session's seed: every game's seed comes from it unless given

	Variant string // the first game's variant ("" is original)
	// Players is the first game's seats, as new takes them: a count ("3":
	// you and two bots) or seat specs ("ana:human bot:greedy"); "" is "3".
	Players string
	// Seats, when set, are the first game's seats as specs, one a seat
	// (a name may hold spaces: "Robot 1:greedy"); over Players.
	Seats []string

	// Lua is the Lua host for lua, run and lesson; nil: Lua is not available.
	Lua plugin.Lua
	// Games makes the Lua hooks of the games (cmd/meldlab plugs in
	// scripts.Games); nil: games run without their variant's hooks.
	Games Games
	// Bots makes the seats' bots (cmd/meldlab plugs in scripts.Bots, with
	// Lua bots); nil: the Go bots.
	Bots *bots.Registry
	// LoadVariant, when set, resolves variant names instead of package
	// variants (a test's rules); such variants have no Lua hooks.
	LoadVariant func(nameOrPath string) (core.Rules, error)

	HintTime time.Duration // the solver's time for hint; 0: 5 seconds
	BotTime  time.Duration // each bot turn's time; 0: 10 seconds

	// Lang is the language everything is said in; "": English.
	Lang i18n.Lang

	// CoursePath is the file that keeps which lessons are passed (see
	// CoursePath); "": the session's own memory only.
	CoursePath string

	// Puzzles, when set, gives the puzzles of a variant besides the
	// shipped ones (a class's puzzles, made by its teacher): puzzle ID
	// finds them, and puzzle and puzzle N choose among them too.
	Puzzles func(variant string) []puzzle.Puzzle
}

// Bot is a computer player (package bots).
type Bot = bots.Bot

// Games is what a session needs of the game factory (table.Games).
type Games = table.Games

// Session is one REPL session: the dispatcher (see the package
// documentation). It reads the line, finds the command, hands the work to
// the part that owns it, and hands over the reply when the line is done.
type Session struct {
	opt   Options
	out   io.Writer    // Options.Out
	tell  *tell.Teller // what the line being run shows, in Options.Lang
	cmds  commands     // the command table (commandTable)
	clock Clock
	seeds *rand.Rand // the seeds of new games

	desk     lesson.Desk     // the table in play, and the lesson beside the game
	deal     table.Dealer    // deals new games: variants, their hooks, the seats' bots
	puzzle   *puzzlerun.Run  // the puzzle in play, nil if none
	shelf    puzzlerun.Shelf // where puzzles come from
	rev      *reviewrun.Run  // the last review, for review N
	reviewed *ReviewReply    // the review the line showed
	lua      luainput.Input  // Lua mode and a chunk waiting for its end
	course   *lesson.Course  // which lessons are passed
	hinted   *HintReply      // the hint the line showed
	judged   *Verdict        // the lesson's answer to the line's move
	quit     bool
}

// NewSession makes a session; Start begins its first game.
func NewSession(opt Options) *Session {
	s := &Session{opt: opt, out: opt.Out, cmds: commandTable(), clock: opt.Clock}
	if s.out == nil {
		s.out = io.Discard
	}
	if s.clock == nil {
		s.clock = realClock{}
	}
	s.seeds = rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed5eed5eed5eed))
	if s.opt.Bots == nil {
		s.opt.Bots = bots.NewRegistry()
	}
	s.desk = lesson.Desk{Tab: table.New(s.clock.Now, opt.BotTime), Now: s.clock.Now, BotTime: opt.BotTime, Timer: opt.Timer}
	s.tell = tell.New(opt.Lang, opt.Color, s.out, s.desk.Timed)
	s.deal = table.Dealer{Games: opt.Games, Bots: s.opt.Bots, LoadVariant: opt.LoadVariant, Out: s.tell}
	s.course = lesson.OpenCourse(opt.CoursePath)
	s.shelf = puzzlerun.Shelf{Extra: opt.Puzzles, CoursePath: opt.CoursePath}
	return s
}

// Start greets the user and deals the first game. An error (a bad variant
// or seat in the options) is returned for the caller to report.
func (s *Session) Start(ctx context.Context) error {
	defer func() { io.WriteString(s.out, s.takeReply().Text) }()
	s.tell.Printf("%s\n", s.tell.Say(msg.ReplBanner()))
	args := []string{}
	if s.opt.Variant != "" {
		args = append(args, s.opt.Variant)
	}
	players := s.opt.Players
	if players == "" {
		players = "3"
	}
	args = append(args, strings.FieldsFunc(players, func(r rune) bool { return r == ',' || r == ' ' })...)
	// The first game is dealt from the session's seed itself, so --seed 7
	// deals the game "new ... 7" deals; later games draw theirs from it.
	args = append(args, strconv.FormatUint(s.opt.Seed, 10))
	c, err := command.ParseNew(args)
	if err != nil {
		return err
	}
	if len(s.opt.Seats) > 0 {
		c.Players, c.Seats = 0, s.opt.Seats
	}
	return s.perform(ctx, c)
}

// Done reports whether the session has ended (quit).
func (s *Session) Done() bool { return s.quit }

// Game is the game in play.
func (s *Session) Game() *core.Game { return s.desk.Tab.Game() }

// stage.Workspace is the turn being staged.
func (s *Session) Workspace() *stage.Workspace { return s.desk.Tab.Stage() }

// Prompt is what a terminal shows before reading a line: the player to play
// and, with the timer on, the time left ("ana 0:42> "); "lua> " in Lua mode,
// ">> " for a continuation line of Lua, as the standalone Lua REPL shows it.
func (s *Session) Prompt() string { return s.lua.Prompt(s.tell.Prompt(s.desk.Tab, true)) }

// TimeLeft is the time the person to play has left, when the turn is timed
// (timer on, a variant with a time limit, no lesson running): for a
// terminal's countdown.
func (s *Session) TimeLeft() (time.Duration, bool) { return s.tell.TimeLeft(s.desk.Tab) }

// Unsaved reports whether the game in play (the one a lesson set aside,
// during a lesson) has turns played since it was dealt, saved or loaded:
// leaving would lose them.
func (s *Session) Unsaved() bool { return s.desk.Unsaved() }

// Reply is what one input line shows.
type Reply struct {
	// Text is everything the line shows, as a terminal prints it: the
	// command's answer, then what followed from it (the bots' turns, the
	// next turn's table and rack). An error is not in it.
	Text string
	// Turns are the turns the line played, in order: the person's play
	// and the bots' turns after it.
	Turns []view.TurnReport
	// Hint is the hint the line showed, Verdict the lesson's answer to
	// its move, TimeUp the turn the clock ended before it: what a page
	// shows on the table rather than in a log.
	Hint    *HintReply
	Verdict *Verdict
	TimeUp  *TimeUp
	// Review is the review the line showed (the typed command Review).
	Review *ReviewReply
}

// Verdict is a lesson's answer to a move.
type Verdict = lesson.Verdict

// TimeUp is a turn the clock ended.
type TimeUp = tell.TimeUp

// Run runs one input line and returns what it shows; the error, if any,
// is the line's failure, for the caller to show: the game and the staged
// turn are then exactly as before. ctx cancels a long evaluation (the
// solver, a bot, Lua), as Ctrl-C does in the terminal.
func (s *Session) Run(ctx context.Context, line string) (Reply, error) {
	var echo string
	if s.opt.Echo { // the prompt as it was before the line ran
		echo = s.lua.Prompt("> ") + line + "\n" // without the timer, which would make a transcript depend on the clock
	}
	err := s.exec(ctx, line)
	r := s.takeReply()
	if s.opt.Echo {
		r.Text = echo + r.Text
	}
	return r, err
}

// Exec runs one input line as Run does and writes what it shows to
// Options.Out.
func (s *Session) Exec(ctx context.Context, line string) error {
	r, err := s.Run(ctx, line)
	io.WriteString(s.out, r.Text)
	return err
}

// takeReply hands over what has been shown since the last reply.
func (s *Session) takeReply() Reply {
	r := Reply{Text: view.Fit(s.tell.Reply.String(), view.Width), Turns: s.tell.Turns, Hint: s.hinted, Verdict: s.judged, TimeUp: s.tell.RanOut,
		Review: s.reviewed}
	s.hinted, s.judged, s.tell.RanOut, s.reviewed = nil, nil, nil, nil
	if s.tell.Reply.Cap() > 64<<10 { // an odd long reply's room is not kept
		s.tell.Reply = bytes.Buffer{}
	}
	s.tell.Reply.Reset()
	s.tell.Turns = nil
	return r
}

func (s *Session) exec(ctx context.Context, line string) error {
	if s.lua.Active() {
		code, err := s.lua.Line(line)
		if err != nil || code == "" {
			return err
		}
		return cmdLua(s, ctx, Line{Name: "lua", Rest: code})
	}
	l, err := ParseLine(line)
	if err != nil || l.Name == "" {
		return err
	}
	c := s.cmds.lookup(l.Name)
	if c == nil {
		return s.cmds.unknown(l.Name)
	}
	if err := s.before(ctx, l.Name, c.meta, c.action); err != nil {
		return err
	}
	return c.run(s, ctx, l)
}
