package core

// Matching the sets before a turn with the sets after it: which stayed as
// they were, which are new, and which only swapped jokers for the tiles
// they stood for (the initial meld's and the first-round lock's rules).

// setMatch pairs the sets before a turn with identical sets after it.
type setMatch struct {
	gone  []bool // sets before with no identical set after
	fresh []bool // sets after with no identical set before
}

// setKey is a valid set's canonical text: two sets with the same key are
// the same meld (the same tiles, each joker in the same place).
// It is written into buf (the caller's, so that a key made only to look
// one up allocates nothing) and returned as bytes.
func setKey(buf []byte, sr SetRules, s Set, info *SetInfo) []byte {
	var tiles [16]Tile // a set of the printed games fits; a longer one is allocated
	c := info.appendCanonical(tiles[:0], s, sr.Numbers)
	b := buf[:0]
	for _, t := range c {
		b = append(b, byte(t))
	}
	return b
}

func matchSets(sr SetRules, before, after Table, infos []SetInfo) setMatch {
	m := setMatch{gone: make([]bool, len(before)), fresh: make([]bool, len(after))}
	// Each key's sets after, not matched yet, as a queue in same; the
	// map gives a key's queue, so looking up a set before needs no string.
	idx := make(map[string]int, len(after))
	same := make([][]int, 0, len(after))
	var buf [16]byte
	for i, s := range after {
		m.fresh[i] = true
		k := setKey(buf[:], sr, s, &infos[i])
		q, ok := idx[string(k)]
		if !ok {
			q = len(same)
			idx[string(k)] = q
			same = append(same, nil)
		}
		same[q] = append(same[q], i)
	}
	for i, s := range before {
		info, err := sr.Validate(s)
		if err != nil {
			m.gone[i] = true
			continue
		}
		if q, ok := idx[string(setKey(buf[:], sr, s, &info))]; ok && len(same[q]) > 0 {
			m.fresh[same[q][0]] = false
			same[q] = same[q][1:]
		} else {
			m.gone[i] = true
		}
	}
	return m
}

// firstChangedExact is the first set before the turn that is not on the
// table after it, unchanged; -1 if none.
func (m setMatch) firstChangedExact() int {
	for i, g := range m.gone {
		if g {
			return i
		}
	}
	return -1
}

// firstChanged is firstChangedExact, except that when swaps are allowed (a
// joker taken before the initial meld) a set whose jokers were swapped for
// tiles they stood for counts as unchanged, and its new form as not fresh.
func (m setMatch) firstChanged(sr SetRules, before, after Table, swaps bool) int {
	for i, gone := range m.gone {
		if !gone {
			continue
		}
		j := -1
		if swaps {
			j = swapOf(sr, before[i], after, m.fresh)
		}
		if j < 0 {
			return i
		}
		m.fresh[j] = false
	}
	return -1
}

// swapOf finds a fresh set of after that is b with some jokers replaced by
// tiles they stood for; -1 if none.
func swapOf(sr SetRules, b Set, after Table, fresh []bool) int {
	info, err := sr.Validate(b)
	if err != nil || info.Jokers == 0 {
		return -1
	}
	old := MultisetOf(b...)
	for j, a := range after {
		if !fresh[j] || len(a) != len(b) {
			continue
		}
		now := MultisetOf(a...)
		if now.Jokers() >= old.Jokers() {
			continue
		}
		numbered := old
		for numbered.Remove(Joker) {
		}
		if !now.Includes(&numbered) {
			continue
		}
		extra := now.Minus(&old)
		ok := true
		for _, x := range extra.Tiles() {
			if !standsFor(&info, x) {
				ok = false
			}
		}
		if ok {
			return j
		}
	}
	return -1
}
