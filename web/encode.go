package web

// The reply to a command, written as JSON by hand: a served table answers
// every line with one, and encoding/json spends more on finding its way
// through the types by reflection than on the text. It writes exactly what
// json.Encoder would (TestReplyJSON compares the two on replies with every
// field set at random): the fields in order, omitempty as tagged, strings
// escaped as Encoder escapes them (HTML characters included), and the
// newline Encode ends with.

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/meldlab/meldlab/repl"
)

// appendReply appends r as json.Encoder writes it, newline included.
func appendReply(b []byte, r *reply) []byte {
	b = append(b, '{')
	if r.ID != "" {
		b = appendString(append(b, `"id":`...), r.ID)
		b = append(b, ',')
	}
	b = appendString(append(b, `"text":`...), r.Text) // always there: the fields after it follow a comma
	if r.Error != "" {
		b = appendString(append(b, `,"error":`...), r.Error)
	}
	if len(r.Turns) > 0 {
		b = append(b, `,"turns":[`...)
		for i := range r.Turns {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendTurn(b, &r.Turns[i])
		}
		b = append(b, ']')
	}
	if r.State != nil {
		b = appendState(append(b, `,"state":`...), r.State)
	}
	return append(b, '}', '\n')
}

func appendTurn(b []byte, t *turn) []byte {
	b = append(b, `{"player":`...)
	b = appendString(b, t.Player)
	b = append(b, `,"kind":`...)
	b = appendString(b, t.Kind)
	if len(t.Placed) > 0 {
		b = append(b, `,"placed":`...)
		b = appendStrings(b, t.Placed)
	}
	if t.Drawn != 0 {
		b = append(b, `,"drawn":`...)
		b = strconv.AppendInt(b, int64(t.Drawn), 10)
	}
	if len(t.Gone) > 0 {
		b = append(b, `,"gone":`...)
		b = appendLists(b, t.Gone)
	}
	if len(t.Made) > 0 {
		b = append(b, `,"made":`...)
		b = appendLists(b, t.Made)
	}
	return append(b, '}')
}

func appendState(b []byte, s *repl.State) []byte {
	b = append(b, `{"lang":`...)
	b = appendString(b, s.Lang)
	if s.Variant != "" {
		b = append(b, `,"variant":`...)
		b = appendString(b, s.Variant)
	}
	b = append(b, `,"prompt":`...)
	b = appendString(b, s.Prompt)
	b = appendBool(append(b, `,"game":`...), s.Game)
	if len(s.Players) > 0 {
		b = append(b, `,"players":[`...)
		for i := range s.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendPlayer(b, &s.Players[i])
		}
		b = append(b, ']')
	}
	b = strconv.AppendInt(append(b, `,"current":`...), int64(s.Current), 10)
	b = strconv.AppendInt(append(b, `,"pool":`...), int64(s.Pool), 10)
	b = appendLists(append(b, `,"table":`...), s.Table)
	b = appendLists(append(b, `,"start":`...), s.Start)
	b = appendStrings(append(b, `,"rack":`...), s.Rack)
	b = appendStrings(append(b, `,"why":`...), s.Why)
	b = appendBool(append(b, `,"staged":`...), s.Staged)
	b = appendBool(append(b, `,"myTurn":`...), s.MyTurn)
	b = appendBool(append(b, `,"canUndo":`...), s.CanUndo)
	b = appendBool(append(b, `,"roundOver":`...), s.RoundOver)
	b = appendBool(append(b, `,"matchOver":`...), s.MatchOver)
	if len(s.Winners) > 0 {
		b = append(b, `,"winners":[`...)
		for i, w := range s.Winners {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(w), 10)
		}
		b = append(b, ']')
	}
	if s.TimeLeft != 0 {
		b = appendFloat(append(b, `,"timeLeft":`...), s.TimeLeft)
	}
	b = appendBool(append(b, `,"timed":`...), s.Timed)
	if l := s.Lesson; l != nil {
		b = strconv.AppendInt(append(b, `,"lesson":{"n":`...), int64(l.N), 10)
		b = appendString(append(b, `,"title":`...), l.Title)
		if l.Goal != "" {
			b = appendString(append(b, `,"goal":`...), l.Goal)
		}
		b = strconv.AppendInt(append(b, `,"hints":`...), int64(l.Hints), 10)
		b = strconv.AppendInt(append(b, `,"of":`...), int64(l.Of), 10)
		if l.Intro != "" {
			b = appendString(append(b, `,"intro":`...), l.Intro)
		}
		b = append(b, '}')
	}
	b = appendBool(append(b, `,"done":`...), s.Done)
	return append(b, '}')
}

func appendPlayer(b []byte, p *repl.PlayerState) []byte {
	b = appendString(append(b, `{"name":`...), p.Name)
	b = appendBool(append(b, `,"bot":`...), p.Bot)
	b = strconv.AppendInt(append(b, `,"tiles":`...), int64(p.Tiles), 10)
	b = appendBool(append(b, `,"opened":`...), p.Opened)
	b = strconv.AppendInt(append(b, `,"total":`...), int64(p.Total), 10)
	return append(b, '}')
}

func appendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// appendLists is a list of lists of strings; nil ones are null.
func appendLists(b []byte, ls [][]string) []byte {
	if ls == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, l := range ls {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendStrings(b, l)
	}
	return append(b, ']')
}

// appendStrings is a list of strings; nil is null.
func appendStrings(b []byte, l []string) []byte {
	if l == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendFloat writes a finite float64 as encoding/json does: the shortest
// decimal, with an exponent (e-7, e+21) only for the very small and the
// very large.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-09 is written e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendString writes s quoted as json.Encoder does with its HTML escaping
// on: <, > and & as \u003c, \u003e and \u0026, control characters escaped,
// invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
