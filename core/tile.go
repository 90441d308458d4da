package core

import "strconv"

// Color is one of the tile colours. The rulebooks print black, red, blue and
// orange (yellow in the Spanish editions); a tile set may use fewer, and a
// house box up to six: green and purple after the printed four.
type Color uint8

// The colours, in the order canonical notation sorts them.
const (
	Black Color = iota
	Red
	Blue
	Orange
	Green
	Purple
)

// MaxColors is the most colours a tile set can have.
const MaxColors = 6

// PrintedColors is how many colours the printed boxes have: the tiles of
// these colours are the bits of one uint64 (see Tile), where the fast set
// check and the solver's tables work.
const PrintedColors = 4

// MaxNumber is the highest number a tile can carry in any tile set.
// The printed games stop at 13; the encoding leaves room for house sets.
const MaxNumber = 15

var colorLetters = [MaxColors]byte{'k', 'r', 'b', 'o', 'g', 'p'}
var colorNames = [MaxColors]string{"black", "red", "blue", "orange", "green", "purple"}

// Letter is the colour's notation letter: k, r, b, o, g or p.
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

// Tile is one tile in a single byte: a lane in bits 4-6, the number in bits
// 0-3. Lanes 0-3 are the printed colours, lane 4 the jokers (the Joker and
// Twist's special jokers), lanes 5 and 6 the house colours green and purple.
// The zero value, NoTile, is no tile at all.
//
// A printed colour's tile byte is also its bit index in a 64-bit set of
// tiles (see Multiset.Bits), so each colour owns a 16-bit lane and a run
// check is arithmetic on one lane; the jokers come right after, so the
// printed game's tiles and its joker are the 65 smallest bytes.
type Tile uint8

// NoTile is the zero Tile: no tile.
const NoTile Tile = 0

// Joker stands for any one tile of a set.
const Joker Tile = 64

// Rummikub Twist's special jokers (tiles.double_jokers, tiles.mirror_jokers,
// tiles.color_change_jokers), written JD, JM and JC. Each is a tile kind of
// its own: it never stands where a set needs a Joker, nor a Joker for it.
const (
	// DoubleJoker stands for two tiles: two consecutive numbers of a run,
	// or two missing colours of a group.
	DoubleJoker Tile = Joker + 1 + iota
	// MirrorJoker makes its set a palindrome around it: the tiles after it
	// repeat, in reverse, the tiles before it ([r2 r3 JM r3 r2]).
	MirrorJoker
	// ColorChangeJoker stands for one number of a run whose colour changes
	// across it: [r3 r4 JC b6 b7].
	ColorChangeJoker
)

// jokerLane and the house lanes: see Tile.
const (
	jokerLane = 4
	laneShift = 4
)

// NumTileKinds bounds every plain Tile value: arrays indexed by Tile have
// this length. A declared joker (see DeclaredJoker) is beyond it: such
// arrays index its Plain tile, the Joker.
const NumTileKinds = (MaxColors + 1) << laneShift

// A joker laid in a set may carry its declaration, as the rulebooks ask of
// a player who lays one tile and two jokers: "J=13" is a joker declared as
// a member of the group of 13s (its colour any the group lacks), "J=o12" a
// joker declared as the orange 12. The declaration lives in the tile's
// byte: bit 7 set, then either the tile it stands for (bits 0-6) or, with
// lane 7 (no colour's), only the number. On a rack, in the pool and in
// every count a declared joker is a joker (Plain); only a set's reading
// sees the declaration.
const (
	declaredBit Tile = 0x80
	groupLane   Tile = 0x70
)

// DeclaredJoker is a joker declared as the tile stands: "J=o12".
func DeclaredJoker(stands Tile) Tile { return declaredBit | stands&0x7f }

// GroupJoker is a joker declared as a member of the group of number n,
// its colour left open: "J=13".
func GroupJoker(n int) Tile { return declaredBit | groupLane | Tile(n)&15 }

// Declaration says what a declared joker was declared as: the tile it stands
// for (NoTile for a group member, whose colour is open) and its number; ok is
// false for any other tile, a plain joker included.
func (t Tile) Declaration() (stands Tile, number int, ok bool) {
	if t&declaredBit == 0 || t&15 == 0 {
		return NoTile, 0, false
	}
	if t&groupLane == groupLane {
		return NoTile, int(t & 15), true
	}
	stands = t & 0x7f
	return stands, int(t & 15), stands>>laneShift != jokerLane
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
// range; TileSet.Contains does. The house colours skip the jokers' lane.
func NewTile(c Color, n int) Tile {
	return Tile((uint8(c)+uint8(c)>>2)<<laneShift | uint8(n)&15)
}

// Color is the tile's colour; meaningless for a joker.
func (t Tile) Color() Color {
	lane := uint8(t>>laneShift) & 7
	return Color(lane - lane>>2)
}

// Number is the tile's number, 0 for a joker (declared, special or plain)
// or NoTile.
func (t Tile) Number() int {
	if t >= Joker && (t < Joker+16 || t >= declaredBit) {
		return 0
	}
	return int(t & 15)
}

// IsJoker reports whether t is a joker, declared or not. Twist's special
// jokers are kinds of their own (IsSpecial).
func (t Tile) IsJoker() bool { return t == Joker || t&declaredBit != 0 }

// IsSpecial reports whether t is one of Twist's special jokers.
func (t Tile) IsSpecial() bool { return t >= DoubleJoker && t <= ColorChangeJoker }

// Wide reports whether t needs more than the printed game's 64 bits: a tile
// of a house colour or a special joker. Sets that hold one take the set
// check's general path (see SetRules.Validate).
func (t Tile) Wide() bool { return t > Joker && t < declaredBit }

// Valid reports whether t is a joker (declared, special or not) or a
// coloured tile with a number 1..MaxNumber.
func (t Tile) Valid() bool {
	switch {
	case t&declaredBit != 0:
		_, _, ok := t.Declaration()
		return ok
	case t>>laneShift == jokerLane:
		return t <= ColorChangeJoker
	}
	return t < NumTileKinds && t&15 != 0
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

// The special jokers' second letters in notation (JD, JM, JC) and their
// names in words.
var (
	specialLetters = [3]byte{'D', 'M', 'C'}
	specialNames   = [3]string{"double joker", "mirror joker", "colour-change joker"}
)

// AppendText appends the tile's notation to b without allocating.
func (t Tile) AppendText(b []byte) []byte {
	switch {
	case t == Joker:
		return append(b, 'J')
	case t.IsSpecial():
		return append(b, 'J', specialLetters[t-DoubleJoker])
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
	case t.IsSpecial():
		return specialNames[t-DoubleJoker]
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
