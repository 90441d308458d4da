package core

import "math/bits"

// The set check's general path: sets the printed game's 64 bits cannot
// hold, a tile of a house colour (green, purple) or one of Twist's special
// jokers. validate's one pass reads such a tile as no tile and hands the
// set here, so the printed colours keep their speed and the house ones
// pay for a loop.

// hasWide reports whether s holds a tile beyond the printed game's bits.
func hasWide(s Set) bool {
	for _, t := range s {
		if t.Wide() {
			return true
		}
	}
	return false
}

// wide validates a set that holds a house colour's tile or a special
// joker, as check does the printed colours: a run of one colour and
// distinct numbers, the jokers filling gaps and ends, or a group of one
// number. A set with a special joker is Twist's (see twist).
func (r *SetRules) wide(s Set, info *SetInfo) error {
	for _, t := range s {
		if t.IsSpecial() {
			if !r.Twist {
				return r.explain(s) // not in this box
			}
			return r.twist(s, info)
		}
	}
	var lanes [MaxColors]uint16 // the numbers present in each colour
	real, jokers, repeated := 0, 0, false
	for _, t := range s {
		switch {
		case t == Joker:
			jokers++
			continue
		case !t.Valid() || t.IsJoker() || int(t.Color()) >= r.Colors || t.Number() > r.Numbers:
			return r.explain(s)
		}
		real++
		bit := uint16(1) << t.Number()
		repeated = repeated || lanes[t.Color()]&bit != 0
		lanes[t.Color()] |= bit
	}
	var nums uint16
	var colours uint8
	for c, l := range lanes {
		nums |= l
		if l != 0 {
			colours |= 1 << c
		}
	}
	n := len(s)
	switch {
	case real == 0:
	case repeated:
		if r.GroupColors == AnyColors && r.repeatGroup(info, s) {
			return nil
		}
	case colours&(colours-1) == 0 && (real > 1 || r.canRun(n)):
		c := Color(bits.TrailingZeros8(colours))
		if r.run(info, s, c, nums, real, jokers) {
			return nil
		}
		*info = SetInfo{}
		if real > 1 {
			break
		}
		fallthrough // one numbered tile and jokers: perhaps a group
	case nums&(nums-1) == 0:
		if n < r.MinGroup || n > r.maxGroup() {
			break
		}
		r.cleanGroup(info, bits.TrailingZeros16(nums), n, jokers, colours)
		return nil
	}
	*info = SetInfo{}
	return r.explain(s)
}
