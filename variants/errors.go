package variants

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
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
	if e.Line == 0 {
		// Not placed: the line that counts the errors not shown.
		return escape.Line(e.File) + ": " + escape.Line(e.Msg)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s", escape.Line(e.File), e.Line, e.Col, escape.Line(e.Msg))
	if e.Text != "" {
		text, col := window(e.Text, e.Col)
		b.WriteString("\n | ")
		b.WriteString(escape.String(text))
		b.WriteString("\n | ")
		// The caret's indentation copies the line's tabs, so it lines up,
		// and counts what the escaped line shows before the column.
		before := []rune(text)
		before = before[:min(len(before), max(col-1, 0))]
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

// maxQuoted is how much of a long line an error quotes, in characters: a
// window around the column, so that a file of one 200 KB line gets errors
// of a few lines each.
const maxQuoted = 120

// window is the part of line an error quotes, and the column in it: the
// whole line when it is short, else maxQuoted characters around col, cut
// ends marked "…".
func window(line string, col int) (string, int) {
	if utf8.RuneCountInString(line) <= maxQuoted {
		return line, col
	}
	r := []rune(line)
	start := min(max(col-1-maxQuoted/2, 0), len(r)-maxQuoted)
	end := start + maxQuoted
	out := string(r[start:end])
	col -= start
	if start > 0 {
		out, col = "…"+out, col+1
	}
	if end < len(r) {
		out += "…"
	}
	return out, col
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

// MaxErrors is how many errors loading a variant reports; a line then
// counts the rest ("and 9,950 more errors"). A file of 10,000 mistakes is
// a file to fix from its first ones, and printing them all helps no one.
const MaxErrors = 50

// capped is es, sorted, with at most max errors and then a line that counts
// the others.
func (es Errors) capped(max int) Errors {
	es = es.sorted()
	if len(es) <= max {
		return es
	}
	more := len(es) - max
	out := append(Errors(nil), es[:max]...)
	return append(out, &Error{File: es[max].File,
		Msg: fmt.Sprintf("and %s more error%s (the first %d are shown)", thousands(more), plural(more), max)})
}

// thousands writes n with commas: 9,950.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// lines is a text indexed by the start of each line, so that quoting line
// n costs that line alone: searching from the start of the file for each
// error made a file of many errors cubic to lint (10,000 unknown keys took
// minutes).
type lines struct {
	text   []byte
	starts []int // starts[i] is where line i+1 begins
}

// scanned counts the bytes read to index and quote lines, so that a test can
// hold the work to the size of the file.
var scanned atomic.Int64

func indexLines(text []byte) *lines {
	l := &lines{text: text, starts: []int{0}}
	for i, c := range text {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	scanned.Add(int64(len(text)))
	return l
}

// line returns line n (from 1), without its end of line; "" past the end.
func (l *lines) line(n int) string {
	if n < 1 || n > len(l.starts) {
		return ""
	}
	start, end := l.starts[n-1], len(l.text)
	if n < len(l.starts) {
		end = l.starts[n] - 1
	}
	scanned.Add(int64(end - start))
	return strings.TrimSuffix(string(l.text[start:end]), "\r")
}

// firstColumn is the column of a line's first non-blank character.
func firstColumn(line string) int {
	trimmed := strings.TrimLeft(line, " \t")
	return utf8.RuneCountInString(line[:len(line)-len(trimmed)]) + 1
}

func quoteList(words []string) string { return strings.Join(words, ", ") }
