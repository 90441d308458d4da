package main

import (
	"fmt"
	"github.com/meldlab/meldlab/core"
	"io"
	"os"
)

// PlainProgressFrom is the games (or deals) from which a run not on a
// terminal says its progress in plain lines: shorter ones say nothing.
const PlainProgressFrom = 2000

// progressFor is the progress a long run shows on stderr: a line rewritten
// in place on a terminal (progressLine), plain lines otherwise for runs of
// PlainProgressFrom or more (progressPlain), nothing for shorter ones; and
// what ends it.
func progressFor(stderr io.Writer, command string, say func(done, total any) core.Message, total int) (func(done, total int), func()) {
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		return progressLine(stderr), func() { fmt.Fprint(stderr, "\r\033[K") }
	}
	if total >= PlainProgressFrom {
		return progressPlain(stderr, command, say), func() {}
	}
	return nil, func() {}
}

// progressPlain returns a Progress function that writes a line at each
// tenth of the run (by count, never by time, so the lines are the same on
// every machine): "meldlab sim: 1000 of 10000 games played".
func progressPlain(w io.Writer, command string, line func(done, total any) core.Message) func(done, total int) {
	next := 1
	return func(done, total int) {
		if total <= 0 || next > 10 || done*10 < next*total {
			return
		}
		fmt.Fprintf(w, "%s: %s\n", command, say.Message(line(done, total)))
		for next <= 10 && done*10 >= next*total {
			next++
		}
	}
}
