package solve

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// The search's first way of forming groups, kept as an oracle: it deals the
// tiles colour by colour into groups, trying every deal. Exponential in the
// tiles, so slow for big boxes, but obvious.

// planGroups reports whether g[c] real tiles of each colour and j jokers, all
// of one number, make valid groups (each colour once a group, at least one real
// tile a group, MinGroup..Colors tiles). If out is not nil it receives, for each
// group, its colour mask and its jokers.
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
	// Deal the tiles colour by colour into groups (masks): a tile joins an
	// existing group without its colour or opens a new one. Tiles of one
	// colour go to groups in increasing order, so no deal comes up twice.
	masks := make([]uint8, 0, total)
	found := false
	var rec func(col, k, from int)
	rec = func(col, k, from int) {
		if found {
			return
		}
		if col == c.colors {
			if js, ok := c.slowFillJokers(masks, j, declared); ok {
				found = true
				if out != nil {
					*out = (*out)[:0]
					for i, mk := range masks {
						*out = append(*out, groupPlan{mask: mk, jokers: js[i]})
					}
				}
			}
			return
		}
		if k == g[col] {
			rec(col+1, 0, 0)
			return
		}
		bit := uint8(1) << col
		// put the next tile of colour col in an existing group at index >= from
		for i := from; i < len(masks); i++ {
			if masks[i]&bit == 0 {
				masks[i] |= bit
				rec(col, k+1, i+1)
				masks[i] &^= bit
			}
		}
		// or in a new group
		masks = append(masks, bit)
		rec(col, k+1, len(masks))
		masks = masks[:len(masks)-1]
	}
	rec(0, 0, 0)
	return found
}

// fillJokers shares j jokers among groups with the given real colours so each
// group has a valid size; a group with one real tile may not have a size that
// reads as a run. It returns the jokers of each group.
func (c *config) slowFillJokers(masks []uint8, j int, declared bool) ([]int, bool) {
	js := make([]int, len(masks))
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if i == len(masks) {
			return left == 0
		}
		r := bits.OnesCount8(masks[i])
		for k := 0; k <= left && r+k <= c.colors; k++ {
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
// once a group, the jokers adding up, every size allowed.
func TestPlanGroupsAgreesWithDeals(t *testing.T) {
	for _, sh := range []shape{
		{colors: 4, numbers: 13, copies: 3, jokers: 6, minRun: 3, minGrp: 3},
		{colors: 4, numbers: 13, copies: 2, jokers: 4, minRun: 4, minGrp: 4},
		{colors: 3, numbers: 9, copies: 3, jokers: 5, minRun: 2, minGrp: 2},
		{colors: 4, numbers: 13, copies: 3, jokers: 3, minRun: 1, minGrp: 1},
		{colors: 2, numbers: 5, copies: 3, jokers: 3, minRun: 3, minGrp: 2},
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
					r := bits.OnesCount8(gp.mask)
					size := r + gp.jokers
					require.True(t, r >= 1 && size >= sh.minGrp && size <= sh.colors && (declared || !(r == 1 && c.runnable(size))),
						"%+v: g %v, %d jokers: group %08b with %d jokers", sh, g, j, gp.mask, gp.jokers)
					for col := range sh.colors {
						if gp.mask&(1<<col) != 0 {
							used[col]++
						}
					}
					js += gp.jokers
				}
				require.Equal(t, g, used, "%+v: g %v, %d jokers: %v", sh, g, j, out)
				require.Equal(t, j, js, "%+v: g %v: %v", sh, g, out)
			}
		}
	}
}
