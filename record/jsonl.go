package record

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
)

// The JSON Lines twin of a record, for programs (as mahjong's mjai logs
// are): one JSON object a line, each an event, in the order the .mgn text
// has them: every tag first, then the moves, a round's start and a setup
// among them. It says exactly what the .mgn text says, so either converts
// into the other and back byte for byte (TestJSONLRoundTrip):
//
//	{"type":"tag","name":"Variant","value":"original"}
//	{"type":"tag","name":"Seats","value":"Ana, Bob"}
//	{"type":"draw","turn":1,"seat":"Ana","tiles":"o5"}
//	{"type":"play","turn":1,"seat":"Bob","tiles":"r10 r11 r12","table":"[r10 r11 r12]","marks":["!"]}
//	{"type":"round","round":2}
//	{"type":"setup","setup":{"racks":[{"seat":"Ana","tiles":"r1 k2"},{"seat":"Bob","hidden":14}],"table":"-","pool":80,"current":"Ana"}}
//
// The type of a move is its Kind's word: play, draw, pass, timeout, end,
// refused, round or setup. Tiles and tables are notation, as the .mgn
// text writes them; a comment, the clock's milliseconds ("used") and the
// marks sit on their move; a variation is a list of moves.

// event is one line of the JSON Lines twin.
type event struct {
	Type       string    `json:"type"`
	Name       string    `json:"name,omitempty"`  // tag
	Value      *string   `json:"value,omitempty"` // tag
	Turn       int       `json:"turn,omitempty"`
	More       bool      `json:"more,omitempty"` // the turn's action after its first ("N...")
	Seat       string    `json:"seat,omitempty"`
	Tiles      string    `json:"tiles,omitempty"`
	Table      string    `json:"table,omitempty"`
	Round      int       `json:"round,omitempty"`
	Setup      *setupJS  `json:"setup,omitempty"`
	Used       *int      `json:"used,omitempty"`
	Marks      []string  `json:"marks,omitempty"`
	Comment    string    `json:"comment,omitempty"`
	Variations [][]event `json:"variations,omitempty"`
}

type setupJS struct {
	Racks   []rackJS `json:"racks"`
	Table   string   `json:"table,omitempty"`
	Opened  []string `json:"opened,omitempty"`
	Pool    *int     `json:"pool,omitempty"`
	Next    string   `json:"next,omitempty"`
	Turn    int      `json:"turn,omitempty"`
	Current string   `json:"current,omitempty"`
}

type rackJS struct {
	Seat   string `json:"seat"`
	Tiles  string `json:"tiles,omitempty"`
	Hidden *int   `json:"hidden,omitempty"` // how many tiles, when they are not known
}

// WriteJSONL writes a record as JSON Lines: each tag, then each move, one
// a line.
func WriteJSONL(r *Record) []byte {
	var b bytes.Buffer
	line := func(e event) {
		data, _ := json.Marshal(e) // an event always marshals: strings, numbers and lists
		b.Write(data)
		b.WriteByte('\n')
	}
	for _, t := range r.Tags {
		line(event{Type: "tag", Name: t.Name, Value: &t.Value})
	}
	for _, m := range r.Moves {
		line(eventOf(m))
	}
	return b.Bytes()
}

func eventOf(m Move) event {
	e := event{Type: m.Kind.String(), Turn: m.Turn, More: m.More, Seat: m.Seat, Tiles: m.Tiles.Text,
		Table: m.Table.Text, Round: m.Round, Marks: m.Marks, Comment: m.Comment}
	if m.Used >= 0 {
		e.Used = &m.Used
	}
	if s := m.Setup; s != nil {
		js := &setupJS{Table: s.Table.Text, Opened: s.Opened, Pool: &s.Pool, Next: s.Next.Text, Turn: s.Turn, Current: s.Current}
		for _, r := range s.Racks {
			rj := rackJS{Seat: r.Seat, Tiles: r.Tiles.Text}
			if r.Tiles.Text == "" {
				rj.Hidden = &r.Hidden
			}
			js.Racks = append(js.Racks, rj)
		}
		e.Setup = js
	}
	for _, alt := range m.Variations {
		var v []event
		for _, am := range alt {
			v = append(v, eventOf(am))
		}
		e.Variations = append(e.Variations, v)
	}
	return e
}

// ParseJSONL reads a record's JSON Lines twin, under the same size cap as
// Parse; name is what errors call it. Every line that is not an event is
// reported at its line (up to 50 problems); a move's tiles and table keep
// where they are written, so the referee's errors on replay point into the
// line, at the tile, as they do in a .mgn file. Blank lines are skipped.
func ParseJSONL(name string, data []byte) (*Record, error) {
	rec := &Record{Name: name}
	errs := &errorList{file: name}
	if !readable(data, errs) {
		return rec, errs.err()
	}
	seen := map[string]bool{}
	for n, raw := range bytes.Split(data, []byte("\n")) {
		at := Pos{Line: n + 1, Col: 1}
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		var e event
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			errs.add(at, msg(core.MsgRecordJsonlLine(err.Error())))
			continue
		}
		if dec.More() {
			errs.add(at, msg(core.MsgRecordJsonlMore()))
			continue
		}
		if !oneLine(e) {
			errs.add(at, msg(core.MsgRecordJsonlBreak()))
			continue
		}
		if e.Type == "tag" {
			switch {
			case len(rec.Moves) > 0:
				errs.add(at, msg(core.MsgRecordTagAfterMoves()))
			case e.Name == "" || e.Value == nil:
				errs.add(at, msg(core.MsgRecordBadTag()))
			case seen[e.Name]:
				errs.add(at, msg(core.MsgRecordTagTwice(e.Name)))
			default:
				seen[e.Name] = true
				rec.Tags = append(rec.Tags, Tag{Name: e.Name, Value: *e.Value, Pos: at})
			}
			continue
		}
		m, ok := moveOf(e, raw, at, errs, false)
		if ok {
			rec.Moves = append(rec.Moves, m)
		}
	}
	return rec, errs.err()
}

// oneLine reports whether no value of e (bar its comment, which may
// span lines as a .mgn comment does) holds a line break: the .mgn text
// writes each on a line of its own.
func oneLine(e event) bool {
	vals := []string{e.Name, e.Seat, e.Tiles, e.Table}
	if e.Value != nil {
		vals = append(vals, *e.Value)
	}
	if s := e.Setup; s != nil {
		vals = append(vals, s.Table, s.Next, s.Current)
		vals = append(vals, s.Opened...)
		for _, r := range s.Racks {
			vals = append(vals, r.Seat, r.Tiles)
		}
	}
	for _, alt := range e.Variations {
		for _, v := range alt {
			if !oneLine(v) {
				return false
			}
		}
	}
	for _, v := range vals {
		if strings.ContainsAny(v, "\r\n") {
			return false
		}
	}
	return true
}

// moveOf reads one event as a move; line is its line, to find where its
// tiles and table are written.
func moveOf(e event, line []byte, at Pos, errs *errorList, variation bool) (Move, bool) {
	m := Move{Pos: at, Turn: e.Turn, More: e.More, Seat: e.Seat, Round: e.Round, Used: -1,
		Marks: e.Marks, Comment: strings.Join(strings.Fields(e.Comment), " ")} // as Parse reads a comment
	kind := -1
	for k, w := range kindWords {
		if w == e.Type {
			kind = k
		}
	}
	if kind < 0 {
		errs.add(at, msg(core.MsgRecordJsonlType(strconv.Quote(e.Type))))
		return m, false
	}
	m.Kind = Kind(kind)
	if e.Used != nil {
		if *e.Used < 0 {
			errs.add(at, msg(core.MsgRecordBadNumber(strconv.Itoa(*e.Used))))
			return m, false
		}
		m.Used = *e.Used
	}
	for _, mark := range e.Marks {
		if !isMark(mark) {
			errs.add(at, msg(core.MsgRecordBadWord(strconv.Quote(mark))))
			return m, false
		}
	}
	m.Tiles = Notation{Text: e.Tiles, Pos: valueAt(line, "tiles", at)}
	m.Table = Notation{Text: e.Table, Pos: valueAt(line, "table", at)}
	switch m.Kind {
	case NextRound:
		if e.Round < 1 {
			errs.add(at, msg(core.MsgRecordRoundNumber()))
			return m, false
		}
		return m, true
	case SetUp:
		if e.Setup == nil {
			errs.add(at, msg(core.MsgRecordSetupLine()))
			return m, false
		}
		s := e.Setup
		m.Setup = &Setup{Pos: at, Table: Notation{Text: s.Table, Pos: valueAt(line, "table", at)},
			Opened: s.Opened, Pool: -1, Next: Notation{Text: s.Next, Pos: valueAt(line, "next", at)},
			Turn: s.Turn, Current: s.Current}
		if s.Pool != nil {
			m.Setup.Pool = *s.Pool
		}
		for _, r := range s.Racks {
			sr := SetupRack{Seat: r.Seat, Tiles: Notation{Text: r.Tiles, Pos: at}, Pos: at}
			if r.Hidden != nil {
				sr.Hidden = *r.Hidden
			}
			if sr.Hidden < 0 || r.Seat == "" {
				errs.add(at, msg(core.MsgRecordSetupLine()))
				return m, false
			}
			m.Setup.Racks = append(m.Setup.Racks, sr)
		}
		return m, true
	}
	if m.Turn < 1 {
		errs.add(at, msg(core.MsgRecordMoveNumber()))
		return m, false
	}
	if m.Seat == "" {
		errs.add(at, msg(core.MsgRecordNoSeat()))
		return m, false
	}
	if (m.Kind == Play || m.Kind == FailedPlay) && m.Table.Text == "" {
		errs.add(at, msg(core.MsgRecordNoArrow()))
		return m, false
	}
	for _, alt := range e.Variations {
		if variation {
			errs.add(at, msg(core.MsgRecordNestedVariation()))
			return m, false
		}
		var v []Move
		for _, ae := range alt {
			am, ok := moveOf(ae, nil, at, errs, true)
			if !ok {
				return m, false
			}
			v = append(v, am)
		}
		m.Variations = append(m.Variations, v)
	}
	return m, true
}

// valueAt is where the string value of key starts in line (the character
// after its opening quote), so that a notation error's column lands on its
// tile; the line's start when the key is not there.
func valueAt(line []byte, key string, at Pos) Pos {
	i := bytes.Index(line, []byte(`"`+key+`":"`))
	if i < 0 {
		return at
	}
	at.Col = utf8.RuneCount(line[:i+len(key)+4]) + 1
	return at
}

// IsJSONL reports whether a file's name says it is a record's JSON Lines
// twin (.jsonl) rather than .mgn text.
func IsJSONL(name string) bool { return strings.EqualFold(filepath.Ext(name), ".jsonl") }

// ParseFile reads a record as its name says it is written: ParseJSONL for
// a .jsonl file, Parse for any other.
func ParseFile(name string, data []byte) (*Record, error) {
	if IsJSONL(name) {
		return ParseJSONL(name, data)
	}
	return Parse(name, data)
}

// WriteGameJSONL is Write's record of g as JSON Lines.
func WriteGameJSONL(g *core.Game, opt Options) []byte {
	rec, _ := Parse("", Write(g, opt)) // what Write writes, Parse reads
	return WriteJSONL(rec)
}
