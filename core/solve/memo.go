package solve

import "math/bits"

// memo maps a search state, packed into one word, to what is known of its
// best future gain: the exact value, or an upper bound. It is an
// open-addressing hash table with linear probing that only grows (entries are
// never evicted, so a value proven once stays available to rebuild the play).
// A generation stamp lets a pooled table be reused without clearing it.
type memo struct {
	slots []slot
	// bufs keeps the tables of each size used so far (index k: memoFirstSize<<k
	// slots), up to maxKeptSlots, so growing reuses them instead of
	// allocating: a fresh big table costs an allocation, and its zeroing
	// flushes the caches for the solves that follow.
	bufs  [][]slot
	mask  uint64
	used  int
	gen   uint32 // stamps are gen<<1, with the low bit for exact
	grown int    // times the table grew: a reserved slot index is stale after
}

// slot is 16 bytes, so four share a cache line.
type slot struct {
	key uint64
	val int32
	tag uint32 // gen<<1 | exact
}

const (
	// most searches stay below 4096 states, so the table seldom grows
	// (each growth rehashes every entry); at 128 KB it still sits in cache.
	// But a process's first table starts smaller (16 KB), growing to that
	// size only when a search needs it: a fresh table's memory is new to
	// the process, each of its pages a fault, and an easy first search
	// would spread its few states over all of them.
	memoFirstSize = 1 << 10
	memoMinSize   = 1 << 13
	maxKeptSlots  = 1 << 18          // 4 MB of 16-byte slots
	unbounded     = int32(1<<31 - 1) // the value of a reserved slot: no bound yet
)

// reset empties the table in O(1). It goes back to the small table: a table
// grown for a hard problem would spread an easy one's few states over more
// memory than the caches hold.
func (m *memo) reset() {
	if len(m.bufs) == 0 {
		m.bufs = [][]slot{make([]slot, memoFirstSize)}
	}
	// the table of memoMinSize slots once a search has needed it
	k := min(len(m.bufs)-1, bits.Len(memoMinSize/memoFirstSize)-1)
	if len(m.slots) != len(m.bufs[k]) {
		m.slots = m.bufs[k]
		m.mask = uint64(len(m.slots) - 1)
	}
	m.gen++
	if m.gen >= 1<<31 { // the stamp would wrap: clear for real once
		clear(m.slots)
		m.gen = 1
	}
	m.used = 0
}

func hash(k uint64) uint64 {
	k *= 0x9E3779B97F4A7C15
	return k ^ k>>31
}

func (m *memo) live(s *slot) bool { return s.tag>>1 == m.gen }

// reserve finds the slot of key, claiming an empty one for it if it has none
// yet, and returns its index with what it holds. A claimed slot holds no value
// (an unbounded bound), so it reads as absent until set.
func (m *memo) reserve(key uint64) (i uint64, val int32, exact, ok bool) {
	// grow at three quarters full: with a hash that mixes well the probes
	// stay short, and a big search needs half the memory it would at half
	if 4*(m.used+1) > 3*len(m.slots) {
		m.grow()
	}
	for i = hash(key) & m.mask; ; i = (i + 1) & m.mask {
		s := &m.slots[i]
		if !m.live(s) {
			*s = slot{key: key, val: unbounded, tag: m.gen << 1}
			m.used++
			return i, 0, false, false
		}
		if s.key == key {
			return i, s.val, s.tag&1 != 0, s.val != unbounded
		}
	}
}

// get returns the entry for key if there is one with a value.
func (m *memo) get(key uint64) (val int32, exact, ok bool) {
	for i := hash(key) & m.mask; ; i = (i + 1) & m.mask {
		s := &m.slots[i]
		if !m.live(s) {
			return 0, false, false
		}
		if s.key == key {
			return s.val, s.tag&1 != 0, s.val != unbounded
		}
	}
}

// set stores a value in the slot reserve returned (grown is what m.grown was
// then: if the table grew since, the slot is found again). An exact value is
// never replaced.
func (m *memo) set(i uint64, grown int, key uint64, val int32, exact bool) {
	if grown != m.grown {
		for i = hash(key) & m.mask; m.slots[i].key != key || !m.live(&m.slots[i]); i = (i + 1) & m.mask {
		}
	}
	s := &m.slots[i]
	if s.tag&1 == 0 {
		s.val = val
		if exact {
			s.tag |= 1
		}
	}
}

func (m *memo) grow() {
	m.grown++
	old := m.slots
	k := 0
	for memoFirstSize<<k < 2*len(old) {
		k++
	}
	if k < len(m.bufs) {
		m.slots = m.bufs[k]
		clear(m.slots) // its stamps may be this generation's: entries of an earlier table
	} else {
		m.slots = make([]slot, 2*len(old))
		if len(m.slots) <= maxKeptSlots && k == len(m.bufs) {
			m.bufs = append(m.bufs, m.slots)
		}
	}
	m.mask = uint64(len(m.slots) - 1)
	for _, s := range old {
		if s.tag>>1 != m.gen {
			continue
		}
		for i := hash(s.key) & m.mask; ; i = (i + 1) & m.mask {
			if m.slots[i].tag>>1 != m.gen {
				m.slots[i] = s
				break
			}
		}
	}
}
