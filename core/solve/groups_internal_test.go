package solve

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The search's first way of forming groups, kept as an oracle: it deals the
// tiles colour by colour into groups, trying every deal. Exponential in the
// tiles, so slow for big boxes, but obvious.

// slowPlanGroups reports whether g[c] real tiles of each colour and j
// jokers, all of one number, make valid groups (each colour at most
// groupCopies times a group, at least one real tile a group,
// MinGroup..colors × groupCopies tiles; with declared false, a group of one
// real tile never of a size that reads as a run). If out is not nil it
// receives, for each group, its tiles of each colour and its jokers.
func (c *config) slowPlanGroups(g [4]int, j int, declared bool, out *[]groupPlan) bool {
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
	// Deal the tiles colour by colour into groups: a tile joins an existing
	// group with room for its colour or opens a new one. Tiles of one
	// colour go to groups in non-decreasing order, so few deals come up
	// twice.
	groups := make([][4]uint8, 0, total)
	found := false
	var rec func(col, k, from int)
	rec = func(col, k, from int) {
		if found {
			return
		}
		if col == c.colors {
			if js, ok := c.slowFillJokers(groups, j, declared); ok {
				found = true
				if out != nil {
					*out = (*out)[:0]
					for i, cnt := range groups {
						*out = append(*out, groupPlan{count: cnt, jokers: js[i]})
					}
				}
			}
			return
		}
		if k == g[col] {
			rec(col+1, 0, 0)
			return
		}
		// put the next tile of colour col in an existing group at index >= from
		for i := from; i < len(groups); i++ {
			if int(groups[i][col]) < c.groupCopies() {
				groups[i][col]++
				rec(col, k+1, i)
				groups[i][col]--
			}
		}
		// or in a new group
		var fresh [4]uint8
		fresh[col] = 1
		groups = append(groups, fresh)
		rec(col, k+1, len(groups)-1)
		groups = groups[:len(groups)-1]
	}
	rec(0, 0, 0)
	return found
}

// slowFillJokers shares j jokers among groups with the given real tiles so
// each group has a valid size; a group with one real tile may not have a
// size that reads as a run unless declared. It returns the jokers of each
// group.
func (c *config) slowFillJokers(groups [][4]uint8, j int, declared bool) ([]int, bool) {
	js := make([]int, len(groups))
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if i == len(groups) {
			return left == 0
		}
		r := 0
		for _, k := range groups[i] {
			r += int(k)
		}
		for k := 0; k <= left && r+k <= c.colors*c.groupCopies(); k++ {
			n := r + k
			if n < c.minGrp || (!declared && r == 1 && c.runnable(n)) {
				continue
			}
			js[i] = k
			if rec(i+1, left-k) {
				return true
			}
		}
		return false
	}
	return js, rec(0, j)
}

// planGroups answers as the oracle on every deal of small boxes, and the
// groups it lays out are valid: each colour as often as it has tiles, at most
// once a group (groupCopies times, under group_colors: any), the jokers
// adding up, every size allowed.
func TestPlanGroupsAgreesWithDeals(t *testing.T) {
	t.Parallel()
	for _, sh := range []shape{
		{colors: 4, numbers: 13, copies: 3, jokers: 6, minRun: 3, minGrp: 3},
		{colors: 4, numbers: 13, copies: 2, jokers: 4, minRun: 4, minGrp: 4},
		{colors: 3, numbers: 9, copies: 3, jokers: 5, minRun: 2, minGrp: 2},
		{colors: 4, numbers: 13, copies: 3, jokers: 3, minRun: 1, minGrp: 1},
		{colors: 2, numbers: 5, copies: 3, jokers: 3, minRun: 3, minGrp: 2},
		// group_colors: any, the box's copies in play or more
		{colors: 4, numbers: 13, copies: 2, jokers: 3, minRun: 3, minGrp: 3, repeat: 2},
		{colors: 4, numbers: 13, copies: 1, jokers: 4, minRun: 3, minGrp: 3, repeat: 2},
		{colors: 3, numbers: 9, copies: 3, jokers: 4, minRun: 2, minGrp: 2, repeat: 3},
		{colors: 2, numbers: 5, copies: 3, jokers: 3, minRun: 3, minGrp: 4, repeat: 3},
		{colors: 3, numbers: 13, copies: 2, jokers: 3, minRun: 1, minGrp: 1, repeat: 2},
	} {
		c := &config{shape: sh, m: max(1, sh.minRun)}
		base, n := sh.copies+1, 1
		for range sh.colors {
			n *= base
		}
		for idx := range n {
			var g [4]int
			x := idx
			for col := range sh.colors {
				g[col] = x % base
				x /= base
			}
			for k := 0; k <= 2*sh.jokers+1; k++ {
				j, declared := k/2, k%2 == 1
				var out []groupPlan
				want := c.slowPlanGroups(g, j, declared, nil)
				got := c.planGroups(g, j, declared, &out)
				require.Equal(t, want, got, "%+v: g %v, %d jokers", sh, g, j)
				if !got {
					continue
				}
				var used [4]int
				js := 0
				for _, gp := range out {
					r := 0
					for col, k := range gp.count {
						require.LessOrEqual(t, int(k), c.groupCopies(), "%+v: g %v, %d jokers: %v", sh, g, j, out)
						r += int(k)
						used[col] += int(k)
					}
					size := r + gp.jokers
					require.True(t, r >= 1 && size >= sh.minGrp && size <= sh.colors*c.groupCopies() && (declared || !(r == 1 && c.runnable(size))),
						"%+v: g %v, %d jokers: group %v with %d jokers", sh, g, j, gp.count, gp.jokers)
					js += gp.jokers
				}
				require.Equal(t, g, used, "%+v: g %v, %d jokers: %v", sh, g, j, out)
				require.Equal(t, j, js, "%+v: g %v: %v", sh, g, out)
			}
		}
	}
}
