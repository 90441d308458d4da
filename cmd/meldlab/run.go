package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/scripts"
)

func init() { register("run", runRun) }

// runRun is `meldlab run [--timeout D] [--seed N] FILE.lua [args]`.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", scripts.DefaultTimeout, flagDoc(msg.CmdRunFlagTimeout()))
	seed := fs.Uint64("seed", 0, flagDoc(msg.CmdRunFlagSeed()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdRunHelp()) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, say.Message(msg.CmdRunNoScript()))
		fs.Usage()
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintln(stderr, say.Message(msg.CmdRunTimeout(timeout.String())))
		return 2
	}
	opts := scripts.Options{
		Stdout: stdout,
		Seed:   *seed,
		Args:   fs.Args()[1:],
		Games:  gameFactory,
	}
	opts.Limits.Timeout = *timeout
	err := scripts.Run(context.Background(), fs.Arg(0), opts)
	var se *scripts.ScriptError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &se):
		fmt.Fprintln(stderr, se.Error())
		if se.Traceback != "" {
			fmt.Fprintln(stderr, se.Traceback)
		}
	default:
		fmt.Fprintf(stderr, "meldlab run: %v\n", strings.TrimPrefix(say.Error(scripts.FileError(fs.Arg(0), err)), "scripts: "))
	}
	return 1
}
