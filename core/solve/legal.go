package solve

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Referee judges a proposed play (the whole table after it) without
// changing anything: nil with the turn's record, a *core.RuleError for a
// play the rules or the variant's check_play hook refuse, or another error
// when judging failed (a hook's error). *core.Game is one (Game.Check).
type Referee interface {
	Check(after core.Table) (core.TurnRecord, error)
}

// Limits bound a legal search (see Legal) beyond the Problem's MaxNodes and
// the context's deadline.
type Limits struct {
	// Checks is how many plays the referee may judge (each may run a Lua
	// hook); 0: DefaultLimits.Checks.
	Checks int
	// Solves is how many restricted problems the search may solve; 0:
	// DefaultLimits.Solves.
	Solves int
}

// DefaultLimits keep a legal search to a few milliseconds on the hardest
// positions of the generator, hooks included (see the README's figures).
var DefaultLimits = Limits{Checks: 64, Solves: 256}

// Legal finds the best play the referee accepts: the solver's plays,
// best first, each asked of the referee, within the budget. It is what
// hints, bots and `meldlab solve` use, so that they follow every rule the
// referee enforces: the YAML keys the solver does not model (where a
// joker's replacement may come from, say) and the variant's check_play
// hook.
//
// The candidates come from restricting the problem: the best play of the
// whole problem first; when the referee refuses a play, the same problem
// with one of the sets that play changed left as it is, and with one of the
// tiles it placed kept on the rack. A restriction never finds a better play
// than the problem it restricts, so candidates come best first. Where the
// rules widen what a play may be, the candidates include those plays too:
// with Rules.Joker.Keep, a joker replaced from the rack and sent to the
// rack (Result.Kept); with Rules.Joker.TakeBeforeOpening, a joker swapped
// for a rack tile before the initial meld and used in it.
//
// Result.Optimal is true only when the play is proven the best of all
// plays the referee accepts: the first candidate was accepted, or one as
// good as it. Otherwise Result.Why says what is known: the plays refused,
// or the budget that ran out. With nothing accepted the result is no play
// (a draw), and Why says so.
func Legal(ctx context.Context, p Problem, ref Referee, lim Limits) (Result, error) {
	if lim.Checks <= 0 {
		lim.Checks = DefaultLimits.Checks
	}
	if lim.Solves <= 0 {
		lim.Solves = DefaultLimits.Solves
	}
	ls := &legalSearch{ctx: ctx, p: &p, ref: ref, lim: lim, seen: map[string]bool{}}
	return ls.run()
}

// origin is a problem the candidates are restrictions of: the player's own
// turn, or the turn after a joker swap the rules allow (the swapped tile
// placed, the joker on the rack).
type origin struct {
	table   core.Table
	placed  []core.Tile // rack tiles placed by the swap
	holdJ   bool        // the swapped joker is kept: it stays out of the search
	swapped bool
}

// candidate is a restricted problem and its best play.
type candidate struct {
	o      *origin
	rack   core.Multiset
	frozen []bool // sets of o.table left as they are
	res    Result
	table  core.Table // the whole table after the play
	tiles  int        // rack tiles the play takes off the rack, net of kept jokers
	points int
	kept   int // jokers the play sends to the rack
	order  int // FIFO among equals, so the search is the same every run
	p      *Problem
}

type legalSearch struct {
	ctx      context.Context
	p        *Problem
	ref      Referee
	lim      Limits
	q        candidateQueue
	seen     map[string]bool
	solves   int
	checks   int
	nodes    int
	order    int
	refused  int
	reason   string     // the first refusal
	cut      string     // the budget that ran out, if any
	inexact  bool       // a solve was cut short: the order may be wrong
	top      *candidate // the best candidate of all, accepted or not
	topValue [3]int
}

func (ls *legalSearch) run() (Result, error) {
	p := ls.p
	root := &origin{table: p.Table}
	if err := ls.push(root, p.Rack, make([]bool, len(p.Table))); err != nil {
		return Result{}, err
	}
	if ls.q.Len() == 0 { // the budget ran out before the first answer
		return ls.none(), nil
	}
	for _, o := range ls.swaps() {
		rack := p.Rack
		for _, t := range o.placed {
			rack.Remove(t)
		}
		if !o.holdJ {
			rack.Add(core.Joker)
		}
		if err := ls.push(o, rack, make([]bool, len(o.table))); err != nil {
			return Result{}, err
		}
	}
	ls.top = ls.q[0]
	ls.topValue = ls.top.value(p)
	for ls.q.Len() > 0 {
		c := heap.Pop(&ls.q).(*candidate)
		if len(c.o.placed)+len(c.res.Placed) == 0 {
			break // every candidate left places nothing: draw
		}
		if ls.stop() {
			break
		}
		ls.checks++
		rec, err := ls.ref.Check(c.table)
		var rerr *core.RuleError
		switch {
		case err == nil:
			return ls.accept(c, rec), nil
		case !errors.As(err, &rerr):
			return Result{}, err
		}
		ls.refused++
		if ls.reason == "" {
			ls.reason = rerr.Error()
		}
		if err := ls.children(c, rerr); err != nil {
			return Result{}, err
		}
	}
	return ls.none(), nil
}

// stop reports whether the budget ran out, and says which.
func (ls *legalSearch) stop() bool {
	switch {
	case ls.ctx.Err() != nil:
		ls.cut = "the deadline passed"
	case ls.checks >= ls.lim.Checks:
		ls.cut = fmt.Sprintf("the referee judged %d plays (the limit)", ls.checks)
	case ls.p.MaxNodes > 0 && ls.nodes >= ls.p.MaxNodes:
		ls.cut = fmt.Sprintf("the searches visited %d states (the limit)", ls.nodes)
	default:
		return false
	}
	return true
}

// none is the answer when no candidate was accepted: no play.
func (ls *legalSearch) none() Result {
	res := Result{Table: ls.p.Table.Clone(), Nodes: ls.nodes, Refused: ls.refused}
	switch {
	case ls.cut != "":
		res.Why = "no allowed play found before " + ls.cut
	case ls.refused > 0:
		res.Why = fmt.Sprintf("no allowed play found: the referee refused %d (first: %s)", ls.refused, ls.reason)
	case ls.inexact:
		res.Why = "cut short: the search ran out of budget"
	default:
		res.Optimal = true // nothing can be placed at all
	}
	return res
}

// accept turns an accepted candidate into the answer.
func (ls *legalSearch) accept(c *candidate, rec core.TurnRecord) Result {
	res := c.res
	res.Table = c.table
	res.Placed = rec.Placed
	res.Tiles = len(rec.Placed)
	res.Kept = rec.Kept
	res.Points = c.points
	res.Nodes = ls.nodes
	res.Refused = ls.refused
	best := c.value(ls.p) == ls.topValue
	res.Optimal = best && !ls.inexact
	switch {
	case ls.inexact:
		res.Why = "cut short: the search ran out of budget"
		if ls.refused > 0 {
			res.Why += fmt.Sprintf("; the referee refused %d plays (first: %s)", ls.refused, ls.reason)
		}
	case !best:
		res.Why = fmt.Sprintf("the best allowed play found, not proven best: the referee refused %d plays (first: %s)",
			ls.refused, ls.reason)
	}
	return res
}

// value is what the objective compares: (tiles, points) or (points,
// tiles); with Problem.PreferKeep a kept joker counts as a tile placed, and
// among equals keeping wins.
func (c *candidate) value(p *Problem) [3]int {
	if p.Objective == Points {
		return [3]int{c.points, c.tiles, 0}
	}
	if p.PreferKeep {
		return [3]int{c.tiles + c.kept, c.kept, c.points}
	}
	return [3]int{c.tiles, c.points, 0}
}

// push solves the restriction (o, rack, frozen) and queues its best play.
func (ls *legalSearch) push(o *origin, rack core.Multiset, frozen []bool) error {
	key := ls.key(o, rack, frozen)
	if ls.seen[key] || ls.solves >= ls.lim.Solves || ls.ctx.Err() != nil {
		if !ls.seen[key] && ls.cut == "" {
			ls.cut = fmt.Sprintf("%d restricted problems were solved (the limit)", ls.solves)
			if ls.ctx.Err() != nil {
				ls.cut = "the deadline passed"
			}
		}
		return nil
	}
	ls.seen[key] = true
	q := *ls.p
	q.Rack = rack
	q.Table = nil
	var kept core.Table
	for i, set := range o.table {
		if frozen[i] {
			kept = append(kept, set)
		} else {
			q.Table = append(q.Table, set)
		}
	}
	if q.MaxNodes > 0 {
		q.MaxNodes = max(1, q.MaxNodes-ls.nodes)
	}
	ls.solves++
	res, err := Solve(ls.ctx, q)
	if err != nil {
		if ls.solves > 1 {
			return nil // a restriction the solver cannot hold: skip it
		}
		return err
	}
	ls.nodes += res.Nodes
	if !res.Optimal {
		ls.inexact = true
	}
	c := &candidate{o: o, rack: rack, frozen: frozen, res: res, order: ls.order, p: ls.p}
	ls.order++
	c.table = append(kept.Clone(), res.Table...)
	c.tiles = len(o.placed) + res.Tiles
	c.points = res.Points
	if o.swapped {
		// The swapped joker came off the table: placing it again is no
		// rack tile placed; keeping it takes one tile back onto the rack.
		c.tiles--
		if o.holdJ {
			c.kept = 1
		}
		// An initial meld's points are its new sets' value, which the
		// solver counted; otherwise the swapped tile counts, and the
		// joker, no rack tile, does not.
		if ls.p.Opened {
			pl := core.MultisetOf(o.placed...)
			c.points += pl.Value(max(ls.p.Rules.Joker.Penalty, 0))
			if !o.holdJ && core.MultisetOf(res.Placed...).Jokers() > 0 {
				c.points -= max(ls.p.Rules.Joker.Penalty, 0)
			}
		}
	}
	heap.Push(&ls.q, c)
	return nil
}

func (ls *legalSearch) key(o *origin, rack core.Multiset, frozen []bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p|%s|", o, rack.String())
	for _, f := range frozen {
		if f {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// children queues the restrictions of a refused candidate: each set it
// changed left as it was (the set the refusal names first), and each tile
// it placed kept back.
func (ls *legalSearch) children(c *candidate, rerr *core.RuleError) error {
	p := ls.p
	if p.Opened && !p.Locked {
		changed := changedSets(p.Rules.SetRules(), c.o.table, c.table)
		if i := rerr.Set - 1; i >= 0 && i < len(changed) && changed[i] && !c.frozen[i] {
			changed[i] = false
			if err := ls.push(c.o, c.rack, with(c.frozen, i)); err != nil {
				return err
			}
		}
		for i, ch := range changed {
			if ch && !c.frozen[i] {
				if err := ls.push(c.o, c.rack, with(c.frozen, i)); err != nil {
					return err
				}
			}
		}
	}
	var distinct []core.Tile
	for _, t := range c.res.Placed {
		if len(distinct) == 0 || distinct[len(distinct)-1] != t {
			distinct = append(distinct, t)
		}
	}
	for _, t := range distinct {
		rack := c.rack
		rack.Remove(t)
		if err := ls.push(c.o, rack, c.frozen); err != nil {
			return err
		}
	}
	return nil
}

func with(frozen []bool, i int) []bool {
	f := append([]bool(nil), frozen...)
	f[i] = true
	return f
}

// changedSets marks the sets of before that are not on after as they were.
func changedSets(sr core.SetRules, before, after core.Table) []bool {
	left := map[string]int{}
	for _, s := range after {
		left[setText(sr, s)]++
	}
	changed := make([]bool, len(before))
	for i, s := range before {
		k := setText(sr, s)
		if left[k] > 0 {
			left[k]--
		} else {
			changed[i] = true
		}
	}
	return changed
}

func setText(sr core.SetRules, s core.Set) string {
	return sr.Canonical(core.Table{s}).String()
}

// swaps lists the origins the rules add: a joker on the table swapped for
// a rack tile it stands for, before the initial meld (TakeBeforeOpening),
// or kept on the rack (Keep).
func (ls *legalSearch) swaps() []*origin {
	p := ls.p
	r := &p.Rules
	before := !p.Opened && r.Joker.TakeBeforeOpening
	keep := p.Opened && r.Joker.Keep
	if !before && !keep || p.Locked || !r.Joker.ReplaceFrom.Has(core.FromRack) {
		return nil
	}
	sr := r.SetRules()
	var out []*origin
	seen := map[string]bool{}
	for i, set := range p.Table {
		info, err := sr.Validate(set)
		if err != nil || info.Jokers == 0 {
			continue
		}
		for _, x := range jokerStands(&info) {
			if p.Rack.Count(x) == 0 {
				continue
			}
			swapped, ok := swapJoker(sr, set, x)
			if !ok {
				continue
			}
			t := p.Table.Clone()
			t[i] = swapped
			k := t.String()
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, &origin{table: t, placed: []core.Tile{x}, swapped: true})
			if keep {
				out = append(out, &origin{table: t, placed: []core.Tile{x}, swapped: true, holdJ: true})
			}
		}
	}
	return out
}

// jokerStands lists the tiles a valid set's jokers stand for.
func jokerStands(info *core.SetInfo) []core.Tile {
	if info.Kind == core.Run {
		return info.JokerTiles()
	}
	var out []core.Tile
	for c := core.Color(0); c < core.MaxColors; c++ {
		if info.Missing&(1<<c) != 0 {
			out = append(out, core.NewTile(c, info.Number))
		}
	}
	return out
}

// swapJoker is set with one joker replaced by x, if still a valid set.
func swapJoker(sr core.SetRules, set core.Set, x core.Tile) (core.Set, bool) {
	for j, t := range set {
		if t != core.Joker {
			continue
		}
		s := append(core.Set(nil), set...)
		s[j] = x
		if _, err := sr.Validate(s); err == nil {
			return s, true
		}
	}
	return nil, false
}

// candidateQueue orders candidates best first (a max-heap), the earlier first
// among equals.
type candidateQueue []*candidate

func (q candidateQueue) Len() int { return len(q) }
func (q candidateQueue) Less(i, j int) bool {
	a, b := q[i].value(q[i].p), q[j].value(q[j].p)
	for k := range a {
		if a[k] != b[k] {
			return a[k] > b[k]
		}
	}
	return q[i].order < q[j].order
}
func (q candidateQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *candidateQueue) Push(x any)   { *q = append(*q, x.(*candidate)) }
func (q *candidateQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
