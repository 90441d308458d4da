package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/peterh/liner"

	"github.com/meldlab/meldlab/i18n/msg"
	filecap "github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/repl/view"
)

// The terminal layer: the only code that knows about liner, signals and
// the history file. Everything it does with a line goes through Exec.

// MaxPipedLine is the longest line RunPiped reads, 1 MiB.
const MaxPipedLine = 1 << 20

// RunPiped reads plain lines from in until quit or the end of the input,
// printing no prompt, so that the output is a stable transcript. An error
// on a line is printed and the session goes on; so does a line over
// MaxPipedLine, which is refused on its own (and cancels a Lua chunk being
// continued), so that the commands after it, a save say, still run. A line
// that has not ended after files.MaxSkipped bytes (/dev/zero) stops the
// session with an error that says so.
func RunPiped(ctx context.Context, s *Session, in io.Reader) error {
	lines := filecap.NewLines(in, MaxPipedLine)
	for !s.Done() {
		line, err := lines.Next()
		var long *filecap.LongLineError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &long):
			s.CancelInput()
			s.tell.Error(err)
			continue
		case err != nil:
			return err
		}
		if err := s.Exec(ctx, string(line)); err != nil {
			s.tell.Error(err)
		}
	}
	return nil
}

// RunTerminal runs the session at a terminal with liner: line editing,
// history (kept in historyPath unless it is ""), tab completion. Ctrl-C
// clears the line being typed, or stops a command that is running (the
// solver, a bot, Lua) without ending the program; Ctrl-D ends Lua mode, or
// else the session.
func RunTerminal(ctx context.Context, s *Session, historyPath string) error {
	var keys keyTap
	ln := tapStdin(&keys, liner.NewLiner)
	defer ln.Close()
	ln.SetCtrlCAborts(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	ln.SetWordCompleter(s.Complete)
	if historyPath != "" {
		loadHistory(ln, historyPath)
		defer saveHistory(ln, historyPath)
	}
	// While a command runs the terminal is in its normal mode, where Ctrl-C
	// raises SIGINT: catch it and cancel the command instead of dying.
	sigint := make(chan os.Signal, 1)
	signal.Notify(sigint, os.Interrupt)
	defer signal.Stop(sigint)

	warned := false // Ctrl-D with a game not saved asked once
	for !s.Done() {
		left, timed := s.TimeLeft()
		stop := showCountdown(s.out, s.tell.Paint, s.clock, left, timed)
		line, err := ln.Prompt(s.lua.Prompt(s.tell.Prompt(s.desk.Tab, !timed)))
		stop()
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			// A Ctrl-C on a line being typed only clears it; on an empty
			// line it is a try to leave, and gets the hint how.
			if empty := keys.ctrlCOnEmptyLine(); empty && !s.lua.Active() {
				fmt.Fprintln(s.out, s.tell.Say(msg.ReplCtrlC()))
			}
			s.CancelInput()
			continue
		case errors.Is(err, io.EOF):
			if s.lua.Active() {
				s.lua.Leave()
				fmt.Fprintln(s.out)
				continue
			}
			if s.Unsaved() && !warned {
				warned = true
				fmt.Fprintln(s.out, "\n"+s.tell.Say(msg.ReplUnsaved()))
				continue
			}
			fmt.Fprintln(s.out)
			return nil
		case err != nil:
			return err
		}
		warned = false
		keys.lineRead()
		if h := strings.TrimSpace(line); h != "" {
			ln.AppendHistory(h)
		}
		select { // a Ctrl-C that came between commands is not for this one
		case <-sigint:
		default:
		}
		cctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			select {
			case <-sigint:
				cancel()
			case <-done:
			}
		}()
		err = s.Exec(cctx, line)
		close(done)
		cancel()
		if err != nil {
			s.tell.Error(err)
		}
	}
	return nil
}

// saveHistory replaces the history file whole (see filecap.WriteAtomic): a
// link planted at its place or beside it is never written through.
// maxHistory is the most of the history file read: far more than the
// entries liner keeps (1,000 lines).
const maxHistory = 1 << 20

// loadHistory reads the history file, a regular file only (a FIFO or a
// link to /dev/zero there would hang or fill the start), at most
// maxHistory bytes of it.
func loadHistory(ln *liner.State, path string) {
	f, err := filecap.Open(path)
	if err != nil {
		return // no history yet, or not a file to read: start without
	}
	defer f.Close()
	_, _ = ln.ReadHistory(io.LimitReader(f, maxHistory))
}

func saveHistory(ln *liner.State, path string) {
	_ = filecap.WriteAtomic(path, 0o600, func(w io.Writer) error {
		_, err := ln.WriteHistory(w)
		return err
	})
}

// HistoryPath is where the terminal keeps its history: meldlab/history in
// the user's config directory; "" if there is none.
func HistoryPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "meldlab", "history")
}

// isTerminal reports whether stdin and stdout are both the process's
// terminal: liner is used only then.
func isTerminal(stdin io.Reader, stdout io.Writer) bool {
	if stdin != os.Stdin || stdout != os.Stdout {
		return false
	}
	if _, err := liner.TerminalMode(); err != nil {
		return false
	}
	fi, err := os.Stdout.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// showCountdown shows the time left of a timed turn on a line of its own
// above the prompt, and rewrites that line every second while the player
// thinks, so that the clock is seen running (the prompt itself changes
// only when a key is typed). The function it returns stops it, and returns
// once it has stopped writing. Without a timed turn it does nothing.
func showCountdown(out io.Writer, p view.Painter, clock Clock, left time.Duration, timed bool) (stop func()) {
	if !timed {
		return func() {}
	}
	fmt.Fprintln(out, p.Countdown(left))
	done, finished := make(chan struct{}), make(chan struct{})
	start := clock.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				// Save the cursor, write over the line above the prompt,
				// and come back to where the player is typing.
				rest := left - clock.Now().Sub(start)
				fmt.Fprintf(out, "\x1b7\x1b[1A\r\x1b[2K%s\x1b8", p.Countdown(rest))
				if rest <= 0 {
					return
				}
			}
		}
	}()
	return func() { close(done); <-finished }
}
