package bots

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Planner plans beyond the current turn: it hoards, then weighs its plays
// by determinized rollouts.
//
// Hoarding: it makes its initial meld as soon as it can, but with the
// fewest rack tiles that reach the opening points (HoldOpening: whole sets
// left out, then single tiles held back, as long as the meld still counts
// enough), and after it draws rather than play while the end is far (no
// opponent at HoardUntil tiles or fewer, the pool above HoardPool), unless
// it can go out: each turn it asks for the play placing the most tiles, and
// plays it at once if it empties its rack. Its rack grows while the table
// grows, so that it places everything in one move, as people who play for
// the win do, and the tiles it holds are tiles the others cannot build on:
// every tile laid early is one an opponent may use to go out. Measured in
// the ladder, this is what makes it stronger (the README); the rollouts are
// not: playing greedy's play whenever the end nears rates the same. The end
// is read from the opponents' rack sizes: it hoards until one holds a
// single tile (HoardUntil 1), since a dump made earlier feeds the player it
// is meant to race (stopping at 3 tiles instead cost about 75 Elo against
// greedy, at 5 about 120; 60 deals each). It hoards only where the table
// may be rearranged (table.manipulation: full): a hoarded rack goes down in
// one move by rearranging the table, and where sets may only grow or new
// sets be laid (add_only, none), the rounds mostly end with the pool empty,
// the lowest rack winning, so a hoard is a loss.
//
// The trimmed opening is played only if the referee accepts it (else the
// whole one). Each turn it plays once the end nears, it lists its candidate
// plays, each one the referee accepts (found by solve.Legal through
// View.Check, or asked of View.Check, so every variant's keys and hooks
// hold without per-variant code): the most tiles placed (greedy's play);
// that play with one tile held back for a later turn (as patient holds
// one); the most tiles without its jokers (a joker kept for later); where
// the rules let a freed joker go to the rack (joker.keep), the play that
// keeps one; the most points; and, with WeighDraw, drawing. A play that
// empties its rack is played at once; with no play it draws, and with one
// it plays it. Otherwise it weighs them.
//
// Weighing: Rollouts times it deals what it cannot see (the box less the
// table and its rack) into the opponents' racks, at their real sizes, and
// into the pool, from its own seeded generator (the opponents' tiles are
// never looked at); from each deal every candidate is played out for Depth
// turns a seat, everyone (itself included) playing greedy's play by the
// plain rules (the solver, at most RolloutNodes states a turn) or drawing.
// A rollout is scored as the tournament scores meetings: the share of the
// opponents it would beat if the round ended there (going out first beats
// all; otherwise the lower rack value, a joker at the variant's penalty).
// The candidates share the deals, so their difference is the plays' and not
// the luck of the deal. Greedy's play is kept unless another candidate
// beats it by Margin on average.
//
// Its work is counted, never timed (Stats): a move weighs at most
// Candidates × Rollouts rollouts of Depth × players turns, so a move costs
// the same on any machine and its choices follow from its seed alone.
type Planner struct {
	Rollouts int // deals sampled per move (8)
	// Margin is how much another candidate must score above greedy's play,
	// on average over the rollouts (in points of meeting share, 5), to be
	// played instead: the rollouts are few, and greedy's play is a strong
	// default.
	Margin       float64
	Depth        int // turns each seat plays in a rollout (2)
	Candidates   int // the most candidate plays weighed (6)
	RolloutNodes int // solver states a rollout turn may visit (3,000)
	// WeighDraw: drawing is a candidate too, though it has a play (false:
	// two-turn rollouts overrate drawing, which keeps tiles from the
	// opponents and pays for its extra tile only later).
	WeighDraw bool
	// Hoard: after its initial meld it draws rather than play while no
	// opponent holds HoardUntil tiles or fewer (1) and the pool holds more
	// than HoardPool (5), unless it can go out (true).
	Hoard      bool
	HoardUntil int
	HoardPool  int
	// HoldOpening: while the end is far, its initial meld places the fewest
	// rack tiles that reach the opening points (whole sets left out, then
	// single tiles held back), keeping the rest for later (true).
	HoldOpening bool

	// MaxNodes and Deadline bound each search for a candidate (see
	// DefaultMaxNodes).
	MaxNodes int
	Deadline time.Duration
	rng      *rand.Rand
	stats    SolverStats
	work     PlannerStats
}

// PlannerStats counts a planner's work: what a move costs, the same on any
// machine.
type PlannerStats struct {
	Moves      int // turns it was asked to play
	Weighed    int // moves it weighed by rollouts (two candidates or more)
	Candidates int // candidates weighed, over all moves
	Rollouts   int // rollouts played (a candidate from one deal)
	Turns      int // turns played inside rollouts
	Nodes      int // solver states visited inside rollouts
	CutShort   int // rollout searches stopped by RolloutNodes
	// Chosen counts the moves weighed by the candidate played: greedy's
	// play, most points, jokers kept back, a joker kept (joker.keep), a
	// tile held back, a draw.
	Chosen [nKinds]int
}

// The kinds of candidate, in the order the planner lists them.
const (
	kindGreedy = iota
	kindPoints
	kindNoJokers
	kindKeep
	kindHold
	kindDraw
	nKinds
)

// NewPlanner makes the "planner" bot at its default budget.
func NewPlanner(seed uint64) *Planner {
	return &Planner{Hoard: true, HoardUntil: 1, HoardPool: 5, HoldOpening: true, Rollouts: 8, Margin: 5, Depth: 2, Candidates: 6, RolloutNodes: 3000,
		MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline, rng: newRNG(seed, 0x706c616e6e6572)}
}

// Name is "planner".
func (*Planner) Name() string { return "planner" }

// SolverStats counts the searches for candidates (not the rollouts').
func (b *Planner) SolverStats() SolverStats { return b.stats }

// Stats counts the planner's work so far.
func (b *Planner) Stats() PlannerStats { return b.work }

// plan is a candidate: a table after the turn (nil: draw) and the rack it
// leaves.
type plan struct {
	kind  int
	table core.Table
	rack  core.Multiset
	score float64
}

// Act plays by the policy in Planner's doc.
func (b *Planner) Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error) {
	b.work.Moves++
	rack := core.MultisetOf(v.Rack...)
	plans := []plan{{kind: kindDraw, rack: rack}}
	seen := map[string]bool{}
	sr := rules.SetRules()
	add := func(kind int, t core.Table) bool {
		if len(plans) > b.Candidates && b.Candidates > 0 {
			return false
		}
		key := sr.Canonical(t).String()
		if seen[key] {
			return false
		}
		left, ok := leaves(v, rack, t)
		if !ok {
			return false
		}
		seen[key] = true
		plans = append(plans, plan{kind: kind, table: t, rack: left})
		return left.Len() == 0
	}
	try := func(kind int, r core.Multiset, obj solve.Objective, keep bool) (solve.Result, bool, error) {
		p := problem(rules, v, r, obj)
		p.PreferKeep = keep
		res, err := search(ctx, &b.stats, p, v, b.MaxNodes, b.Deadline, nil)
		if err != nil || res.Tiles == 0 {
			return res, false, err
		}
		return res, add(kind, res.Table), nil
	}
	first := solve.Tiles
	if rules.Table.Manipulation != core.FullManipulation {
		// the rounds mostly end with the pool empty, the lowest rack
		// winning: shed points first (a play that empties the rack places
		// the most points too)
		first = solve.Points
	}
	greedy, out, err := try(kindGreedy, rack, first, false)
	if err != nil {
		return Action{}, err
	}
	if out {
		return Action{Table: greedy.Table}, nil
	}
	if b.Hoard && opened(v) && !b.endNears(v) && rules.Table.Manipulation == core.FullManipulation {
		if keepWorth(rules, v) {
			// A joker swapped from the table into the rack is hoarded too.
			res, _, err := try(kindKeep, rack, solve.Tiles, true)
			if err != nil {
				return Action{}, err
			}
			if res.Kept > 0 && res.Tiles == res.Kept {
				return Action{Table: res.Table}, nil
			}
		}
		return Action{Draw: true}, nil
	}
	if b.HoldOpening && !opened(v) && !b.endNears(v) && rules.Table.Manipulation == core.FullManipulation {
		if t := trimOpening(rules, v.Table, greedy.Table); t != nil && allowed(v, t) {
			return Action{Table: t}, nil
		}
	}
	if greedy.Tiles >= 2 {
		if t := holdBack(rules, v.Table, greedy.Table, greedy.Placed, opened(v)); t != nil {
			add(kindHold, t)
		}
	}
	if rack.Jokers() > 0 {
		r := rack
		for r.Remove(core.Joker) {
		}
		if _, _, err := try(kindNoJokers, r, solve.Tiles, false); err != nil {
			return Action{}, err
		}
	}
	if rules.Joker.Keep && opened(v) {
		if _, _, err := try(kindKeep, rack, solve.Tiles, true); err != nil {
			return Action{}, err
		}
	}
	if _, _, err := try(kindPoints, rack, solve.Points, false); err != nil {
		return Action{}, err
	}
	if len(plans) == 1 {
		return Action{Draw: true}, nil
	}
	if v.Seat < 0 || v.Seat >= len(v.Racks) || len(v.Opened) != len(v.Racks) {
		// No seat to plan for (a referee's view): greedy's play.
		return Action{Table: plans[1].table}, nil
	}
	if !b.WeighDraw {
		plans = plans[1:]
		if len(plans) == 1 {
			return Action{Table: plans[0].table}, nil
		}
	} else {
		// Greedy's play first, so that it wins ties; drawing last.
		plans = append(plans[1:], plans[0])
	}
	if keepWorth(rules, v) {
		// A play that keeps a freed joker is the default while the end is
		// far, as greedy's PreferKeep (the rollouts count a joker on the
		// rack at its penalty, blind to the sets it completes later): the
		// others must beat it by Margin.
		if k := slices.IndexFunc(plans, func(p plan) bool { return p.kind == kindKeep }); k > 0 && plans[k].rack.Jokers() > rack.Jokers() {
			plans[0], plans[k] = plans[k], plans[0]
		}
	}
	if err := b.weigh(ctx, rules, v, plans); err != nil {
		return Action{}, err
	}
	best := 0
	margin := b.Margin * float64(b.Rollouts)
	for i := range plans {
		if plans[i].score > plans[best].score+margin*boolf(best == 0) {
			best = i
		}
	}
	b.work.Chosen[plans[best].kind]++
	if plans[best].table == nil {
		return Action{Draw: true}, nil
	}
	return Action{Table: plans[best].table}, nil
}

// leaves is the rack t leaves the seat of v (its tiles placed taken off,
// jokers kept added), and whether the referee accepts t.
func leaves(v *core.View, rack core.Multiset, t core.Table) (core.Multiset, bool) {
	var placed []core.Tile
	kept := 0
	if v.Check != nil {
		rec, err := v.Check(t)
		if err != nil {
			return rack, false
		}
		placed, kept = rec.Placed, rec.Kept
	} else {
		d := core.Diff(v.Table, t)
		placed, kept = d.Added.Tiles(), d.Missing.Jokers()
	}
	for _, x := range placed {
		if !rack.Remove(x) {
			return rack, false
		}
	}
	rack.AddN(core.Joker, kept)
	return rack, true
}

// weigh scores each plan by rollouts from the same sampled deals.
func (b *Planner) weigh(ctx context.Context, rules *core.Rules, v *core.View, plans []plan) error {
	b.work.Weighed++
	b.work.Candidates += len(plans)
	unseen := rules.Tiles.Full()
	onTable := v.Table.Tiles()
	mine := core.MultisetOf(v.Rack...)
	unseen = unseen.Minus(&onTable)
	unseen = unseen.Minus(&mine)
	hidden := unseen.Tiles()
	n := len(v.Racks)
	racks := make([]core.Multiset, n)
	for range b.Rollouts {
		b.rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
		next := 0
		for s := range n {
			racks[s] = core.Multiset{}
			if s == v.Seat {
				continue
			}
			k := min(v.Racks[s], len(hidden)-next)
			racks[s] = core.MultisetOf(hidden[next : next+k]...)
			next += k
		}
		pool := hidden[next : next+min(v.Pool, len(hidden)-next)]
		for i := range plans {
			if err := ctx.Err(); err != nil {
				return err
			}
			r := rollout{rules: rules, seat: v.Seat, table: plans[i].table, pool: pool,
				racks: append([]core.Multiset(nil), racks...), opened: append([]bool(nil), v.Opened...)}
			if r.table == nil {
				r.table = v.Table
				r.draw(v.Seat)
			} else {
				r.opened[v.Seat] = true
			}
			r.racks[v.Seat] = plans[i].rack
			if plans[i].table == nil {
				r.racks[v.Seat] = r.drawInto(plans[i].rack)
			}
			plans[i].score += r.play(ctx, b, n)
			b.work.Rollouts++
		}
	}
	return nil
}

// rollout is one sampled future: every seat plays greedy by the plain
// rules.
type rollout struct {
	rules  *core.Rules
	seat   int // the planner's
	table  core.Table
	pool   []core.Tile // drawn from the front
	racks  []core.Multiset
	opened []bool
	drawn  []core.Tile // the planner's own draw, when the plan is to draw
	passes int
	out    int // the seat that went out; -1 while none has
}

// draw takes the planner's draw off the pool (the rack is set after).
func (r *rollout) draw(seat int) {
	k := min(max(r.rules.Draw.Tiles, 0), len(r.pool))
	r.drawn, r.pool = r.pool[:k], r.pool[k:]
}

// drawInto is rack with the planner's draw added.
func (r *rollout) drawInto(rack core.Multiset) core.Multiset {
	for _, t := range r.drawn {
		rack.Add(t)
	}
	return rack
}

// play plays the rollout out and scores it for the planner.
func (r *rollout) play(ctx context.Context, b *Planner, n int) float64 {
	r.out = -1
	if r.racks[r.seat].Len() == 0 {
		r.out = r.seat
	}
	s := r.seat
	for range b.Depth * n {
		if r.out >= 0 || r.passes >= n {
			break
		}
		s = (s + 1) % n
		r.turn(ctx, b, s)
	}
	return r.score(n)
}

// turn is seat s's greedy turn.
func (r *rollout) turn(ctx context.Context, b *Planner, s int) {
	b.work.Turns++
	p := solve.Problem{Rules: *r.rules, Table: r.table, Rack: r.racks[s], Opened: r.opened[s],
		Objective: solve.Tiles, MaxNodes: b.RolloutNodes}
	res, err := solve.Solve(ctx, p)
	if err == nil {
		b.work.Nodes += res.Nodes
		if !res.Optimal {
			b.work.CutShort++
		}
	}
	if err == nil && res.Tiles > 0 {
		r.table = res.Table
		for _, t := range res.Placed {
			r.racks[s].Remove(t)
		}
		r.opened[s] = true
		r.passes = 0
		if r.racks[s].Len() == 0 {
			r.out = s
		}
		return
	}
	k := min(max(r.rules.Draw.Tiles, 0), len(r.pool))
	if k == 0 {
		r.passes++
		return
	}
	for _, t := range r.pool[:k] {
		r.racks[s].Add(t)
	}
	r.pool = r.pool[k:]
	r.passes = 0
}

// score is the share of meetings the planner would win if the round ended
// now, times 100: against each opponent, the better round score (going out
// beats everything, then the lower rack value; a tie counts half).
func (r *rollout) score(n int) float64 {
	jv := max(r.rules.Joker.Penalty, 0)
	mine := float64(r.racks[r.seat].Value(jv))
	if r.out == r.seat {
		mine = -1000
	}
	won := 0.0
	for s := range n {
		if s == r.seat {
			continue
		}
		v := float64(r.racks[s].Value(jv))
		if r.out == s {
			v = -1000
		}
		switch {
		case mine < v:
			won++
		case mine == v:
			won += 0.5
		}
	}
	return 100 * won / float64(max(n-1, 1))
}

func boolf(x bool) float64 {
	if x {
		return 1
	}
	return 0
}

// endNears reports whether an opponent holds HoardUntil tiles or fewer, or
// the pool HoardPool or fewer.
func (b *Planner) endNears(v *core.View) bool {
	if v.Pool <= b.HoardPool {
		return true
	}
	for seat, n := range v.Racks {
		if seat != v.Seat && n <= b.HoardUntil {
			return true
		}
	}
	return false
}

// trimOpening is the initial meld after cut to the fewest rack tiles that
// still reach the opening points: whole sets left out (the fewest tiles,
// then the most points, laid), then single tiles held back as holdBack
// does; nil when nothing can be kept back.
func trimOpening(rules *core.Rules, before, after core.Table) core.Table {
	sr := rules.SetRules()
	old := map[string]int{}
	for _, s := range sr.Canonical(before) {
		old[s.String()]++
	}
	fresh := freshSets(sr, old, after)
	var idx, vals []int
	for i, f := range fresh {
		if f {
			idx = append(idx, i)
			vals = append(vals, openingValue(rules, core.Table{after[i]}, []bool{true}, -1, -1))
		}
	}
	if len(idx) == 0 || len(idx) > 12 {
		return nil
	}
	best, bestTiles, bestValue := 0, 0, 0
	for mask := 1; mask < 1<<len(idx); mask++ {
		tiles, value := 0, 0
		for k, i := range idx {
			if mask&(1<<k) != 0 {
				tiles += len(after[i])
				value += vals[k]
			}
		}
		if value < rules.Opening.Points {
			continue
		}
		if best == 0 || tiles < bestTiles || tiles == bestTiles && value > bestValue {
			best, bestTiles, bestValue = mask, tiles, value
		}
	}
	if best == 0 {
		return nil
	}
	var out core.Table
	var placed []core.Tile
	k := 0
	for i, s := range after {
		if !fresh[i] {
			out = append(out, s)
			continue
		}
		if best&(1<<k) != 0 {
			out = append(out, s)
			placed = append(placed, s...)
		}
		k++
	}
	for {
		t := holdBack(rules, before, out, placed, false)
		if t == nil {
			break
		}
		out = t
	}
	if out.Tiles().Len() == after.Tiles().Len() {
		return nil
	}
	return out
}
