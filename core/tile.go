package core

import "strconv"

// Color is one of the tile colours. The rulebooks print black, red, blue and
// orange (yellow in the Spanish editions); a tile set may use fewer.
type Color uint8

// The four colours, in the order canonical notation sorts them.
const (
	Black Color = iota
	Red
	Blue
	Orange
)

// MaxColors is the most colours a tile set can have.
const MaxColors = 4

// MaxNumber is the highest number a tile can carry in any tile set.
// The printed games stop at 13; the encoding leaves room for house sets.
const MaxNumber = 15

var colorLetters = [MaxColors]byte{'k', 'r', 'b', 'o'}
var colorNames = [MaxColors]string{"black", "red", "blue", "orange"}

// Letter is the colour's notation letter: k, r, b or o.
func (c Color) Letter() byte {
	if int(c) < MaxColors {
		return colorLetters[c]
	}
	return '?'
}

// String is the colour's name in words, as a learner would say it.
func (c Color) String() string {
	if int(c) < MaxColors {
		return colorNames[c]
	}
	return "colour(" + strconv.Itoa(int(c)) + ")"
}

// Tile is one tile in a single byte: colour in bits 4-5, number in bits 0-3,
// or the Joker. The zero value, NoTile, is no tile at all.
//
// A tile's byte is also its bit index in a 64-bit set of tiles (see Multiset.Bits),
// so each colour owns a 16-bit lane and a run check is arithmetic on one lane.
type Tile uint8

// NoTile is the zero Tile: no tile.
const NoTile Tile = 0

// Joker stands for any one tile of a set.
const Joker Tile = 64

// NumTileKinds bounds every plain Tile value: arrays indexed by Tile have
// this length. A declared joker (see DeclaredJoker) is beyond it: such
// arrays index its Plain tile, the Joker.
const NumTileKinds = int(Joker) + 1

// A joker laid in a set may carry its declaration, as the rulebooks ask of
// a player who lays one tile and two jokers: "J=13" is a joker declared as
// a member of the group of 13s (its colour any the group lacks), "J=o12" a
// joker declared as the orange 12. The declaration lives in the tile's
// byte: bit 7 set, then either the tile it stands for (bits 0-5) or, with
// bit 6 also set, only the number. On a rack, in the pool and in every
// count a declared joker is a joker (Plain); only a set's reading sees the
// declaration.
const (
	declaredBit Tile = 0x80
	groupBit    Tile = 0x40
)

// DeclaredJoker is a joker declared as the tile stands: "J=o12".
func DeclaredJoker(stands Tile) Tile { return declaredBit | stands&0x3f }

// GroupJoker is a joker declared as a member of the group of number n,
// its colour left open: "J=13".
func GroupJoker(n int) Tile { return declaredBit | groupBit | Tile(n)&15 }

// Declaration says what a declared joker was declared as: the tile it stands
// for (NoTile for a group member, whose colour is open) and its number; ok is
// false for any other tile, a plain joker included.
func (t Tile) Declaration() (stands Tile, number int, ok bool) {
	if t&declaredBit == 0 || t&15 == 0 {
		return NoTile, 0, false
	}
	if t&groupBit != 0 {
		return NoTile, int(t & 15), t&0x30 == 0
	}
	return t & 0x3f, int(t & 15), true
}

// Plain is the tile without a declaration: the Joker for any joker, t itself
// otherwise.
func (t Tile) Plain() Tile {
	if t&declaredBit != 0 {
		return Joker
	}
	return t
}

// NewTile returns the tile of colour c and number n. It does not check the
// range; TileSet.Contains does.
func NewTile(c Color, n int) Tile { return Tile(uint8(c)<<4 | uint8(n)&15) }

// Color is the tile's colour; meaningless for a joker.
func (t Tile) Color() Color { return Color(t >> 4 & 3) }

// Number is the tile's number, 0 for a joker (declared or not) or NoTile.
func (t Tile) Number() int {
	if t >= Joker {
		return 0
	}
	return int(t & 15)
}

// IsJoker reports whether t is a joker, declared or not.
func (t Tile) IsJoker() bool { return t == Joker || t&declaredBit != 0 }

// Valid reports whether t is a joker (declared or not) or a coloured tile
// with a number 1..MaxNumber.
func (t Tile) Valid() bool {
	if t&declaredBit != 0 {
		_, _, ok := t.Declaration()
		return ok
	}
	return t == Joker || (t < Joker && t&15 != 0)
}

// String is the tile in notation: "r7", "J", "J=13", "J=o12"; "-" for NoTile.
func (t Tile) String() string { return tileNotes[t] }

// tileNotes is every byte's notation, made once: a served table says
// hundreds of tiles a turn.
var tileNotes = func() (out [256]string) {
	for i := range out {
		out[i] = string(Tile(i).AppendText(nil))
	}
	return out
}()

// AppendText appends the tile's notation to b without allocating.
func (t Tile) AppendText(b []byte) []byte {
	switch {
	case t == Joker:
		return append(b, 'J')
	case !t.Valid():
		return append(b, '-')
	case t&declaredBit != 0:
		stands, n, _ := t.Declaration()
		if stands == NoTile {
			return strconv.AppendInt(append(b, "J="...), int64(n), 10)
		}
		return stands.AppendText(append(b, "J="...))
	}
	return strconv.AppendInt(append(b, t.Color().Letter()), int64(t&15), 10)
}

// AppendTiles appends tiles in rack notation, separated by spaces ("k3
// r10 J"), to b without allocating.
func AppendTiles(b []byte, ts []Tile) []byte {
	for i, t := range ts {
		if i > 0 {
			b = append(b, ' ')
		}
		b = t.AppendText(b)
	}
	return b
}

// Name is the tile in words: "red 7", "joker".
func (t Tile) Name() string {
	switch {
	case t == Joker:
		return "joker"
	case t&declaredBit != 0 && t.Valid():
		stands, n, _ := t.Declaration()
		if stands != NoTile {
			return "joker as " + stands.Name()
		}
		return "joker as a " + strconv.Itoa(n) + " of a group"
	case !t.Valid():
		return "no tile"
	}
	return t.Color().String() + " " + strconv.Itoa(t.Number())
}
