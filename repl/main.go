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
	"github.com/meldlab/meldlab/i18n/msg"
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
	say := i18n.New(p.Lang)
	doc := say.Message
	color := fs.String("color", "auto", doc(msg.ReplMainFlagColor()))
	timer := fs.Bool("timer", false, doc(msg.ReplMainFlagTimer()))
	variant := fs.String("variant", "original", doc(msg.ReplMainFlagVariant()))
	seed := fs.Uint64("seed", 0, doc(msg.ReplMainFlagSeed()))
	players := fs.String("players", "3", doc(msg.ReplMainFlagPlayers()))
	echo := fs.Bool("echo", false, doc(msg.ReplMainFlagEcho()))
	history := fs.String("history", "auto", doc(msg.ReplMainFlagHistory()))
	fs.Usage = func() { say.Help(stderr, fs, msg.ReplMainHelp()) }
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
		fmt.Fprintf(stderr, "meldlab repl: %s\n", say.Error(err))
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
