package solve

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
	"time"

	"github.com/meldlab/meldlab/core"
)

const (
	maxN     = core.MaxNumber
	maxDepth = (maxN + 1) * core.MaxColors
	neg      = int32(-1 << 30) // no play: below any real value
)

// solver is one search. Solvers are pooled; nothing in the search
// allocates. Its state is split by lifetime, each part an embedded struct
// (so the fields read as s.field wherever they are used), and each part
// owns the methods that work on it:
//
//   - the problem (params, the rules' tables) and its layout (lay): what
//     newSolver works out once per problem and nothing changes after;
//   - the clock: the budget in time, which the search and the prices'
//     steps look at;
//   - the relaxation behind the bound (rx; bound.go, lagrange.go,
//     rootdp.go): its memo and gains, reset per problem, priced and split
//     when the search turns hard;
//   - the search (search.go): the memo of states, the path, the budget in
//     nodes and why it stopped, the best play recorded; the fallback
//     resets it;
//   - the strategy (the dive, top-down targets, the race in race.go): what
//     one search direction knows across the race's turns.
//
// A part that reads another holds a pointer to it (the relaxation the
// layout and the clock; the search all four), set once when the solver is
// made (getSolver), as the parts live in the solver and the solver is
// never copied. The solver itself coordinates them: one search's run
// (run, topDown, anytime, rebuild) and the play's sets; the race of two
// solvers is a type of its own (race.go).
type solver struct {
	ctx context.Context

	problemLayout
	clock
	relaxation
	searchState
	strategy
	// twin is the race's search from the other end (race.go), kept for
	// anyPlay and released with this one
	twin *solver

	// prob is the problem searched (p points to it): the solver's own copy,
	// so that a caller's Problem stays on its stack (a solve's fixed cost)
	prob Problem

	// scratch for build
	runs   []liveRun
	open   [4][]int
	closed []int
	next   []int
	plan   []groupPlan
	group  [core.MaxColors*16 + 16]core.Tile // one group's tiles
}

// problemLayout is what newSolver works out from the problem: the tiles by
// number and colour, the weights of the objective, the key's layout. It
// does not change while the problem is searched.
type problemLayout struct {
	p      *Problem
	prm    *params // the Tables' (params.go)
	tables *Tables // where cfg came from, and the race's other search's
	cfg    *config
	sr     core.SetRules
	N, C   int

	tableMode bool // the table may be rearranged; otherwise rack tiles form new sets
	flip      bool // numbers searched from the highest down: number n is face(n)
	// aceHigh (sets.wrap: ace_high): the runs that cross from the highest
	// number take one tile at 1, the 1 after the highest, and end there.
	aceHigh     bool
	opening     bool // the initial meld: a threshold on the value
	canPlayOnly bool

	must  [maxN + 2][4]uint8 // tiles that must be placed, by number and colour
	avail [maxN + 2][4]uint8 // tiles that may be placed (must included)

	// Gains are weights: big per tile and the face value for Tiles, the face
	// value times big and one per tile for Points.
	big      int32
	wt       [maxN + 2][4]int32 // weight of a rack tile
	jwA, jwB int32              // weight of a joker standing at number n: jwA + jwB*n
	jwMax    int32
	rep      int32 // 1 when an opening joker is worth the tile it stands for

	vrowRest [maxN + 2][5]int32 // rack face value of colours c.. at number n
	// secRest[n][c]: the secondary measure (below big) of the rack tiles of
	// colours c.. at number n and of the numbers after; jsec a joker's most
	secRest [maxN + 2][5]int32
	jsec    int32
	// hard problems (Tiles) only: tops[(n*(C+1)+c)*(topR+1)+k], the k
	// largest secondary measures of the rack tiles from (n, c) on, added up
	// (worked out when the search first turns hard: setTops)
	tops    []int32
	topR    int
	topsOn  bool
	vsuffix [maxN + 3]int32 // rack face value at numbers n..

	threshold   int32 // the opening's least value (0: none)
	jTotal      int   // jokers the play may use
	tableJokers int   // of which must be placed
	offset      int32 // the table jokers' weight, in every complete play

	availProf [maxN + 2][5]uint16 // profile of the tiles of colours c.. at number n
	lastTile  [4]uint8            // the highest number with a tile of the colour
	bare      [4]uint8            // the lowest number from which the colour has no rack tile (see bareBound)
	ceil      [maxN + 3][4]int32  // ceil[n][c]: the most colour c's unpriced gains add up to from number n on (see computeBound)

	// key layout
	csShift                [4]uint
	gShift                 [4]uint // the guess (wrap), when guessInKey
	guessInKey             bool
	jShift, pShift, vShift uint
}

// relaxation is the relaxation behind the bound (bound.go) and its prices
// (lagrange.go): reset for each problem (resetBound), told the jokers for
// groups apart (splitJokers) and priced (tighten) when the search turns
// hard, and kept from turn to turn of the race.
type relaxation struct {
	// the layout of the problem and the budget, the solver's (getSolver)
	*problemLayout
	*clock

	hmemo    []hentry
	hcur     uint32 // the generation of the memo's entries in use
	hmax     uint32 // the newest generation handed out (nextGen)
	hStrideC int
	hStrideN int
	hStrideS int
	hStrideG int            // wrap: the part of each guess of crossing runs
	hCol     [4]int         // where each colour's part starts: with wrap, its guess's part
	gsrc     [16]*gainTable // by J&15: the gains in use for J jokers for groups (pointGains)
	// gains[n][c][r]: the relaxation's gain of colour c at number n when
	// its runs take r real tiles there (neg: not possible), with the
	// multipliers' price of its group tiles; plain without it (lagrange.go)
	// (one part for each number of jokers left for groups the relaxation
	// tells apart, jdim: most problems one, so a fresh solver is small)
	gains    []gainTable
	plain    []gainTable
	jdim     int // the jokers left that the relaxation tells apart: 0..jdim-1
	jMask    int // J&jMask is J's part (0 when jdim is 1)
	hStrideJ int
	lag      bool               // the multipliers are in the gains
	mu       [maxN + 2][4]int32 // the multipliers, by number and colour
	price    [maxN + 2][4]int32 // what they add to a tile sent to a group
	mmax     [maxN + 3]int32    // the most a joker in a group gains from them, at numbers n..

	// wrap: the crossing runs guessed (the relaxation of a colour depends
	// on its guess), and the guess's bits of the search key
	crossSt  [4]uint16
	guessKey uint64

	flat flatRelax // the relaxation from the root, laid out for the prices' steps
}

// searchState is one branch and bound: the memo of states, the path, the
// budget and why the search stopped, the best play recorded and what the
// rebuild of a play needs. A target's search and the fallback start it
// afresh; the memo lasts from target to target.
type searchState struct {
	// the problem's layout, the budget's clock, the relaxation that
	// bounds the search and the strategy that steers it: the solver's
	// (getSolver)
	*problemLayout
	*clock
	*relaxation
	*strategy

	memo     memo
	frames   [maxDepth]frame
	cands    [maxDepth][]cand // the children waiting, by depth
	aceMv    [8][]move        // ace_high: the moves allowed at 1 and 2, by depth (aceMoves)
	top      int32            // depth of the deepest frame on the path, -1 for none
	diveEnd  int              // the bottom-up search stops after this many nodes (0: no limit)
	nodes    int
	maxNodes int
	// hard is the deadline (the clock's) of the search that answers once
	// the budget is spent (hardOn: there is one; see Tables.solve).
	hard   time.Time
	hardOn bool
	free   int  // the nodes the search answering a spent budget has whatever the time
	halt   halt // why the search stopped before its end, if it did

	// the best play found so far: the path to it, then where it continues
	// by the memo; for an answer when the budget runs out, and to rebuild.
	// A play is recorded only above bar: the value of the play recorded,
	// or, while a search for a target runs, the target less one.
	bar     int32
	incLen  int   // layers recorded in incPath; -1 for none
	recVal  int32 // the value of the play recorded
	incPath [maxDepth]pathStep
	incTail node
	incNeed int32

	savedVal   int32     // the value of the play anytime keeps
	savedCross [4]uint16 // and its crossing runs (wrap)
	spent      int       // nodes of the searches before the fallback's

	steps      [maxN + 2]step // the play being rebuilt
	replayNext node           // the child a replayed frame follows, and its gain
	replayGain int32

	wrapSteps [maxN + 2]step // wrap: the best play's steps and crossing runs
	wrapCross [4]uint16
}

// strategy is what one search direction knows across the race's turns
// (race.go): whether its dive ran out (then it goes top-down), whether it
// looked for prices, and the floor another search's play sets.
type strategy struct {
	dived   bool  // the dive ran out of nodes: the search goes on top-down
	priced  bool  // the search has looked for prices
	floorAt int32 // a play worth floorAt-1 is known elsewhere (the race, Problem.beat): nothing below it
}

// halt is why a search stopped before its end: a search runs until it ends
// or one of these stops it, and then returns at once, level by level.
type halt uint8

const (
	running     halt = iota
	shareSpent       // its share of nodes (diveEnd) ran out: the dive, or a target's turn; the search goes on
	goalReached      // the play CanPlay looks for was found
	budgetSpent      // the budget ran out (Problem.MaxNodes, the context): the answer is the best so far
)

// pathStep is what the rebuild needs of a frame on the path to a play.
type pathStep struct {
	n, c  uint8
	g, jg uint8
	mv    uint16
	st    uint16 // the colour's state before the number
}

// step is the decision at one number: the colour states before it, the move
// each colour makes, its tiles sent to groups and the jokers in groups.
type step struct {
	old [4]uint16
	mv  [4]uint16 // index into cfg.moves[old[c]]
	g   [4]uint8
	jg  uint8
}

// node is a search state: before colour c of number n, with the colour states
// cs (colours below c already past n), the profile of the tiles sent to groups
// at n so far, j jokers spent and the opening value v (capped at the threshold).
type node struct {
	cs   [4]uint16
	v    int32
	n, c uint8
	prof uint16
	j    uint8
}

// frame is one layer of the search path: a node, the bounds being worked
// out, and the choice being tried.
type frame struct {
	node
	acc int32 // gain from the start to this node
	// the price (lagrange.go) of the tiles the path sent to groups at this
	// number so far: the node's bound counts it
	d int32
	// the node's bound when no joker is left (neg: not known), which the
	// parent worked out with the move to it: the other colours' share is
	// then this less the colour's own
	tot  int32
	need int32
	best int32 // best exact value found (neg: none)
	hi   int32 // upper bound of every branch tried or cut
	mv   uint16
	g    uint8
	jg   uint8
	prev int32 // depth of the parent frame on the path, -1 at the root
	// replay: follow a child whose exact value makes up need (found: into
	// s.replayNext)
	replay, found bool
}

func (f *frame) target() int32 { return max(f.need, f.best+1) }

func (lay *problemLayout) depth(n, c int) int { return (n-1)*lay.C + c }

// keyBits lays out the key: the number, the colour, the jokers spent, the
// group profile, the opening value and the colour states, in one word. It
// reports false if they do not fit.
func (rx *relaxation) keyBits() bool {
	cfg := rx.cfg
	at := uint(6) // 4 bits of number, 2 of colour
	rx.jShift = at
	at += uint(bits.Len(uint(rx.jTotal)))
	rx.pShift = at
	at += uint(bits.Len(uint(len(cfg.profs) - 1)))
	rx.vShift = at
	at += uint(bits.Len(uint(rx.threshold)))
	for c := range rx.C {
		rx.csShift[c] = at
		at += uint(cfg.stateBits)
	}
	// With wrap, the guess of the crossing runs joins the key when it fits:
	// then the guesses share one memo, which lasts from target to target.
	rx.guessInKey, rx.guessKey = false, 0
	if g := at + uint(rx.C*cfg.stateBits); cfg.wrap && g <= 64 {
		for c := range rx.C {
			rx.gShift[c] = at + uint(c*cfg.stateBits)
		}
		rx.guessInKey = true
	}
	return at <= 64
}

func (rx *relaxation) key(nd *node) uint64 {
	k := uint64(nd.n) | uint64(nd.c)<<4 | uint64(nd.j)<<rx.jShift |
		uint64(nd.prof)<<rx.pShift | uint64(nd.v)<<rx.vShift | rx.guessKey
	for c := range rx.C {
		k |= uint64(nd.cs[c]) << rx.csShift[c]
	}
	return k
}

// bound is an upper bound of the gain still to come from nd (see bound.go);
// neg when the opening threshold is out of reach or a colour is stuck.
func (rx *relaxation) bound(nd *node) int32 {
	if rx.threshold > 0 && !rx.reachable(nd) {
		return neg
	}
	return rx.nodeBound(nd)
}

// reachable reports whether the opening threshold can still be met from nd.
func (lay *problemLayout) reachable(nd *node) bool {
	if nd.v >= lay.threshold {
		return true
	}
	left := int32(lay.jTotal - int(nd.j))
	return nd.v+lay.vrowRest[nd.n][nd.c]+lay.vsuffix[nd.n+1]+left*lay.rep*int32(lay.N) >= lay.threshold
}

// terminal is the gain after the last number: 0 if the open runs may all end
// (or, with wrap, are the crossing runs guessed at the start), the table's
// jokers are placed and the threshold is met; neg otherwise.
func (rx *relaxation) terminal(nd *node) int32 {
	if int(nd.j) < rx.tableJokers || nd.v < rx.threshold {
		return neg
	}
	cfg := rx.cfg
	for c := range rx.C {
		if cfg.wrap {
			if !cfg.crossOK[int(nd.cs[c])*len(cfg.counts)+int(rx.crossSt[c])] {
				return neg
			}
		} else if !cfg.complete[nd.cs[c]] {
			return neg
		}
	}
	return 0
}

// search returns the best gain still to come from nd if it is at least need;
// otherwise it returns an upper bound below need. acc is the gain so far on the
// path, tot the node's bound if no joker is left (neg if not known). Results
// are memoised.
func (s *searchState) search(nd node, need, acc, tot, d int32) int32 {
	n0 := nd.n
	s.skip(&nd)
	if nd.n != n0 {
		// past a number no tile went to a group at: its price is 0, and
		// tot counted it (and, with jokers left, is not known anyway)
		tot, d = neg, 0
	}
	if int(nd.n) > s.N {
		return s.terminal(&nd)
	}
	key := s.key(&nd)
	slot, val, exact, ok := s.memo.reserve(key)
	if ok && (exact || val < need) {
		return val
	}
	grown := s.memo.grown
	if s.threshold > 0 && !s.reachable(&nd) {
		s.memo.set(slot, grown, key, neg, true)
		return neg
	}
	// The caller checked the bound of this node (only the root is not
	// reached from a parent; searchRoots checks it).
	s.nodes++
	if s.nodes&15 == 1 || s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.checkBudget() // (which does something only then: see it)
	}
	if s.diveEnd > 0 && s.nodes > s.diveEnd && s.halt == running {
		s.halt = shareSpent
	}
	if s.halt != running {
		return neg
	}
	depth := s.depth(int(nd.n), int(nd.c))
	f := &s.frames[depth]
	*f = frame{node: nd, acc: acc, tot: tot, d: d, need: need, best: neg, hi: neg, prev: s.top}
	s.top = int32(depth)
	s.expand(f)
	s.top = f.prev
	if s.halt != running {
		return neg
	}
	if f.best >= need {
		s.memo.set(slot, grown, key, f.best, true)
		return f.best
	}
	s.memo.set(slot, grown, key, f.hi, false)
	return f.hi
}

// skip moves nd past the colours that have no choice at its number: no tile
// there and either no open run, or only complete runs and no joker left to
// extend them (their only move closes them). The last colour is skipped only
// if no tile went to groups, as groups need their jokers chosen.
func (lay *problemLayout) skip(nd *node) {
	for int(nd.n) <= lay.N && lay.avail[nd.n][nd.c] == 0 {
		if st := nd.cs[nd.c]; st != 0 {
			if int(nd.j) < lay.jTotal || !lay.cfg.complete[st] {
				return
			}
			nd.cs[nd.c] = 0
		}
		if int(nd.c) < lay.C-1 {
			nd.c++
			continue
		}
		if nd.prof != 0 {
			return
		}
		nd.n, nd.c = nd.n+1, 0
	}
}

// budgetEvery+1 is how often, in nodes, the search looks at its budget in
// time: a look costs tens of nanoseconds (the context's channel, and the
// clock when there is a deadline), a node a few hundred. The search that
// answers a spent budget looks every 16, and a search past its first
// prices every 8: its nodes meet the relaxation's values for fewer jokers
// for groups (splitJokers), worked out as they are met, and can take tens
// of microseconds each (64 of them made XP answers at 1 ms up to 0.8 ms
// late).
const (
	budgetEvery  = 63
	budgetPriced = 7
)

func (s *searchState) checkBudget() {
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.halt = budgetSpent
		return
	}
	if s.done == nil && s.nodes <= s.free {
		return // the search answering a spent budget: its first dive, whatever the time
	}
	mask := budgetEvery
	switch {
	case s.done == nil:
		mask = 15 // the search answering a spent budget
	case s.priced:
		mask = budgetPriced
	}
	if s.nodes&mask != 1 {
		return
	}
	if s.expired() {
		s.halt = budgetSpent
	}
}

// clock is the budget in time: the context's done channel (cancelled) and
// its deadline, read off the clock (timed: there is one), as a context's
// timer may fire late on a busy core (with one thread, not before the
// search is preempted, 10 ms on). The search looks at it between states,
// the relaxation between the prices' steps.
type clock struct {
	done     <-chan struct{}
	deadline time.Time
	timed    bool
}

// expired reports whether the budget's time is out: the context ended or
// its deadline passed. The clock is read by time.Until, the same test as
// !time.Now().Before(deadline): a deadline with a monotonic reading (a
// context's timeout, a bot's guard) is then compared with the monotonic
// clock alone, one read of it where time.Now reads the wall clock too. A
// search reads it every 64 states (8 when priced), the lab's bots in every
// turn: the second read was 0.5% of the lab's CPU (issue 47, item 7).
func (k *clock) expired() bool {
	if k.done != nil {
		select {
		case <-k.done:
			return true
		default:
		}
	}
	return k.timed && time.Until(k.deadline) <= 0
}

// expand tries every choice for the colour of the frame's node: a move for
// its open runs and how many of its tiles go to groups; after the last colour
// also the jokers that join the groups.
func (s *searchState) expand(f *frame) {
	cfg := s.cfg
	n, c := int(f.n), int(f.c)
	t := int(s.must[n][c])
	a := int(s.avail[n][c])
	w := s.wt[n][c]
	st := f.cs[c]
	jLeft := s.jTotal - int(f.j)
	fi := int(st)*(cfg.copies+1) + a
	mvs := cfg.fit[fi][:cfg.fitEnd[fi][jLeft]]
	last := c == s.C-1
	price := s.price[n][c]
	// the other colours' bound, by the jokers they get
	var others [16]int32
	if jLeft == 0 && f.tot != neg {
		// skip leaves the bound as it was: a colour it passes has
		// nothing to gain at that number
		others[0] = f.tot - f.d - s.colourBound(c, n, st, 0, 0)
	} else {
		s.othersBound(f, jLeft, &others)
	}
	vrest := s.vrowRest[n][c+1] + s.vsuffix[n+1]
	sec := s.secRest[n][c] + int32(jLeft)*s.jsec
	np, jk := len(cfg.profs), cfg.jokers+1
	_, profOK, _ := cfg.groupTables(s.face(n))
	ok := profOK[int(s.availProf[n][c+1])*jk:]
	okStride := np * jk
	pnext := cfg.profNext[f.prof]
	nN := int32(n)
	// With the multipliers (a hard problem) the children are tried best
	// bound first: the bound then tells the branches apart, and the play
	// that meets the target is found sooner.
	ordered := s.lag && !f.replay
	var cands []cand
	if ordered {
		d := s.depth(n, c)
		cands = s.cands[d][:0]
		defer func() { s.cands[d] = cands[:0] }()
	}
	if n <= 2 && s.aceHigh && !s.flip {
		mvs = s.aceMoves(mvs, n, c, st)
	}
	for i := range mvs {
		m := &mvs[i]
		if int(m.minN) > n {
			continue
		}
		mj := int32(m.jokers)
		left := int32(jLeft) - mj
		// the best share of the jokers left between this colour and the others
		// (with no joker left, that is the child's bound: tot)
		var rest int32
		tot := neg
		if left == 0 {
			own := s.colourBound(c, n+1, m.next, 0, 0)
			if own == neg || others[0] == neg {
				continue // the runs could not all be completed
			}
			rest = own + others[0]
			tot = rest
		} else {
			rest = neg
			for k := int32(0); k <= left; k++ {
				own := s.colourBound(c, n+1, m.next, int(k), int(left))
				if own != neg && others[left-k] != neg {
					rest = max(rest, own+others[left-k])
				}
			}
			if rest == neg {
				continue // the runs could not all be completed
			}
			rest += left * s.jwMax
		}
		var jpos, jgain int32
		if mj > 0 {
			jpos = mj*nN - int32(m.tri) // the numbers its jokers stand for, added up
			jgain = mj*s.jwA + s.jwB*jpos
		}
		lo := max(0, t-int(m.reals))
		for g := a - int(m.reals); g >= lo; g-- {
			// the child's price so far; after the last colour the number
			// is done and its price left out (it is at least 0)
			var dd int32
			if !last {
				dd = f.d + price*int32(g)
			}
			prof := pnext[g]
			if !ok[int(prof)*okStride+int(left)] {
				continue // the groups of this number could not be completed
			}
			x := int32(int(m.reals) + g - t) // rack tiles placed
			gain := x*w + jgain
			vv := f.v + x*nN + s.rep*jpos
			if s.threshold > 0 && vv < s.threshold && vv+vrest+left*s.rep*int32(s.N) < s.threshold {
				break // fewer tiles only lower the value
			}
			ub := gain + dd + rest
			if s.topsOn {
				ub = s.roundTops(ub, sec, n, c, jLeft)
			} else {
				ub = s.roundPlain(ub, sec)
			}
			if ub < f.target() && !f.replay { // (a replayed frame does not know its price)
				f.hi = max(f.hi, ub)
				if w+price >= 0 {
					break // fewer tiles only lower the bound
				}
				continue // a group tile costs more than it gains: fewer may do
			}
			ctot := tot
			if tot != neg {
				ctot = tot + dd
			}
			if ordered {
				cands = append(cands, cand{ub: ub, tot: ctot, d: dd, gain: gain, vv: vv, i: uint16(i), g: uint8(g)})
				continue
			}
			s.visit(f, m, g, prof, gain, vv, ctot, left, dd)
			if f.found || s.halt != running {
				return
			}
		}
	}
	if !ordered {
		return
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.ub, a.ub) })
	for _, cd := range cands {
		if cd.ub < f.target() {
			f.hi = max(f.hi, cd.ub)
			return // the rest are lower still
		}
		m := &mvs[cd.i]
		s.visit(f, m, int(cd.g), pnext[cd.g], cd.gain, cd.vv, cd.tot, int32(jLeft)-int32(m.jokers), cd.d)
		if f.found || s.halt != running {
			return
		}
	}
}

// aceMoves is mvs, the moves of colour c in state st at number n (1 or 2),
// without those ace_high forbids from 1 up: the guessed runs crossing into
// 1 take their 1 (a complete one that ends at the highest number instead
// is another guess's run: the guesses need not count it twice) and end
// there, at 2 (the only runs of full length there are the crossing runs: a
// run begun at 1 has one tile, and no joker stands before 1). A list apart,
// in room kept for each depth, so that the loop over the moves, the
// search's innermost, tests nothing more for the other rules.
func (s *searchState) aceMoves(mvs []move, n, c int, st uint16) []move {
	cfg := s.cfg
	d := s.depth(n, c)
	out := s.aceMv[d][:0]
	for _, m := range mvs {
		ext := int(cfg.details[st][m.detail].extend)
		if n == 1 && ext < int(cfg.counts[st][cfg.m]) || n == 2 && ext > 0 {
			continue
		}
		out = append(out, m)
	}
	s.aceMv[d] = out
	return out
}

// cand is a child of a frame waiting its turn: its bound, its bound if no
// joker is left (tot), its price (d), its gain and opening value, its move
// (an index into the frame's moves) and the tiles it sends to groups.
type cand struct {
	ub, tot, d, gain, vv int32
	i                    uint16
	g                    uint8
}

// visit searches the children of the frame that make move m with g tiles to
// groups (group profile prof), gaining gain, the opening value then vv, left
// jokers left; after the last colour, one child for each number of jokers
// that can join the groups.
func (s *searchState) visit(f *frame, m *move, g int, prof uint16, gain, vv, tot, left, d int32) {
	cfg := s.cfg
	nj := f.j + m.jokers
	ncs := f.cs
	ncs[f.c] = m.next
	f.mv, f.g = m.idx, uint8(g)
	if int(f.c) < s.C-1 {
		s.child(f, node{n: f.n, c: f.c + 1, cs: ncs, prof: prof, j: nj, v: min(vv, s.threshold)}, gain, tot, d)
		return
	}
	jk := cfg.jokers + 1
	nN := int32(f.n)
	groups, _, _ := cfg.groupTables(s.face(int(f.n)))
	for jg := 0; jg <= int(left); jg++ {
		if !groups[int(prof)*jk+jg] {
			continue
		}
		f.jg = uint8(jg)
		v2 := vv + int32(jg)*s.rep*nN
		s.child(f, node{n: f.n + 1, cs: ncs, j: nj + uint8(jg), v: min(v2, s.threshold)},
			gain+int32(jg)*(s.jwA+s.jwB*nN), tot, 0)
		if f.found || s.halt != running {
			return
		}
	}
}

// child searches one child of the frame, reached with the given gain; tot is
// the child's bound if no joker is left (neg if not known).
func (s *searchState) child(f *frame, nd node, gain, tot, d int32) {
	if f.replay {
		s.skip(&nd)
		var r int32
		switch {
		case int(nd.n) > s.N:
			r = s.terminal(&nd)
		default:
			val, exact, hit := s.memo.get(s.key(&nd))
			if !hit || !exact {
				return
			}
			r = val
		}
		if r != neg && r+gain == f.need {
			f.found, s.replayNext, s.replayGain = true, nd, gain
		}
		return
	}
	tgt := f.target()
	r := s.search(nd, tgt-gain, f.acc+gain, tot, d)
	if s.halt != running {
		return
	}
	if r >= tgt-gain { // exact, and better than anything before
		f.best = r + gain
		if total := f.acc + f.best; total > s.bar {
			s.record(f, nd, r)
		}
	}
	f.hi = max(f.hi, r+gain)
}

// record keeps the path to a new best play, and stops the search once it
// reaches the goal (CanPlay).
func (s *searchState) record(f *frame, nd node, r int32) {
	s.bar = f.acc + f.best
	s.recVal = s.bar
	k := 0
	for d := int32(s.depth(int(f.n), int(f.c))); d >= 0; d = s.frames[d].prev {
		k++
	}
	s.incLen = k
	for d := int32(s.depth(int(f.n), int(f.c))); d >= 0; d = s.frames[d].prev {
		k--
		fr := &s.frames[d]
		s.incPath[k] = pathStep{n: fr.n, c: fr.c, g: fr.g, jg: fr.jg,
			mv: fr.mv, st: fr.cs[fr.c]}
	}
	s.incTail, s.incNeed = nd, r
	if s.canPlayOnly {
		s.halt = goalReached
	}
}

// run searches and rebuilds the best play.
func (s *solver) run() Result {
	if s.threshold > 0 && s.opening {
		// The best play ignoring the threshold is the answer if it meets it
		// (ties already go to the play worth more), and if nothing at all can
		// be placed, nothing can with a threshold either. Without the
		// threshold the opening value need not be in the state, which makes
		// this search much smaller.
		thr := s.threshold
		s.threshold = 0
		s.topDown()
		switch {
		case s.halt == budgetSpent:
			// The play found so far is rebuilt from this search's memo
			// (whose states know no opening value), and kept if it meets
			// the threshold.
			saved := s.saved()
			if saved != nil && s.bestValue() < thr {
				saved = nil
			}
			s.threshold = thr
			return s.anytime(saved, saved == nil)
		case s.incLen < 0:
			return s.result(nil, true)
		case s.bestValue() >= thr:
			return s.result(s.rebuild(), true)
		}
		s.threshold = thr
		s.memo.reset()
		s.incLen = -1
	}
	s.topDown()
	if s.halt == budgetSpent {
		saved := s.saved()
		return s.anytime(saved, saved == nil)
	}
	if s.incLen < 0 {
		return s.result(nil, true)
	}
	return s.result(s.rebuild(), true)
}

// saved rebuilds the best play found so far, if it places anything, while
// the memo that leads to it is there; nil if there is none.
func (s *solver) saved() []step {
	if s.incLen < 0 || s.recVal <= s.offset {
		return nil
	}
	s.savedVal = s.recVal
	steps := slices.Clone(s.rebuild())
	s.savedCross = s.crossSt
	return steps
}

// anytime answers when the budget ran out: the better of the play found so
// far (saved, its value in s.savedVal) and what a short bottom-up search
// finds, whose first dive places what it can. That search has a budget of
// its own, so an answer always comes, and soon.
//
// With dive (when no play was found before), its first
// params.fallbackFirst nodes are its own whatever the time (the race gives
// them to one of its two searches only, unless the first found nothing).
func (s *solver) anytime(saved []step, dive bool) Result {
	low := max(s.offset+1, s.floorAt)
	if saved != nil {
		low = s.savedVal + 1
	}
	// Without a dive of its own to make, the search is for a better play
	// by the answering search's deadline; if that has passed already (the
	// race's other search answered first), none: its root bound alone can
	// take a millisecond, blind to the deadline, where its relaxation's
	// values were left out at the deadline (rootdp.go).
	if dive || !s.hardOn || time.Now().Before(s.hard) {
		s.memo.reset()
		s.halt = running
		s.incLen = -1
		s.spent += s.nodes
		s.nodes, s.maxNodes, s.done = 0, s.prm.fallbackNodes, nil
		if s.p.shortFallback {
			s.maxNodes = s.prm.fallbackFirst
			if s.p.afterFamilies {
				s.maxNodes = s.prm.fallbackBeat
			}
		}
		s.deadline, s.timed = s.hard, s.hardOn
		s.free = 0
		if dive {
			s.free = s.prm.fallbackFirst
		}
		s.searchRoots(low)
		if s.incLen >= 0 && s.bar >= low {
			s.halt = budgetSpent
			return s.result(s.rebuild(), false)
		}
	}
	s.halt = budgetSpent
	if saved != nil {
		s.crossSt = s.savedCross
		return s.result(saved, false)
	}
	return s.result(nil, false)
}

// bestValue is the opening value of the best play found, read off its weight.
func (s *searchState) bestValue() int32 {
	w := s.bar - s.offset
	if s.p.Objective == Points {
		return w / s.big
	}
	return w % s.big
}

// topDown finds the best play. First a bottom-up branch and bound: its first
// dive places what it can and each later play must beat the best so far. Most
// problems end there, proven. If it runs past its share of nodes, its best play
// sets a floor, and the search goes top-down: it looks for a play that places
// everything the bound allows, then for one a little less good, the gap growing
// each time, never below the floor. A search with a high target cuts every
// branch that falls short of it at once, so the first target reached comes
// quickly, and that search returns the exact best play (the search is exact
// above its target); if even the floor is missed, the floor's play was the best.
func (s *solver) topDown() {
	defer func() {
		if s.incLen >= 0 {
			s.bar = s.recVal // a search for a target cut short leaves the target there
		}
	}()
	low := s.offset + 1 // a play must place at least one rack tile
	if !s.dived {
		s.dive(max(low, s.floorAt))
		if s.halt != shareSpent {
			return // out of budget, or the dive was complete: its play (if any) is the best
		}
		s.dived = true // a later turn of the race need not dive again
	}
	floor := max(low, s.floorAt)
	if s.incLen >= 0 {
		floor = max(floor, s.recVal+1)
	}
	s.halt = running
	top := (s.bound(&node{n: 1}) - s.offset) / s.big
	budget := s.prm.retighten
	// Prices cost a few dozen reworkings of the relaxation. Where the dive's
	// play is within one tile (or point) of the plain bound, the search
	// most often settles that last unit soon without them, so it has
	// params.plainFirst nodes first, and is priced only if it runs past
	// them (below); otherwise it is priced at once. (Once: a later turn of
	// the race keeps the prices.)
	if !s.priced && !s.prm.noPrices {
		got := int32(0)
		if s.incLen >= 0 {
			got = (s.recVal - s.offset) / s.big
		}
		if s.prm.plainFirst > 0 && top-got <= 1 {
			budget = s.prm.plainFirst
		} else {
			if !s.priceFirst(floor) {
				return
			}
			top = (s.bound(&node{n: 1}) - s.offset) / s.big
		}
	}
	for gap := int32(0); ; gap = max(gap+1, gap*3/2) {
		need := s.offset + (top-gap)*s.big
		if need < floor {
			need = floor
		}
		inc, incLen := s.bar, s.incLen
	target:
		for {
			s.diveEnd = s.nodes + budget
			s.searchRoots(need)
			s.diveEnd = 0
			if s.halt != shareSpent {
				break
			}
			// Past its share of nodes: better prices, and on. The memo keeps
			// what the search proved, so starting again costs little. (A
			// play it recorded stays: the path to it is in incPath, and
			// the search again will find it or a better one.)
			s.halt = running
			switch {
			case s.prm.noPrices:
				budget *= 4
			case !s.priced: // past its plainFirst nodes
				if !s.priceFirst(floor) {
					break target // (halted: the floor's play stands, below)
				}
				budget = s.prm.retighten
			default:
				s.tighten(floor-1, s.prm.lagMore, 0)
				budget *= 4
			}
		}
		if s.incLen >= 0 && s.recVal >= need {
			return // found (and, unless cut short, the best above need)
		}
		s.bar, s.incLen = inc, incLen // nothing recorded: the floor's play stands
		if s.halt == budgetSpent || need == floor {
			return
		}
	}
}

// priceFirst looks for the search's first prices (lagrange.go), telling the
// jokers for groups apart first: a play worth floor-1 is known. It reports
// false, the search halted, if the prices took the rest of the budget: no
// search then, whose first nodes can each take as long as a step (the
// relaxation's values for fewer jokers for groups, worked out as met,
// blind to the deadline).
func (s *solver) priceFirst(floor int32) bool {
	s.splitJokers()
	s.tighten(floor-1, s.prm.lagFirst, s.prm.lagGiveUp)
	s.priced = true
	if s.expired() {
		s.halt = budgetSpent
		return false
	}
	return true
}

// dive is the bottom-up branch and bound, stopped (shareSpent) after
// params.diveNodes nodes for each number and colour.
func (s *searchState) dive(low int32) {
	s.diveEnd = s.nodes + s.diveLen()
	s.searchRoots(low)
	s.diveEnd = 0
}

// diveLen is the dive's nodes.
func (lay *problemLayout) diveLen() int {
	return lay.prm.diveNodes * lay.N * lay.C
}

func (s *searchState) canPlay() bool {
	s.searchRoots(s.offset + 1)
	return s.incLen >= 0
}

// searchRoots searches from the first number; with wrap, once for each guess
// of the runs crossing from the highest number back to 1.
func (s *searchState) searchRoots(need int32) {
	s.bar = need - 1
	s.top = -1
	if !s.cfg.wrap {
		s.crossSt = [4]uint16{}
		s.searchRoot(node{n: 1}, need)
		return
	}
	// Each guess has its memo to itself (the guess is not in the key), so a
	// new best play is rebuilt at once, while its memo is there.
	var guess func(c int)
	guess = func(c int) {
		if s.halt != running {
			return
		}
		if c == s.C {
			// A guess is a state: its root bound is most of its cost where
			// the bound finds nothing (a big box has hundreds of colour
			// states), so a budget, of states or of time, counts it, as
			// search counts its states (written out there too: a method
			// for the three lines would not be inlined in search's loop).
			s.nodes++
			if s.nodes&15 == 1 || s.maxNodes > 0 && s.nodes > s.maxNodes {
				s.checkBudget()
			}
			if s.halt != running {
				return
			}
			before := s.bar
			if !s.guessInKey {
				s.memo.reset()
			}
			s.searchRoot(node{n: 1, cs: s.crossSt}, max(need, s.bar+1))
			if s.incLen >= 0 && s.bar > before {
				copy(s.wrapSteps[:], s.replay())
				s.wrapCross = s.crossSt
			}
			return
		}
		// A run crossing into 1 needs a tile of its colour at the highest
		// number and at 1, real or joker, each.
		limit := min(int(s.avail[1][c]), int(s.avail[s.N][c])) + s.jTotal
		if s.aceHigh && !s.opening {
			// Under ace_high the 1 after the highest is a real 1: a joker
			// standing there would do as well below the run's lowest
			// number (the run is no longer than the numbers, so there is
			// room), outside an initial meld (where a joker stands
			// counts there). (Down, the 1 is a run's first tile: real anyway.)
			one, top := 1, s.N
			if s.flip {
				one, top = s.N, 1
			}
			limit = min(int(s.avail[one][c]), int(s.avail[top][c])+s.jTotal)
		}
		for st, cnt := range s.cfg.counts {
			runs := 0
			for _, k := range cnt {
				runs += int(k)
			}
			if runs > limit {
				continue
			}
			if s.aceHigh && !s.crossFits(cnt) {
				continue // not a run that ends with the 1 after the highest
			}
			s.guessBound(c, uint16(st))
			if s.colourBound(c, 1, uint16(st), s.jTotal, s.jTotal) == neg {
				continue // the colour cannot end with these runs open
			}
			guess(c + 1)
		}
		s.guessBound(c, 0)
	}
	guess(0)
}

// crossFits reports whether runs crossing into 1 with the capped lengths
// cnt (of their part before 1) can be runs that end with the 1 after the
// highest number (ace_high). From 1 up, that part is the run but its 1, so
// it is MinRun-1 long or more, and the run ends at 1 (expand). From the
// highest number down (flip: number 1 is the 13, the 1 after it is the last
// number searched) that part is the 1 alone: a run begun there, of capped
// length 1 (a run's first tile is real, so the 1 is; a joker standing for
// it would do as well below the run's lowest number, outside an initial
// meld, which is never searched down).
func (lay *problemLayout) crossFits(cnt []uint8) bool {
	from, to := 1, lay.cfg.m-2 // from 1 up: none shorter than MinRun-1
	if lay.flip {
		from, to = 2, lay.cfg.m // down: none longer than 1
	}
	for l := from; l <= to; l++ {
		if cnt[l] > 0 {
			return false
		}
	}
	return true
}

// round tightens a bound u of a future gain made of whole tiles (or
// points): a gain is big times its first measure, a whole number, plus its
// second, at most sec (the second measure of every rack tile and joker still
// to come, from colour c of number n with jl jokers left); so at most q =
// u/big whole units, and sec on top, or with tops, the second measure of the
// q best of those tiles and jokers only.
// (expand, for every child it tries, calls the two parts itself, so that
// the common one is inlined there.)
func (lay *problemLayout) round(u, sec int32, n, c, jl int) int32 {
	if lay.topsOn {
		return lay.roundTops(u, sec, n, c, jl)
	}
	return lay.roundPlain(u, sec)
}

// roundPlain is round without tops. (A bound below 0 comes out as it was:
// the division truncates towards 0, and sec is at least 0.)
func (lay *problemLayout) roundPlain(u, sec int32) int32 { return min(u, u/lay.big*lay.big+sec) }

// roundTops is round with tops: the second measure of the q best tiles
// and jokers still to come, at most sec.
func (lay *problemLayout) roundTops(u, sec int32, n, c, jl int) int32 {
	if u < 0 {
		return u
	}
	q := u / lay.big
	if int(q) >= lay.topR+jl {
		return min(u, q*lay.big+sec)
	}
	base := (n*(lay.C+1) + c) * (lay.topR + 1)
	best := int32(0)
	for k := range min(int(q), jl) + 1 { // k jokers among the q
		best = max(best, int32(k)*lay.jsec+lay.tops[base+min(int(q)-k, lay.topR)])
	}
	return min(u, q*lay.big+min(sec, best))
}

// setTops works out tops, for a problem that maximises tiles.
func (lay *problemLayout) setTops() {
	if lay.topsOn || lay.p.Objective != Tiles || lay.prm.noTops {
		return
	}
	r := 0
	for n := 1; n <= lay.N; n++ {
		for c := range lay.C {
			r += int(lay.avail[n][c] - lay.must[n][c])
		}
	}
	lay.topR = r
	size := (lay.N + 2) * (lay.C + 1) * (r + 1)
	if cap(lay.tops) < size {
		lay.tops = make([]int32, size)
	}
	lay.tops = lay.tops[:size]
	var cnt [maxN + 1]int // the tiles still to come by number (their second measure)
	var inv [maxN + 1]int // the number whose tiles bear face f
	for v := 1; v <= lay.N; v++ {
		inv[lay.face(v)] = v
	}
	row := func(n, c int) {
		out := lay.tops[(n*(lay.C+1)+c)*(r+1):][:r+1]
		k, sum := 0, int32(0)
		out[0] = 0
		for f := lay.N; f >= 1; f-- { // highest face first
			v := inv[f]
			for range cnt[v] {
				k++
				sum += lay.wt[v][0] % lay.big
				out[k] = sum
			}
		}
		for k++; k <= r; k++ {
			out[k] = sum
		}
	}
	for n := lay.N + 1; n >= 1; n-- {
		row(n, lay.C)
		if n > lay.N {
			row(n, 0)
			continue
		}
		for c := lay.C - 1; c >= 0; c-- {
			cnt[n] += int(lay.avail[n][c] - lay.must[n][c])
			row(n, c)
		}
	}
	lay.topsOn = true
}

// searchRoot searches from a root node, whose bound no parent checked.
func (s *searchState) searchRoot(nd node, need int32) {
	s.skip(&nd)
	sec := s.secRest[nd.n][nd.c] + int32(s.jTotal-int(nd.j))*s.jsec
	if b := s.bound(&nd); s.round(b, sec, int(nd.n), int(nd.c), s.jTotal-int(nd.j)) >= need {
		tot := neg // the sum of the colours' bounds, not rounded: expand takes them apart
		if int(nd.j) == s.jTotal {
			tot = b
		}
		r := s.search(nd, need, 0, tot, 0)
		if s.halt == running && r >= need && r > s.bar {
			// The memo knew the root's value: a search before found the
			// play, and its path starts here (the replay follows the memo).
			s.bar, s.recVal = r, r
			s.incLen, s.incTail, s.incNeed = 0, nd, r
			if s.canPlayOnly {
				s.halt = goalReached
			}
		}
	}
}

// rebuild returns the steps of the best play found.
func (s *solver) rebuild() []step {
	if s.cfg.wrap {
		s.crossSt = s.wrapCross
		return s.wrapSteps[:s.N]
	}
	return s.replay()
}

// replay turns the recorded best play into steps: the recorded path, then
// the memo's exact values from where the recording stopped.
func (s *searchState) replay() []step {
	// the replay reads the memo only; a spent budget must not cut it short
	halt := s.halt
	s.halt = running
	defer func() { s.halt = halt }()
	for n := 1; n <= s.N; n++ { // the layers skipped keep an empty colour empty
		s.steps[n] = step{mv: [4]uint16{s.cfg.idle, s.cfg.idle, s.cfg.idle, s.cfg.idle}}
	}
	for d := range s.incLen {
		p := &s.incPath[d]
		s.takeStep(int(p.n), int(p.c), p.st, p.mv, p.g, p.jg)
	}
	nd, need := s.incTail, s.incNeed
	for s.skip(&nd); int(nd.n) <= s.N; s.skip(&nd) {
		f := &s.frames[s.depth(int(nd.n), int(nd.c))]
		*f = frame{node: nd, tot: neg, need: need, best: neg, hi: neg, replay: true}
		s.expand(f)
		if !f.found {
			panic("solve: the memo lost a proven play") // cannot happen: exact entries stay
		}
		s.takeStep(int(f.n), int(f.c), f.cs[f.c], f.mv, f.g, f.jg)
		nd, need = s.replayNext, need-s.replayGain
	}
	return s.steps[1 : s.N+1]
}

// takeStep copies a layer's choice into the steps: at number n, colour c
// in state st makes move mv and sends g tiles to groups; after the last
// colour jg jokers join the groups.
func (s *searchState) takeStep(n, c int, st, mv uint16, g, jg uint8) {
	step := &s.steps[n]
	step.old[c], step.mv[c], step.g[c] = st, mv, g
	if c == s.C-1 {
		step.jg = jg
	}
}

// jokersAfter is the jokers a play spends.
func (lay *problemLayout) jokersAfter(steps []step) int {
	j := 0
	for i := range steps {
		st := &steps[i]
		j += int(st.jg)
		for c := range lay.C {
			j += int(lay.cfg.moves[st.old[c]][st.mv[c]].jokers)
		}
	}
	return j
}
