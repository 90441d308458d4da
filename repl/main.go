package repl

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/lesson"
	"github.com/meldlab/meldlab/repl/plugin"
)

// Plugins are what the meldlab command plugs into the REPL from packages
// repl does not import; each may be nil.
type Plugins struct {
	Lua   plugin.Lua     // the Lua host of lua, run and lesson; nil: Lua is not available
	Games Games          // the game factory, for variants' Lua hooks; nil: hooks are not run
	Bots  *bots.Registry // the bots a seat may name; nil: the Go bots
	Lang  i18n.Lang      // the learner's language (meldlab --lang or the locale); "": English
}

// Main is the repl command: it reads the flags, then runs a session on
// stdin and stdout, with liner when both are a terminal and plain lines
// otherwise. It returns the exit status: 0, or 2 for bad flags or a first
// game that cannot be dealt.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, p Plugins) int {
	fs := flag.NewFlagSet("repl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	color := fs.String("color", "auto", "ANSI colour: auto, never or always")
	timer := fs.Bool("timer", false, "time each turn by the variant's limit, with a countdown")
	variant := fs.String("variant", "original", "the first game's variant: a name or a .yaml file")
	seed := fs.Uint64("seed", 0, "the seed of the session's games (0: from the clock)")
	players := fs.String("players", "3", "first game's seats: a count, or NAME:human,NAME:BOT,...")
	echo := fs.Bool("echo", false, "echo each input line after \"> \" (piped output reads as a session)")
	history := fs.String("history", "auto", "the history file; \"\" keeps none")
	fs.Usage = func() {
		fmt.Fprint(stderr, `Usage: meldlab [repl] [flags]

The interactive session: play against bots or friends, take the lessons, try
variants and Lua. With a terminal it edits lines and completes with Tab; piped
input is read a line at a time. Type help in the session for the commands.

--color auto colours a terminal unless NO_COLOR is set or TERM=dumb.
--history auto is meldlab/history in the user's config directory; the lessons
passed are kept beside it. A turn that runs over the timer gets the variant's
penalty at the next command.

Example: meldlab repl --players ana:human,bot:greedy,bot:patient --seed 7

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "meldlab repl: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if *history == "auto" {
		*history = HistoryPath()
	}
	mode, err := ParseColorMode(*color)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab repl: %v\n", err)
		return 2
	}
	term := isTerminal(stdin, stdout)
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	s := NewSession(Options{
		Lang: p.Lang,
		Out:  stdout, Color: UseColor(mode, term, os.Getenv), Echo: *echo, Timer: *timer, Seed: *seed,
		Variant: *variant, Players: *players,
		Lua: p.Lua, Games: p.Games, Bots: p.Bots, CoursePath: lesson.CoursePath(*history),
	})
	ctx := context.Background()
	if err := s.Start(ctx); err != nil {
		fmt.Fprintf(stderr, "meldlab repl: %v\n", err)
		return 2
	}
	if term {
		err = RunTerminal(ctx, s, *history)
	} else {
		err = RunPiped(ctx, s, stdin)
	}
	if err != nil {
		fmt.Fprintf(stderr, "meldlab repl: %v\n", err)
		return 1
	}
	return 0
}
