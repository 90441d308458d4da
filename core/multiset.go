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
	bits  uint64 // bit t set when n[t] > 0, for coloured tiles
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
	t = t.Plain() // a declared joker, back from the table, is a joker
	if !t.Valid() || k <= 0 {
		return
	}
	m.n[t] += uint8(k)
	m.total += k
	if t != Joker {
		m.bits |= 1 << t
	}
}

// Remove takes one t out and reports whether there was one.
func (m *Multiset) Remove(t Tile) bool {
	t = t.Plain()
	if !t.Valid() || m.n[t] == 0 {
		return false
	}
	m.n[t]--
	m.total--
	if m.n[t] == 0 && t != Joker {
		m.bits &^= 1 << t
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

// Jokers is the number of jokers held.
func (m Multiset) Jokers() int { return int(m.n[Joker]) }

// Bits is the set of distinct coloured tiles held (jokers excluded): bit t is
// set when the multiset holds at least one t.
func (m Multiset) Bits() uint64 { return m.bits }

// Lane is the 16-bit set of numbers held in colour c: bit n set when some
// tile of colour c and number n is held.
func (m Multiset) Lane(c Color) uint16 { return uint16(m.bits >> (16 * uint(c))) }

// Distinct is the number of distinct coloured tiles held.
func (m Multiset) Distinct() int { return bits.OnesCount64(m.bits) }

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

// Value is the sum of the tiles' numbers, each joker counting jokerValue.
func (m Multiset) Value(jokerValue int) int {
	v := int(m.n[Joker]) * jokerValue
	for b := m.bits; b != 0; b &= b - 1 {
		t := bits.TrailingZeros64(b)
		v += int(m.n[t]) * (t & 15)
	}
	return v
}

// Tiles lists the tiles in canonical order (by colour k r b o, then number, jokers last).
func (m Multiset) Tiles() []Tile {
	out := make([]Tile, 0, m.total)
	for t := range m.n {
		for range m.n[t] {
			out = append(out, Tile(t))
		}
	}
	return out
}

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
