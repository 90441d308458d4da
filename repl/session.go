package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
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

	// Lua is the Lua host for lua, run and lesson; nil: Lua is not available.
	Lua Lua
	// LoadVariant, when set, resolves variant names instead of package
	// variants (a test's rules); such variants have no Lua hooks.
	LoadVariant func(nameOrPath string) (core.Rules, error)

	HintTime time.Duration // the solver's time for hint; 0: 5 seconds
	BotTime  time.Duration // each bot turn's time; 0: 10 seconds
}

// seat is one player at the table: a person at the keyboard or a bot.
type seat struct {
	name string
	spec string // "human", or what bots.New takes: "greedy", "x.lua"
	bot  Bot    // nil for a person
}

// snapshot is the game at the start of a human turn, for undo.
type snapshot struct {
	game *core.Game
	hist int // history length, which identifies the turn
}

// Session is one REPL session: the game in play, its seats, the turn being
// staged, the undo snapshots and the timer. It never touches a terminal:
// Exec takes a line and writes what it has to say to Options.Out, so a
// session is driven the same way by the terminal, a pipe or a test.
type Session struct {
	opt   Options
	out   io.Writer
	paint painter
	clock Clock
	timer bool
	seeds *rand.Rand // the seeds of new games

	variantRef string            // the name or file the variant in play came from, for new
	variant    *variants.Variant // the variant in play, to make hooks for new games; nil for none
	game       *core.Game
	seats      []seat
	ws         *Workspace
	undo       []snapshot
	since      time.Time // when the current human turn began (for the timer)
	ended      bool      // the current round's end has been announced

	lesson      LessonRun // the lesson in progress, if any
	lessonName  string
	lessonNum   int
	lessonHints int    // hints of the lesson shown so far
	luaMode     bool   // lines are Lua until "."
	luaBuf      string // a Lua chunk waiting for its continuation lines
	quit        bool
	laidOut     map[int]bool // seats whose rack a setup laid out this round
}

// NewSession makes a session; Start begins its first game.
func NewSession(opt Options) *Session {
	s := &Session{opt: opt, out: opt.Out, paint: painter{color: opt.Color}, clock: opt.Clock, timer: opt.Timer}
	if s.out == nil {
		s.out = io.Discard
	}
	if s.clock == nil {
		s.clock = realClock{}
	}
	s.seeds = rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed5eed5eed5eed))
	return s
}

// Start greets the user and deals the first game. An error (a bad variant
// or seat in the options) is returned for the caller to report.
func (s *Session) Start(ctx context.Context) error {
	fmt.Fprintln(s.out, "meldlab: tile rummy, one turn at a time. Type help for the commands, quit to leave.")
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
	return s.newGame(ctx, args)
}

// Done reports whether the session has ended (quit).
func (s *Session) Done() bool { return s.quit }

// Game is the game in play.
func (s *Session) Game() *core.Game { return s.game }

// Workspace is the turn being staged.
func (s *Session) Workspace() *Workspace { return s.ws }

// Prompt is what a terminal shows before reading a line: the player to play
// and, with the timer on, the time left ("ana 0:42> "); "lua> " in Lua mode,
// "...> " for a continuation line.
func (s *Session) Prompt() string {
	switch {
	case s.luaBuf != "":
		return "...> "
	case s.luaMode:
		return "lua> "
	case s.game == nil:
		return "> "
	case s.game.RoundOver():
		return "meldlab> "
	}
	p := s.game.Names()[s.game.Current()]
	if left, ok := s.timeLeft(); ok {
		left = max(left, 0).Round(time.Second)
		p += fmt.Sprintf(" %d:%02d", int(left.Minutes()), int(left.Seconds())%60)
	}
	return p + "> "
}

// Exec runs one input line. Output goes to Options.Out; the error, if any,
// is the line's failure, for the caller to print: the game and the staged
// turn are then exactly as before. ctx cancels a long evaluation (the
// solver, a bot, Lua), as Ctrl-C does in the terminal.
func (s *Session) Exec(ctx context.Context, line string) error {
	if s.opt.Echo {
		fmt.Fprintf(s.out, "%s%s\n", s.echoPrompt(), line)
	}
	if s.luaMode || s.luaBuf != "" {
		return s.luaLine(ctx, line)
	}
	l, err := ParseLine(line)
	if err != nil || l.Name == "" {
		return err
	}
	c := lookup(l.Name)
	if c == nil {
		return unknownCommand(l.Name)
	}
	if s.game != nil && !c.meta {
		s.resumeBots(ctx)
		if s.timeUp(ctx) && c.action {
			return fmt.Errorf("%s was not run: the turn had ended", l.Name)
		}
	}
	return c.run(s, ctx, l)
}

// echoPrompt is the prompt as an echoed transcript shows it: without the
// timer, which would make the transcript depend on the clock.
func (s *Session) echoPrompt() string {
	switch {
	case s.luaBuf != "":
		return "...> "
	case s.luaMode:
		return "lua> "
	}
	return "> "
}

// printError prints a line's error as the loops do: "error: ...".
func (s *Session) printError(err error) {
	fmt.Fprintf(s.out, "error: %v\n", err)
}

func (s *Session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// box is the tile box of the variant in play.
func (s *Session) box() core.TileSet {
	if s.game != nil {
		return s.game.Rules.Tiles
	}
	return core.StandardTiles
}

func (s *Session) setRules() core.SetRules { return s.game.Rules.SetRules() }

// human reports whether a person plays seat i.
func (s *Session) human(i int) bool { return i >= 0 && i < len(s.seats) && s.seats[i].bot == nil }

// humanTurn reports whether a person is to play now.
func (s *Session) humanTurn() bool {
	return s.game != nil && !s.game.RoundOver() && s.human(s.game.Current())
}

// needTurn refuses a turn action when no person is to play.
func (s *Session) needTurn() error {
	switch {
	case s.game == nil:
		return errors.New("no game: start one with new")
	case s.game.MatchOver():
		return errors.New("the match is over: new starts another")
	case s.game.RoundOver():
		return fmt.Errorf("round %d is over: next deals round %d", s.game.Round(), s.game.Round()+1)
	case !s.human(s.game.Current()):
		return fmt.Errorf("it is %s's turn (a bot)", s.game.Names()[s.game.Current()])
	}
	return nil
}

// loadVariant resolves a variant by name or path: its rules and, for its
// Lua hooks, the variant (nil from Options.LoadVariant).
func (s *Session) loadVariant(name string) (core.Rules, *variants.Variant, error) {
	if s.opt.LoadVariant != nil {
		r, err := s.opt.LoadVariant(name)
		return r, nil, err
	}
	v, err := variants.Resolve(name)
	if err != nil {
		return core.Rules{}, nil, err
	}
	return v.Rules, v, nil
}

// variantNames lists the shipped variants, for variant and completion.
func (s *Session) variantNames() []string {
	if s.opt.LoadVariant != nil {
		return []string{"original"}
	}
	return variants.Names()
}

// hooksFor makes a game's Lua hooks: none when the variant has no Lua file.
// Their print writes to the session's output.
func (s *Session) hooksFor(v *variants.Variant, seed uint64) (core.Hooks, error) {
	if v == nil || v.Rules.Hooks == "" {
		return nil, nil
	}
	return variants.NewHooks(v, seed, s.out)
}

// install puts a game in play with its seats: a fresh start (new, load, a
// lesson), so the undo snapshots and any lesson go.
func (s *Session) install(ctx context.Context, g *core.Game, seats []seat) {
	if old := s.game; old != nil && old.Hooks != g.Hooks {
		if c, ok := old.Hooks.(io.Closer); ok {
			c.Close() // the Lua state of the old game's hooks
		}
	}
	s.game, s.seats, s.variantRef = g, seats, g.Rules.Name
	s.undo, s.ended = nil, g.RoundOver()
	s.laidOut = nil
	s.endLesson()
	if g.Rules.Hooks != "" && g.Hooks == nil {
		s.printf("note: the %s variant's Lua hooks (%s) are not run in this build\n", g.Rules.Name, g.Rules.Hooks)
	}
	s.settle(ctx)
}

// settle brings the session up to date after the game changed: bots play
// until a person is to play or the round ends, the end of a round is
// announced, and a person's turn gets a fresh workspace, an undo snapshot,
// the timer and the view of the table and rack.
func (s *Session) settle(ctx context.Context) {
	g := s.game
	for !g.RoundOver() && !s.human(g.Current()) {
		if ctx.Err() != nil {
			s.printf("(stopped: %s is to play; any turn command lets the bots go on)\n", g.Names()[g.Current()])
			s.ws = nil
			return
		}
		if err := s.botTurn(ctx); err != nil {
			if ctx.Err() == nil {
				s.printError(err)
			}
			s.printf("(stopped: %s is to play; any turn command lets the bots go on)\n", g.Names()[g.Current()])
			s.ws = nil
			return
		}
		g = s.game
	}
	if g.RoundOver() {
		s.ws = nil
		if !s.ended {
			s.ended = true
			s.announceRoundEnd()
		}
		return
	}
	s.ended = false
	s.newTurn()
}

// resumeBots lets the bots finish turns that a Ctrl-C interrupted.
func (s *Session) resumeBots(ctx context.Context) {
	if s.game != nil && !s.game.RoundOver() && !s.human(s.game.Current()) {
		s.settle(ctx)
	}
}

// newTurn starts a person's turn: workspace, snapshot, timer, and the view.
func (s *Session) newTurn() {
	g := s.game
	cur := g.Current()
	s.ws = NewWorkspace(g.Rules.SetRules(), g.Table(), g.Rack(cur), g.Rules.Joker.Keep)
	hist := len(g.History())
	if n := len(s.undo); n == 0 || s.undo[n-1].hist != hist {
		s.undo = append(s.undo, snapshot{game: g.Clone(), hist: hist})
		s.since = s.clock.Now()
	}
	s.showTurn()
}

// showTurn prints whose turn it is, the table and the rack.
func (s *Session) showTurn() {
	g := s.game
	cur := g.Current()
	var b strings.Builder
	fmt.Fprintf(&b, "== %s to play: round %d, turn %d", g.Names()[cur], g.Round(), g.Turn()+1)
	if left, ok := s.timeLeft(); ok {
		fmt.Fprintf(&b, ", %d seconds", int(left.Round(time.Second).Seconds()))
	}
	b.WriteString(" ==\n")
	v := g.View(cur)
	switch {
	case !g.Opened(cur):
		fmt.Fprintf(&b, "%s not opened: the first play is new sets from the rack worth %d points or more\n",
			does(g.Names()[cur], "has", "have"), g.Rules.Opening.Points)
	case v.Locked:
		b.WriteString("first round: the sets on the table may not be changed this turn, only new sets added\n")
	}
	if t := g.DrawnTile(); t != core.NoTile {
		fmt.Fprintf(&b, "you drew %s: it may take a joker's place now (then done), or end ends the turn\n", s.paint.tile(t))
	}
	s.paint.table(&b, s.ws.Table(), s.setRules())
	b.WriteString(s.paint.rackLine("rack", s.ws.Left(), g.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// showStaged prints the staged table and the rack left, after an edit.
func (s *Session) showStaged() {
	var b strings.Builder
	s.paint.table(&b, s.ws.Table(), s.setRules())
	b.WriteString(s.paint.rackLine("rack", s.ws.Left(), s.game.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// announceRoundEnd prints who won the round, the scores, and what comes next.
func (s *Session) announceRoundEnd() {
	g := s.game
	names := g.Names()
	win := g.Winners()
	var who []string
	for _, w := range win {
		who = append(who, names[w])
	}
	var b strings.Builder
	if wr := g.Rack(win[0]); wr.Len() == 0 {
		fmt.Fprintf(&b, "== round %d is over: %s went out ==\n", g.Round(), strings.Join(who, " and "))
	} else {
		has := plural(len(who), "has", "have")
		if len(who) == 1 && who[0] == "you" {
			has = "have"
		}
		fmt.Fprintf(&b, "== round %d is over: the pool ran out and nobody can play; %s %s the lowest rack ==\n",
			g.Round(), strings.Join(who, " and "), has)
	}
	s.scoreLines(&b)
	if g.MatchOver() {
		w := g.MatchWinner()
		fmt.Fprintf(&b, "== the match is over: %s wins (%s) ==\n", names[w], matchWords(g.Rules.Match.Winner))
		b.WriteString("new starts another game\n")
	} else {
		fmt.Fprintf(&b, "next deals round %d of %d\n", g.Round()+1, g.Rounds())
	}
	s.printf("%s", b.String())
}

func matchWords(w core.MatchWinner) string {
	if w == core.HighestTotal {
		return "the highest total score"
	}
	return "the most rounds won, ties by total score"
}

// scoreLines writes the round's scores (when it is over), the totals and the
// rounds won, a line a seat.
func (s *Session) scoreLines(b *strings.Builder) {
	g := s.game
	names := g.Names()
	round, totals, won := g.RoundScores(), g.Totals(), g.RoundsWon()
	width := 4
	for _, n := range names {
		width = max(width, len(n))
	}
	if round != nil {
		fmt.Fprintf(b, "  %-*s  %6s  %6s  %s\n", width, "seat", "round", "total", "rounds won")
	} else {
		fmt.Fprintf(b, "  %-*s  %6s  %s\n", width, "seat", "total", "rounds won")
	}
	for i, n := range names {
		if round != nil {
			fmt.Fprintf(b, "  %-*s  %+6d  %+6d  %d\n", width, n, round[i], totals[i], won[i])
		} else {
			fmt.Fprintf(b, "  %-*s  %+6d  %d\n", width, n, totals[i], won[i])
		}
	}
}

// timeLeft is the time the person to play has left, when the timer runs.
func (s *Session) timeLeft() (time.Duration, bool) {
	if !s.timerOn() || !s.humanTurn() {
		return 0, false
	}
	limit := time.Duration(s.game.Rules.TimeLimit.Seconds) * time.Second
	return limit - s.clock.Now().Sub(s.since), true
}

// timerOn reports whether turns are timed: the timer is on and the variant
// has a time limit.
func (s *Session) timerOn() bool {
	return s.timer && s.game != nil && s.game.Rules.TimeLimit.Seconds > 0
}

// timeUp ends the turn of a person whose time ran out, with the variant's
// penalty, and reports whether it did. The clock is read when the player
// acts: a turn cannot end while nobody types.
func (s *Session) timeUp(ctx context.Context) bool {
	left, ok := s.timeLeft()
	if !ok || left >= 0 {
		return false
	}
	g := s.game
	name := g.Names()[g.Current()]
	drawn, err := g.Timeout()
	if err != nil {
		s.printError(err)
		return false
	}
	s.printf("time is up for %s (%d seconds): the table stays as it was", name, g.Rules.TimeLimit.Seconds)
	if len(drawn) > 0 {
		s.printf("; %s %s as the penalty", does(name, "draws", "draw"), s.paint.tiles(drawn))
	}
	s.printf("\n")
	s.settle(ctx)
	return true
}

// does puts a player's name before a verb that agrees with it: "ana
// draws", but "you draw" for the seat named you.
func does(name, third, second string) string {
	if name == "you" {
		return "you " + second
	}
	return name + " " + third
}
