package repl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/lesson"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table"
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

// Session is one REPL session: the dispatcher. It never touches a
// terminal: Run takes a line and returns what it has to show, and Exec
// writes that to Options.Out, so a session is driven the same way by the
// terminal, a pipe, a test or the browser's server. It reads the line,
// finds the command, hands the work to the part that owns it, and writes
// the reply; the parts say nothing themselves:
//
//   - package table, the game in play: seats, the staged turn, undo, the
//     timer, a play or a draw judged by the referee, and Settle, which lets
//     the bots play and returns what happened as events;
//   - package stage, the staged turn's edits and the references to tiles
//     and sets that commands take;
//   - package lesson, a lesson beside the game, which puts the table aside
//     and gives it back as it was, and the course of lessons passed;
//   - package view, every text drawn: tiles, tables, turns, scores, rules;
//   - the Lua input (luaInput, in luainput.go), Lua mode and unfinished
//     chunks, for the host of package plugin.
//
// Only the dispatcher writes the reply: what a line shows reaches the
// terminal when the line is done.
type Session struct {
	opt   Options
	out   io.Writer // Options.Out
	paint view.Painter
	cmds  commands      // the command table (commandTable)
	lang  *i18n.Printer // Options.Lang: see say
	clock Clock
	timer bool
	seeds *rand.Rand // the seeds of new games

	tab      *table.Table      // the game in play: the lesson's while one runs
	deal     table.Dealer      // deals new games: variants, their hooks, the seats' bots
	lesson   *lesson.Run       // the lesson in progress, nil if none
	puzzle   *puzzleRun        // the puzzle in play, nil if none
	rev      *reviewRun        // the last review, for review N
	reviewed *ReviewReply      // the review the line showed
	lua      luaInput          // Lua mode and a chunk waiting for its end
	course   *lesson.Course    // which lessons are passed
	reply    bytes.Buffer      // what the line being run shows; kept from line to line, its room with it
	turns    []view.TurnReport // the turns the line being run played
	hinted   *HintReply        // the hint the line showed
	tables   *solve.Tables     // the hints' solver tables, prepared for the game's rules; nil before a new game
	judged   *Verdict          // the lesson's answer to the line's move
	ranOut   *TimeUp           // the clock ran out before the line
	quit     bool
}

// NewSession makes a session; Start begins its first game.
func NewSession(opt Options) *Session {
	s := &Session{opt: opt, out: opt.Out, cmds: commandTable(), paint: view.Painter{Color: opt.Color, Lang: i18n.New(opt.Lang)}, lang: i18n.New(opt.Lang), clock: opt.Clock, timer: opt.Timer}
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
	s.tab = table.New(s.clock.Now, opt.BotTime)
	s.deal = table.Dealer{Games: opt.Games, Bots: s.opt.Bots, LoadVariant: opt.LoadVariant, Out: replyWriter{s}}
	s.course = lesson.OpenCourse(opt.CoursePath)
	return s
}

// Start greets the user and deals the first game. An error (a bad variant
// or seat in the options) is returned for the caller to report.
func (s *Session) Start(ctx context.Context) error {
	defer func() { io.WriteString(s.out, s.takeReply().Text) }()
	s.printf("%s\n", s.say(msg.ReplBanner()))
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
	c, err := parseNew(args)
	if err != nil {
		return err
	}
	if len(s.opt.Seats) > 0 {
		c.Players, c.Seats = 0, s.opt.Seats
	}
	return s.newGame(ctx, c)
}

// Done reports whether the session has ended (quit).
func (s *Session) Done() bool { return s.quit }

// Game is the game in play.
func (s *Session) Game() *core.Game { return s.tab.Game() }

// stage.Workspace is the turn being staged.
func (s *Session) Workspace() *stage.Workspace { return s.tab.Stage() }

// Prompt is what a terminal shows before reading a line: the player to play
// and, with the timer on, the time left ("ana 0:42> "); "lua> " in Lua mode,
// ">> " for a continuation line of Lua, as the standalone Lua REPL shows it.
func (s *Session) Prompt() string { return s.prompt(true) }

// prompt is Prompt, with the time left only when clock is set (a terminal
// that shows the countdown on its own line leaves it out of the prompt,
// where it would stand still).
func (s *Session) prompt(clock bool) string {
	switch {
	case s.lua.buf != "":
		return ">> "
	case s.lua.mode:
		return "lua> "
	case s.tab.Game() == nil:
		return "> "
	case s.tab.Game().RoundOver():
		return "meldlab> "
	}
	p := s.tab.Game().Name(s.tab.Game().Current())
	if left, ok := s.TimeLeft(); ok && clock {
		p += " " + view.Clock(left)
	}
	return p + "> "
}

// TimeLeft is the time the person to play has left, when the turn is timed
// (timer on, a variant with a time limit, no lesson running): for a
// terminal's countdown.
func (s *Session) TimeLeft() (time.Duration, bool) { return s.tab.TimeLeft(s.timerOn()) }

// Unsaved reports whether the game in play (the one a lesson set aside,
// during a lesson) has turns played since it was dealt, saved or loaded:
// leaving would lose them.
func (s *Session) Unsaved() bool {
	t := s.tab
	if s.lesson != nil {
		t = s.lesson.Saved()
	}
	return t.Unsaved()
}

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
type Verdict struct {
	N      int    `json:"n"`              // the lesson
	Passed bool   `json:"passed"`         // the move passes it (the game is back)
	Words  string `json:"words"`          // the lesson's own words about the move, in the learner's language
	Kept   string `json:"kept,omitempty"` // with Passed: why the course could not be saved
}

// TimeUp is a turn the clock ended.
type TimeUp struct {
	Name    string // the seat
	You     bool   // the learner's own seat
	Seconds int    // the turn's time
	Drawn   []core.Tile
}

// Run runs one input line and returns what it shows; the error, if any,
// is the line's failure, for the caller to show: the game and the staged
// turn are then exactly as before. ctx cancels a long evaluation (the
// solver, a bot, Lua), as Ctrl-C does in the terminal.
func (s *Session) Run(ctx context.Context, line string) (Reply, error) {
	var echo string
	if s.opt.Echo { // the prompt as it was before the line ran
		echo = s.echoPrompt() + line + "\n"
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
	r := Reply{Text: view.Fit(s.reply.String(), view.Width), Turns: s.turns, Hint: s.hinted, Verdict: s.judged, TimeUp: s.ranOut,
		Review: s.reviewed}
	s.hinted, s.judged, s.ranOut, s.reviewed = nil, nil, nil, nil
	if s.reply.Cap() > 64<<10 { // an odd long reply's room is not kept
		s.reply = bytes.Buffer{}
	}
	s.reply.Reset()
	s.turns = nil
	return r
}

func (s *Session) exec(ctx context.Context, line string) error {
	if s.inLua() {
		return s.luaLine(ctx, line)
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

// echoPrompt is the prompt as an echoed transcript shows it: without the
// timer, which would make the transcript depend on the clock.
func (s *Session) echoPrompt() string {
	switch {
	case s.lua.buf != "":
		return ">> "
	case s.lua.mode:
		return "lua> "
	}
	return "> "
}

// printError prints a line's error as the loops do: "error: ...".
//
// An error may quote a file's text or a path (a seat's bot inside an OS
// error): its control characters are escaped, its line breaks kept.
// A refusal has its own label ("refused: ..."), said without "error: ".
func (s *Session) printError(err error) {
	text := escape.String(userWords(s.lang.Error(err)))
	if m, ok := err.(core.Messager); !ok || !strings.HasPrefix(m.Message().ID, "repl.refused") {
		text = s.say(msg.ReplError(text))
	}
	io.WriteString(s.out, view.Fit(text+"\n", view.Width))
}

// goPrefix is a Go package's name before an error's text ("bots: ",
// "core: load: "), at the start or after another error's colon.
var goPrefix = regexp.MustCompile(`(^|: )(?:core|scripts|bots|variants|sandbox|solve|sim|repl)(?:: load)?: `)

// userWords is an error's text for the person at the keyboard: without the
// names of the Go packages it passed through ("seat \"x\": unknown bot"
// rather than "seat \"x\": bots: unknown bot").
func userWords(text string) string { return goPrefix.ReplaceAllString(text, "$1") }

// printf adds to the reply of the line being run.
func (s *Session) printf(format string, args ...any) { fmt.Fprintf(&s.reply, format, args...) }

// replyWriter adds what Lua and the variant's hooks print to the reply of
// the line being run, in order with the rest.
type replyWriter struct{ s *Session }

func (w replyWriter) Write(p []byte) (int, error) { return w.s.reply.Write(p) }

// refs reads the editing commands' references to tiles of the variant's
// box and to the staged table.
func (s *Session) refs() stage.Reader {
	r := stage.Reader{Box: core.StandardTiles, WS: s.tab.Stage()}
	if g := s.tab.Game(); g != nil {
		r.Box = g.Rules.Tiles
	}
	return r
}
