package solve

import (
	"fmt"
	"github.com/meldlab/meldlab/core"
	"slices"
)

// liveRun is a run while a play is rebuilt, its tiles in order.
type liveRun struct {
	tiles [maxN + 1]core.Tile
	n     int // tiles in use
	// pre is, for a run that wraps in at 1 (a head), the capped length of the
	// part before the highest number; 0 for a run that starts on the way up.
	pre    int
	next   int  // the head this run continues into past the highest number, -1 for none
	target bool // some run continues into this one
	seen   bool
}

func (r *liveRun) capped(m int) int { return min(r.pre+r.n, m) }

// build lays out the sets of a path of steps (one for each number) and counts
// the rack tiles it places. The sets share one fresh buffer of tiles; runs are
// written ascending with each joker in its place and groups by colour with the
// jokers last, as canonical notation has them.
func (s *solver) build(steps []step) (core.Table, core.Multiset) {
	cfg := s.cfg
	var placed core.Multiset
	s.runs = s.runs[:0]
	for c := range s.open {
		s.open[c] = s.open[c][:0]
	}
	s.closed = s.closed[:0]
	size := s.p.Table.Len() + s.p.Rack.Len()
	flat := make([]core.Tile, 0, size)
	sets := make(core.Table, 0, size/max(1, min(cfg.m, cfg.minGrp, 3))+1)
	emit := func(tiles []core.Tile) {
		start := len(flat)
		flat = append(flat, tiles...)
		sets = append(sets, core.Set(flat[start:len(flat):len(flat)]))
	}
	newRun := func(pre int) int {
		s.runs = append(s.runs, liveRun{pre: pre, next: -1})
		return len(s.runs) - 1
	}
	var heads [4][]int
	if cfg.wrap {
		for c := range s.C {
			cnt := cfg.counts[s.crossSt[c]]
			for l := 1; l <= cfg.m; l++ {
				for range cnt[l] {
					h := newRun(l)
					s.runs[h].target = true
					s.open[c] = append(s.open[c], h)
					heads[c] = append(heads[c], h)
				}
			}
		}
	}
	next, plan := s.next[:0], s.plan[:0]
	defer func() { s.next, s.plan = next, plan }() // kept for the next play
	for i := range steps {
		n := i + 1
		st := &steps[i]
		var g [4]int
		for c := range s.C {
			tile := core.NewTile(core.Color(c), s.face(n))
			reals := 0
			// A colour with no run open that stays so (the empty state's
			// idle move, most colours at most numbers) has no run to
			// extend or start: only its group tiles are placed.
			if st.old[c] != 0 || st.mv[c] != cfg.idle || len(s.open[c]) > 0 {
				m := &cfg.moves[st.old[c]][st.mv[c]]
				d := &cfg.details[st.old[c]][m.detail]
				next = next[:0]
				extend, virt := int(d.extend), int(d.virtExt)
				for _, ri := range s.open[c] {
					r := &s.runs[ri]
					if r.capped(cfg.m) == cfg.m {
						if extend == 0 {
							s.closed = append(s.closed, ri)
							continue
						}
						extend--
					}
					if virt > 0 {
						r.tiles[r.n] = core.Joker
						virt--
					} else {
						r.tiles[r.n] = tile
					}
					r.n++
					next = append(next, ri)
				}
				for _, p := range cfg.prefixes(d) {
					ri := newRun(0)
					r := &s.runs[ri]
					for range p {
						r.tiles[r.n] = core.Joker
						r.n++
					}
					r.tiles[r.n] = tile
					r.n++
					next = append(next, ri)
				}
				s.open[c] = append(s.open[c][:0], next...)
				reals = int(m.reals)
			}
			g[c] = int(st.g[c])
			placed.AddN(tile, reals+g[c]-int(s.must[n][c]))
		}
		if !cfg.planGroups(g, int(st.jg), s.face(n) >= cfg.declaredFrom(), &plan) {
			panic(fmt.Sprint("solve: a step's groups cannot be formed", g, st.jg, n)) // cannot happen: the search checked them
		}
		for _, gp := range plan {
			set := &s.group
			k := 0
			for c := range s.C {
				for range gp.count[c] {
					set[k] = core.NewTile(core.Color(c), s.face(n))
					k++
				}
			}
			joker := core.Joker
			if k == 1 {
				// one tile and jokers: declared a group, or the
				// referee reads a run (Canonical keeps the
				// declaration only where it is needed)
				joker = core.GroupJoker(s.face(n))
			}
			for range gp.jokers {
				set[k] = joker
				k++
			}
			if k > 1 && joker != core.Joker {
				if info, err := s.sr.Validate(set[:k]); err == nil {
					emit(info.Canonical(set[:k], s.sr.Numbers))
					continue
				}
			}
			emit(set[:k])
		}
	}
	placed.AddN(core.Joker, s.jokersAfter(steps)-s.tableJokers)

	if !cfg.wrap {
		for c := range s.C {
			s.closed = append(s.closed, s.open[c]...)
		}
		for _, ri := range s.closed {
			r := &s.runs[ri]
			if s.flip { // laid from the highest number down
				slices.Reverse(r.tiles[:r.n])
			}
			emit(r.tiles[:r.n])
		}
		return sets, placed
	}
	s.wrapRuns(heads, func(run []core.Tile) {
		if s.flip { // laid from the highest number down
			slices.Reverse(run)
		}
		emit(run)
	})
	return sets, placed
}

// wrapRuns ends a play with wrap: each guessed crossing run (a head) is
// continued from a run open at the highest number with the same capped length
// (its tail). Chains of tails and heads are cut into runs.
func (s *solver) wrapRuns(heads [4][]int, emit func([]core.Tile)) {
	cfg := s.cfg
	all := append([]int(nil), s.closed...)
	for c := range s.C {
		want := append([]uint8(nil), cfg.counts[s.crossSt[c]]...)
		taken := make([]bool, len(heads[c]))
		all = append(all, s.open[c]...)
		// The tails that end with a real tile first: the engine reads
		// such a chain as the search placed it, where one that ends in
		// jokers may be read the other way round, its jokers elsewhere
		// (12-13-1 is r12 r13 r1, but [r3 J J r1] in numbers 1..5 is
		// r1 r2 r3 r4): any tail of the length will do for the tiles,
		// and this one for an initial meld's value too.
		for pass := range 2 {
			for _, ri := range s.open[c] {
				r := &s.runs[ri]
				if (r.n > 0 && r.tiles[r.n-1] != core.Joker) != (pass == 0) {
					continue
				}
				l := r.capped(cfg.m)
				if want[l] == 0 {
					continue
				}
				want[l]--
				for k, h := range heads[c] {
					if s.runs[h].pre == l && !taken[k] {
						taken[k] = true
						r.next = h
						break
					}
				}
			}
		}
	}
	chain := func(ri int) []core.Tile {
		var tiles []core.Tile
		for ; ri >= 0 && !s.runs[ri].seen; ri = s.runs[ri].next {
			r := &s.runs[ri]
			r.seen = true
			tiles = append(tiles, r.tiles[:r.n]...)
		}
		return tiles
	}
	// chains start at runs nothing continues into; what is left are cycles
	for _, ri := range all {
		if !s.runs[ri].target && !s.runs[ri].seen {
			for _, piece := range s.split(chain(ri), false) {
				emit(piece)
			}
		}
	}
	for _, ri := range all {
		if !s.runs[ri].seen {
			for _, piece := range s.split(chain(ri), true) {
				emit(piece)
			}
		}
	}
}

// split cuts a wrapped sequence of tiles (a cycle if cyclic) into runs of
// MinRun..Numbers tiles, each with a real tile. The search only builds
// sequences that can be cut so (see wrapExact).
func (lay *problemLayout) split(seq []core.Tile, cyclic bool) [][]core.Tile {
	if len(seq) == 0 {
		return nil
	}
	m, n := lay.cfg.m, lay.N
	rots := 1
	if cyclic {
		rots = len(seq)
	}
	for rot := range rots {
		q := append(append([]core.Tile(nil), seq[rot:]...), seq[:rot]...)
		L := len(q)
		from := make([]int, L+1) // from[i]: where the last piece of a cut of q[:i] starts, -1 if none
		for i := range from {
			from[i] = -1
		}
		from[0] = 0
		for i := 1; i <= L; i++ {
			for k := min(n, i); k >= m; k-- { // longest last piece first: whole runs stay whole
				if from[i-k] < 0 {
					continue
				}
				real := false
				for _, t := range q[i-k : i] {
					real = real || !t.IsJoker()
				}
				if real {
					from[i] = i - k
					break
				}
			}
		}
		if from[L] < 0 {
			continue
		}
		var out [][]core.Tile
		for i := L; i > 0; i = from[i] {
			out = append(out, q[from[i]:i])
		}
		return out
	}
	panic("solve: a wrapped run cannot be cut into valid runs")
}
