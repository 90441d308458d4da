// Package luainput is Lua typed at the REPL, as the standalone Lua REPL
// reads it: in Lua mode every line is Lua until a line with a single dot,
// and a chunk whose parse error is at the end of input waits for its
// continuation lines. It holds the text only; the Lua host (package
// plugin) evaluates it.
package luainput

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/view"
)

// Input is the state of Lua typed at the REPL. The zero Input reads
// commands, not Lua.
type Input struct {
	mode bool   // lines are Lua until "."
	buf  string // a Lua chunk waiting for its continuation lines
}

// Active reports whether lines are Lua (Lua mode or a continuation).
func (in *Input) Active() bool { return in.mode || in.buf != "" }

// Begin enters Lua mode.
func (in *Input) Begin() { in.mode = true }

// Cancel drops a half-typed chunk (Ctrl-C at a continuation line).
func (in *Input) Cancel() { in.buf = "" }

// Leave drops a half-typed chunk and leaves Lua mode (Ctrl-D).
func (in *Input) Leave() { in.buf, in.mode = "", false }

// Prompt is the prompt a line of Lua is read after: ">> " for a
// continuation line, "lua> " in Lua mode, else other (the game's).
func (in *Input) Prompt(other string) string {
	switch {
	case in.buf != "":
		return ">> "
	case in.mode:
		return "lua> "
	}
	return other
}

// Line takes a line in Lua mode, or a continuation line, and gives the
// code to run: the chunk waiting with the line after it; "" when there is
// none ("." leaves Lua mode, and drops a waiting chunk with an error).
func (in *Input) Line(line string) (code string, err error) {
	if strings.TrimSpace(line) == "." {
		if in.buf != "" {
			in.buf = ""
			return "", view.Fail(msg.ReplLuaDropped())
		}
		in.mode = false
		return "", nil
	}
	code = line
	if in.buf != "" {
		code = in.buf + "\n" + line
	}
	in.buf = ""
	if strings.TrimSpace(code) == "" {
		return "", nil
	}
	return code, nil
}

// Eval evaluates code with eval and writes the value it returns to w, or
// keeps the code for a continuation line when it is unfinished
// (plugin.ErrIncomplete).
func (in *Input) Eval(code string, eval func(code string) (string, error), w io.Writer) error {
	if strings.TrimSpace(code) == "" {
		return nil
	}
	out, err := eval(code)
	if errors.Is(err, plugin.ErrIncomplete) {
		in.buf = code
		return nil
	}
	if out != "" {
		fmt.Fprintf(w, "%s\n", strings.TrimRight(out, "\n"))
	}
	return err
}
