package stage

import (
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Edit is one step of a plan: a put of rack tiles (From nil) or a move of
// tiles of the table, each from its set (numbered as the table is before
// the step), into To.
type Edit struct {
	Tiles []core.Tile
	From  []int
	To    Target
}

// String is the edit as the terminal writes it: "put r7 3", "move 1:b1
// 2:b2 new" (tiles named, not their positions).
func (e Edit) String() string {
	w := make([]string, len(e.Tiles))
	for k, t := range e.Tiles {
		if e.From == nil {
			w[k] = t.String()
		} else {
			w[k] = fmt.Sprintf("%d:%s", e.From[k], t)
		}
	}
	verb := "move "
	if e.From == nil {
		verb = "put "
	}
	return verb + strings.Join(w, " ") + " " + e.To.String()
}

// Plan turns a play into the puts and moves that rebuild start (the table
// as the turn began, numbered as the workspace numbers it) into after: what
// a hint teaches and a review shows, so it stays as close to the table the
// learner sees as it can.
//
// Each new set is built on the old set it shares most tiles with (its base),
// if any: the tiles it lacks come from the rack (put) or from old sets that
// give them up (move). A new set with no base is made from scratch. A set
// emptied by a move leaves the table, so the set numbers in later steps are
// worked out on a running copy of the table.
func Plan(start, after core.Table) []Edit {
	old := make([]core.Multiset, len(start))
	for i, s := range start {
		old[i] = core.MultisetOf(s...)
	}
	nw := make([]core.Multiset, len(after))
	for j, s := range after {
		nw[j] = core.MultisetOf(s...)
	}
	// Pair each new set with a base: identical sets first, then the largest
	// overlaps.
	base := make([]int, len(after)) // old index, or -1
	taken := make([]bool, len(start))
	for j := range base {
		base[j] = -1
		for i := range start {
			if !taken[i] && old[i] == nw[j] {
				base[j], taken[i] = i, true
				break
			}
		}
	}
	for {
		bi, bj, best := -1, -1, 0
		for j := range after {
			if base[j] >= 0 {
				continue
			}
			for i := range start {
				if taken[i] {
					continue
				}
				both := old[i].Minus(&nw[j])
				if n := old[i].Len() - both.Len(); n > best {
					bi, bj, best = i, j, n
				}
			}
		}
		if bi < 0 {
			break
		}
		base[bj], taken[bi] = bi, true
	}
	// What each old set gives up: its tiles its own new set does not keep.
	spare := make([]core.Multiset, len(start))
	for i := range start {
		spare[i] = old[i]
	}
	keep := make([]core.Multiset, len(after)) // what each new set keeps of its base
	for j, i := range base {
		if i >= 0 {
			spare[i] = old[i].Minus(&nw[j])
			keep[j] = old[i].Minus(&spare[i])
		}
	}
	// The running table: the id of each set (old index, or len(start)+j for
	// the new set j), and its tile count, to know when one empties.
	type run struct{ id, n int }
	table := make([]run, len(start))
	for i := range start {
		table[i] = run{i, old[i].Len()}
	}
	pos := func(id int) int {
		for k, r := range table {
			if r.id == id {
				return k + 1
			}
		}
		return 0
	}
	var steps []Edit
	for j := range after {
		need := nw[j]
		id := len(start) + j
		if i := base[j]; i >= 0 {
			id = i
			need = nw[j].Minus(&keep[j])
		}
		if need.Len() == 0 {
			continue
		}
		// Gather the tiles by where they come from: old sets in order, then the rack.
		from := map[int][]core.Tile{}
		var order []int
		var rack []core.Tile
		for _, t := range need.Tiles() {
			donor := -1
			for i := range start {
				if i != base[j] && spare[i].Count(t) > 0 {
					donor = i
					break
				}
			}
			if donor < 0 {
				rack = append(rack, t)
				continue
			}
			spare[donor].Remove(t)
			if _, ok := from[donor]; !ok {
				order = append(order, donor)
			}
			from[donor] = append(from[donor], t)
		}
		target := func() Target {
			if p := pos(id); p > 0 {
				return Target{Set: p}
			}
			table = append(table, run{id, 0})
			return Target{}
		}
		add := func(k int) {
			p := pos(id)
			table[p-1].n += k
		}
		if len(order) > 0 {
			// One move takes every tile the set needs from the table: its
			// references use the numbers before the move, as plugin.Move does.
			var st Edit
			for _, donor := range order {
				p := pos(donor)
				for _, t := range from[donor] {
					st.Tiles = append(st.Tiles, t)
					st.From = append(st.From, p)
				}
			}
			st.To = target()
			steps = append(steps, st)
			add(len(st.Tiles))
			for _, donor := range order {
				p := pos(donor)
				table[p-1].n -= len(from[donor])
				if table[p-1].n == 0 {
					table = append(table[:p-1], table[p:]...)
				}
			}
		}
		if len(rack) > 0 {
			steps = append(steps, Edit{Tiles: rack, To: target()})
			add(len(rack))
		}
	}
	return steps
}
