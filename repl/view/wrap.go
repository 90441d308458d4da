package view

import (
	"strings"

	"github.com/meldlab/meldlab/internal/text"
)

// The REPL wraps with meldlab's one text wrapper (internal/text, shared
// with the commands and the lab): widths in display columns, colour codes
// taking none, and a set in brackets never broken across lines.

// HangText is prefix and then s filled to width columns, the lines after
// the first indented to stand under the text's start.
func HangText(prefix, s string, width int) string { return text.Hang(prefix, s, width) }

// Wrap breaks s into lines of at most width columns, the lines after the
// first starting with indent; each line ends with a newline.
func Wrap(s string, width int, indent string) string { return text.Wrap(s, width, indent) }

// Fit wraps each line of text wider than width columns at spaces; the
// continuation lines are indented two more than the line was. Width counts
// what shows (colour codes take none), and a set in brackets stays whole.
func Fit(s string, width int) string {
	if s == "" || fits(s, width) {
		return s
	}
	return fitLines(s, width)
}

// fitLines is Fit without its shortcut: every line looked at and written
// again.
func fitLines(s string, width int) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for _, line := range strings.SplitAfter(s, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if text.DisplayWidth(body) <= width {
			b.WriteString(line)
			continue
		}
		indent := len(body) - len(strings.TrimLeft(body, " "))
		cont := strings.Repeat(" ", max(0, min(2, width/2-indent)))
		for i, l := range text.Lines(body[indent:], width-indent, cont) {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(body[:indent] + l)
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// fits reports whether every line of s is at most width columns wide:
// Fit leaves it as it is.
func fits(s string, width int) bool {
	for s != "" {
		line, rest, _ := strings.Cut(s, "\n")
		// A line takes no more columns than it has bytes (a character is
		// one column at most, an escape none): most lines need no count.
		if len(line) > width && text.DisplayWidth(line) > width {
			return false
		}
		s = rest
	}
	return true
}

// VisibleWidth is the columns s takes on a terminal: its characters, not
// counting colour escapes.
func VisibleWidth(s string) int { return text.DisplayWidth(s) }
