package core

// The children's rule (table.manipulation: add_only): each set on the
// table before the play lies whole inside a set of its own after it.

// brokenSet is, under add_only, the first set of before that does not lie
// whole in a set of its own of after (-1 if every one does): its tiles all
// there, a run in a run of its colour with each joker standing for the same
// tile, a group in a group of its number. Two sets of before never share a
// set of after, so the rest of each set after is what the rack added (no
// table tile leaves the table: step 4 of checkPlay). infos are after's.
func brokenSet(sr SetRules, before, after Table, infos []SetInfo) int {
	bInfos := make([]SetInfo, len(before))
	for i, s := range before {
		info, err := sr.Validate(s)
		if err != nil {
			return i
		}
		bInfos[i] = info
	}
	fits := func(b, a int) bool {
		return liesIn(before[b], &bInfos[b], after[a], &infos[a])
	}
	// A matching of before's sets into after's (augmenting paths: a table
	// holds a few dozen sets at most).
	owner := make([]int, len(after))
	for i := range owner {
		owner[i] = -1
	}
	var seen []bool
	var place func(b int) bool
	place = func(b int) bool {
		for a := range after {
			if seen[a] || !fits(b, a) {
				continue
			}
			seen[a] = true
			if owner[a] < 0 || place(owner[a]) {
				owner[a] = b
				return true
			}
		}
		return false
	}
	for b := range before {
		seen = make([]bool, len(after))
		if !place(b) {
			return b
		}
	}
	return -1
}

// liesIn reports whether set b (valid, bi its SetInfo) lies whole in set a
// (valid, ai): every tile of b in a, a the same kind of set (a run of b's
// colour, a group of b's number), and each of b's jokers standing for the
// same tile in a.
func liesIn(b Set, bi *SetInfo, a Set, ai *SetInfo) bool {
	if bi.Kind != ai.Kind || len(a) < len(b) {
		return false
	}
	switch bi.Kind {
	case Run:
		if bi.Color != ai.Color {
			return false
		}
		stands := MultisetOf(ai.JokerTiles()...)
		if want := MultisetOf(bi.JokerTiles()...); !stands.Includes(&want) {
			return false
		}
	case Group:
		if bi.Number != ai.Number {
			return false
		}
	}
	has, want := MultisetOf(a...), MultisetOf(b...)
	return has.Includes(&want)
}

// GrowsWhole reports whether after is before grown as the children's rule
// (table.manipulation: add_only) lets a set on the table grow: both valid,
// every tile of before in after, the same kind of set (a run of its colour,
// a group of its number), each of before's jokers standing for the same
// tile. The tiles of after beyond before's are the ones added.
func (sr SetRules) GrowsWhole(before, after Set) bool {
	bi, err := sr.Validate(before)
	if err != nil {
		return false
	}
	ai, err := sr.Validate(after)
	if err != nil {
		return false
	}
	return liesIn(before, &bi, after, &ai)
}
