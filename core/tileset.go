package core

import (
	"errors"
	"fmt"
)

// TileSet describes the box of tiles a game is played with: Colors colours,
// numbers 1..Numbers, Copies of each coloured tile, and Jokers jokers; and
// Rummikub Twist's special jokers, of each kind so many.
type TileSet struct {
	Colors  int `json:"colors"`
	Numbers int `json:"numbers"`
	Copies  int `json:"copies"`
	Jokers  int `json:"jokers"`

	DoubleJokers      int `json:"double_jokers,omitempty"`
	MirrorJokers      int `json:"mirror_jokers,omitempty"`
	ColorChangeJokers int `json:"color_change_jokers,omitempty"`
}

// StandardTiles is the printed game's box: 4 colours × 13 numbers × 2 copies + 2 jokers = 106.
var StandardTiles = TileSet{Colors: 4, Numbers: 13, Copies: 2, Jokers: 2}

// XPTiles is the box of the XP edition for 5 or 6 players: 3 copies and 4 jokers = 160.
var XPTiles = TileSet{Colors: 4, Numbers: 13, Copies: 3, Jokers: 4}

// MaxCopies bounds TileSet.Copies and TileSet.Jokers: a Multiset counts to 255.
const MaxCopies = 255

// Size is the number of tiles in the box.
func (ts TileSet) Size() int { return ts.Colors*ts.Numbers*ts.Copies + ts.Jokers + ts.Specials() }

// Specials is how many special jokers the box holds, of every kind.
func (ts TileSet) Specials() int { return ts.DoubleJokers + ts.MirrorJokers + ts.ColorChangeJokers }

// specials is the count of each special joker kind, by its place after
// DoubleJoker.
func (ts TileSet) specials() [3]int {
	return [3]int{ts.DoubleJokers, ts.MirrorJokers, ts.ColorChangeJokers}
}

// Validate reports every parameter out of range.
func (ts TileSet) Validate() error {
	var errs []error
	if ts.Colors < 1 || ts.Colors > MaxColors {
		errs = append(errs, fmt.Errorf("tiles: colors is %d; it must be 1..%d", ts.Colors, MaxColors))
	}
	if ts.Numbers < 1 || ts.Numbers > MaxNumber {
		errs = append(errs, fmt.Errorf("tiles: numbers is %d; it must be 1..%d", ts.Numbers, MaxNumber))
	}
	if ts.Copies < 1 || ts.Copies > MaxCopies {
		errs = append(errs, fmt.Errorf("tiles: copies is %d; it must be 1..%d", ts.Copies, MaxCopies))
	}
	if ts.Jokers < 0 || ts.Jokers > MaxCopies {
		errs = append(errs, fmt.Errorf("tiles: jokers is %d; it must be 0..%d", ts.Jokers, MaxCopies))
	}
	for i, n := range ts.specials() {
		if n < 0 || n > MaxCopies {
			errs = append(errs, fmt.Errorf("tiles: %ss is %d; it must be 0..%d", specialNames[i], n, MaxCopies))
		}
	}
	return errors.Join(errs...)
}

// Contains reports whether t is a tile of this box (a joker only if the box has jokers).
func (ts TileSet) Contains(t Tile) bool {
	if stands, n, ok := t.Declaration(); ok {
		// a declaration names a tile of this box, or a number of it
		return ts.Jokers > 0 && n <= ts.Numbers && (stands == NoTile || ts.Contains(stands))
	}
	if t == Joker {
		return ts.Jokers > 0
	}
	if t.IsSpecial() {
		return ts.specials()[t-DoubleJoker] > 0
	}
	return t.Valid() && t>>laneShift != jokerLane && int(t.Color()) < ts.Colors && t.Number() <= ts.Numbers
}

// Copies of t in the box.
func (ts TileSet) CopiesOf(t Tile) int {
	switch {
	case t.IsJoker():
		return ts.Jokers
	case t.IsSpecial():
		return ts.specials()[t-DoubleJoker]
	case ts.Contains(t):
		return ts.Copies
	}
	return 0
}

// Kinds lists each distinct tile of the box once, in canonical order, jokers last.
func (ts TileSet) Kinds() []Tile {
	out := make([]Tile, 0, ts.Colors*ts.Numbers+1)
	for c := 0; c < ts.Colors; c++ {
		for n := 1; n <= ts.Numbers; n++ {
			out = append(out, NewTile(Color(c), n))
		}
	}
	if ts.Jokers > 0 {
		out = append(out, Joker)
	}
	for i, n := range ts.specials() {
		if n > 0 {
			out = append(out, DoubleJoker+Tile(i))
		}
	}
	return out
}

// Tiles lists every tile of the box, copies included, in canonical order.
func (ts TileSet) Tiles() []Tile {
	out := make([]Tile, 0, ts.Size())
	for _, t := range ts.Kinds() {
		for range ts.CopiesOf(t) {
			out = append(out, t)
		}
	}
	return out
}

// Full is the whole box as a Multiset.
func (ts TileSet) Full() Multiset {
	var m Multiset
	for _, t := range ts.Kinds() {
		m.AddN(t, ts.CopiesOf(t))
	}
	return m
}
