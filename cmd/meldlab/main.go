// Command meldlab is a rules sandbox and variant lab for Rummikub-style tile
// rummy. With no arguments it opens the REPL; each job is a subcommand.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/internal/text"
	"github.com/meldlab/meldlab/scripts"
)

// gameFactory and botRegistry are the one game factory (rules with their Lua
// hooks) and the one bot registry (Go bots, and Lua bots by path) that every
// command hands to the REPL, the lab and the scripts: the only place the
// Lua host meets them.
var (
	gameFactory = scripts.NewGames()
	botRegistry = scripts.Bots(gameFactory)
)

// command is one subcommand. run gets the arguments after its name and
// returns the exit status: 0 success, 1 a negative answer or failed input, 2 usage.
type command struct {
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by each subcommand's file in its init, so adding a job
// never edits this file.
var commands = map[string]command{}

// register adds a command; its summary, help and flags' descriptions are
// messages cmd.NAME.… (i18n/locales/cmd.LANG.yaml).
func register(name string, run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int) {
	commands[name] = command{run: run}
}

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// say speaks the learner's language, from --lang or the locale; run sets
// it, so commands run one at a time (as the tests do).
var say = i18n.New(i18n.English)

// getenv reads the locale; a variable, for the tests.
var getenv = os.Getenv

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	args, lang, err := takeLang(args)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab: %v\n", err)
		return 2
	}
	say = i18n.New(lang)
	if len(args) == 0 {
		if c, ok := commands["repl"]; ok {
			return c.run(nil, stdin, stdout, stderr)
		}
		usage(stdout)
		return 0
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "--version", "-version", "-v":
		return runVersion(nil, stdin, stdout, stderr)
	}
	// Flags with no command are the REPL's: meldlab --seed 7 --color never.
	if strings.HasPrefix(args[0], "-") {
		if c, ok := commands["repl"]; ok {
			return c.run(args, stdin, stdout, stderr)
		}
	}
	c, ok := commands[args[0]]
	if !ok {
		names := make([]string, 0, len(commands))
		for n := range commands {
			names = append(names, n)
		}
		if near := suggest.Nearest(args[0], names); near != "" {
			fmt.Fprintln(stderr, say.Message(msg.CmdUnknownNear(strconv.Quote(args[0]), strconv.Quote(near))))
		} else {
			fmt.Fprintln(stderr, say.Message(msg.CmdUnknown(strconv.Quote(args[0]))))
		}
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// takeLang takes the global --lang flag from anywhere before "--" (before
// the command or after it, in any of the flag package's spellings) and
// falls back to the locale.
func takeLang(args []string) ([]string, i18n.Lang, error) {
	lang := i18n.FromEnv(getenv)
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			out = append(out, a)
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil, "", errors.New("--lang needs a language: en, es, it or fr")
			}
			i++
			value = args[i]
		}
		l, err := i18n.Parse(value)
		if err != nil {
			return nil, "", err
		}
		lang = l
	}
	return out, lang, nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, say.Message(msg.CmdAbout()))
	fmt.Fprintln(w, "\n"+say.Message(msg.CmdUsage()))
	fmt.Fprintln(w, "\n"+say.Message(msg.CmdCommands()))
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		// The summary wrapped to 80 columns, under itself.
		fmt.Fprint(w, text.Hang(fmt.Sprintf("  %-*s ", width, n), say.T("cmd."+n+".summary"), 80))
	}
	fmt.Fprintln(w, "\n"+say.Message(msg.CmdMore()))
}
