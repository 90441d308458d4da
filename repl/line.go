package repl

import (
	"github.com/meldlab/meldlab/i18n/msg"
	"strings"
)

// Line is one input line read as a command: its name, its arguments, and the
// raw text after the name (for commands that read notation or Lua as a whole).
type Line struct {
	Name string   // the command word, lower-cased
	Args []string // the arguments, split as ParseLine describes
	Rest string   // the text after the command word, trimmed
}

// ParseLine splits an input line into a command and its arguments.
//
// Words are separated by white space or commas (put r3,r4 new, as on the
// command line). A bracketed set stays one argument
// with its spaces ("[r4 r5 r6]"), so a set can be named by its notation, and
// double quotes keep a file name with spaces together. A line that is empty
// or starts with # is no command (Name ""). The error names the column of an
// unclosed bracket or quote.
func ParseLine(s string) (Line, error) {
	s = strings.TrimSpace(s)
	if s == "" || s[0] == '#' {
		return Line{}, nil
	}
	var (
		words []string
		cur   strings.Builder
		in    bool // inside a word
		open  byte // '[' or '"' while inside brackets or quotes
		at    int  // column of the open bracket or quote, from 1
	)
	flush := func() {
		if in {
			words = append(words, cur.String())
			cur.Reset()
			in = false
		}
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case open == '"':
			if ch == '"' {
				open = 0
				continue
			}
			cur.WriteByte(ch)
		case open == '[':
			cur.WriteByte(ch)
			if ch == ']' {
				open = 0
			}
		case ch == ' ' || ch == '\t' || ch == ',':
			flush()
		case ch == '"':
			open, at, in = '"', i+1, true
		case ch == '[':
			open, at, in = '[', i+1, true
			cur.WriteByte(ch)
		default:
			in = true
			cur.WriteByte(ch)
		}
	}
	switch open {
	case '"':
		return Line{}, fail(msg.ReplLineQuote(at))
	case '[':
		return Line{}, fail(msg.ReplLineBracket(at))
	}
	flush()
	l := Line{Name: strings.ToLower(words[0]), Args: words[1:]}
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		l.Rest = strings.TrimSpace(s[i:])
	}
	return l, nil
}
