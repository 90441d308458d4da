package core

import (
	"math/bits"
	"strings"
)

// Multiset holds tiles with repetition: a rack, the tiles of a table, a pool's
// contents. Add, Remove and Count are O(1); Bits gives the set of distinct
// coloured tiles as one uint64 for fast checks. The zero value is empty and a
// Multiset is a plain value: assignment copies it. Methods that only read
// take a value, so g.Rack(0).Len() works on a returned Multiset.
type Multiset struct {
	n     [NumTileKinds]uint8
	total int
	bits  uint64 // bit t set when n[t] > 0, for tiles of the printed colours
	wide  uint32 // the house colours' lanes: bit 16*(c-4)+n for colour c, number n
}

// MultisetOf returns a Multiset holding the given tiles.
func MultisetOf(tiles ...Tile) Multiset {
	var m Multiset
	for _, t := range tiles {
		m.Add(t)
	}
	return m
}

// Add puts one t in the multiset. NoTile and invalid tiles are ignored.
func (m *Multiset) Add(t Tile) { m.AddN(t, 1) }

// AddN puts k copies of t in the multiset.
func (m *Multiset) AddN(t Tile, k int) {
	if t < Joker && t&15 != 0 && k > 0 {
		// a tile of a printed colour, valid: the common case, at once
		// (racks, tables and the solver's problems count tiles in bulk)
		m.n[t] += uint8(k)
		m.total += k
		m.bits |= 1 << t
		return
	}
	t = t.Plain() // a declared joker, back from the table, is a joker
	if !t.Valid() || k <= 0 {
		return
	}
	m.n[t] += uint8(k)
	m.total += k
	switch {
	case t < Joker:
		m.bits |= 1 << t
	case t.Wide() && !t.IsSpecial():
		m.wide |= wideBit(t)
	}
}

// wideBit is a house colour's tile's bit in Multiset.wide.
func wideBit(t Tile) uint32 { return 1 << (16*uint(t.Color()-PrintedColors) + uint(t&15)) }

// Remove takes one t out and reports whether there was one.
func (m *Multiset) Remove(t Tile) bool {
	t = t.Plain()
	if !t.Valid() || m.n[t] == 0 {
		return false
	}
	m.n[t]--
	m.total--
	if m.n[t] == 0 {
		switch {
		case t < Joker:
			m.bits &^= 1 << t
		case t.Wide() && !t.IsSpecial():
			m.wide &^= wideBit(t)
		}
	}
	return true
}

// Count is how many t the multiset holds.
func (m Multiset) Count(t Tile) int {
	t = t.Plain()
	if int(t) >= NumTileKinds {
		return 0
	}
	return int(m.n[t])
}

// Len is the number of tiles, copies included.
func (m Multiset) Len() int { return m.total }

// Jokers is the number of jokers held (Twist's special jokers apart: see
// Specials).
func (m Multiset) Jokers() int { return int(m.n[Joker]) }

// Specials is the number of Twist's special jokers held, of every kind.
func (m Multiset) Specials() int {
	return int(m.n[DoubleJoker]) + int(m.n[MirrorJoker]) + int(m.n[ColorChangeJoker])
}

// Bits is the set of distinct tiles of the printed colours held (jokers and
// the house colours excluded): bit t is set when the multiset holds at
// least one t.
func (m Multiset) Bits() uint64 { return m.bits }

// HasWide reports whether m holds a tile beyond Bits: a house colour's or a
// special joker.
func (m Multiset) HasWide() bool { return m.wide != 0 || m.Specials() != 0 }

// Lane is the 16-bit set of numbers held in colour c: bit n set when some
// tile of colour c and number n is held.
func (m Multiset) Lane(c Color) uint16 {
	if c >= PrintedColors {
		return uint16(m.wide >> (16 * uint(c-PrintedColors)))
	}
	return uint16(m.bits >> (16 * uint(c)))
}

// Distinct is the number of distinct coloured tiles held.
func (m Multiset) Distinct() int { return bits.OnesCount64(m.bits) + bits.OnesCount32(m.wide) }

// AddAll adds every tile of o.
func (m *Multiset) AddAll(o *Multiset) {
	for t := range m.n {
		if o.n[t] > 0 {
			m.AddN(Tile(t), int(o.n[t]))
		}
	}
}

// Includes reports whether m holds every tile of o, copies counted.
func (m Multiset) Includes(o *Multiset) bool {
	for t := range m.n {
		if o.n[t] > m.n[t] {
			return false
		}
	}
	return true
}

// Minus returns the tiles of m not matched by a tile of o (copies counted).
func (m Multiset) Minus(o *Multiset) Multiset {
	var d Multiset
	for t := range m.n {
		if m.n[t] > o.n[t] {
			d.AddN(Tile(t), int(m.n[t]-o.n[t]))
		}
	}
	return d
}

// Value is the sum of the tiles' numbers, each joker (special ones too)
// counting jokerValue.
func (m Multiset) Value(jokerValue int) int {
	v := (int(m.n[Joker]) + m.Specials()) * jokerValue
	for b := m.bits; b != 0; b &= b - 1 {
		t := bits.TrailingZeros64(b)
		v += int(m.n[t]) * (t & 15)
	}
	for b := m.wide; b != 0; b &= b - 1 {
		i := bits.TrailingZeros32(b)
		v += int(m.n[NewTile(Color(PrintedColors+i/16), i%16)]) * (i % 16)
	}
	return v
}

// Tiles lists the tiles in canonical order (by colour k r b o g p, then
// number, jokers last: J, JD, JM, JC).
func (m Multiset) Tiles() []Tile {
	out := make([]Tile, 0, m.total)
	if m.HasWide() {
		for _, t := range kindOrder {
			for range m.n[t] {
				out = append(out, t)
			}
		}
		return out
	}
	for t := range Joker + 1 { // the printed game's kinds are in order
		for range m.n[t] {
			out = append(out, t)
		}
	}
	return out
}

// kindOrder is every tile kind in canonical order: the colours' lanes, then
// the jokers' (which lies between the printed colours and the house ones).
var kindOrder = func() (out []Tile) {
	for c := range Color(MaxColors) {
		for n := 1; n <= MaxNumber; n++ {
			out = append(out, NewTile(c, n))
		}
	}
	return append(out, Joker, DoubleJoker, MirrorJoker, ColorChangeJoker)
}()

// String is the tiles in canonical order separated by spaces: "k3 r10 r11 J".
func (m Multiset) String() string {
	var b strings.Builder
	for i, t := range m.Tiles() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}
