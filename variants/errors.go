package variants

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/internal/escape"
)

// Error is one problem in a variant file (or its Lua hooks), placed where
// it is: Error() gives "file:line:col: message", then the line itself and a
// caret under the column.
type Error struct {
	File string
	Line int // from 1
	Col  int // from 1, in characters
	Msg  string
	Text string // the offending line, without its newline
}

// Error is "file:line:col: message", then the line and a caret under the
// column. A variant file may come from anyone: control characters in it
// are printed escaped (\x1b), never raw.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s", escape.Line(e.File), e.Line, e.Col, escape.Line(e.Msg))
	if e.Text != "" {
		b.WriteString("\n | ")
		b.WriteString(escape.String(e.Text))
		b.WriteString("\n | ")
		// The caret's indentation copies the line's tabs, so it lines up,
		// and counts what the escaped line shows before the column.
		before := []rune(e.Text)
		before = before[:min(len(before), max(e.Col-1, 0))]
		for _, r := range escape.String(string(before)) {
			if r == '\t' {
				b.WriteByte('\t')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('^')
	}
	return b.String()
}

// Errors is every problem found in a variant and the files it extends,
// sorted by file and position. Loading reports them all at once.
type Errors []*Error

func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

func (es Errors) sorted() Errors {
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return slices.CompactFunc(es, func(a, b *Error) bool { return *a == *b })
}

// lineOf returns line n (from 1) of src, without its end of line.
func lineOf(src []byte, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(string(src), '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	line, _, _ := strings.Cut(string(src), "\n")
	return strings.TrimSuffix(line, "\r")
}

// firstColumn is the column of a line's first non-blank character.
func firstColumn(line string) int {
	trimmed := strings.TrimLeft(line, " \t")
	return utf8.RuneCountInString(line[:len(line)-len(trimmed)]) + 1
}

func quoteList(words []string) string { return strings.Join(words, ", ") }

func itoa(n int) string { return strconv.Itoa(n) }
