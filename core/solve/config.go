package solve

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
)

// The solver works number by number, 1 to Numbers. Between two numbers, all it
// must remember about one colour is the runs still open in that colour and how
// long each is, capped at MinRun (a run that long may end; longer runs behave
// alike). That multiset of capped lengths is a colour state; every colour state
// the box allows is enumerated once per shape of rules and numbered, so a whole
// search state packs into one machine word.
//
// Jokers are virtual tiles: a joker stands for one tile of its set and touches
// nothing else, so it is enough to count them. A run always starts at a real
// tile; the jokers written before that tile (a "prefix") are placed when the run
// starts. That keeps every run holding a real tile, as the rules demand.

// shape is what the precomputed tables depend on.
type shape struct {
	colors, numbers int
	copies, jokers  int // most copies of a tile; jokers present in the problem
	minRun, minGrp  int
	wrap            bool
	// repeat is 0 where a group's colours must differ (the printed rules),
	// and under sets.group_colors: any the most tiles of one colour a group
	// may hold: the box's copies, which may be more than the copies in play
	// (copies), since a group may then hold up to colors × repeat tiles,
	// jokers included. Only the group tables depend on it.
	repeat int
}

// groupCopies is a group's most tiles of one colour: 1, or repeat.
func (sh *shape) groupCopies() int { return max(1, sh.repeat) }

// move is one way the open runs of a colour can pass a number: extend some
// runs, close the complete ones not extended, start new runs.
type move struct {
	next   uint16 // colour state after the number
	reals  uint8  // real tiles the runs take (extensions and starts)
	jokers uint8  // jokers the runs take (extensions and prefixes)
	minN   uint8  // lowest number the move fits at (a prefix needs room below)
	tri    uint8  // sum over prefixes of p(p+1)/2: prefix jokers stand below the start
	detail uint16 // index into config.details[state], for rebuilding the sets
	idx    uint16 // index into config.moves[s] of its state s
}

// moveDetail is one concrete decomposition of a move. It holds no pointer
// (its prefixes are a stretch of config.prefixes), so that the tables cost
// the garbage collector nothing.
type moveDetail struct {
	extend  uint8  // complete runs extended (incomplete ones always are)
	virtExt uint8  // extensions made with jokers
	npfx    uint8  // new runs
	pfx     uint32 // their prefix lengths: config.prefixes[pfx:pfx+npfx]
}

// prefixes is one prefix length per new run of d.
func (c *config) prefixes(d *moveDetail) []uint8 { return c.pfxArena[d.pfx : d.pfx+uint32(d.npfx)] }

// config holds the tables for one shape; it is immutable once built and
// shared between solves.
type config struct {
	shape
	m        int       // run length cap: max(1, MinRun)
	maxRuns  int       // most open runs of one colour: copies + jokers
	counts   [][]uint8 // colour state -> count of open runs by capped length 1..m (index 0 unused)
	index    map[string]uint16
	complete []bool   // every open run of the state may end here
	moves    [][]move // per colour state, sorted by jokers, then most reals first
	// fit[s*(copies+1)+a]: the moves of state s that take at most a real
	// tiles, in the same order; fit[i][:fitEnd[i][j]] use at most j jokers.
	// A colour with a tiles at a number need not even look at the others.
	fit      [][]move
	fitEnd   [][]uint16
	details  [][]moveDetail // per colour state
	pfxArena []uint8        // the details' prefix lengths, one stretch after another
	// code[stateCode(b)]: the colour state of capped run counts b
	code []uint16
	// crossOK[s*len+o] (wrap only): the runs open after the last number,
	// state s, contain the crossing runs o and every other one is complete.
	crossOK   []bool
	stateBits int
	idle      uint16 // the move of the empty state that stays empty

	// Profiles: how many colours have each value 1..copies (the tiles a
	// colour sends to groups, or has at a number). Groups care only about
	// that, not about which colour is which, so a profile is what a search
	// state keeps of the groups being formed.
	profs    [][]uint8  // profile -> count of colours by value 1..copies (index 0 unused)
	profNext [][]uint16 // profile, value -> the profile with one more colour of that value
	// profOK[(p*len(profs)+q)*(jokers+1)+j]: from group profile p, the colours
	// still to come (availability profile q) can complete valid groups with at
	// most j more jokers.
	profOK []bool
	// groupProf[p*(jokers+1)+j]: group profile p with exactly j jokers forms
	// groups, a group of one tile and declared jokers among them.
	groupProf []bool
	// profOKPlain, groupProfPlain and maxGroupPlain are the three tables
	// without groups of one tile and declared jokers, which the search
	// weighs only where they may pay (see tablesAt).
	profOKPlain, groupProfPlain []bool
	maxGroupPlain               []uint8
	// maxGroup[(p*(copies+1)+v)*(jokers+1)+j]: of the tiles of one number,
	// in profile p, the most that groups with at most j jokers can take from
	// a colour that has v of them.
	maxGroup []uint8
}

// maxStates keeps the tables small; the printed boxes are far inside it
// (120 colour states for the XP box with all four jokers in play).
const maxStates = 1024

// ErrUnsupported is returned for rules whose tables the solver cannot hold
// (absurd numbers of copies or jokers) or cannot solve exactly.
var ErrUnsupported = errors.New("rules beyond the solver")

func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
		if r > 1<<30 {
			return 1 << 30
		}
	}
	return r
}

// errStopped: the context ended while the tables were being built.
var errStopped = errors.New("stopped while building the tables")

// checkShape reports, before any table is built, a shape beyond the solver.
func checkShape(sh shape) error {
	m := max(1, sh.minRun)
	if n := binom(sh.copies+sh.jokers+m, m); n > maxStates || sh.copies > 15 || sh.jokers > 15 {
		return fmt.Errorf("%w: %d copies, %d jokers and runs of %d make too many run states",
			ErrUnsupported, sh.copies, sh.jokers, m)
	}
	if sh.wrap && !wrapExact(sh) {
		return fmt.Errorf("%w: with wrap, runs of at least %d in numbers 1..%d and %d jokers",
			ErrUnsupported, m, sh.numbers, sh.jokers)
	}
	return nil
}

// newConfig builds the tables of a shape (checked by checkShape),
// letting the scheduler run between colour states if yield.
func newConfig(sh shape, yield bool) (*config, error) {
	if err := checkShape(sh); err != nil {
		return nil, err
	}
	c, _, err := startConfig(sh).run(yield, nil)
	return c, err
}

// tableBuild is a shape's tables in the making, which one goroutine can
// begin and another finish (see Tables.config).
type tableBuild struct {
	c  *config
	sc genScratch
	s  int // the next colour state whose moves to make
}

// startConfig begins the tables of a shape that checkShape accepts.
func startConfig(sh shape) *tableBuild {
	c := &config{shape: sh, m: max(1, sh.minRun)}
	c.maxRuns = sh.copies + sh.jokers
	c.enumStates()
	c.stateBits = bits.Len(uint(len(c.counts) - 1))
	ns := len(c.counts)
	c.moves, c.details = make([][]move, 0, ns), make([][]moveDetail, 0, ns)
	c.fit, c.fitEnd = make([][]move, 0, ns*(sh.copies+1)), make([][]uint16, 0, ns*(sh.copies+1))
	return &tableBuild{c: c}
}

// run goes on with the tables, letting the scheduler run between colour
// states if yield; if stop reports true there, it leaves the rest undone
// and says so (complete false). Done, it returns the tables or the error.
func (tb *tableBuild) run(yield bool, stop func() bool) (c *config, complete bool, err error) {
	c = tb.c
	for ; tb.s < len(c.counts); tb.s++ {
		if stop != nil && stop() {
			return nil, false, nil
		}
		if yield {
			runtime.Gosched()
		}
		if !c.genMoves(tb.s, &tb.sc) {
			return nil, true, fmt.Errorf("%w: %d copies, %d jokers and runs of %d make too many moves",
				ErrUnsupported, c.copies, c.jokers, c.m)
		}
	}
	c.findIdle()
	c.genProfiles()
	if c.wrap {
		c.genCross()
	}
	return c, true, nil
}

// findIdle sets idle, the move of the empty state that stays empty.
func (c *config) findIdle() {
	for i, m := range c.moves[0] {
		if m.next == 0 && m.reals == 0 && m.jokers == 0 {
			c.idle = uint16(i)
		}
	}
}

// wrapExact reports whether the wrap search is exact: it may join runs across
// the highest number into one longer than the numbers, and relies on such a run
// splitting into valid runs, which holds when two shortest runs fit in one turn
// of the numbers and no stretch of jokers can fill a half turn.
func wrapExact(sh shape) bool {
	m := max(1, sh.minRun)
	return 2*m <= sh.numbers+1 && sh.jokers < (sh.numbers+1)/2
}

// enumStates lists every multiset of at most maxRuns capped lengths.
func (c *config) enumStates() {
	radix := c.maxRuns + 1
	size := 1
	for range c.m {
		size *= radix
		if size > 1<<16 {
			break
		}
	}
	if size <= 1<<16 {
		c.code = make([]uint16, size)
	} else {
		c.index = map[string]uint16{}
	}
	n := binom(c.maxRuns+c.m, c.m) // the multisets: states
	back := make([]uint8, 0, n*(c.m+1))
	c.counts = make([][]uint8, 0, n)
	c.complete = make([]bool, 0, n)
	cnt := make([]uint8, c.m+1)
	var rec func(l, left int)
	rec = func(l, left int) {
		if l == c.m {
			cnt[l] = uint8(left) // the runs left are of the longest length
			at := len(back)
			back = append(back, cnt...)
			cp := back[at:len(back):len(back)]
			if c.code != nil {
				c.code[c.stateCode(cp)] = uint16(len(c.counts))
			} else {
				c.index[string(cp)] = uint16(len(c.counts))
			}
			c.counts = append(c.counts, cp)
			ok := true
			for i := 1; i < c.m; i++ {
				ok = ok && cp[i] == 0
			}
			c.complete = append(c.complete, ok)
			cnt[l] = 0
			return
		}
		for k := 0; k <= left; k++ {
			cnt[l] = uint8(k)
			rec(l+1, left-k)
		}
		cnt[l] = 0
	}
	// The states by their open runs, fewest first (the empty state is 0):
	// a search meets states of few runs most, and the relaxation's memo
	// holds a number's states in this order (hIndex), so theirs lie in a
	// few pages and cache lines rather than across the whole table.
	for runs := 0; runs <= c.maxRuns; runs++ {
		rec(1, runs)
	}
}

// stateCode is the index into code of the run counts b (b[1..m], each at
// most maxRuns).
func (c *config) stateCode(b []uint8) int {
	k := 0
	for l := c.m; l >= 1; l-- {
		k = k*(c.maxRuns+1) + int(b[l])
	}
	return k
}

// state is the colour state of the run counts b.
func (c *config) state(b []uint8) uint16 {
	if c.code != nil {
		return c.code[c.stateCode(b)]
	}
	return c.index[string(b)]
}

// genScratch is what genMoves reuses from state to state: building the
// tables is most of a fresh process's first solve, and its allocations most
// of the building.
type genScratch struct {
	seen     seenSet
	list     []move
	details  []moveDetail
	prefixes []uint8
	grown, b []uint8
	sorted   []move
	fits     fitArena
}

// seenSet is a set of words, emptied in O(1): the moves of one state met
// so far (a map costs building the tables a fifth more).
type seenSet struct {
	keys []uint64
	tags []uint32 // a key is in the set when its tag is gen
	gen  uint32
	n    int
}

func (h *seenSet) reset() {
	if h.keys == nil {
		h.keys, h.tags = make([]uint64, 512), make([]uint32, 512)
	}
	h.gen++
	h.n = 0
}

// add adds k, and reports whether it was not in the set yet.
func (h *seenSet) add(k uint64) bool {
	if 2*(h.n+1) > len(h.keys) {
		keys, tags, gen := h.keys, h.tags, h.gen
		h.keys, h.tags, h.gen, h.n = make([]uint64, 2*len(keys)), make([]uint32, 2*len(keys)), 1, 0
		for i, t := range tags {
			if t == gen {
				h.add(keys[i])
			}
		}
	}
	mask := uint64(len(h.keys) - 1)
	for i := hash(k) & mask; ; i = (i + 1) & mask {
		if h.tags[i] != h.gen {
			h.keys[i], h.tags[i] = k, h.gen
			h.n++
			return true
		}
		if h.keys[i] == k {
			return false
		}
	}
}

// genMoves lists the moves of colour state s; false if there are too many.
func (c *config) genMoves(s int, sc *genScratch) bool {
	a := c.counts[s]
	incomplete := 0
	for l := 1; l < c.m; l++ {
		incomplete += int(a[l])
	}
	// a move is known by what the search sees of it, packed in a word
	if sc.grown == nil {
		sc.grown, sc.b = make([]uint8, c.m+1), make([]uint8, c.m+1)
		sc.prefixes = make([]uint8, 0, c.copies)
	}
	sc.seen.reset()
	list, details := sc.list[:0], sc.details[:0]
	prefixes := sc.prefixes[:0]
	// the state after the incomplete runs grow, before the complete ones
	// extended and the new runs
	grown := sc.grown
	clear(grown)
	for l := 1; l < c.m; l++ {
		grown[min(l+1, c.m)] += a[l]
	}
	b := sc.b
	var emit = func(extend, virt, realExt int) {
		copy(b, grown)
		b[c.m] += uint8(extend)
		jok, tri, minN := virt, 0, 1
		for _, p := range prefixes {
			b[min(int(p)+1, c.m)]++
			jok += int(p)
			tri += int(p) * (int(p) + 1) / 2
			minN = max(minN, int(p)+1)
		}
		runs := 0
		for _, k := range b {
			runs += int(k)
		}
		if runs > c.maxRuns || jok > c.jokers {
			return
		}
		mv := move{next: c.state(b), reals: uint8(realExt + len(prefixes)),
			jokers: uint8(jok), minN: uint8(minN), tri: uint8(tri)}
		k := uint64(mv.next) | uint64(mv.reals)<<16 | uint64(mv.jokers)<<24 |
			uint64(mv.minN)<<32 | uint64(mv.tri)<<40
		if !sc.seen.add(k) {
			return
		}
		mv.detail = uint16(len(details))
		details = append(details, moveDetail{extend: uint8(extend), virtExt: uint8(virt),
			npfx: uint8(len(prefixes)), pfx: uint32(len(c.pfxArena))})
		c.pfxArena = append(c.pfxArena, prefixes...)
		list = append(list, mv)
	}
	// new runs: prefixes in non-increasing order, so each multiset comes once
	var starts func(left, maxP, jokLeft, extend, virt, realExt int)
	starts = func(left, maxP, jokLeft, extend, virt, realExt int) {
		emit(extend, virt, realExt)
		if left == 0 {
			return
		}
		for p := min(maxP, jokLeft, c.numbers-1); p >= 0; p-- {
			prefixes = append(prefixes, uint8(p))
			starts(left-1, p, jokLeft-p, extend, virt, realExt)
			prefixes = prefixes[:len(prefixes)-1]
		}
	}
	for e := 0; e <= int(a[c.m]); e++ {
		ext := incomplete + e
		for virt := 0; virt <= min(ext, c.jokers); virt++ {
			realExt := ext - virt
			if realExt > c.copies {
				continue
			}
			starts(c.copies-realExt, c.jokers, c.jokers-virt, e, virt, realExt)
		}
	}
	sc.list, sc.details = list, details
	if len(list) > 1<<16 {
		return false // the moves would not fit their uint16 indexes
	}
	// Fewest jokers first (the search stops at the jokers left); then the
	// moves that use the most real tiles, which find good plays early. A
	// stable counting sort: jokers and real tiles are small numbers.
	keys := (c.jokers + 1) * (c.copies + 1)
	var countBuf [512]int
	var count []int
	if keys+1 <= len(countBuf) {
		count = countBuf[:keys+1]
	} else {
		count = make([]int, keys+1)
	}
	key := func(mv *move) int { return int(mv.jokers)*(c.copies+1) + c.copies - int(mv.reals) }
	for i := range list {
		count[key(&list[i])+1]++
	}
	for k := 1; k <= keys; k++ {
		count[k] += count[k-1]
	}
	sorted := slices.Grow(sc.sorted[:0], len(list))[:len(list)] // (addState copies it)
	sc.sorted = sorted
	for i := range list {
		k := key(&list[i])
		sorted[count[k]] = list[i]
		count[k]++
	}
	for i := range sorted {
		sorted[i].idx = uint16(i)
	}
	c.addState(sorted, slices.Clone(details), &sc.fits)
	return true
}

// addState appends the next colour state's moves (sorted, as genMoves sorts
// them) and their details, and lists the moves that fit each count of real
// tiles (fit, fitEnd), which derive from the moves, in room taken from fa.
func (c *config) addState(sorted []move, details []moveDetail, fa *fitArena) {
	c.details = append(c.details, details)
	// fit[a]: the moves with at most a real tiles, one after another
	total := 0
	for i := range sorted {
		total += c.copies + 1 - int(sorted[i].reals)
	}
	back := fa.moves(total)
	ends := fa.ends((c.copies + 1) * (c.jokers + 1))
	at := 0
	for a := range c.copies + 1 {
		from := at
		for _, mv := range sorted {
			if int(mv.reals) <= a {
				back[at] = mv
				at++
			}
		}
		fit := back[from:at:at]
		end := ends[a*(c.jokers+1) : (a+1)*(c.jokers+1) : (a+1)*(c.jokers+1)]
		for _, mv := range fit { // the moves of each count of jokers, then the sums
			end[mv.jokers]++
		}
		for j := 1; j < len(end); j++ {
			end[j] += end[j-1]
		}
		c.fit = append(c.fit, fit)
		c.fitEnd = append(c.fitEnd, end)
	}
	// every move takes at most copies real tiles: the last list is them all
	c.moves = append(c.moves, c.fit[len(c.fit)-1])
}

// fitArena hands out the room of a shape's fit lists as it is built, a
// few allocations for all its states rather than two for each.
type fitArena struct {
	mv  []move
	end []uint16
}

func (fa *fitArena) moves(n int) []move  { return carve(&fa.mv, n) }
func (fa *fitArena) ends(n int) []uint16 { return carve(&fa.end, n) }

// carve takes n entries from the front of *room, first allocating more
// (fitChunk at least) when it holds fewer.
func carve[T any](room *[]T, n int) []T {
	if len(*room) < n {
		*room = make([]T, max(n, fitChunk))
	}
	out := (*room)[:n:n]
	*room = (*room)[n:]
	return out
}

// fitChunk is the least room carve allocates: a thousand moves, a few
// states' fit lists on the biggest printed box.
const fitChunk = 1024

// genProfiles enumerates the profiles and fills the tables on them.
func (c *config) genProfiles() {
	profIdx := map[string]uint16{} // (only while building)
	cnt := make([]uint8, c.copies+1)
	var rec func(v, left int)
	rec = func(v, left int) {
		if v > c.copies {
			cp := slices.Clone(cnt)
			profIdx[string(cp)] = uint16(len(c.profs))
			c.profs = append(c.profs, cp)
			return
		}
		for k := 0; k <= left; k++ {
			cnt[v] = uint8(k)
			rec(v+1, left-k)
		}
		cnt[v] = 0
	}
	rec(1, c.colors)
	np := len(c.profs)
	c.profNext = make([][]uint16, np)
	for p, cnt := range c.profs {
		c.profNext[p] = make([]uint16, c.copies+1)
		total := 0
		for _, k := range cnt {
			total += int(k)
		}
		for v := 0; v <= c.copies; v++ {
			nx := slices.Clone(cnt)
			if v > 0 {
				if total == c.colors {
					c.profNext[p][v] = noProf
					continue
				}
				nx[v]++
			}
			c.profNext[p][v] = profIdx[string(nx)]
		}
	}
	jk := c.jokers + 1
	c.groupProf = make([]bool, np*jk)
	c.groupProfPlain = make([]bool, np*jk)
	for p, cnt := range c.profs {
		var g [4]int
		col := 0
		for v := 1; v <= c.copies; v++ {
			for range cnt[v] {
				g[col] = v
				col++
			}
		}
		for j := range jk {
			c.groupProf[p*jk+j] = c.planGroups(g, j, true, nil)
			c.groupProfPlain[p*jk+j] = c.planGroups(g, j, false, nil)
		}
	}
	// profOK colour by colour still to come: first[q] is the value of one
	// colour of q, rest[q] q without it
	first := make([]int, np)
	rest := make([]int, np)
	for q, cnt := range c.profs {
		for v := 1; v <= c.copies; v++ {
			if cnt[v] > 0 {
				first[q] = v
				r := slices.Clone(cnt)
				r[v]--
				rest[q] = int(profIdx[string(r)])
				break
			}
		}
	}
	// q after rest[q], which has a colour fewer: the profiles by their
	// colours, fewest first
	order := make([]int, np)
	colours := make([]int, np)
	for q, cnt := range c.profs {
		order[q] = q
		for _, k := range cnt[1:] {
			colours[q] += int(k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return colours[a] - colours[b] })
	c.profOK, c.maxGroup = c.genOK(c.groupProf, order, first, rest, profIdx)
	c.profOKPlain, c.maxGroupPlain = c.genOK(c.groupProfPlain, order, first, rest, profIdx)
}

// genOK makes profOK and maxGroup of a table of groups (groupProf or
// groupProfPlain), the profiles in order, fewest colours first.
func (c *config) genOK(groupProf []bool, order, first, rest []int, profIdx map[string]uint16) ([]bool, []uint8) {
	np, jk := len(c.profs), c.jokers+1
	profOK := make([]bool, np*np*jk)
	for _, q := range order {
		for p := range np {
			for j := range jk {
				res := false
				if first[q] == 0 {
					for jg := 0; jg <= j && !res; jg++ {
						res = groupProf[p*jk+jg]
					}
				} else {
					r := rest[q]
					for g := 0; g <= first[q] && !res; g++ {
						if nx := c.profNext[p][g]; nx != noProf {
							res = profOK[(int(nx)*np+r)*jk+j]
						}
					}
				}
				profOK[(p*np+q)*jk+j] = res
			}
		}
	}
	maxGroup := make([]uint8, np*(c.copies+1)*jk)
	for p, cnt := range c.profs {
		for v := 1; v <= c.copies; v++ {
			if cnt[v] == 0 {
				continue
			}
			rest := slices.Clone(cnt)
			rest[v]--
			q := int(profIdx[string(rest)])
			for j := range jk {
				for g := v; g > 0; g-- {
					if profOK[(int(c.profNext[0][g])*np+q)*jk+j] {
						maxGroup[(p*(c.copies+1)+v)*jk+j] = uint8(g)
						break
					}
				}
			}
		}
	}
	return profOK, maxGroup
}

// genCross fills crossOK for wrap: after the last number, state s must hold
// the crossing runs o (the same capped lengths) and complete runs besides.
func (c *config) genCross() {
	ns := len(c.counts)
	c.crossOK = make([]bool, ns*ns)
	for s := range ns {
		for o := range ns {
			ok := true
			for l := 1; l <= c.m; l++ {
				have, want := c.counts[s][l], c.counts[o][l]
				if have < want || (l < c.m && have != want) {
					ok = false
				}
			}
			c.crossOK[s*ns+o] = ok
		}
	}
}

// noProf: no such profile (a colour more than the box has).
const noProf = 1<<16 - 1
