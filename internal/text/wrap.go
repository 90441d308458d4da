// Package text lays out words for an 80-column terminal: meldlab's one
// text wrapper, used by the REPL (repl/view/wrap.go), the commands and the
// lab alike.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Width is the terminal width meldlab's output fits.
const Width = 80

// Wrap breaks s into lines of at most width columns at spaces, the lines
// after the first starting with indent; each line ends with a newline.
// Columns are display columns: a colour's escape codes take none, an
// accented letter one. A set in brackets ("[r10 b10 J]") is never broken;
// a word or set longer than the width stands on a line of its own.
func Wrap(s string, width int, indent string) string {
	var b strings.Builder
	for _, line := range Lines(s, width, indent) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// Hang is prefix and then s filled to width columns, the lines after the
// first indented to stand under the text's start.
func Hang(prefix, s string, width int) string {
	pad := strings.Repeat(" ", DisplayWidth(prefix))
	var b strings.Builder
	for i, line := range Lines(s, width-len(pad), "") {
		if i == 0 {
			b.WriteString(prefix + line + "\n")
		} else {
			b.WriteString(pad + line + "\n")
		}
	}
	return b.String()
}

// Lines is Wrap as a list of lines, without their newlines.
func Lines(s string, width int, indent string) []string {
	if oneLine(s, width) {
		return []string{s}
	}
	return lines(s, width, indent)
}

// lines is Lines the long way, word by word.
func lines(s string, width int, indent string) []string {
	var out []string
	var cur strings.Builder
	col, indentW := 0, DisplayWidth(indent)
	// The units of s are its words, the words of a bracketed set kept
	// together ("put [r3 r4 r5] new" is put, [r3 r4 r5] and new). Only
	// ASCII white space breaks: a no-break space (2,0 % in French) holds
	// its words together.
	breaks := 0 // a word follows each break at most: room for every word at once
	for i := 0; i < len(s); i++ {
		if isBreak(s[i]) {
			breaks++
		}
	}
	words := make([]string, 0, breaks+1)
	var unit []string
	flush := func() {
		// A set that cannot fit a line of its own flows as words.
		if w := strings.Join(unit, " "); len(unit) == 1 || DisplayWidth(w) <= width-indentW {
			words = append(words, w)
		} else {
			words = append(words, unit...)
		}
		unit = unit[:0]
	}
	depth := 0
	for rest := s; ; {
		i := 0
		for i < len(rest) && isBreak(rest[i]) {
			i++
		}
		rest = rest[i:]
		if rest == "" {
			break
		}
		j := 0
		for j < len(rest) && !isBreak(rest[j]) {
			j++
		}
		w := rest[:j]
		rest = rest[j:]
		unit = append(unit, w)
		for _, r := range Plain(w) {
			switch r {
			case '[':
				depth++
			case ']':
				depth = max(depth-1, 0)
			}
		}
		if depth == 0 {
			flush()
		}
	}
	if len(unit) > 0 {
		flush()
	}
	line := min(len(s), 2*max(width, 0)) + len(indent) // bytes a line takes, at a guess
	cur.Grow(line)
	for i, w := range words {
		n := DisplayWidth(w)
		switch {
		case i == 0:
		case col+1+n > width:
			out = append(out, cur.String())
			cur = strings.Builder{}
			cur.Grow(line)
			cur.WriteString(indent)
			col = indentW
		default:
			cur.WriteByte(' ')
			col++
		}
		cur.WriteString(w)
		col += n
	}
	return append(out, cur.String())
}

// oneLine reports whether s is already its own layout: no wider than
// width (counted in bytes, never fewer than its columns), no escape
// sequence, and its words apart by single spaces, none at either end.
// Lines would give s itself, as one line.
func oneLine(s string, width int) bool {
	if len(s) > width {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r', 0x1b:
			return false
		case ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				return false
			}
		}
	}
	return true
}

// isBreak is the white space that breaks words: ASCII's only.
func isBreak(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Plain is s without its terminal escape sequences (ESC [ ... final byte,
// as colours are written).
func Plain(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// DisplayWidth is the columns s takes in a terminal: its characters less
// escape sequences and combining marks.
func DisplayWidth(s string) int {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < 0x80 && s[i] != 0x1b
	}
	if ascii { // a column a byte
		return len(s)
	}
	s = Plain(s)
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if unicode.Is(unicode.Mn, r) || r == '\u200b' {
			continue
		}
		n++
	}
	return n
}
