package solve

import (
	"math/bits"
	"slices"
)

// groupPlan is one group at one number: its tiles of each colour (0 or 1
// each where a group's colours differ) and how many jokers.
type groupPlan struct {
	count  [4]uint8
	jokers int
}

// planGroups reports whether g[c] real tiles of each colour and j jokers, all
// of one number, make valid groups (each colour once a group, at least one real
// tile a group, MinGroup..Colors tiles). With declared false, a group of one
// real tile is never of a size that reads as a run: plain jokers make it the
// run, and the search builds it as one. With declared true it may be: its
// jokers are declared members (J=13), the group the referee then reads,
// worth more than the run where the run must stand below its tile (the 13s:
// [o13 J=13 J=13] 39 points, the run 11-12-13 36; see declaredFrom). If out
// is not nil it receives, for each group, its colour mask and its jokers.
//
// It does not try deals of tiles (exponential in the copies): it tries how
// many groups have 1, 2, ... real tiles (a few dozen ways at most), and for
// each asks two questions with a closed answer. Can the colours be dealt so?
// Gale and Ryser's condition on the two degree sequences says. Can the jokers
// fill the groups to valid sizes, j in all? A sum of small sets says.
func (c *config) planGroups(g [4]int, j int, declared bool, out *[]groupPlan) bool {
	total := 0
	for col := range c.colors {
		total += g[col]
	}
	if out != nil {
		*out = (*out)[:0]
	}
	if total == 0 {
		return j == 0
	}
	if j > 31 {
		return false
	}
	if c.repeat > 0 {
		return c.planRepeat(g, total, j, declared, out)
	}
	if j == 0 && total >= c.minGrp && (declared || !(total == 1 && c.runnable(1))) && max(g[0], g[1], g[2], g[3]) <= 1 {
		// One tile of each colour present and no joker, as many valid
		// groups of a play are: the one group of them all, the plan the
		// search below finds first (its largest group first), without the
		// search (build asks at every number of the answer).
		if out != nil {
			*out = append(*out, groupPlan{count: [4]uint8{uint8(g[0]), uint8(g[1]), uint8(g[2]), uint8(g[3])}})
		}
		return true
	}
	// allowed[r]: bit x set when a group of r real tiles may take x jokers
	var allowed [5]uint32
	for r := 1; r <= c.colors; r++ {
		for x := 0; r+x <= c.colors; x++ {
			if n := r + x; n >= c.minGrp && (declared || !(r == 1 && c.runnable(n))) {
				allowed[r] |= 1 << x
			}
		}
	}
	// the colours' degrees, largest first, for Gale-Ryser
	deg := make([]int, c.colors)
	copy(deg, g[:c.colors])
	slices.SortFunc(deg, func(a, b int) int { return b - a })
	limit := uint32(1)<<(j+1) - 1 // sums above j are of no use
	var cnt [5]int                // groups by real tiles
	var rec func(r, left int) bool
	rec = func(r, left int) bool {
		if r == 0 {
			if left != 0 || !c.colorsFit(deg, &cnt) {
				return false
			}
			if jokerSums(&allowed, &cnt, limit)&(1<<j) == 0 {
				return false
			}
			if out != nil {
				c.layGroups(g, j, &allowed, cnt, out)
			}
			return true
		}
		for k := left / r; k >= 0; k-- {
			if k > 0 && allowed[r] == 0 {
				continue
			}
			cnt[r] = k
			if rec(r-1, left-k*r) {
				return true
			}
		}
		cnt[r] = 0
		return false
	}
	return rec(c.colors, total)
}

// colorsFit is Gale and Ryser's condition: the colours (deg, largest first)
// can be dealt into groups of cnt[r] groups of r colours each, every colour
// at most once a group, iff for every t the t largest groups need no more
// than the colours can give to t groups.
func (c *config) colorsFit(deg []int, cnt *[5]int) bool {
	need, t := 0, 0
	for r := c.colors; r >= 1; r-- {
		for range cnt[r] {
			t++
			need += r
			have := 0
			for _, d := range deg {
				have += min(d, t)
			}
			if need > have {
				return false
			}
		}
	}
	return true
}

// jokerSums is the set (bit x) of joker counts the groups of cnt can take in
// all, each group one of its allowed counts, at most the bits of limit.
func jokerSums(allowed *[5]uint32, cnt *[5]int, limit uint32) uint32 {
	sums := uint32(1)
	for r, k := range cnt {
		for range k {
			sums = addSet(sums, allowed[r]) & limit
		}
	}
	return sums
}

// addSet is the sumset {a+b} of two sets of small numbers (bit masks).
func addSet(a, b uint32) uint32 {
	var out uint32
	for b != 0 {
		x := bits.TrailingZeros32(b)
		b &= b - 1
		out |= a << x
	}
	return out
}

// runnable reports whether a set of n tiles could be read as a run: a group
// with one real tile and that many tiles is then a run unless declared.
func (c *config) runnable(n int) bool { return n >= c.minRun && n <= c.numbers }

// declaredFrom is the lowest number at which a declared group of one tile
// may be worth more than the run its tiles make: below it the run of the
// same tiles goes up from the tile, within the numbers, and is worth at
// least as much (r9 J J: the run 9-10-11, 30, against the group's 27), so
// the search need not weigh the group there.
func (c *config) declaredFrom() int { return c.numbers - c.colors*c.groupCopies() + 2 }

// groupTables are the tables of groups at the number n (its face, not the
// search's index, which differs when it searches from the highest down):
// groupProf, profOK and maxGroup, with the declared groups of one tile only
// where they may pay.
func (c *config) groupTables(n int) (groupProf, profOK []bool, maxGroup []uint8) {
	if n >= c.declaredFrom() {
		return c.groupProf, c.profOK, c.maxGroup
	}
	return c.groupProfPlain, c.profOKPlain, c.maxGroupPlain
}

// layGroups writes the groups of a feasible count: largest groups first,
// each takes the colours with the most tiles left (Ryser's construction,
// which succeeds whenever colorsFit holds); then each group takes jokers so
// that the groups after it can still take the rest.
func (c *config) layGroups(g [4]int, j int, allowed *[5]uint32, cnt [5]int, out *[]groupPlan) {
	left := g
	// (on the stack: a play's groups are rebuilt at every number of it)
	var sizeBuf [16]int
	sizes := sizeBuf[:0]
	for r := c.colors; r >= 1; r-- {
		for range cnt[r] {
			sizes = append(sizes, r)
		}
	}
	var orderBuf [4]int
	order := orderBuf[:c.colors]
	for _, r := range sizes {
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return left[b] - left[a] })
		var gp groupPlan
		for _, col := range order[:r] {
			gp.count[col] = 1
			left[col]--
		}
		*out = append(*out, gp)
	}
	// suffix[i]: the joker counts groups i.. can take
	var suffixBuf [len(sizeBuf) + 1]uint32
	suffix := suffixBuf[:0]
	if len(sizes) >= len(suffixBuf) {
		suffix = make([]uint32, 0, len(sizes)+1)
	}
	suffix = suffix[:len(sizes)+1]
	suffix[len(sizes)] = 1
	for i := len(sizes) - 1; i >= 0; i-- {
		suffix[i] = addSet(suffix[i+1], allowed[sizes[i]]) & (uint32(1)<<(j+1) - 1)
	}
	for i, r := range sizes {
		for x := 0; x <= j; x++ {
			if allowed[r]&(1<<x) != 0 && suffix[i+1]&(1<<(j-x)) != 0 {
				(*out)[i].jokers = x
				j -= x
				break
			}
		}
	}
}

// planRepeat is planGroups under sets.group_colors: any, where a group may
// hold each colour up to repeat times. A colour never has more tiles at a
// number than the copies in play, at most repeat, so no deal of the colours
// can fail: only the counts matter. t real tiles and j jokers make valid
// groups when t splits into groups of r >= 1 real tiles, each with x
// jokers, r+x of MinGroup to colors × repeat tiles (a group of one real
// tile never of a size that reads as a run unless declared, as in
// planGroups). A small
// dynamic programme over the real tiles dealt so far says, as a bit set,
// which totals of jokers the groups can take. (planGroups has checked the
// trivial cases: total tiles at least 1, j at most 31.)
func (c *config) planRepeat(g [4]int, total, j int, declared bool, out *[]groupPlan) bool {
	most := c.colors * c.repeat // a group's most tiles
	limit := uint32(1)<<(j+1) - 1
	// allowed(r): bit x set when a group of r real tiles may take x jokers
	allowed := func(r int) uint32 {
		var m uint32
		for x := 0; r+x <= most && x <= j; x++ {
			if n := r + x; n >= c.minGrp && (declared || !(r == 1 && c.runnable(n))) {
				m |= 1 << x
			}
		}
		return m
	}
	// reach[k]: the joker totals k real tiles in groups can take
	var buf [4 * 16]uint32
	reach := buf[:total+1]
	reach[0] = 1
	for k := 1; k <= total; k++ {
		reach[k] = 0
		for r := 1; r <= min(k, most); r++ {
			reach[k] |= addSet(reach[k-r], allowed(r)) & limit
		}
	}
	if reach[total]&(1<<j) == 0 {
		return false
	}
	if out == nil {
		return true
	}
	// Walk back: each group a count of real tiles and jokers the rest can
	// still complete; its tiles are the next ones in colour order.
	var next [4]int // the tiles of each colour not yet in a group
	copy(next[:], g[:])
	col := 0
	for k := total; k > 0; {
		for r := 1; r <= min(k, most); r++ {
			a := allowed(r)
			x := -1
			for y := 0; y <= j; y++ {
				if a&(1<<y) != 0 && reach[k-r]&(1<<(j-y)) != 0 {
					x = y
					break
				}
			}
			if x < 0 {
				continue
			}
			gp := groupPlan{jokers: x}
			for range r {
				for next[col] == 0 {
					col++
				}
				gp.count[col]++
				next[col]--
			}
			*out = append(*out, gp)
			k, j = k-r, j-x
			break
		}
	}
	return true
}
