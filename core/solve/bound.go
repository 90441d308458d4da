package solve

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
// from colour state st with jl jokers to spend, in the relaxation; neg when
// its runs cannot be completed.
func (s *solver) colourBound(c, n int, st uint16, jl int) int32 {
	if st == 0 && n > int(s.lastTile[c]) {
		return 0 // nothing open and no tile to come
	}
	if e := s.hmemo[c*s.hStrideC+n*s.hStrideN+int(st)*s.hStrideS+jl]; e.gen == s.hcur {
		return e.val
	}
	return s.computeBound(c, n, st, jl)
}

// computeBound works out colourBound when the memo does not have it.
func (s *solver) computeBound(c, n int, st uint16, jl int) int32 {
	if n > s.N {
		if s.cfg.wrap || s.cfg.complete[st] {
			return 0 // with wrap the crossing runs are checked by the search only
		}
		return neg
	}
	i := s.hIndex(c, n, st, jl)
	cfg := s.cfg
	t := int(s.must[n][c])
	a := int(s.avail[n][c])
	w := s.wt[n][c]
	best := neg
	mvs := cfg.moves[st][:cfg.jokerEnd[st][jl]]
	for k := range mvs {
		m := &mvs[k]
		if int(m.reals) > a || int(m.minN) > n {
			continue
		}
		// as many tiles as the groups of this number can take from this
		// colour; checked first, so that the states only a move without
		// room for its tiles leads to are never worked out
		g := min(a-int(m.reals), int(s.maxGroup[n][c]))
		if g < t-int(m.reals) {
			continue
		}
		if rest := s.colourBound(c, n+1, m.next, jl-int(m.jokers)); rest != neg {
			best = max(best, int32(int(m.reals)+g-t)*w+rest)
		}
	}
	s.hmemo[i] = hentry{gen: s.hcur, val: best}
	return best
}

// hentry is a value of the relaxation, valid in the generation gen.
type hentry struct {
	gen uint32
	val int32
}

func (s *solver) hIndex(c, n int, st uint16, jl int) int {
	return c*s.hStrideC + n*s.hStrideN + int(st)*s.hStrideS + jl
}

// resetBound sizes and empties the relaxation's memo for this problem, and
// works out how many tiles of each colour the groups of each number can take.
func (s *solver) resetBound() {
	s.hStrideS = s.cfg.jokers + 1
	s.hStrideN = len(s.cfg.counts) * s.hStrideS
	s.hStrideC = (s.N + 2) * s.hStrideN
	size := s.C * s.hStrideC
	if cap(s.hmemo) < size {
		s.hmemo = make([]hentry, size)
		s.hcur = 0
	}
	s.hmemo = s.hmemo[:size]
	s.hcur++
	if s.hcur == 0 {
		clear(s.hmemo)
		s.hcur = 1
	}
	cfg := s.cfg
	np, jk := len(cfg.profs), cfg.jokers+1
	for c := range s.C {
		s.lastTile[c] = 0
		for n := 1; n <= s.N; n++ {
			if s.avail[n][c] > 0 {
				s.lastTile[c] = uint8(n)
			}
		}
	}
	for n := 1; n <= s.N; n++ {
		for c := range s.C {
			// the profile of the other colours' tiles at n
			var q uint8
			for o := range s.C {
				if o != c {
					q = cfg.profNext[q][s.avail[n][o]]
				}
			}
			s.maxGroup[n][c] = 0
			for g := int(s.avail[n][c]); g > 0; g-- {
				p := cfg.profNext[0][g]
				if cfg.profOK[(int(p)*np+int(q))*jk+s.jTotal] {
					s.maxGroup[n][c] = uint8(g)
					break
				}
			}
		}
	}
}

// nodeBound is the bound of a search node: colours below c are past number n.
// The jokers left are shared out between the colours in the best way.
func (s *solver) nodeBound(nd *node) int32 {
	jl := s.jTotal - int(nd.j)
	if jl == 0 {
		sum := int32(0)
		for c := range s.C {
			n := int(nd.n)
			if c < int(nd.c) {
				n++
			}
			h := s.colourBound(c, n, nd.cs[c], 0)
			if h == neg {
				return neg
			}
			sum += h
		}
		return sum
	}
	var best [16]int32 // best[b]: the colours so far with b jokers between them
	for c := range s.C {
		n := int(nd.n)
		if c < int(nd.c) {
			n++
		}
		var cur [16]int32
		for b := 0; b <= jl; b++ {
			cur[b] = neg
			for k := 0; k <= b; k++ {
				h := s.colourBound(c, n, nd.cs[c], k)
				if h == neg || (c > 0 && best[b-k] == neg) {
					continue
				}
				if c == 0 {
					cur[b] = max(cur[b], h)
				} else {
					cur[b] = max(cur[b], best[b-k]+h)
				}
			}
		}
		best = cur
	}
	if best[jl] == neg {
		return neg
	}
	return best[jl] + int32(jl)*s.jwMax
}

// othersBound fills out[b], for b jokers, with the bound of every colour but
// c of the frame's node (colours below c past its number), sharing the b
// jokers out between them; neg where they cannot all complete their runs.
func (s *solver) othersBound(f *frame, jl int, out *[16]int32) {
	fc, fn := int(f.c), int(f.n)
	if jl == 0 { // the common case: a plain sum
		sum := int32(0)
		for o := range s.C {
			if o == fc {
				continue
			}
			n := fn
			if o < fc {
				n++
			}
			h := s.colourBound(o, n, f.cs[o], 0)
			if h == neg {
				out[0] = neg
				return
			}
			sum += h
		}
		out[0] = sum
		return
	}
	for b := 0; b <= jl; b++ {
		out[b] = 0
	}
	for o := range s.C {
		if o == fc {
			continue
		}
		n := fn
		if o < fc {
			n++
		}
		var cur [16]int32
		for b := 0; b <= jl; b++ {
			cur[b] = neg
			for k := 0; k <= b; k++ {
				h := s.colourBound(o, n, f.cs[o], k)
				if h == neg || out[b-k] == neg {
					continue
				}
				cur[b] = max(cur[b], out[b-k]+h)
			}
		}
		*out = cur
	}
}
