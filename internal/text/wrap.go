// Package text lays out words for an 80-column terminal.
package text

import (
	"strings"
	"unicode/utf8"
)

// Width is the terminal width meldlab's output fits.
const Width = 80

// Wrap breaks s into lines of at most width columns at spaces, the lines
// after the first starting with indent; each line ends with a newline. A
// word longer than the width stands on a line of its own.
func Wrap(s string, width int, indent string) string {
	var b strings.Builder
	for _, line := range Lines(s, width, indent) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// Lines is Wrap as a list of lines, without their newlines.
func Lines(s string, width int, indent string) []string {
	var out []string
	var cur strings.Builder
	col := 0
	for i, w := range strings.Fields(s) {
		n := utf8.RuneCountInString(w)
		switch {
		case i == 0:
		case col+1+n > width:
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(indent)
			col = utf8.RuneCountInString(indent)
		default:
			cur.WriteByte(' ')
			col++
		}
		cur.WriteString(w)
		col += n
	}
	return append(out, cur.String())
}
