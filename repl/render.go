package repl

import "github.com/meldlab/meldlab/repl/view"

// ColorMode is the --color setting (view.ColorMode).
type ColorMode = view.ColorMode

// The --color settings.
const (
	ColorAuto   = view.ColorAuto   // colour on a terminal, unless NO_COLOR or TERM=dumb say no
	ColorNever  = view.ColorNever  // plain text
	ColorAlways = view.ColorAlways // ANSI colour even into a pipe (and despite NO_COLOR)
)

// ParseColorMode reads a --color value: auto, never or always (also on/off,
// yes/no, true/false).
func ParseColorMode(s string) (ColorMode, error) { return view.ParseColorMode(s) }

// UseColor decides whether to write ANSI colour (view.UseColor).
func UseColor(mode ColorMode, terminal bool, getenv func(string) string) bool {
	return view.UseColor(mode, terminal, getenv)
}
