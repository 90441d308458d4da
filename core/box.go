package core

import "errors"

// ErrOverBox is the rule that a table, or a whole scenario, never holds more
// copies of a tile, or more jokers, than the variant's box: two of each tile
// and two jokers in the 106-tile box, three and four in the 160-tile XP box.
// Test with errors.Is; the error itself is a *BoxError.
var ErrOverBox = errors.New("more tiles than the box holds")

// BoxError is a table (or a table and racks) that uses more copies of a
// tile than the box holds:
//
//	the table uses 3 × r5; the original box has 2
//	the table and the rack use 3 jokers; the original box has 2
type BoxError struct {
	Where   string // what uses the tiles: "the table", "the table and the rack", "the table and the racks"
	Tile    Tile   // the first tile over the box, in the order written
	Uses    int    // how many Where uses
	Box     int    // how many the box holds
	Variant string // Rules.Name of the box; "" for an unnamed one
}

func (e *BoxError) Error() string { return e.Message().String() }

// Message says the error in any language.
func (e *BoxError) Message() Message {
	where := "racks"
	switch e.Where {
	case "the table":
		where = "table"
	case "the table and the rack":
		where = "rack"
	}
	return MsgBoxOver(where, e.Tile == Joker, e.Uses, e.Tile, VariantName(e.Variant), e.Box)
}

// Is makes errors.Is(err, ErrOverBox) true for a *BoxError.
func (e *BoxError) Is(target error) bool { return target == ErrOverBox }

// CheckBox reports, as a *BoxError, a table that uses more copies of a tile
// (or more jokers) than the box of r holds, and then the table together with
// racks (a scenario's racks, a solver's rack): the table is named alone when
// it alone is over. Every way a table comes in (meldlab check, a solve
// input, a scenario's set-up, a saved game) goes through it. It counts
// without bound, so no number of copies wraps round.
func (r *Rules) CheckBox(t Table, racks ...[]Tile) error {
	var uses [NumTileKinds]int
	for _, s := range t {
		for _, x := range s {
			if x.Valid() {
				uses[x.Plain()]++
			}
		}
	}
	for _, s := range t {
		if err := r.overBox("the table", s, &uses); err != nil {
			return err
		}
	}
	more := false
	for _, rack := range racks {
		for _, x := range rack {
			if x.Valid() {
				uses[x.Plain()]++
				more = true
			}
		}
	}
	if !more {
		return nil
	}
	where := "the table and the rack"
	if len(racks) > 1 {
		where = "the table and the racks"
	}
	for _, s := range t {
		if err := r.overBox(where, s, &uses); err != nil {
			return err
		}
	}
	for _, rack := range racks {
		if err := r.overBox(where, rack, &uses); err != nil {
			return err
		}
	}
	return nil
}

// overBox is the first tile of tiles that uses counts more often than the
// box holds, as a *BoxError; nil if none.
func (r *Rules) overBox(where string, tiles []Tile, uses *[NumTileKinds]int) error {
	for _, x := range tiles {
		x = x.Plain()
		if x.Valid() && uses[x] > r.Tiles.CopiesOf(x) {
			return &BoxError{Where: where, Tile: x, Uses: uses[x], Box: r.Tiles.CopiesOf(x), Variant: r.Name}
		}
	}
	return nil
}
