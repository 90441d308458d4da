package solve

import (
	"math/bits"
	"slices"
	"time"

	"github.com/meldlab/meldlab/core"
)

// repair places rack tiles one at a time by rearranging a few of the
// table's sets around each: the tile and one, two or three sets near it
// (sets that hold its number, its colour a few numbers away, or a joker)
// are split anew into valid sets. It is the play a player finds by moving a
// joker or splitting a run to make room, without the solver's tables, in
// microseconds; a search that runs out of time before it finds anything
// answers with it where the greedy pass, which rearranges nothing, finds
// nothing. (In a fresh process the tables of the XP box with four jokers
// in play take 1-3 ms to build: at a budget of 1 ms the search had not
// started, and the answer was no play.)
//
// It is no search for the best play, nor complete: a play that needs four
// sets moved, or a run to give up a tile it could keep, is beyond it. It
// stops after limit states of its splitting (see split) or at deadline,
// but not before free states whatever the time (an answer that is late
// already had better not be empty too), and returns what it placed by
// then. Only a table that may be rearranged (opened, not locked) is
// touched; otherwise it places nothing.
func repair(p *Problem, limit, free int, deadline time.Time) Result {
	none := Result{Table: p.Table.Clone(), CutShort: true}
	if !p.rearranges() {
		return none
	}
	r := repairer{sr: p.Rules.SetRules(), limit: limit, free: free,
		deadline: deadline, timed: !deadline.IsZero()}
	table := p.Table.Clone()
	rack := p.Rack
	// one tile at a time while any fits, then two that fit only together
	// (a pair and a tile taken from a set, say)
	for progress := true; progress && !r.spent(); {
		progress = false
		var kinds [core.MaxColors*core.MaxNumber + 1]core.Tile
		k := rackKinds(p.Rules.Tiles, &rack, kinds[:])
		if rack.Jokers() > 0 {
			kinds[k] = core.Joker
			k++
		}
		// every tile with one set near it, then with two, then three: the
		// smallest rearrangement first, whichever tile it takes
		for size := 1; size <= 3 && !progress && !r.spent(); size++ {
			for i := 0; i < k && !progress && !r.spent(); i++ {
				progress = r.place(&table, &rack, size, kinds[i])
			}
		}
		for size := 1; size <= 3 && !progress && !r.spent(); size++ {
			for i := 0; i < k && !progress && !r.spent(); i++ {
				for j := i; j < k && !progress && !r.spent(); j++ {
					need := 1
					if i == j {
						need = 2
					}
					if rack.Count(kinds[i]) < need || !related(kinds[i], kinds[j]) {
						continue
					}
					progress = r.place(&table, &rack, size, kinds[i], kinds[j])
				}
			}
		}
	}
	placed := p.Rack.Minus(&rack)
	if placed.Len() == 0 {
		return none
	}
	return Result{Table: table, Placed: placed.Tiles(), Tiles: placed.Len(),
		Points: placed.Value(max(p.Rules.Joker.Penalty, 0)), CutShort: true}
}

// repairAfter goes on from play, a play of p (the greedy pass's), with the
// rearranging pass on its table and the tiles it left on the rack, until
// deadline (none of its states are its own: there is a play in hand): the
// two together, or play as it was if the pass places nothing more.
func repairAfter(p *Problem, play Result, limit int, deadline time.Time) Result {
	if !p.rearranges() || play.Tiles == p.Rack.Len() {
		return play
	}
	q := *p
	q.Table = play.Table
	placed := core.MultisetOf(play.Placed...)
	q.Rack = p.Rack.Minus(&placed)
	more := repair(&q, limit, 0, deadline)
	if more.Tiles == 0 {
		return play
	}
	also := core.MultisetOf(more.Placed...)
	placed.AddAll(&also)
	more.Placed, more.Tiles = placed.Tiles(), placed.Len()
	more.Points += play.Points
	more.Nodes = play.Nodes
	return more
}

// repairNear is how many sets near a tile repair tries, the nearest first:
// up to three of them at a time, 92 ways.
const repairNear = 8

type repairer struct {
	sr       core.SetRules
	nodes    int // states of split, over all its calls
	limit    int
	free     int // states before the deadline counts
	deadline time.Time
	timed    bool
	out      []core.Set // the sets split so far, a stack
}

// spent reports whether the budget is gone.
func (r *repairer) spent() bool { return r.nodes >= r.limit }

// place looks for a rearrangement of size sets near tiles that takes them;
// it makes it, the tiles off the rack, and reports whether it did.
func (r *repairer) place(table *core.Table, rack *core.Multiset, size int, tiles ...core.Tile) bool {
	next, ok := r.tryN(*table, tiles, r.near(*table, tiles), size)
	if ok {
		*table = next
		for _, t := range tiles {
			rack.Remove(t)
		}
	}
	return ok
}

// related reports whether two tiles may be in one set: a joker, or tiles
// of the same number (a group) or the same colour (a run).
func related(a, b core.Tile) bool {
	return a.IsJoker() || b.IsJoker() || a.Number() == b.Number() || a.Color() == b.Color()
}

// tryN tries every choice of size sets of near (indexes into table),
// with tiles, in lexicographic order.
func (r *repairer) tryN(table core.Table, tiles []core.Tile, near []int, size int) (core.Table, bool) {
	if size > len(near) {
		return nil, false
	}
	idx := make([]int, size)
	for i := range idx {
		idx[i] = i
	}
	for !r.spent() {
		var pool core.Multiset
		for _, t := range tiles {
			pool.Add(t)
		}
		for _, i := range idx {
			for _, x := range table[near[i]] {
				pool.Add(x)
			}
		}
		r.out = r.out[:0]
		if r.split(&pool) {
			var next core.Table
			for i, set := range table {
				moved := false
				for _, j := range idx {
					moved = moved || near[j] == i
				}
				if !moved {
					next = append(next, set)
				}
			}
			for _, set := range r.out {
				next = append(next, slices.Clone(set))
			}
			return next, true
		}
		// the next choice
		i := size - 1
		for i >= 0 && idx[i] == len(near)-size+i {
			i--
		}
		if i < 0 {
			return nil, false
		}
		idx[i]++
		for j := i + 1; j < size; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
	return nil, false
}

// near lists the sets of table a rearrangement taking tiles may involve,
// the nearest first, at most repairNear: sets with a tile of a tile's
// number (a group it could join), of its colour a few numbers away (a run
// it could join or split), or a joker (which it could free). For a joker,
// any set, the shortest first.
func (r *repairer) near(table core.Table, tiles []core.Tile) []int {
	const far = 1 << 10
	dist := make([]int, len(table))
	var near []int
	for i, set := range table {
		d := far
		for _, t := range tiles {
			for _, x := range set {
				switch {
				case t.IsJoker():
					d = min(d, len(set)) // the shortest sets take a joker most easily
				case x.IsJoker():
					d = min(d, 2)
				case x.Number() == t.Number() && x.Color() != t.Color():
					d = min(d, 0)
				case x.Color() == t.Color():
					if gap := abs(x.Number() - t.Number()); gap <= r.sr.MinRun {
						d = min(d, gap)
					}
				}
			}
		}
		if d < far {
			dist[i] = d
			near = append(near, i)
		}
	}
	slices.SortStableFunc(near, func(a, b int) int { return dist[a] - dist[b] })
	return near[:min(len(near), repairNear)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// split reports whether pool splits wholly into valid sets, and pushes
// them on r.out. The lowest real tile left (by colour, then number) must
// be in some set: a run it starts (after jokers standing below it: every
// real tile of its colour below it is used already) or a group of its
// number with colours after its own. Each is tried, and the rest split in
// turn. A run takes a real tile wherever the pool has one, so a split that
// needs a joker in a run where a real tile could stand is not found.
func (r *repairer) split(pool *core.Multiset) bool {
	if pool.Len() == 0 {
		return true
	}
	if r.spent() {
		return false
	}
	r.nodes++
	if r.timed && r.nodes > r.free && r.nodes&63 == 0 && time.Now().After(r.deadline) {
		r.nodes = r.limit // out of time: spent
		return false
	}
	b := pool.Bits()
	if b == 0 {
		return false // jokers alone make no set
	}
	x := core.Tile(bits.TrailingZeros64(b))
	c, n := x.Color(), x.Number()
	jokers := pool.Jokers()
	var buf [2 * core.MaxNumber]core.Tile
	// take tries set (x first or among its tiles): its tiles out of the
	// pool, the rest split, and back.
	take := func(set core.Set) bool {
		if !r.sr.Valid(set) {
			return false
		}
		set = slices.Clone(set) // buf is this call's
		for _, t := range set {
			pool.Remove(t)
		}
		r.out = append(r.out, set)
		if r.split(pool) {
			return true
		}
		r.out = r.out[:len(r.out)-1]
		for _, t := range set {
			pool.Add(t)
		}
		return false
	}
	// runs, the longest first: p jokers below x, then upward a real tile
	// where the pool has one, else a joker
	for p := min(jokers, n-1); p >= 0; p-- {
		set := buf[:0]
		for range p {
			set = append(set, core.Joker)
		}
		set = append(set, x)
		left := jokers - p
		var ends []int
		for m := n + 1; m <= r.sr.Numbers; m++ {
			t := core.NewTile(c, m)
			switch {
			case pool.Count(t) > 0:
				set = append(set, t)
			case left > 0:
				set = append(set, core.Joker)
				left--
			}
			if len(set) != p+1+m-n {
				break
			}
			ends = append(ends, len(set))
		}
		for i := len(ends) - 1; i >= -1; i-- {
			l := p + 1
			if i >= 0 {
				l = ends[i]
			}
			if l >= max(r.sr.MinRun, 1) && take(set[:l]) {
				return true
			}
		}
	}
	// groups: x, some of the later colours' tiles of its number, jokers
	var others []core.Tile
	for o := int(c) + 1; o < r.sr.Colors; o++ {
		if t := core.NewTile(core.Color(o), n); pool.Count(t) > 0 {
			others = append(others, t)
		}
	}
	for mask := 1<<len(others) - 1; mask >= 0; mask-- {
		set := append(buf[:0], x)
		for i, t := range others {
			if mask>>i&1 == 1 {
				set = append(set, t)
			}
		}
		for j := 0; j <= jokers && len(set) <= r.sr.Colors; j++ {
			if len(set) >= max(r.sr.MinGroup, 1) && take(set) {
				return true
			}
			set = append(set, core.Joker)
		}
	}
	return false
}
