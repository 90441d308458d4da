package solve

import "math"

// The bound. A state's future gain is at most the sum, over colours, of what
// each colour could gain on its own: runs exactly as the rules want them,
// while any tile may join a group wherever the other colours and the jokers
// could make one around it; the jokers left are shared out between the
// colours' runs in the best way (a knapsack over a handful of jokers), and
// each joker is counted at its highest weight. The relaxation is solved
// lazily, one colour at a time, by the same moves as the search; a colour
// whose open runs cannot be completed makes the bound neg at once, which cuts
// most dead ends numbers before the search meets them.

// colourBound returns the best gain of colour c from number n on, starting
// from colour state st with jl jokers to spend in its runs and at most J
// jokers left for groups, in the relaxation; neg when its runs cannot be
// completed.
func (rx *relaxation) colourBound(c, n int, st uint16, jl, J int) int32 {
	if e := rx.hmemo[rx.hIndex(c, n, st, jl, J)]; e.gen == rx.hcur {
		return e.val
	}
	return rx.computeBound(c, n, st, jl, J)
}

// computeBound works out colourBound when the memo does not have it. It runs
// once for every state the relaxation meets, a few hundred times even in a
// small problem, where it is most of the work: hence the tables resetBound
// prepares, the entry's index worked out once, and the memo read inline
// rather than through colourBound. It is the best gain of colour c from
// number n on, in state st with jl jokers, over the moves at n: the move's
// gain at n (the relaxation's gains, priced once there are prices) and the
// best from n+1 on after it.
//
// Its body is tuned to the build meldlab makes, with its profile
// (cmd/meldlab/default.pgo): the profile has the compiler inline the
// recursive call below once into itself, and it finds that call by its
// line counted from the func line, so an edit that moves the line loses the
// inlining until the profile is made again (go build
// -pgo=cmd/meldlab/default.pgo -gcflags=-m ./core/solve tells). Edits that
// kept it and loaded less still came out slower, as sidebyside -cli
// measured their medians (issue 47, item 7): the moves packed in 4 bytes,
// their lists in one array (2-6%); the lists alone in one array (2% on the
// original corpus); the memo and its stride read once before the loop (5%:
// they live across the recursive call, so each costs a spill and a reload).
func (rx *relaxation) computeBound(c, n int, st uint16, jl, J int) int32 {
	if !rx.lag {
		if n >= int(rx.bare[c]) {
			return rx.bareBound(c, n, st, jl, J)
		}
		if jl > 0 {
			// one joker less may gain all there is to gain already: then
			// more jokers gain no more (see ceil)
			if v := rx.colourBound(c, n, st, jl-1, J); v == rx.ceil[n][c] {
				rx.hmemo[rx.hIndex(c, n, st, jl, J)] = hentry{gen: rx.hcur, val: v}
				return v
			}
		}
	}
	idx := rx.hIndex(c, n, st, jl, J)
	cur := rx.hcur
	switch {
	case n > rx.N:
		// (pastEnd, written out: computeBound is most of a common solve's
		// work, and the call inlined made it 3% longer)
		val := neg
		if rx.cfg.wrap {
			// the runs left open must be the crossing runs guessed for
			// this colour, and complete runs besides
			if rx.cfg.crossOK[int(st)*len(rx.cfg.counts)+int(rx.crossSt[c])] {
				val = 0
			}
		} else if rx.cfg.complete[st] {
			val = 0
		}
		rx.hmemo[idx] = hentry{gen: cur, val: val}
		return val
	case st == 0 && n > int(rx.lastTile[c]):
		rx.hmemo[idx] = hentry{gen: cur, val: 0}
		return 0 // nothing open and no tile to come
	}
	cfg := rx.cfg
	gains := rx.gainsAt(J, n, c)
	// the entries of number n+1 for this colour, from jl jokers down
	base := idx + rx.hStrideN - int(st)*rx.hStrideS
	best := neg
	top := int32(math.MaxInt32)
	if !rx.lag {
		top = rx.ceil[n][c]
	}
	fi := int(st)*(cfg.copies+1) + int(rx.avail[n][c])
	mvs := cfg.fit[fi][:cfg.fitEnd[fi][jl]]
	for k := range mvs {
		m := &mvs[k]
		gain := gains[m.reals&15] // (a move's real tiles are at most the copies: the mask only spares a bounds check)
		if gain == neg || int(m.minN) > n {
			continue
		}
		rest := neg
		if e := rx.hmemo[base+int(m.next)*rx.hStrideS-int(m.jokers)]; e.gen == cur {
			rest = e.val
		} else {
			rest = rx.computeBound(c, n+1, m.next, jl-int(m.jokers), J)
		}
		if rest != neg {
			best = max(best, gain+rest)
			if best == top {
				break // no move gains more (see ceil)
			}
		}
	}
	rx.hmemo[idx] = hentry{gen: cur, val: best}
	return best
}

// pastEnd is colour c's value past the last number in state st: 0 if its
// runs left open may end there, neg if not.
func (rx *relaxation) pastEnd(c int, st uint16) int32 {
	if rx.cfg.wrap {
		// the runs left open must be the crossing runs guessed for this
		// colour, and complete runs besides
		if rx.cfg.crossOK[int(st)*len(rx.cfg.counts)+int(rx.crossSt[c])] {
			return 0
		}
	} else if rx.cfg.complete[st] {
		return 0
	}
	return neg
}

// gainsAt is the relaxation's gains of colour c at number n with at most J
// jokers for groups: priced, once there are prices.
func (rx *relaxation) gainsAt(J, n, c int) *[16]int32 {
	return &rx.gsrc[J&15][n&15][c&3] // (the masks only spare bounds checks)
}

// pointGains points gsrc at the gains in use: priced once there are
// prices (lag), plain before, for each number of jokers for groups.
func (rx *relaxation) pointGains() {
	src := rx.plain
	if rx.lag {
		src = rx.gains
	}
	for J := range rx.gsrc {
		rx.gsrc[J] = &src[min(J&rx.jMask, len(src)-1)] // (J is never above jdim-1)
	}
}

// gainTable is the relaxation's gains for one number of jokers left for
// groups: [n][c][r], colour c at number n with r real tiles in its runs
// (numbers 0..maxN+1, and one more so that a number's index needs no
// bounds check).
type gainTable = [16][4][16]int32

// negGains is a row of gains with no move possible, which fillGains
// starts every row from.
var negGains = func() (g [16]int32) {
	for r := range g {
		g[r] = neg
	}
	return g
}()

// hentry is a value of the relaxation, valid in the generation gen.
type hentry struct {
	gen uint32
	val int32
}

func (rx *relaxation) hIndex(c, n int, st uint16, jl, J int) int {
	return rx.hCol[c&3] + n*rx.hStrideN + int(st)*rx.hStrideS + (J&rx.jMask)*rx.hStrideJ + jl
}

// guessBound sets the crossing runs guessed for colour c (wrap): a colour's
// relaxation depends on its guess, so each guess has its own part of the
// relaxation's memo, and a guess met again finds its values there.
func (rx *relaxation) guessBound(c int, st uint16) {
	rx.crossSt[c] = st
	rx.hCol[c] = int(st)*rx.hStrideG + c*rx.hStrideC
	if rx.guessInKey {
		rx.guessKey = 0
		for o := range rx.C {
			rx.guessKey |= uint64(rx.crossSt[o]) << rx.gShift[o]
		}
	}
}

const maxSplit = 1 << 22 // 32 MB

// layout sizes and empties the relaxation's memo for jdim.
func (rx *relaxation) layout() {
	cfg := rx.cfg
	rx.hStrideJ = cfg.jokers + 1
	rx.hStrideS = rx.jdim * rx.hStrideJ
	// the jokers for groups told apart: J itself (never above the jokers in
	// play, jdim-1), or none (0) with one part
	rx.jMask = 0
	if rx.jdim > 1 {
		rx.jMask = 15
	}
	rx.hStrideN = len(cfg.counts) * rx.hStrideS
	rx.hStrideC = (rx.N + 2) * rx.hStrideN
	rx.hStrideG = rx.C * rx.hStrideC
	for c := range rx.hCol {
		rx.hCol[c] = c * rx.hStrideC // (no guess yet: wrap)
	}
	if cap(rx.gains) < rx.jdim {
		rx.gains = make([]gainTable, rx.jdim)
		rx.plain = make([]gainTable, rx.jdim)
	}
	rx.gains, rx.plain = rx.gains[:rx.jdim], rx.plain[:rx.jdim]
	rx.pointGains()
	size := rx.hSize(rx.jdim)
	if cap(rx.hmemo) < size {
		rx.hmemo = make([]hentry, size)
		rx.hcur, rx.hmax = 0, 0
	}
	rx.hmemo = rx.hmemo[:size]
	rx.nextGen()
	rx.flat.ok = false
}

// hSize is the entries of the relaxation's memo telling jdim numbers of
// jokers left apart: colour, number, state, jokers left, jokers to spend, and
// with wrap each guess of the crossing runs.
func (lay *problemLayout) hSize(jdim int) int {
	size := lay.C * (lay.N + 2) * len(lay.cfg.counts) * jdim * (lay.cfg.jokers + 1)
	if lay.cfg.wrap {
		size *= len(lay.cfg.counts)
	}
	return size
}

// splitJokers makes the relaxation tell apart the jokers left for groups:
// without them a colour's lone tiles group nowhere, but they multiply its
// states, so only hard problems pay for it, only with params.splitFrom
// jokers in play or more (with one or two, the dense corpus's p99 is 9-17%
// shorter and its worst half without it: docs/solver-journal.md), and only
// while its memo stays within maxSplit entries (with wrap, each guess of the
// crossing runs has its own part: the XP box's would take 170 MB).
func (rx *relaxation) splitJokers() {
	cfg := rx.cfg
	if rx.jdim > 1 || cfg.jokers == 0 || cfg.jokers < rx.prm.splitFrom || rx.prm.noSplit {
		return
	}
	if rx.hSize(cfg.jokers+1) > maxSplit {
		return
	}
	rx.jdim = rx.cfg.jokers + 1
	rx.layout()
	rx.fillGains(rx.plain)
	rx.ceilGains()
	if rx.lag {
		rx.fillGains(rx.gains)
	}
}

// fillGains works out the gains into out, with the prices (s.price) of the
// group tiles: for r real tiles in runs, the rest in groups, as many as
// groups can take with the jokers left for them (out[J]) or as few as the
// tiles that must go down allow, whichever gains more (the gain is linear
// in the tiles grouped; grouped works that number out again). A move
// without room for the tiles that must go down is never followed, so the
// states only it leads to are never worked out.
func (rx *relaxation) fillGains(out []gainTable) {
	cfg := rx.cfg
	jk := cfg.jokers + 1
	for ji := range rx.jdim {
		J := ji
		if rx.jdim == 1 {
			J = cfg.jokers
		}
		for n := 1; n <= rx.N; n++ {
			_, _, maxGroup := cfg.groupTables(rx.face(n))
			all := int(rx.availProf[n][0]) * (cfg.copies + 1)
			for c := range rx.C {
				a, t := int(rx.avail[n][c]), int(rx.must[n][c])
				w, price := rx.wt[n][c], rx.price[n][c]
				gains := &out[ji][n][c]
				*gains = negGains
				if a == 0 {
					gains[0] = 0 // no tile: none in runs, none in groups
					continue
				}
				mg := int(maxGroup[(all+a)*jk+J])
				for r := range a + 1 {
					lo, hi := max(0, t-r), min(a-r, mg)
					if lo > hi {
						continue
					}
					// the gain is (r-t)w + g(w+price), g the tiles grouped
					g := hi
					if w+price < 0 {
						g = lo
					}
					gains[r] = int32(r+g-t)*w + int32(g)*price
				}
			}
		}
	}
}

// grouped is the tiles colour c sends to groups at number n, with r real
// tiles in its runs, in the relaxation's gains in use (gainsAt) for J jokers
// for groups: the choice fillGains made.
func (rx *relaxation) grouped(J, n, c, r int) int {
	cfg := rx.cfg
	if rx.jdim == 1 {
		J = cfg.jokers
	}
	a, t := int(rx.avail[n][c]), int(rx.must[n][c])
	all := int(rx.availProf[n][0]) * (cfg.copies + 1)
	_, _, maxGroup := cfg.groupTables(rx.face(n))
	lo, hi := max(0, t-r), min(a-r, int(maxGroup[(all+a)*(cfg.jokers+1)+J]))
	price := int32(0)
	if rx.lag {
		price = rx.price[n][c]
	}
	if rx.wt[n][c]+price < 0 {
		return lo
	}
	return hi
}

// resetBound sizes and empties the relaxation's memo for this problem, and
// works out the gain of each colour at each number by the real tiles its runs
// take there.
func (s *solver) resetBound() {
	s.jdim = 1
	s.crossSt = [4]uint16{} // no guess yet (wrap)
	s.layout()
	s.lastTile = [4]uint8{}
	s.bare = [4]uint8{1, 1, 1, 1}
	for n := 1; n <= s.N; n++ {
		for c := range s.C {
			if s.avail[n][c] > 0 {
				s.lastTile[c] = uint8(n)
			}
			if s.avail[n][c] > s.must[n][c] {
				s.bare[c] = uint8(n + 1)
			}
		}
	}
	if s.prm.noBare {
		s.bare = [4]uint8{255, 255, 255, 255} // (past every number)
	}
	s.mu = [maxN + 2][4]int32{}
	s.price = [maxN + 2][4]int32{}
	s.fillGains(s.plain)
	s.ceilGains()
	s.lag, s.topsOn, s.priced = false, false, false
	s.pointGains()
	s.mmax = [maxN + 3]int32{}
}

// nodeBound is the bound of a search node: colours below c are past number n.
// The jokers left are shared out between the colours in the best way.
func (rx *relaxation) nodeBound(nd *node) int32 {
	jl := rx.jTotal - int(nd.j)
	if jl == 0 {
		sum := int32(0)
		for c := range rx.C {
			h := rx.colourAt(c, int(nd.n), int(nd.c), nd.cs[c], 0, 0)
			if h == neg {
				return neg
			}
			sum += h
		}
		return sum
	}
	var best [16]int32 // best[b]: the colours so far with b jokers between them
	for c := range rx.C {
		rx.share(&best, c == 0, c, int(nd.n), int(nd.c), nd.cs[c], jl)
	}
	rx.groupJokers(&best, jl, int(nd.n)) // a root: no joker has joined a group at n yet
	if best[jl] == neg {
		return neg
	}
	return best[jl] + int32(jl)*rx.jwMax
}

// share adds colour c, from number n in state st, to out: out[b] becomes the
// best bound of the colours so far and c with at most b <= jl jokers between
// them (neg where they cannot all complete their runs). With first, c is the
// first colour: out is only written. Each of c's values is read once, not
// once for every share.
func (rx *relaxation) share(out *[16]int32, first bool, c, n, at int, st uint16, jl int) {
	var h [16]int32 // c's bound by the jokers it gets
	for k := range jl + 1 {
		h[k] = rx.colourAt(c, n, at, st, k, jl)
	}
	if first {
		for k := 1; k <= jl; k++ { // b jokers at most, not exactly
			h[k] = max(h[k], h[k-1])
		}
		*out = h
		return
	}
	var cur [16]int32
	for b := 0; b <= jl; b++ {
		cur[b] = neg
		for k := 0; k <= b; k++ {
			if h[k] != neg && out[b-k] != neg {
				cur[b] = max(cur[b], out[b-k]+h[k])
			}
		}
	}
	*out = cur
}

// othersBound fills out[b], for b jokers, with the bound of every colour but
// c of the frame's node (colours below c past its number), sharing the b
// jokers out between them; neg where they cannot all complete their runs.
func (rx *relaxation) othersBound(f *frame, jl int, out *[16]int32) {
	fc, fn := int(f.c), int(f.n)
	if jl == 0 { // the common case: a plain sum
		sum := int32(0)
		for o := range rx.C {
			if o == fc {
				continue
			}
			h := rx.colourAt(o, fn, fc+1, f.cs[o], 0, 0)
			if h == neg {
				out[0] = neg
				return
			}
			sum += h
		}
		out[0] = sum
		return
	}
	first := true
	for o := range rx.C {
		if o == fc {
			continue
		}
		rx.share(out, first, o, fn, fc+1, f.cs[o], jl)
		first = false
	}
	if first { // one colour: the others gain nothing
		for b := range jl + 1 {
			out[b] = 0
		}
	}
	// the jokers may still join groups at n unless c is the last colour
	if fc == rx.C-1 {
		fn++
	}
	rx.groupJokers(out, jl, fn)
}

// groupJokers adds to out (see share) the jokers that join groups at the
// numbers from n on, each gaining what the multipliers give it there.
func (rx *relaxation) groupJokers(out *[16]int32, jl, n int) {
	bonus := rx.mmax[n]
	if bonus == 0 {
		return
	}
	for b := jl; b > 0; b-- {
		for k := 1; k <= b; k++ {
			if out[b-k] != neg {
				out[b] = max(out[b], out[b-k]+int32(k)*bonus)
			}
		}
	}
}

// colourAt is the bound of colour c at a node before colour at of number n:
// a colour below at is past n.
func (rx *relaxation) colourAt(c, n, at int, st uint16, jl, J int) int32 {
	if c < at {
		n++
	}
	return rx.colourBound(c, n, st, jl, J)
}

// bareBound is computeBound where colour c has no rack tile from number n
// on and the gains are not priced: no move there gains anything (every tile
// is the table's, and goes down), so colourBound is 0 where the colour's
// runs can be completed with the jokers it is given and neg where they
// cannot, and that depends on jl only through the fewest jokers they need
// (bareNeed). The values for every number of jokers come from that one
// number, each worked out once rather than by a recursion of its own: on
// the fresh corpora four states of the relaxation in ten lie past a
// colour's last rack tile.
func (rx *relaxation) bareBound(c, n int, st uint16, jl, J int) int32 {
	if jl >= rx.bareNeed(c, n, st, J) {
		return 0
	}
	return neg
}

// bareJokers is the most jokers a colour's runs may be given at J jokers
// for groups: J itself where the relaxation tells those apart, else every
// joker in play.
func (rx *relaxation) bareJokers(J int) int {
	if rx.jdim > 1 {
		return J
	}
	return rx.jTotal
}

// bareNeed is the fewest jokers colour c needs from number n on in state st
// to complete its runs (see bareBound), bareJokers(J)+1 if no number of
// them will do; it fills the memo's entries of the state for every jl from
// 0 to bareJokers(J) (0 or neg each), and reads it back from them.
func (rx *relaxation) bareNeed(c, n int, st uint16, J int) int {
	B := rx.bareJokers(J)
	idx := rx.hIndex(c, n, st, 0, J)
	cur := rx.hcur
	hm := rx.hmemo[idx : idx+B+1 : idx+B+1]
	known := true
	for _, e := range hm {
		known = known && e.gen == cur
	}
	if known {
		for k, e := range hm {
			if e.val != neg {
				return k
			}
		}
		return B + 1
	}
	need := B + 1
	switch {
	case n > rx.N:
		if rx.pastEnd(c, st) == 0 {
			need = 0
		}
	case st == 0 && n > int(rx.lastTile[c]):
		need = 0
	default:
		cfg := rx.cfg
		gains := rx.gainsAt(J, n, c)
		fi := int(st)*(cfg.copies+1) + int(rx.avail[n][c])
		mvs := cfg.fit[fi][:cfg.fitEnd[fi][B]]
		for k := range mvs {
			m := &mvs[k]
			if gains[m.reals&15] == neg || int(m.minN) > n || int(m.jokers) >= need {
				continue
			}
			need = min(need, int(m.jokers)+rx.bareNeed(c, n+1, m.next, J))
		}
	}
	for k := range hm {
		val := neg
		if k >= need {
			val = 0
		}
		hm[k] = hentry{gen: cur, val: val}
	}
	return need
}

// ceilGains works out ceil, the most colour c can gain from number n on in
// the plain gains: its best gain at each number (for any number of jokers
// for groups), added up. A state of the relaxation worth that much is worth
// no more with more jokers, nor by another move: computeBound looks no
// further. On the fresh corpora many states reached with a joker to spend
// are worth their ceiling without it, and the states a solve works out
// fall from 825 to 383 a problem (original), 1,731 to 611 (XP) and 1,307
// to 483 (dense); bareBound had taken them from 1,007, 2,224 and 1,444.
// With params.noCeil the ceilings are out of reach.
func (rx *relaxation) ceilGains() {
	for c := range rx.C {
		rx.ceil[rx.N+1][c] = 0
		for n := rx.N; n >= 1; n-- {
			best := int32(0)
			a := int(rx.avail[n][c]) // (no more real tiles in its runs: the rest are neg)
			for J := range rx.plain {
				for _, g := range rx.plain[J][n][c][:a+1] {
					best = max(best, g)
				}
			}
			rx.ceil[n][c] = rx.ceil[n+1][c] + best
			if rx.prm.noCeil {
				rx.ceil[n][c] = math.MaxInt32
			}
		}
	}
}
