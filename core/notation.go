package core

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Notation, pinned because tests, scripts and other tools depend on it:
//
//	tile   colour letter + number: k black, r red, b blue, o orange (y, yellow,
//	       reads as o), and in a house box of five or six colours g green, p
//	       purple; J a joker (j and * read as J); JD, JM, JC Twist's double,
//	       mirror and colour-change jokers. Input is case-insensitive;
//	       output is canonical: lower-case letter + number, or J, JD, JM, JC.
//	set    tiles in brackets separated by spaces: [r3 r4 J]
//	table  sets separated by white space: [r3 r4 r5] [k8 b8 o8]
//	rack   tiles separated by white space: k3 r10 r11 J
//
// Commas may stand for spaces. Parsing checks each tile against a TileSet: the
// package-level functions use StandardTiles.

// Sentinels for notation errors; every *ParseError wraps one of them.
var (
	ErrBadTile   = errors.New("not a tile")
	ErrBadLayout = errors.New("bad brackets")
)

// ParseError says which token of the input is wrong and why.
type ParseError struct {
	Set    int    // the set's place in a table, from 1; 0 outside a table
	Tile   int    // the tile's place in its set or rack, from 1; 0 if not about a tile
	Token  string // the offending text
	Column int    // byte column of Token in the input, from 1
	Err    error  // ErrBadTile or ErrBadLayout
	// Why is the reason, in any language: "numbers run 1..13"; Reason
	// says it in English.
	Why Message
}

// Reason is why the token is wrong, in English: "numbers run 1..13".
func (e *ParseError) Reason() string { return e.Why.String() }

func (e *ParseError) Error() string { return e.Message().String() }

// Message says where the input is wrong and why: `set 1, tile 2 "r14":
// numbers run 1..13`.
func (e *ParseError) Message() Message {
	token := strconv.Quote(e.Token)
	switch {
	case e.Set > 0 && e.Tile > 0:
		return MsgNotationAtSetTile(e.Set, e.Tile, token, e.Why)
	case e.Tile > 0:
		return MsgNotationAtTile(e.Tile, token, e.Why)
	case e.Set > 0:
		return MsgNotationAtSet(e.Set, e.Why)
	}
	return MsgNotationAtColumn(e.Column, token, e.Why)
}

func (e *ParseError) Unwrap() error { return e.Err }

// ParseTile reads one tile of the standard box.
func ParseTile(s string) (Tile, error) { return StandardTiles.ParseTile(s) }

// ParseTiles reads a rack: tiles separated by white space.
func ParseTiles(s string) ([]Tile, error) { return StandardTiles.ParseTiles(s) }

// ParseSet reads one set, with or without its brackets.
func ParseSet(s string) (Set, error) { return StandardTiles.ParseSet(s) }

// ParseTable reads a table: bracketed sets separated by white space.
func ParseTable(s string) (Table, error) { return StandardTiles.ParseTable(s) }

// ParseTile reads one tile that must belong to the box ts.
func (ts TileSet) ParseTile(s string) (Tile, error) {
	t, why := ts.parseTile(s)
	if why.ID != "" {
		return NoTile, &ParseError{Tile: 1, Token: s, Column: 1, Err: ErrBadTile, Why: why}
	}
	return t, nil
}

// parseTile reads a tile, or says why it is none (a Message with an id).
func (ts TileSet) parseTile(s string) (Tile, Message) {
	if s == "" {
		return NoTile, MsgNotationEmptyTile()
	}
	if s[0] == 'J' || s[0] == 'j' || s[0] == '*' {
		if len(s) == 2 {
			if k := specialKind(s[1]); k != NoTile {
				if !ts.Contains(k) {
					return NoTile, MsgNotationNoSpecial(k)
				}
				return k, Message{}
			}
		}
		if len(s) > 1 && s[1] != '=' {
			return NoTile, MsgNotationColour(strconv.Quote(s[:1]), colourLetters(ts.Colors))
		}
		if ts.Jokers == 0 {
			return NoTile, MsgNotationNoJokers()
		}
		if len(s) == 1 {
			return Joker, Message{}
		}
		return ts.parseDeclaration(s[2:])
	}
	var c Color
	switch s[0] | 0x20 {
	case 'k':
		c = Black
	case 'r':
		c = Red
	case 'b':
		c = Blue
	case 'o', 'y':
		c = Orange
	case 'g':
		c = Green
	case 'p':
		c = Purple
	default:
		// The first character as typed: "♥", not its first byte.
		_, size := utf8.DecodeRuneInString(s)
		return NoTile, MsgNotationColour(strconv.Quote(s[:size]), colourLetters(ts.Colors))
	}
	digits := s[1:]
	if digits == "" {
		return NoTile, MsgNotationShape()
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return NoTile, MsgNotationShape()
		}
	}
	n, err := strconv.Atoi(digits)
	if err != nil || len(digits) > 2 || n < 1 || n > ts.Numbers {
		return NoTile, MsgNotationNumbers(ts.Numbers)
	}
	if int(c) >= ts.Colors {
		return NoTile, MsgNotationColourNotInBox(string(c.Letter()), colourLetters(ts.Colors))
	}
	return NewTile(c, n), Message{}
}

// specialKind is the special joker whose second letter is b (JD, JM, JC;
// either case), NoTile for any other byte.
func specialKind(b byte) Tile {
	for i, l := range specialLetters {
		if b&^0x20 == l {
			return DoubleJoker + Tile(i)
		}
	}
	return NoTile
}

// parseDeclaration reads what follows "J=": a number (a group's member,
// "J=13") or a tile of the box (the tile the joker stands for, "J=o12").
func (ts TileSet) parseDeclaration(s string) (Tile, Message) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		n, err := strconv.Atoi(s)
		if err != nil || len(s) > 2 || n < 1 || n > ts.Numbers {
			return NoTile, MsgNotationNumbers(ts.Numbers)
		}
		return GroupJoker(n), Message{}
	}
	if s == "" || s[0] == 'J' || s[0] == 'j' || s[0] == '*' {
		return NoTile, MsgNotationDeclaration()
	}
	t, why := ts.parseTile(s)
	if why.ID != "" {
		return NoTile, why
	}
	return DeclaredJoker(t), Message{}
}

func colourLetters(n int) string {
	letters := make([]string, 0, n)
	for c := range min(n, MaxColors) {
		letters = append(letters, string(Color(c).Letter()))
	}
	return strings.Join(letters, ", ")
}

// token is one word of notation and where it stands.
type token struct {
	text string
	col  int // from 1
}

// scan splits notation into words and brackets.
func scan(s string) []token {
	var out []token
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, token{s[start:i], start + 1})
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case ' ', '\t', '\n', '\r', ',':
			flush(i)
		case '[', ']':
			flush(i)
			out = append(out, token{s[i : i+1], i + 1})
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// ParseTiles reads a rack: tiles separated by white space, no brackets.
func (ts TileSet) ParseTiles(s string) ([]Tile, error) {
	toks := scan(s)
	out := make([]Tile, 0, len(toks))
	for i, tok := range toks {
		if tok.text == "[" || tok.text == "]" {
			return nil, &ParseError{Token: tok.text, Column: tok.col, Err: ErrBadLayout,
				Why: MsgNotationRackBrackets()}
		}
		t, why := ts.parseTile(tok.text)
		if why.ID != "" {
			return nil, &ParseError{Tile: i + 1, Token: tok.text, Column: tok.col, Err: ErrBadTile, Why: why}
		}
		out = append(out, t)
	}
	return out, nil
}

// ParseSet reads one set; the brackets may be left out.
func (ts TileSet) ParseSet(s string) (Set, error) {
	if strings.ContainsAny(s, "[]") {
		t, err := ts.ParseTable(s)
		if err != nil {
			if pe, ok := err.(*ParseError); ok && pe.Set == 1 {
				pe.Set = 0
			}
			return nil, err
		}
		if len(t) != 1 {
			return nil, &ParseError{Token: s, Column: 1, Err: ErrBadLayout,
				Why: MsgNotationOneSet(len(t))}
		}
		return t[0], nil
	}
	tiles, err := ts.ParseTiles(s)
	if err != nil {
		return nil, err
	}
	if len(tiles) == 0 {
		return nil, &ParseError{Token: s, Column: 1, Err: ErrBadLayout, Why: MsgNotationEmptySet()}
	}
	return Set(tiles), nil
}

// ParseTable reads bracketed sets separated by white space: [r3 r4 r5] [k8 b8 o8].
// An empty input is an empty table.
func (ts TileSet) ParseTable(s string) (Table, error) {
	var (
		table Table
		cur   Set
		open  = 0 // column of the "[" of the set being read; 0 outside a set
	)
	for _, tok := range scan(s) {
		n := len(table) + 1
		switch tok.text {
		case "[":
			if open > 0 {
				return nil, &ParseError{Set: n, Token: "[", Column: tok.col, Err: ErrBadLayout,
					Why: MsgNotationNested(tok.col)}
			}
			open, cur = tok.col, Set{}
		case "]":
			if open == 0 {
				return nil, &ParseError{Token: "]", Column: tok.col, Err: ErrBadLayout, Why: MsgNotationStrayClose()}
			}
			if len(cur) == 0 {
				return nil, &ParseError{Set: n, Token: "[]", Column: open, Err: ErrBadLayout, Why: MsgNotationSetEmpty()}
			}
			table = append(table, cur)
			open, cur = 0, nil
		default:
			if open == 0 {
				return nil, &ParseError{Token: tok.text, Column: tok.col, Err: ErrBadLayout,
					Why: MsgNotationTableBrackets()}
			}
			t, why := ts.parseTile(tok.text)
			if why.ID != "" {
				return nil, &ParseError{Set: n, Tile: len(cur) + 1, Token: tok.text, Column: tok.col, Err: ErrBadTile, Why: why}
			}
			cur = append(cur, t)
		}
	}
	if open > 0 {
		return nil, &ParseError{Set: len(table) + 1, Token: "[", Column: open, Err: ErrBadLayout,
			Why: MsgNotationUnclosed(open)}
	}
	return table, nil
}
