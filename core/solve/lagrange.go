package solve

import "math"

// Multipliers: a tighter bound for hard problems.
//
// The bound relaxes the colours apart, and lets each send its tiles to
// groups wherever partners exist. On a big table partners exist everywhere,
// so every colour counts every tile it cannot fit in a run as grouped, each
// relying on the others' tiles, which their own relaxations put in runs: the
// bound says "everything goes down" and the search must prove it wrong.
//
// What the colours ignore is a condition that every play meets: at each
// number, a group holding a tile of colour c holds MinGroup-1 other tiles,
// of other colours or jokers, so
//
//	(MinGroup-1)·x[c] <= sum of x[o] for o != c, plus the jokers in groups
//
// where x[c] is the tiles colour c sends to groups at that number. Written
// MinGroup·x[c] <= P·(all the tiles and jokers in groups), with P = 1, it
// holds under sets.group_colors: any too with P the most tiles of one
// colour a group may hold (the box's copies): a group of s >= MinGroup
// tiles holds at most P of colour c, and MinGroup·P <= P·s. Moving
// these conditions into the objective with a price mu[n][c] >= 0 each (a
// Lagrangian relaxation) keeps the colours apart, since each condition is a
// sum over colours: a tile of colour c in a group at n gains P·M - MinGroup·mu[n][c]
// more, M the sum of the prices at n, and a joker in a group gains P·M. Every
// play meets the conditions, so it gains at least as much priced as not, and
// the priced relaxation is still a bound, for any prices. Good prices make it
// much tighter; tighten finds them for the whole problem by subgradient steps
// (cheap next to the search that needs them), and the search keeps them.
//
// One subtlety: a search node stands between two colours of a number, some
// colours' group tiles there already chosen, and the price of a number is
// known to be at least 0 only as a whole. So a node's bound adds the price of
// the group tiles its path chose at its number (frame.d). The node's value
// does not depend on the path, and whichever path reached it, its price plus
// the priced relaxation bounds that value (the groups of a number depend only
// on how many tiles each colour sends, which the node keeps as a profile): so
// a bound worked out on one path is still a bound when the memo gives it to
// another.

// tighten takes iters subgradient steps from the prices so far, looking for
// prices that lower the bound at the root (low is the value of the best play
// known: the bound need not go below it), and keeps the best found in the
// gains; it gives up after giveUp steps without a better bound (0: never).
// It does nothing for rules whose groups need no partner (MinGroup at most
// P: the condition always holds).
func (rx *relaxation) tighten(low int32, iters, giveUp int) {
	rx.setTops()
	k, P := rx.cfg.minGrp, rx.cfg.groupCopies()
	if k <= P || rx.C < 2 {
		return
	}
	// the prices are capped so that no bound overflows
	var wmax int32
	for n := 1; n <= rx.N; n++ {
		for c := range rx.C {
			wmax = max(wmax, rx.wt[n][c])
		}
	}
	size := rx.p.Table.Len() + rx.p.Rack.Len() + 1
	limit := float64(min(4*int64(wmax), (1<<26)/int64(size*(k+P*rx.C))))

	var mu [maxN + 2][4]float64 // from the prices so far
	for n := range mu {
		for c := range mu[n] {
			mu[n][c] = float64(rx.mu[n][c])
		}
	}
	var x [maxN + 2][4]uint8
	var jn [maxN + 2]int
	bestMu := rx.mu
	// the memo's values are those of startMu: all of them, if the root's
	// are there (a search ran with them), or none (the relaxation just
	// told the jokers for groups apart)
	startMu, startGen := rx.mu, rx.hcur
	startFull := rx.hmemo[rx.hIndex(0, 1, rx.crossSt[0], rx.jTotal, rx.jTotal)].gen == rx.hcur
	if rx.expired() {
		return // (the relaxation from the root can take a while)
	}
	// (where the memo has none of them, the relaxation is laid out flat
	// now rather than worked out by the recursion and laid out at the
	// next step)
	best, ok := rx.rootLag(&x, &jn, !startFull)
	if !ok {
		return
	}
	theta := 1.0
	stall, idle := 0, 0 // steps since the last better bound: halve the step after 3
	last := best
	for range iters {
		if last <= low || rx.expired() {
			break
		}
		// the subgradient: each condition's slack in the relaxation's play
		var g [maxN + 2][4]float64
		norm := 0.0
		for n := 1; n <= rx.N; n++ {
			sum := int(jn[n])
			for c := range rx.C {
				sum += int(x[n][c])
			}
			for c := range rx.C {
				slack := P*sum - k*int(x[n][c])
				if slack > 0 && mu[n][c] == 0 {
					continue // the price cannot go lower
				}
				g[n][c] = float64(slack)
				norm += float64(slack * slack)
			}
		}
		if norm == 0 {
			break
		}
		step := theta * float64(last-low) / norm
		var m [maxN + 2][4]int32
		for n := 1; n <= rx.N; n++ {
			for c := range rx.C {
				mu[n][c] = min(limit, max(0, mu[n][c]-step*g[n][c]))
				m[n][c] = int32(math.Round(mu[n][c]))
			}
		}
		rx.priceStep(&m, false)
		var ok bool
		if last, ok = rx.rootLag(&x, &jn, true); !ok {
			break // the budget ran out during the step: the best prices so far
		}
		if last < best {
			best, bestMu, stall, idle = last, m, 0, 0
		} else if stall++; stall >= 3 {
			theta, stall = theta/2, 0
		}
		if idle++; idle == giveUp {
			break
		}
	}
	switch {
	case bestMu == startMu && bestMu != rx.mu && (startFull || !rx.flatFits()):
		// No better prices: back to the ones it began with, and to the
		// memo's values for them, rather than working them out again
		// (a give-up, or the deadline: then blind to it, up to a
		// millisecond on the XP box). Where the memo had none, the flat
		// pass (below) works them out for half the recursion's cost.
		rx.setPrices(&bestMu)
		rx.hcur = startGen
	case bestMu != rx.mu:
		rx.setMultipliers(&bestMu)
	default:
		// the last step's prices are the best: in the gains already, and
		// their values in the pass, if not in the memo
		rx.flatToMemo()
	}
}

// setMultipliers prices the group tiles: it works out the gains again and
// starts the relaxation's memo afresh (with every value the root reaches
// in it, where the relaxation is laid out flat).
func (rx *relaxation) setMultipliers(mu *[maxN + 2][4]int32) {
	rx.priceStep(mu, true)
}

// priceStep is setMultipliers, where the relaxation is laid out flat with
// its values in the memo only if toMemo: a subgradient step's values serve
// only the root's bound and the play behind it, which rootLag and
// traceFlat read off the pass (flatRoot), and writing every one of them
// into the memo, scattered over it, is a fifth of a pass.
func (rx *relaxation) priceStep(mu *[maxN + 2][4]int32, toMemo bool) {
	rx.setPrices(mu)
	rx.nextGen()
	if rx.flatFits() {
		// the root's bound needs every value the root reaches, and the
		// flat pass works them out for half of what the recursion costs;
		// a step's pass, only those of the numbers up to the highest
		// whose prices changed (flatTop)
		top := rx.N + 1
		if !toMemo {
			top = rx.flatTop()
		}
		for c := range rx.C {
			if !toMemo && c > 0 && rx.expired() {
				// a step's: the steps end (the memo is empty)
				break
			}
			// Prices set for the search (toMemo) get every colour's
			// values even past the deadline: the search's root bound
			// needs them all, and would otherwise work the colours
			// left out by the recursion, twice as long and blind to
			// the deadline (XP answers at 1 ms came 0.6-1.4 ms late).
			rx.flatColour(c, toMemo, top)
		}
		rx.flat.mu, rx.flat.lag = rx.mu, rx.lag
	}
}

// setPrices prices the group tiles (mu) and works out the gains with them,
// leaving the relaxation's memo as it is.
func (rx *relaxation) setPrices(mu *[maxN + 2][4]int32) {
	cfg := rx.cfg
	k, P := int32(cfg.minGrp), int32(cfg.groupCopies())
	rx.mu = *mu
	rx.mmax[rx.N+1] = 0
	rx.lag = false
	for n := rx.N; n >= 1; n-- {
		var sum int32
		for c := range rx.C {
			sum += mu[n][c]
		}
		rx.mmax[n] = max(rx.mmax[n+1], P*sum)
		for c := range rx.C {
			if mu[n][c] != 0 || sum != 0 {
				rx.lag = true
			}
			rx.price[n][c] = P*sum - k*mu[n][c]
		}
	}
	rx.fillGains(rx.gains)
	rx.pointGains()
}

// rootLag is the priced bound at the root, every number still open, and the
// relaxation's play behind it: x, the tiles each colour sends to groups at
// each number, and jn, the jokers in groups. Working the relaxation out
// again takes up to a few hundred microseconds on the XP box, so it looks
// at the budget before each colour but the first, and reports false if the
// budget ran out (the relaxation's memo keeps only whole colours' values,
// right for the prices). Where the relaxation is laid out flat, it reads
// the root's values off the last pass (flatRoot); when the memo holds
// none of them (fresh: the prices have just changed, or tighten begins on
// an empty memo) and the relaxation is not laid out yet, it lays it out
// first, working the values out with it (rootdp.go).
func (rx *relaxation) rootLag(x *[maxN + 2][4]uint8, jn *[maxN + 2]int, fresh bool) (int32, bool) {
	*x = [maxN + 2][4]uint8{}
	*jn = [maxN + 2]int{}
	jl := rx.jTotal
	if fresh && !rx.prm.noFlat && !rx.flatFits() {
		if !rx.layFlat(jl) { // (and its values: this pass's)
			return neg, false
		}
	}
	// best[c][b]: colours below c with at most b jokers; take[c][b]: c's share
	var best [5][16]int32
	var take [5][16]uint8
	for c := range rx.C {
		if c > 0 && rx.expired() {
			return neg, false
		}
		var h [16]int32 // colour c's value by the jokers it gets
		for kk := 0; kk <= jl; kk++ {
			var ok bool
			if h[kk], ok = rx.flatRoot(c, kk); !ok {
				h[kk] = rx.colourBound(c, 1, rx.crossSt[c], kk, jl)
			}
		}
		for b := 0; b <= jl; b++ {
			best[c+1][b] = neg
			for kk := 0; kk <= b; kk++ {
				if h := h[kk]; h != neg && best[c][b-kk] != neg && best[c][b-kk]+h > best[c+1][b] {
					best[c+1][b], take[c+1][b] = best[c][b-kk]+h, uint8(kk)
				}
			}
		}
	}
	total, groupJ := neg, 0
	for j := 0; j <= jl; j++ {
		if v := best[rx.C][jl-j]; v != neg && v+int32(j)*rx.mmax[1] > total {
			total, groupJ = v+int32(j)*rx.mmax[1], j
		}
	}
	if total == neg {
		return neg, true
	}
	if groupJ > 0 {
		for n := 1; n <= rx.N; n++ {
			if rx.mmax[1] == rx.mmax[n] && rx.mmax[n] > rx.mmax[n+1] {
				jn[n] = groupJ // the number whose price is highest
				break
			}
		}
	}
	b := jl - groupJ
	for c := rx.C - 1; c >= 0; c-- {
		kk := int(take[c+1][b])
		if !rx.traceFlat(c, kk, x) {
			rx.traceColour(c, kk, x)
		}
		b -= kk
	}
	return total + int32(jl)*rx.jwMax, true
}

// traceColour follows colour c's best path in the relaxation from the root
// with jl jokers, and notes the tiles it sends to groups.
func (rx *relaxation) traceColour(c, jl int, x *[maxN + 2][4]uint8) {
	cfg := rx.cfg
	st := rx.crossSt[c]
	for n := 1; n <= rx.N; n++ {
		if st == 0 && n > int(rx.lastTile[c]) {
			return
		}
		cur := rx.colourBound(c, n, st, jl, rx.jTotal)
		fi := int(st)*(cfg.copies+1) + int(rx.avail[n][c])
		mvs := cfg.fit[fi][:cfg.fitEnd[fi][jl]]
		for i := range mvs {
			m := &mvs[i]
			gain := rx.gainsAt(rx.jTotal, n, c)[m.reals]
			if gain == neg || int(m.minN) > n {
				continue
			}
			if rest := rx.colourBound(c, n+1, m.next, jl-int(m.jokers), rx.jTotal); rest != neg && gain+rest == cur {
				x[n][c] = uint8(rx.grouped(min(rx.jTotal, rx.jdim-1), n, c, int(m.reals)))
				st, jl = m.next, jl-int(m.jokers)
				break
			}
		}
	}
}
