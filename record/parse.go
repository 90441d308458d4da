package record

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
)

// MaxSize is the largest record read: a save's cap, as a record says no
// more than the save it comes from.
const MaxSize = core.MaxSaveSize

// Parse reads a record; name is what errors call it. Every problem found
// is reported (up to 50), each at its line and column; the record comes
// back as far as it could be read.
func Parse(name string, data []byte) (*Record, error) {
	rec := &Record{Name: name}
	errs := &errorList{file: name}
	if !readable(data, errs) {
		return rec, errs.err()
	}
	p := &parser{src: string(data), line: 1, col: 1, errs: errs, rec: rec}
	p.header()
	p.moves()
	return rec, errs.err()
}

// readable reports whether data may be read as a record: under the size
// cap and UTF-8 text (what .mgn and JSON Lines both ask); errs says why not.
func readable(data []byte, errs *errorList) bool {
	if len(data) > MaxSize {
		errs.add(Pos{}, msg(core.MsgRecordTooBig(MaxSize)))
		return false
	}
	if !utf8.Valid(data) {
		errs.add(firstInvalid(data), msg(core.MsgRecordNotUtf8()))
		return false
	}
	return true
}

func firstInvalid(data []byte) Pos {
	pos := Pos{1, 1}
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n <= 1 {
			return pos
		}
		if r == '\n' {
			pos.Line, pos.Col = pos.Line+1, 1
		} else {
			pos.Col++
		}
		data = data[n:]
	}
	return pos
}

type parser struct {
	src       string
	i         int // byte offset
	line, col int
	errs      *errorList
	rec       *Record
}

func (p *parser) pos() Pos { return Pos{p.line, p.col} }

func (p *parser) eof() bool { return p.i >= len(p.src) }

func (p *parser) peek() rune {
	if p.eof() {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.i:])
	return r
}

func (p *parser) next() rune {
	r, n := utf8.DecodeRuneInString(p.src[p.i:])
	p.i += n
	if r == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	return r
}

// spaces skips blanks; newlines too when lines is set.
func (p *parser) spaces(lines bool) {
	for !p.eof() {
		r := p.peek()
		if r == '\n' && !lines || !unicode.IsSpace(r) {
			return
		}
		p.next()
	}
}

// skipLine skips to the start of the next line (after an error).
func (p *parser) skipLine() {
	for !p.eof() && p.peek() != '\n' {
		p.next()
	}
}

// header reads the tag pairs: lines "[Name "value"]" until the first other
// line that is not blank.
func (p *parser) header() {
	seen := map[string]bool{}
	for {
		p.spaces(true)
		if p.peek() != '[' {
			return
		}
		at := p.pos()
		t, ok := p.tag()
		if !ok {
			p.errs.add(at, msg(core.MsgRecordBadTag()))
			p.skipLine()
			continue
		}
		if seen[t.Name] {
			p.errs.add(at, msg(core.MsgRecordTagTwice(t.Name)))
			continue
		}
		seen[t.Name] = true
		t.Pos = at
		p.rec.Tags = append(p.rec.Tags, t)
	}
}

// tag reads [Name "value"].
func (p *parser) tag() (Tag, bool) {
	p.next() // [
	p.spaces(false)
	start := p.i
	for !p.eof() && (unicode.IsLetter(p.peek()) || unicode.IsDigit(p.peek()) || p.peek() == '_') {
		p.next()
	}
	name := p.src[start:p.i]
	p.spaces(false)
	if name == "" || p.peek() != '"' {
		return Tag{}, false
	}
	p.next()
	var v strings.Builder
	for {
		if p.eof() || p.peek() == '\n' {
			return Tag{}, false
		}
		r := p.next()
		if r == '"' {
			break
		}
		if r == '\\' && !p.eof() && p.peek() != '\n' {
			r = p.next()
		}
		v.WriteRune(r)
	}
	p.spaces(false)
	if p.peek() != ']' {
		return Tag{}, false
	}
	p.next()
	p.spaces(false)
	if !p.eof() && p.peek() != '\n' {
		return Tag{}, false
	}
	return Tag{Name: name, Value: v.String()}, true
}

// moves reads the moves to the end.
func (p *parser) moves() {
	p.rec.Moves = p.list(false)
}

// list reads moves until the end, or until ")" in a variation.
func (p *parser) list(variation bool) []Move {
	var out []Move
	last := func() *Move {
		if len(out) == 0 {
			return nil
		}
		return &out[len(out)-1]
	}
	for {
		p.spaces(true)
		if p.eof() {
			return out
		}
		at := p.pos()
		switch r := p.peek(); {
		case r == '{':
			text, ok := p.comment()
			if !ok {
				p.errs.add(at, msg(core.MsgRecordUnclosedComment()))
				return out
			}
			if m := last(); m != nil {
				used, rest := clockOf(text)
				if used >= 0 {
					m.Used = used
				}
				m.Comment = joinComment(m.Comment, rest)
			}
		case r == '(':
			p.next()
			if variation {
				p.errs.add(at, msg(core.MsgRecordNestedVariation()))
				p.skipTo(')')
				continue
			}
			alt := p.list(true)
			if p.peek() != ')' {
				p.errs.add(at, msg(core.MsgRecordUnclosedVariation()))
				return out
			}
			p.next()
			if m := last(); m != nil {
				m.Variations = append(m.Variations, alt)
			}
		case r == ')':
			if variation {
				return out
			}
			p.next()
			p.errs.add(at, msg(core.MsgRecordStrayClose()))
		case r == '!' || r == '?' || r == '$':
			w := p.word()
			if !isMark(w) {
				p.errs.add(at, msg(core.MsgRecordBadWord(strconv.Quote(w))))
				continue
			}
			if m := last(); m != nil {
				m.Marks = append(m.Marks, w)
			}
		case r == '[':
			p.errs.add(at, msg(core.MsgRecordTagAfterMoves()))
			p.skipLine()
		case unicode.IsDigit(r):
			if m, ok := p.move(); ok {
				out = append(out, m)
			} else {
				p.skipLine()
			}
		default:
			w := p.word()
			switch w {
			case "Round":
				p.spaces(false)
				nat := p.pos()
				n, err := strconv.Atoi(p.word())
				if err != nil || n < 1 {
					p.errs.add(nat, msg(core.MsgRecordRoundNumber()))
					p.skipLine()
					continue
				}
				out = append(out, Move{Pos: at, Kind: NextRound, Round: n, Used: -1})
			case "Setup":
				if s, ok := p.setup(at); ok {
					out = append(out, Move{Pos: at, Kind: SetUp, Setup: s, Used: -1})
				}
			default:
				p.errs.add(at, msg(core.MsgRecordMoveNumber()))
				p.skipLine()
			}
		}
	}
}

func (p *parser) skipTo(r rune) {
	for !p.eof() && p.peek() != r {
		p.next()
	}
	if !p.eof() {
		p.next()
	}
}

// word reads a run of characters that are not blanks nor any of []{}().
func (p *parser) word() string {
	start := p.i
	for !p.eof() {
		r := p.peek()
		if unicode.IsSpace(r) || strings.ContainsRune("[]{}()", r) {
			break
		}
		p.next()
	}
	return p.src[start:p.i]
}

// comment reads {...}, which may span lines.
func (p *parser) comment() (string, bool) {
	p.next()
	start := p.i
	for !p.eof() && p.peek() != '}' {
		p.next()
	}
	if p.eof() {
		return "", false
	}
	text := p.src[start:p.i]
	p.next()
	return strings.Join(strings.Fields(text), " "), true
}

// clockOf reads a comment's clock, "[%used 12345] rest": -1 when it has none.
func clockOf(text string) (int, string) {
	rest, ok := strings.CutPrefix(text, "[%used ")
	if !ok {
		return -1, text
	}
	n, after, ok := strings.Cut(rest, "]")
	v, err := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err != nil || v < 0 {
		return -1, text
	}
	return v, strings.TrimSpace(after)
}

func joinComment(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

func isMark(w string) bool {
	switch w {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	if n, ok := strings.CutPrefix(w, "$"); ok {
		v, err := strconv.Atoi(n)
		return err == nil && v >= 0 && v <= 255
	}
	return false
}

// move reads "N. Seat: BODY" or "N... Seat: BODY" to the end of its line
// (or to a comment, a variation or a mark).
func (p *parser) move() (Move, bool) {
	m := Move{Pos: p.pos(), Used: -1}
	start := p.i
	for !p.eof() && unicode.IsDigit(p.peek()) {
		p.next()
	}
	n, err := strconv.Atoi(p.src[start:p.i])
	if err != nil || n < 1 || p.peek() != '.' {
		p.errs.add(m.Pos, msg(core.MsgRecordMoveNumber()))
		return m, false
	}
	m.Turn = n
	p.next()
	if strings.HasPrefix(p.src[p.i:], "..") {
		p.next()
		p.next()
		m.More = true
	}
	p.spaces(false)
	seatAt := p.pos()
	nameStart := p.i
	for !p.eof() && p.peek() != ':' && p.peek() != '\n' {
		p.next()
	}
	if p.peek() != ':' || strings.TrimSpace(p.src[nameStart:p.i]) == "" {
		p.errs.add(seatAt, msg(core.MsgRecordNoSeat()))
		return m, false
	}
	m.Seat = strings.TrimSpace(p.src[nameStart:p.i])
	p.next() // :
	return p.body(m)
}

// item is one thing of a move's body: a word, or a set (or several sets
// in a row: a table) as written.
type item struct {
	text string
	pos  Pos
	set  bool
	off  int // where it starts in the source
}

// body reads what a move does.
func (p *parser) body(m Move) (Move, bool) {
	var items []item
	for {
		p.spaces(false)
		if p.eof() || strings.ContainsRune("\n{()", p.peek()) {
			break
		}
		at := p.pos()
		if p.peek() == '[' {
			start := p.i
			for !p.eof() && p.peek() != ']' && p.peek() != '\n' {
				p.next()
			}
			if p.peek() != ']' {
				p.errs.add(at, msg(core.MsgRecordUnclosedSet()))
				return m, false
			}
			p.next()
			if n := len(items); n > 0 && items[n-1].set {
				items[n-1].text = p.src[items[n-1].off:p.i] // one more set of the table
				continue
			}
			items = append(items, item{text: p.src[start:p.i], pos: at, set: true, off: start})
			continue
		}
		w := p.word()
		if w == "" { // a stray "]" or "}"
			p.errs.add(at, msg(core.MsgRecordBadWord(strconv.Quote(string(p.next())))))
			return m, false
		}
		items = append(items, item{text: w, pos: at})
	}
	// Marks at the end belong to the move.
	for len(items) > 0 && !items[len(items)-1].set && isMark(items[len(items)-1].text) {
		m.Marks = append([]string{items[len(items)-1].text}, m.Marks...)
		items = items[:len(items)-1]
	}
	if len(items) == 0 {
		p.errs.add(p.pos(), msg(core.MsgRecordBadWord(`""`)))
		return m, false
	}
	tiles := func(its []item) (Notation, bool) {
		var n Notation
		for i, it := range its {
			if it.set {
				p.errs.add(it.pos, msg(core.MsgRecordNoArrow()))
				return n, false
			}
			if i == 0 {
				n.Pos = it.pos
			}
			n.Text = joinComment(n.Text, it.text)
		}
		return n, true
	}
	table := func(it item) Notation { return Notation{Text: it.text, Pos: it.pos} }
	isTable := func(it item) bool { return it.set || it.text == "-" }
	ok := true
	switch first := items[0]; first.text {
	case "draw", "timeout":
		m.Kind = Draw
		if first.text == "timeout" {
			m.Kind = Timeout
		}
		m.Tiles, ok = tiles(items[1:])
	case "pass", "end":
		m.Kind = Pass
		if first.text == "end" {
			m.Kind = EndTurn
		}
		if len(items) > 1 {
			p.errs.add(items[1].pos, msg(core.MsgRecordBadWord(strconv.Quote(items[1].text))))
			ok = false
		}
	case "refused":
		m.Kind = FailedPlay
		if len(items) < 3 || !isTable(items[1]) || items[2].text != "penalty" {
			p.errs.add(first.pos, msg(core.MsgRecordRefusedShape()))
			return m, false
		}
		m.Table = table(items[1])
		m.Tiles, ok = tiles(items[3:])
	default:
		m.Kind = Play
		arrow := -1
		for i, it := range items {
			if !it.set && it.text == "=>" {
				arrow = i
				break
			}
		}
		if arrow < 0 || arrow != len(items)-2 || !isTable(items[arrow+1]) {
			if arrow < 0 && !items[0].set && !looksLikeTile(items[0].text) {
				p.errs.add(first.pos, msg(core.MsgRecordBadWord(strconv.Quote(first.text))))
			} else {
				p.errs.add(first.pos, msg(core.MsgRecordNoArrow()))
			}
			return m, false
		}
		m.Tiles, ok = tiles(items[:arrow])
		m.Table = table(items[arrow+1])
	}
	return m, ok
}

// looksLikeTile: a word that notation would read as a tile (a letter and
// a number, or a joker).
func looksLikeTile(w string) bool {
	if w == "" {
		return false
	}
	switch w[0] {
	case 'J', 'j', '*':
		return len(w) == 1
	}
	_, err := strconv.Atoi(w[1:])
	return unicode.IsLetter(rune(w[0])) && err == nil
}

// setup reads a setup block, "Setup" to "End", one line each:
// "Seat: TILES" or "Seat: ?N", "Table: ...", "Opened: A, B", "Pool: N",
// "Next: TILES", "Turn: N", "Current: Seat".
func (p *parser) setup(at Pos) (*Setup, bool) {
	s := &Setup{Pos: at, Pool: -1}
	ok := true
	for {
		p.skipLine()
		p.spaces(true)
		if p.eof() {
			p.errs.add(at, msg(core.MsgRecordSetupEnd()))
			return s, false
		}
		lineAt := p.pos()
		start := p.i
		for !p.eof() && p.peek() != '\n' {
			p.next()
		}
		line := strings.TrimSpace(p.src[start:p.i])
		if line == "End" {
			return s, ok
		}
		raw := p.src[start:p.i]
		key, val, found := strings.Cut(raw, ":")
		valAt := lineAt
		if found {
			lead := len(key) + 1 + len(val) - len(strings.TrimLeft(val, " \t"))
			valAt.Col += utf8.RuneCountInString(raw[:lead]) // the line starts at its first character
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !found || key == "" {
			p.errs.add(lineAt, msg(core.MsgRecordSetupLine()))
			ok = false
			continue
		}
		number := func() int {
			n, err := strconv.Atoi(val)
			if err != nil {
				p.errs.add(valAt, msg(core.MsgRecordBadNumber(strconv.Quote(val))))
				ok = false
			}
			return n
		}
		switch key {
		case "Table":
			s.Table = Notation{Text: val, Pos: valAt}
		case "Opened":
			s.Opened = splitList(val)
		case "Pool":
			s.Pool = number()
		case "Next":
			s.Next = Notation{Text: val, Pos: valAt}
		case "Turn":
			s.Turn = number()
		case "Current":
			s.Current = val
		default:
			r := SetupRack{Seat: key, Pos: lineAt}
			if h, isHidden := strings.CutPrefix(val, "?"); isHidden {
				n, err := strconv.Atoi(h)
				if err != nil || n < 0 {
					p.errs.add(valAt, msg(core.MsgRecordBadNumber(strconv.Quote(val))))
					ok = false
				}
				r.Hidden = n
			} else {
				r.Tiles = Notation{Text: val, Pos: valAt}
			}
			s.Racks = append(s.Racks, r)
		}
	}
}
