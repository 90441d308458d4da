package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
)

// The terminal layer: the only code that knows about liner, signals and
// the history file. Everything it does with a line goes through Exec.

// RunPiped reads plain lines from in until quit or the end of the input,
// printing no prompt, so that the output is a stable transcript. An error
// on a line is printed and the session goes on.
func RunPiped(ctx context.Context, s *Session, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for !s.Done() && sc.Scan() {
		if err := s.Exec(ctx, sc.Text()); err != nil {
			s.printError(err)
		}
	}
	return sc.Err()
}

// RunTerminal runs the session at a terminal with liner: line editing,
// history (kept in historyPath unless it is ""), tab completion. Ctrl-C
// clears the line being typed, or stops a command that is running (the
// solver, a bot, Lua) without ending the program; Ctrl-D ends Lua mode, or
// else the session.
func RunTerminal(ctx context.Context, s *Session, historyPath string) error {
	ln := liner.NewLiner()
	defer ln.Close()
	ln.SetCtrlCAborts(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	ln.SetWordCompleter(s.Complete)
	if historyPath != "" {
		if f, err := os.Open(historyPath); err == nil {
			_, _ = ln.ReadHistory(f)
			f.Close()
		}
		defer saveHistory(ln, historyPath)
	}
	// While a command runs the terminal is in its normal mode, where Ctrl-C
	// raises SIGINT: catch it and cancel the command instead of dying.
	sigint := make(chan os.Signal, 1)
	signal.Notify(sigint, os.Interrupt)
	defer signal.Stop(sigint)

	for !s.Done() {
		line, err := ln.Prompt(s.Prompt())
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			s.CancelInput()
			continue
		case errors.Is(err, io.EOF):
			if s.inLua() {
				s.CancelInput()
				s.lua.mode = false
				fmt.Fprintln(s.out)
				continue
			}
			fmt.Fprintln(s.out)
			return nil
		case err != nil:
			return err
		}
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
			s.printError(err)
		}
	}
	return nil
}

func saveHistory(ln *liner.State, path string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	_, _ = ln.WriteHistory(f)
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
