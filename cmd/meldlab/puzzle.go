package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("puzzle", runPuzzle)
}

// runPuzzle is meldlab puzzle gen: puzzles mined from seeded bot games.
func runPuzzle(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "original", flagDoc(msg.CmdPuzzleFlagVariant()))
	count := fs.Int("count", 10, flagDoc(msg.CmdPuzzleFlagCount()))
	seed := fs.Uint64("seed", 1, flagDoc(msg.CmdPuzzleFlagSeed()))
	grade := fs.Int("grade", 0, flagDoc(msg.CmdPuzzleFlagGrade()))
	fromTemplates := fs.Bool("templates", false, flagDoc(msg.CmdPuzzleFlagTemplates()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdPuzzleHelp()) }
	if len(args) == 0 || args[0] != "gen" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fs.Usage()
			return 0
		}
		fs.Usage()
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *count < 1 || *grade < 0 || *grade > 5 {
		fs.Usage()
		return 2
	}
	v, err := variants.Resolve(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab puzzle: %s\n", say.Error(err))
		return 2
	}
	if v.Rules.Hooks != "" {
		fmt.Fprintf(stderr, "meldlab puzzle: %s\n", say.Message(msg.CmdPuzzleHooks(*variant)))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	gen := puzzle.Generate
	if *fromTemplates {
		gen = puzzle.GenerateTemplates
	}
	ps, err := gen(ctx, puzzle.Config{Variant: v.Rules.Name, Rules: v.Rules, Count: *count, Seed: *seed, Grade: *grade})
	if werr := puzzle.Write(stdout, ps); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintf(stderr, "meldlab puzzle: %s\n", say.Error(err))
		return 1
	}
	if len(ps) < *count {
		fmt.Fprintf(stderr, "meldlab puzzle: %s\n", say.Message(msg.CmdPuzzleShort(len(ps), *count)))
		return 1
	}
	return 0
}
