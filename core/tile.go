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

// NumTileKinds bounds every Tile value: arrays indexed by Tile have this length.
const NumTileKinds = int(Joker) + 1

// NewTile returns the tile of colour c and number n. It does not check the
// range; TileSet.Contains does.
func NewTile(c Color, n int) Tile { return Tile(uint8(c)<<4 | uint8(n)&15) }

// Color is the tile's colour; meaningless for a joker.
func (t Tile) Color() Color { return Color(t >> 4 & 3) }

// Number is the tile's number, 0 for a joker or NoTile.
func (t Tile) Number() int {
	if t == Joker {
		return 0
	}
	return int(t & 15)
}

// IsJoker reports whether t is a joker.
func (t Tile) IsJoker() bool { return t == Joker }

// Valid reports whether t is a joker or a coloured tile with a number 1..MaxNumber.
func (t Tile) Valid() bool { return t == Joker || (t < Joker && t&15 != 0) }

// String is the tile in notation: "r7", "J"; "-" for NoTile.
func (t Tile) String() string {
	if int(t) < NumTileKinds {
		return tileNotes[t]
	}
	return "-"
}

// tileNotes is every tile's notation, made once: a served table says
// hundreds of tiles a turn.
var tileNotes = func() (out [NumTileKinds]string) {
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
	case !t.Valid():
		return "no tile"
	}
	return t.Color().String() + " " + strconv.Itoa(t.Number())
}
