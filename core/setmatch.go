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

// matchSets pairs the sets before a turn with identical sets after it
// (each set after with at most one before, in table order). A table holds a
// few dozen sets at most, so the keys of the sets after are laid end to end
// in one buffer, each with a hash to compare first, and a set before finds
// its match by a scan: no map to build, and on the printed rules'
// tables no allocation but the match's own two slices. (A map of string
// keys cost six allocations and more time than the rest of the match, on
// every play of a player who has opened: the record of the turn asks.)
func matchSets(sr SetRules, before, after Table, infos []SetInfo) setMatch {
	m := setMatch{gone: make([]bool, len(before)), fresh: make([]bool, len(after))}
	var (
		keyBuf  [512]byte
		endBuf  [48]int
		hashBuf [48]uint64
		buf     [16]byte
	)
	keys, ends, hashes := keyBuf[:0], endBuf[:0], hashBuf[:0]
	for i, s := range after {
		m.fresh[i] = true
		k := setKey(buf[:], sr, s, &infos[i])
		keys = append(keys, k...)
		ends = append(ends, len(keys))
		hashes = append(hashes, keyHash(k))
	}
	for i, s := range before {
		info, err := sr.Validate(s)
		if err != nil {
			m.gone[i] = true
			continue
		}
		k := setKey(buf[:], sr, s, &info)
		h := keyHash(k)
		match, start := -1, 0
		for j, end := range ends {
			if m.fresh[j] && hashes[j] == h && string(keys[start:end]) == string(k) {
				match = j
				break
			}
			start = end
		}
		if match >= 0 {
			m.fresh[match] = false
		} else {
			m.gone[i] = true
		}
	}
	return m
}

// keyHash is an FNV-1a hash of a set's key, for matchSets to compare keys
// by before their bytes.
func keyHash(k []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range k {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
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
