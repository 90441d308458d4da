package solve

// The relaxation at the root, laid out flat for the prices' steps.
//
// Each subgradient step (tighten) changes the gains, and so every value of
// the relaxation: rootLag works it out again from the root, every state a
// colour can reach (a few hundred to a few thousand), four to twenty times
// a search on a hard problem, where that was a third of the work (callgrind,
// the original corpus's 97th to 99.5th percentile). Which states it meets,
// and which moves lead from each to which, depends on the problem's tiles
// and not on the prices (a move is never followed for the same reason
// whatever the prices: no room for the tiles that must go down, fillGains),
// so the step after a search's first lays them out once, number by number,
// and every step after it works their values out in one pass over three
// arrays, from the last state back, rather than by computeBound's recursion
// through the memo: half the instructions. A step's values stay in vals,
// where rootLag (flatRoot) and traceFlat read them, and a step works out
// only the numbers up to the highest whose prices it changed (flatTop); the
// values of the prices the steps keep go into the memo too, where the
// search looks them up. They are the recursion's values, so the search is
// the same (params.noFlat switches all of it off, and
// TestFlatRelaxationMatchesRecursion holds the two to the same values).
type flatRelax struct {
	nodes []flatNode
	edges []flatEdge
	vals  []int64      // by node, the pass's values (none: below flatFloor)
	from  [5]int32     // colour c's nodes are from[c]..from[c+1]
	root  [4][16]int32 // colour c's node at the root with jl jokers
	// level[c][n]: colour c's first node of number n or above (its nodes
	// go number by number), for passes that leave the numbers above one
	level [4][maxN + 3]int32
	// the prices of the values in vals, and whether they were priced (lag)
	mu    [maxN + 2][4]int32
	lag   bool
	gen   [4]uint32 // the memo's generation of colour c's values in vals
	J     int       // the jokers for groups they were laid out for
	cross [4]uint16
	ok    bool // laid out for the relaxation's layout in use (layout clears it)
}

// flatNode is a state of one colour's relaxation, (n, st, jl): its entry in
// the memo and its moves (edges e0..e1); with no move, its value is fixed
// (past the last number or the colour's last tile, or no move possible).
type flatNode struct {
	fixed  int64 // flatNone, 0, or with moves flatNone
	hidx   int32
	e0, e1 int32
	n, jl  uint8
	st     uint16
}

// flatEdge is a move: the state it leads to (a node's index) times 16,
// plus the real tiles its runs take, whose gain the pass reads in the gains
// in use.
type flatEdge uint32

// flatNone is the pass's value of a state whose runs cannot be completed:
// so far below any value that the gains added to it along a colour's
// numbers (each below 2^30, at most maxN+1 of them) stay below flatFloor,
// above which every real value lies. So the pass takes the best of a
// state's moves with no test, and only what reads a value asks whether it
// is real (flatReal). (neg, a value of the memo, is not that far below.)
const (
	flatNone  = int64(-1) << 62
	flatFloor = int64(-1) << 61
)

// flatReal reports whether v, a value of the pass, is one (not none).
func flatReal(v int64) bool { return v > flatFloor }

// layFlat lays out every state of the relaxation that the root reaches,
// with J jokers for groups, colour by colour, number by number (so that a
// colour's states come after those that lead to them), and then works out
// their values with the gains in use, into the memo. It marks the states it
// has met in the memo under a generation of its own (an entry's value is
// then its node), so it must run where the memo holds nothing worth
// keeping: right after the prices changed, or where it holds none of the
// relaxation's values (tighten). Like rootLag, it looks at the
// budget before each colour but the first, and reports false if the budget
// ran out (the memo then empty).
func (rx *relaxation) layFlat(J int) bool {
	f := &rx.flat
	f.nodes, f.edges = f.nodes[:0], f.edges[:0]
	rx.nextGen()
	cfg := rx.cfg
	for c := range rx.C {
		if c > 0 && rx.expired() {
			rx.nextGen() // (the marks are no values)
			return false
		}
		f.from[c] = int32(len(f.nodes))
		for jl := 0; jl <= J; jl++ {
			f.root[c][jl] = rx.flatState(c, 1, rx.crossSt[c], jl, J)
		}
		// each state's moves, the states they lead to added as they are
		// met: after every state of the number before
		for i := int(f.from[c]); i < len(f.nodes); i++ {
			nd := f.nodes[i]
			if nd.e0 < 0 { // no move: past the end
				f.nodes[i].e0, f.nodes[i].e1 = 0, 0
				continue
			}
			n, st, jl := int(nd.n), nd.st, int(nd.jl)
			gains := rx.gainsAt(J, n, c)
			fi := int(st)*(cfg.copies+1) + int(rx.avail[n][c])
			mvs := cfg.fit[fi][:cfg.fitEnd[fi][jl]]
			e0 := int32(len(f.edges))
			base := int(nd.hidx) + rx.hStrideN - int(st)*rx.hStrideS // (n+1, 0, jl)
			for k := range mvs {
				m := &mvs[k]
				if gains[m.reals&15] == neg || int(m.minN) > n {
					continue
				}
				var to int32
				if e := rx.hmemo[base+int(m.next)*rx.hStrideS-int(m.jokers)]; e.gen == rx.hcur {
					to = e.val // met already
				} else {
					to = rx.flatState(c, n+1, m.next, jl-int(m.jokers), J)
				}
				f.edges = append(f.edges, flatEdge(to)<<4|flatEdge(m.reals&15))
			}
			f.nodes[i].e0, f.nodes[i].e1 = e0, int32(len(f.edges))
		}
	}
	f.from[rx.C] = int32(len(f.nodes))
	for c := range rx.C {
		n := 1
		for i := f.from[c]; i < f.from[c+1]; i++ {
			for ; n <= int(f.nodes[i].n); n++ {
				f.level[c][n] = i
			}
		}
		for ; n <= rx.N+2; n++ {
			f.level[c][n] = f.from[c+1]
		}
	}
	f.J, f.cross, f.ok = J, rx.crossSt, true
	if cap(f.vals) < len(f.nodes) {
		f.vals = make([]int64, len(f.nodes), cap(f.nodes))
	}
	f.vals = f.vals[:len(f.nodes)]
	rx.nextGen()
	for c := range rx.C {
		rx.flatColour(c, true, rx.N+1)
	}
	f.mu, f.lag = rx.mu, rx.lag
	return true
}

// flatState is the node of state (n, st, jl) of colour c, added (with its
// value fixed, if it has no move) the first time it is met.
func (rx *relaxation) flatState(c, n int, st uint16, jl, J int) int32 {
	idx := rx.hIndex(c, n, st, jl, J)
	if e := rx.hmemo[idx]; e.gen == rx.hcur {
		return e.val
	}
	f := &rx.flat
	nd := flatNode{hidx: int32(idx), fixed: flatNone, n: uint8(n), jl: uint8(jl), st: st}
	switch {
	case n > rx.N:
		if rx.pastEnd(c, st) == 0 {
			nd.fixed = 0
		}
		nd.e0, nd.e1 = -1, -1
	case st == 0 && n > int(rx.lastTile[c]):
		nd.fixed = 0
		nd.e0, nd.e1 = -1, -1
	}
	k := int32(len(f.nodes))
	f.nodes = append(f.nodes, nd)
	rx.hmemo[idx] = hentry{gen: rx.hcur, val: k}
	return k
}

// flatFits reports that the relaxation is laid out for the problem as it
// stands: the jokers for groups the root has, the crossing runs guessed.
func (rx *relaxation) flatFits() bool {
	f := &rx.flat
	return f.ok && !rx.prm.noFlat && f.J == rx.jTotal && f.cross == rx.crossSt
}

// flatCurrent reports that vals holds colour c's values for the gains in
// use: laid out for the problem as it stands, and passed over since the
// memo's generation began.
func (rx *relaxation) flatCurrent(c int) bool {
	return rx.flatFits() && rx.flat.gen[c] == rx.hcur
}

// traceFlat is traceColour on the values of the last pass, if they are
// colour c's values now (false if not): it follows colour c's best path from
// the root with jl jokers, and notes the tiles it sends to groups. Of moves
// as good, it takes the first, as traceColour does.
func (rx *relaxation) traceFlat(c, jl int, x *[maxN + 2][4]uint8) bool {
	f := &rx.flat
	if !rx.flatCurrent(c) {
		return false
	}
	gt := rx.gsrc[f.J&15]
	J := min(rx.jTotal, rx.jdim-1)
	i := f.root[c][jl&15]
	for {
		nd := &f.nodes[i]
		if nd.e0 == nd.e1 {
			return true
		}
		g := &gt[nd.n&15][c&3]
		next := int32(-1)
		for _, e := range f.edges[nd.e0:nd.e1] {
			if r := f.vals[e>>4]; flatReal(r) && int64(g[e&15])+r == f.vals[i] {
				x[nd.n][c] = uint8(rx.grouped(J, int(nd.n), c, int(e&15)))
				next = int32(e >> 4)
				break
			}
		}
		if next < 0 {
			return true // (no play: the root's value is none)
		}
		i = next
	}
}

// flatColour works out colour c's values in the relaxation with the gains in
// use, every state the root reaches, into vals, and into the memo if
// toMemo; only those of numbers up to top, if the others in vals are
// still those of the gains in use.
func (rx *relaxation) flatColour(c int, toMemo bool, top int) {
	f := &rx.flat
	from := f.from[c]
	hmemo := rx.hmemo
	if !toMemo {
		hmemo = nil
	}
	to := f.level[c][top+1]
	flatPass(f.nodes[from:to], f.edges, f.vals[from:], f.vals, hmemo, rx.gsrc[f.J&15], c, rx.hcur)
	f.gen[c] = rx.hcur
}

// flatTop is the highest number whose values in vals are no longer those
// of the gains in use: the highest whose prices changed since the pass
// that worked them out (s.N+1, all of them, where that pass is not known
// to have been whole).
func (rx *relaxation) flatTop() int {
	f := &rx.flat
	for c := range rx.C {
		if f.gen[c] != f.gen[0] {
			return rx.N + 1 // a pass cut short
		}
	}
	if f.lag != rx.lag {
		return rx.N + 1
	}
	for n := rx.N; n >= 1; n-- {
		if f.mu[n] != rx.mu[n] {
			return n
		}
	}
	return 0
}

// flatRoot is colour c's value at the root with jl jokers, as
// colourBound(c, 1, its guess, jl, the jokers in play) has it, if the last
// pass worked it out with the gains in use (ok).
func (rx *relaxation) flatRoot(c, jl int) (v int32, ok bool) {
	f := &rx.flat
	if !rx.flatCurrent(c) {
		return neg, false
	}
	if x := f.vals[f.root[c][jl&15]]; flatReal(x) {
		return int32(x), true
	}
	return neg, true
}

// flatToMemo writes the values of the last pass into the memo, as
// setMultipliers would have: working out those of the colours a step's
// pass left out at the deadline (see priceStep).
func (rx *relaxation) flatToMemo() {
	f := &rx.flat
	if !rx.flatFits() {
		return
	}
	for c := range rx.C {
		if f.gen[c] != rx.hcur {
			rx.flatColour(c, true, rx.N+1)
			continue
		}
		for i := f.from[c]; i < f.from[c+1]; i++ {
			val := neg
			if v := f.vals[i]; flatReal(v) {
				val = int32(v)
			}
			rx.hmemo[f.nodes[i].hidx] = hentry{gen: rx.hcur, val: val}
		}
	}
}

// flatPass works out the values of nodes, the nodes of colour c (vals
// theirs, in the same order), into vals and the memo (generation cur; none
// if nil), with the gains gt. The values of the states they lead to are in
// all.
func flatPass(nodes []flatNode, edges []flatEdge, vals, all []int64, hmemo []hentry, gt *gainTable, c int, cur uint32) {
	vals = vals[:len(nodes)]
	cc := c & 3
	if hmemo == nil { // a step's pass: the values only (the loop with the fewest values live)
		for i := len(nodes) - 1; i >= 0; i-- {
			nd := &nodes[i]
			vals[i] = flatValue(nd.fixed, edges[nd.e0:nd.e1], all, &gt[nd.n&15][cc])
		}
		return
	}
	for i := len(nodes) - 1; i >= 0; i-- { // each after the states its moves lead to
		nd := &nodes[i]
		v := flatValue(nd.fixed, edges[nd.e0:nd.e1], all, &gt[nd.n&15][cc])
		vals[i] = v
		val := neg
		if flatReal(v) {
			val = int32(v)
		}
		hmemo[nd.hidx] = hentry{gen: cur, val: val}
	}
}

// flatValue is the value of a state, fixed if it has no move, by its moves
// (edges), the values of the states they lead to and the gains of its
// colour at its number.
func flatValue(fixed int64, edges []flatEdge, vals []int64, gains *[16]int32) int64 {
	v := fixed
	for _, e := range edges {
		v = max(v, int64(gains[e&15])+vals[e>>4])
	}
	return v
}

// nextGen starts a new generation of the relaxation's memo: every entry in
// it is then out of date. (A new one, never handed out before: tighten
// may go back to an older one, whose entries hold the values of the prices
// it began with.)
func (rx *relaxation) nextGen() {
	rx.hmax++
	if rx.hmax == 0 {
		clear(rx.hmemo[:cap(rx.hmemo)])
		rx.hmax = 1
	}
	rx.hcur = rx.hmax
}
