package view

import "github.com/meldlab/meldlab/internal/text"

// The REPL wraps with meldlab's one text wrapper (internal/text, shared
// with the commands and the lab): widths in display columns, colour codes
// taking none, and a set in brackets never broken across lines.

// HangText is prefix and then s filled to width columns, the lines after
// the first indented to stand under the text's start.
func HangText(prefix, s string, width int) string { return text.Hang(prefix, s, width) }

// Wrap breaks s into lines of at most width columns, the lines after the
// first starting with indent; each line ends with a newline.
func Wrap(s string, width int, indent string) string { return text.Wrap(s, width, indent) }
