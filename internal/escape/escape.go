// Package escape makes text from files and scripts safe to print on a
// terminal. A variant's name, a Lua error or a line a script prints may hold
// ESC and OSC sequences that would clear the screen, retitle the window or
// write a hyperlink; printed through this package they show as \x1b and
// \x07 instead.
//
// Escaped: the C0 controls except tab and newline (and, in Line, those two
// as well), DEL, the C1 controls (U+0080 to U+009F, which some terminals
// read as ESC sequences) and bytes that are not UTF-8. Everything else,
// accents, ♥ and emoji included, is printed as written.
package escape

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String escapes the control characters of s, keeping tabs and newlines:
// for text that is printed as lines (a script's output).
func String(s string) string { return escape(s, false) }

// Line escapes the control characters of s, tabs and newlines too: for a
// value printed inside a line (a name, a message).
func Line(s string) string { return escape(s, true) }

func escape(s string, line bool) string {
	if clean(s, line) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' && line:
			b.WriteString(`\n`)
		case r == '\t' && line:
			b.WriteString(`\t`)
		case r == '\r' && line:
			b.WriteString(`\r`)
		case isControl(r, line):
			if r < 0x100 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func clean(s string, line bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return false // decide rune by rune
		}
		if c < 0x20 || c == 0x7f {
			if line || (c != '\n' && c != '\t') {
				return false
			}
		}
	}
	return true
}

// isControl reports whether r must be escaped; tab and newline are kept
// unless line.
func isControl(r rune, line bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return line
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	}
	return false
}
