package core

// Okey's wild tile (deal.indicator).
//
// At Okey's deal a numbered tile is turned up: the tile one above it in its
// colour is the okey, and both its copies are wild, standing for any tile;
// the box's two jokers are false jokers, which stand for the okey's tile
// and nothing else. So a set is read with the two swapped: each okey a
// joker, each joker the okey's tile. The swap is its own inverse, which is
// how the solver reads a round of Okey too.

// OkeyOf is the okey an indicator names: the tile one above it in its
// colour, above the highest number the 1.
func OkeyOf(indicator Tile, numbers int) Tile {
	n := indicator.Number() + 1
	if n > numbers {
		n = 1
	}
	return NewTile(indicator.Color(), n)
}

// SwapWild is tiles with the okey and the jokers swapped: each copy of
// wild a Joker, each joker (declared or not) wild's tile. NoTile wild
// leaves tiles as they are.
func SwapWild(tiles []Tile, wild Tile) Set {
	out := make(Set, len(tiles))
	for i, t := range tiles {
		switch {
		case wild == NoTile:
			out[i] = t
		case t == wild:
			out[i] = Joker
		case t.IsJoker():
			out[i] = wild
		default:
			out[i] = t
		}
	}
	return out
}

// okey validates s under the round's okey: read with the okey's copies as
// jokers and the false jokers as the okey's tile.
func (r *SetRules) okey(s Set, info *SetInfo) error {
	plain := *r
	plain.Okey = NoTile
	read, err := plain.Validate(SwapWild(s, r.Okey))
	if err == nil {
		*info = read
		info.Wild = r.Okey
		return nil
	}
	if se, ok := err.(*SetError); ok {
		se.Set = s // said of the set as laid
	}
	return err
}
