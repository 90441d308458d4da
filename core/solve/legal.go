package solve

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/core"
)

// Referee judges a proposed play (the whole table after it) without
// changing anything: nil with the turn's record, a *core.RuleError for a
// play the rules or the variant's check_play hook refuse, or another error
// when judging failed (a hook's error). *core.Game is one (Game.Check).
type Referee interface {
	Check(after core.Table) (core.TurnRecord, error)
}

// A judge is a Referee that judges a play without writing the turn's
// record (*core.Game's Judge): the search needs only the tiles a play
// places and the jokers it keeps, and the record is half of a check's cost.
type judge interface {
	Judge(after core.Table) (core.Verdict, error)
}

// A plainReferee says when its position asks of a play only what the
// solver's answer to the player's own problem is by construction (valid
// sets, rack tiles placed, the table's tiles kept: *core.Game's Plain);
// the search then takes that answer without asking (see ask).
type plainReferee interface {
	Plain() bool
}

// A tableReferee vouches for a table: it is the referee's own, every set
// valid under the set rules (*core.Game's Vouches). The search then does
// not validate the table's sets again for each problem it solves.
type tableReferee interface {
	Vouches(t core.Table, sr core.SetRules) bool
}

// verdict asks ref about after: by Judge where it has one, else by Check.
func verdict(ref Referee, after core.Table) (core.Verdict, error) {
	if j, ok := ref.(judge); ok {
		return j.Judge(after)
	}
	rec, err := ref.Check(after)
	return rec.Verdict(), err
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
	// Patience is how many restricted problems the search may solve, once
	// the families' own problems are solved (see families), without the
	// allowed play in hand getting better; 0: DefaultLimits.Patience. The
	// families are exact for the plays that leave the table's sets, or its
	// joker sets, whole; what the restrictions after them add (the plays
	// of one tile among them) are plays that take apart sets the refusals
	// were about, and a rule that refuses those refuses them all,
	// restriction after restriction, until the budget runs out. On
	// BenchmarkHintTail's 1,296 turns under house/joker-grows, a better
	// play came at most 4 restricted problems after the families (a
	// restriction that keeps two joker sets in one set, which the rule
	// allows); none came later, so 8 leaves every answer as it was.
	Patience int
	// NoFamilies leaves out the families of plays searched after the first
	// refusal (see families): the bots' many turns, whose budget is small.
	NoFamilies bool
	// Beat, when set, asks only for a play better than it (by the
	// problem's objective): a play found earlier, say, in a search of
	// several restricted problems. Legal then asks the referee about no
	// play that is not better, and answers no play when the best play by
	// the rules the solver knows is not (Result.Why says so).
	Beat *Result
}

// DefaultLimits keep a legal search to a few milliseconds on the hardest
// positions of the generator, hooks included (see the README's figures).
var DefaultLimits = Limits{Checks: 24, Solves: 48, Patience: 8}

// restrictNodes is the node budget of each restricted problem (see solve):
// enough for the solver's dive and some search, far from a proof on hard
// tables. Counted in nodes, so the same on any machine.
const restrictNodes = 400

// betterNodes is the node budget of a restricted problem once an allowed
// play is in hand and the families were searched (see solve): its search
// is for a better play only (its floor, Problem.beat), one that takes the
// table's sets apart (the families had the plays that keep them whole),
// which the rules that refuse plays seldom allow, so a refused play's
// restrictions are cheap where they find nothing. On BenchmarkHintTail's
// 1,296 turns no answer changes from restrictNodes (docs/performance.md).
// Without the families (a bot's turn, Limits.NoFamilies) the restrictions
// are the search for an allowed play, and keep restrictNodes: with
// betterNodes there, the bots' games under house/joker-grows changed, a
// turn placing a tile fewer.
const betterNodes = 150

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
// When the referee refuses a play, the families of plays a restricting
// rule typically leaves open are searched too, each as a real search with
// its own restrictions (see families): the table's sets left whole and
// grown by rack tiles, with new sets from the rack and without; new sets
// only; the whole problem with the sets holding the table's jokers left as
// they are; one rack tile. The guarantee: where a play of the first three
// families (which leave the table's jokers where they are), or one rack
// tile added to a set, is allowed, the answer is never a draw, and it is at
// least as good as the best allowed play of those families, within the
// limits (TestLegalFamiliesProperty holds it to a brute force). A play
// that rearranges the table is found only as the solver's own plays and
// their restrictions find it.
//
// Result.Optimal is true only when the play is proven the best of all
// plays the referee accepts: the first candidate was accepted, or one as
// good as it. Otherwise Result.Why says what is known: the plays refused,
// or the budget that ran out. With nothing accepted the result is no play
// (a draw), and Why says so.
func (t *Tables) Legal(ctx context.Context, p Problem, ref Referee, lim Limits) (Result, error) {
	if lim.Checks <= 0 {
		lim.Checks = DefaultLimits.Checks
	}
	if lim.Solves <= 0 {
		lim.Solves = DefaultLimits.Solves
	}
	if lim.Patience <= 0 {
		lim.Patience = DefaultLimits.Patience
	}
	ls := legalSearches.Get().(*legalSearch)
	defer ls.release()
	*ls = legalSearch{ctx: ctx, tables: t, prob: p, ref: ref, lim: lim}
	ls.p = &ls.prob
	ls.q, ls.exact = ls.firstQ[:0], ls.firstExact[:0]
	if pr, ok := ref.(plainReferee); ok {
		ls.plain = pr.Plain()
	}
	if tr, ok := ref.(tableReferee); ok {
		ls.prob.tableValid = tr.Vouches(p.Table, p.Rules.SetRules())
	}
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
	o       *origin
	fam     family // the family of plays searched (famAll: every play)
	rack    core.Multiset
	frozen  []bool // sets of o.table left as they are
	res     Result
	solved  bool          // res is its best play; else bound is a guess (see children)
	bound   [3]int        // its value once solved
	rec     *core.Verdict // the referee's verdict, once it accepted the play (&verdict)
	verdict core.Verdict
	nay     bool       // the referee refused the play
	family  bool       // a family's first problem (see families): the problem's own budget
	table   core.Table // the whole table after the play
	tiles   int        // rack tiles the play takes off the rack, net of kept jokers
	points  int
	kept    int // jokers the play sends to the rack
	order   int // FIFO among equals, so the search is the same every run
	p       *Problem
}

type legalSearch struct {
	ctx      context.Context
	tables   *Tables
	p        *Problem
	ref      Referee
	lim      Limits
	q        candidateQueue
	seen     map[nodeKey]bool
	solves   int
	checks   int
	nodes    int
	order    int
	refused  int
	reason   string                   // the first refusal
	cut      string                   // the budget that ran out, if any
	inexact  bool                     // a solve was cut short: the order may be wrong
	topValue [3]int                   // the best value of all, accepted or not
	floor    *[3]int                  // the value to beat (Limits.Beat), if any
	best     *candidate               // the best play the referee accepted so far
	root     *origin                  // the player's own turn
	famDone  bool                     // the families are queued (see families)
	famIn    bool                     // and their own problems solved: Limits.Patience counts from then
	gainAt   int                      // solves when the families came in or the play in hand last got better
	plain    bool                     // the referee's position is plain (plainReferee)
	exact    []*candidate             // the restrictions solved to their best play (see bounded)
	newSets  map[core.Multiset]Result // the families' new sets of each rack left (Problem.newSets)
	byParts  string                   // why, when a solve answered by parts (wide.go)
	refusals map[string]error         // the plays refused, by tableKey

	// The search's first problem, the player's own (a copy: p points to
	// it), its origin and its candidate, and room for one candidate in the
	// queue and one solved exactly, are part of the search: a legal search
	// whose first play is accepted, most of them, then allocates little
	// besides its answer (a solve's fixed cost, issue 47 item 7).
	prob       Problem  // with newSets once the first search starts
	problem    *Problem // the restriction being solved (see solve), once there is one
	rootOrigin origin
	first      candidate
	firstQ     [1]*candidate
	firstExact [1]*candidate
	// unplayed is the whole problem's answer's table when it places
	// nothing: the table as it was, copied once (none answers it rather
	// than a second copy: most problems whose answer is to draw cost little
	// else, issue 47 item 7)
	unplayed core.Table
	// frozenRoot is the whole problem's frozen sets, none but the house's
	// shapes, where the table has room in it
	frozenRoot [32]bool
}

// legalSearches keeps the legal searches done with: a legal search is 1.5
// kB, a hint's most common cost besides its search (issue 47 item 7).
var legalSearches = sync.Pool{New: func() any { return new(legalSearch) }}

// release empties ls, so that what it held can be collected, and gives it
// back: nothing of it outlives Legal (an answer's tables and tiles are the
// solver's, Result's own).
func (ls *legalSearch) release() {
	*ls = legalSearch{}
	legalSearches.Put(ls)
}

func (ls *legalSearch) run() (Result, error) {
	p := ls.p
	root := &ls.rootOrigin
	*root = origin{table: p.Table}
	ls.root = root
	var frozen []bool
	if len(p.Table) <= len(ls.frozenRoot) {
		frozen = ls.frozenRoot[:len(p.Table)]
	} else {
		frozen = make([]bool, len(p.Table))
	}
	if !ls.plain && !p.tableValid {
		// (a plain position has no shapes but the built-in ones, nor a
		// table the referee vouches for)
		frozen = shapedSets(p, p.Table)
	}
	if err := ls.solve(ls.node(root, famAll, p.Rack, frozen, [3]int{})); err != nil {
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
		if err := ls.solve(ls.node(o, famAll, rack, shapedSets(p, o.table), [3]int{})); err != nil {
			return Result{}, err
		}
	}
	ls.topValue = ls.q[0].bound
	if b := ls.lim.Beat; b != nil {
		// no play is better than the whole problem's best (restrictions
		// and swaps are queued by their value)
		floor := (&candidate{tiles: b.Tiles - b.Kept, points: b.Points, kept: b.Kept}).value(p)
		ls.floor = &floor
		if !beats(ls.topValue, floor) {
			return ls.none(), nil
		}
	}
	for ls.q.Len() > 0 && !ls.stop() {
		c := heap.Pop(&ls.q).(*candidate)
		if !ls.worth(c.bound) {
			break // nothing left beats the allowed play in hand
		}
		if !c.solved {
			// Its bound was a guess; now its own value, and back in the
			// queue.
			if err := ls.solve(c); err != nil {
				return Result{}, err
			}
			continue
		}
		if len(c.o.placed)+len(c.res.Placed) == 0 {
			if c == &ls.first && slices.EqualFunc(c.res.Table, ls.p.Table, slices.Equal) {
				// the whole problem's answer is the table as it was, a
				// copy already: the answer's own (see none)
				ls.unplayed = c.res.Table
			}
			break // every candidate left places nothing: draw
		}
		if c.rec != nil { // accepted when probed, and now the best left
			return ls.accept(c, *c.rec), nil
		}
		if c.nay { // refused when probed; its restrictions are queued
			continue
		}
		ok, err := ls.judge(c)
		if err != nil {
			return Result{}, err
		}
		if ok {
			return ls.accept(c, *c.rec), nil
		}
	}
	if ls.best == nil && ls.cut != "" {
		c, err := ls.inHand()
		if err != nil {
			return Result{}, err
		}
		ls.best = c
	}
	if ls.best != nil {
		return ls.accept(ls.best, *ls.best.rec), nil
	}
	return ls.none(), nil
}

// inHand judges, once the budget ran out with no play accepted, the plays
// already found, best first, and returns the first the referee accepts
// (nil if none). Judging a play in hand costs one check, not a search, so
// a deadline spent by the first search (a fresh process building its
// tables, a budget of 1 ms on a big box) still answers with a play; the
// plays a refusal suggests are not searched. Limits.Checks still holds:
// each check may run a Lua hook.
func (ls *legalSearch) inHand() (*candidate, error) {
	for ls.q.Len() > 0 && ls.checks < ls.lim.Checks {
		c := heap.Pop(&ls.q).(*candidate)
		switch {
		case !c.solved || len(c.o.placed)+len(c.res.Placed) == 0:
			continue
		case !ls.worth(c.bound):
			return nil, nil // the queue is best first: none left beats the floor
		case c.rec != nil:
			return c, nil
		case c.nay:
			continue
		}
		ok, _, err := ls.ask(c)
		if err != nil {
			return nil, err
		}
		if ok {
			return c, nil
		}
	}
	return nil, nil
}

// judge asks the referee about c and reports whether it accepts it. A
// refused play's restrictions are queued, and the likeliest fix among
// them (see children) is probed at once, and so on down: solved and, if
// it beats the allowed play in hand, judged. So an allowed play is in hand
// early even where many refused plays are better than it, and a search
// cut short still answers with a play.
func (ls *legalSearch) judge(c *candidate) (bool, error) {
	ok, fix, err := ls.ask(c)
	if ok || err != nil {
		return ok, err
	}
	for fix != nil && !ls.stop() {
		if err := ls.solve(fix); err != nil {
			return false, err
		}
		if !fix.solved || len(fix.o.placed)+len(fix.res.Placed) == 0 || !ls.worth(fix.bound) {
			break
		}
		var probed bool
		if probed, fix, err = ls.ask(fix); probed || err != nil {
			return false, err // the probe, accepted, is the play in hand
		}
	}
	return false, nil
}

// ask is one judgement: accepted (and then the play in hand, if better),
// or refused with its restrictions queued and the likeliest fix returned,
// unsolved and not queued.
// byConstruction reports whether c is legal by construction: the whole
// problem's answer, as the solver found it (not by parts, no joker kept,
// no set left as it lay), in a plain position.
func (ls *legalSearch) byConstruction(c *candidate) bool {
	return ls.plain && c.o == ls.root && c.fam == famAll && !c.res.ByParts && c.res.Kept == 0 && !slices.Contains(c.frozen, true)
}

// accepted records the referee's verdict on c, and c as the play in hand
// if it is the best so far.
func (ls *legalSearch) accepted(c *candidate, v core.Verdict) {
	c.verdict = v
	c.rec = &c.verdict
	if ls.best == nil || beats(c.bound, ls.best.bound) {
		ls.best = c
		ls.gainAt = ls.solves
	}
}

func (ls *legalSearch) ask(c *candidate) (bool, *candidate, error) {
	if ls.byConstruction(c) {
		// The referee is not asked: its verdict would be the tiles the
		// solver placed, in the table's order. The game still checks the
		// play when it is made.
		ls.accepted(c, core.Verdict{Placed: canonical(c.res.Placed)})
		return true, nil, nil
	}
	ls.checks++
	// A play the referee refused already, found again by another
	// restriction, is refused again: the same turn, the same table. It
	// still counts as judged, so that the search goes as it would.
	var key string
	var rec core.Verdict
	var err error
	if ls.refusals != nil {
		key = tableKey(c.table)
	}
	if prior, ok := ls.refusals[key]; ok {
		err = prior
	} else {
		rec, err = verdict(ls.ref, c.table)
	}
	var rerr *core.RuleError
	switch {
	case err == nil:
		ls.accepted(c, rec)
		return true, nil, nil
	case !errors.As(err, &rerr):
		return false, nil, err
	}
	ls.refused++
	c.nay = true
	if ls.refusals == nil {
		ls.refusals, key = map[string]error{}, tableKey(c.table)
	}
	ls.refusals[key] = err
	if ls.reason == "" {
		ls.reason = rerr.Error()
	}
	if !ls.famDone && !ls.lim.NoFamilies {
		if err := ls.families(); err != nil {
			return false, nil, err
		}
	}
	return false, ls.children(c, rerr), nil
}

// tableKey names a table whatever the order of its sets (the solver lays
// out each set the same way).
func tableKey(t core.Table) string {
	keys := make([]string, len(t))
	for i, s := range t {
		keys[i] = s.String()
	}
	slices.Sort(keys)
	return strings.Join(keys, " ")
}

// worth reports whether a play of value v would beat the allowed play in
// hand and the floor (Limits.Beat).
func (ls *legalSearch) worth(v [3]int) bool {
	return (ls.best == nil || beats(v, ls.best.bound)) && (ls.floor == nil || beats(v, *ls.floor))
}

// toBeat is what a restriction's play must beat to be judged (see worth):
// the allowed play in hand or Limits.Beat, the better; nil when there is
// neither, or when a value is more than a play's tiles and points (with
// PreferKeep it counts kept jokers).
func (ls *legalSearch) toBeat() *playValue {
	var v *[3]int
	if ls.best != nil {
		v = &ls.best.bound
	}
	if ls.floor != nil && (v == nil || beats(*ls.floor, *v)) {
		v = ls.floor
	}
	if v == nil || ls.p.PreferKeep {
		return nil
	}
	if ls.p.Objective == Points {
		return &playValue{tiles: v[1], points: v[0]}
	}
	return &playValue{tiles: v[0], points: v[1]}
}

// beats reports whether value a beats value b.
func beats(a, b [3]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] > b[k]
		}
	}
	return false
}

// stop reports whether the budget ran out, and says which.
func (ls *legalSearch) stop() bool {
	switch {
	case ls.cut != "":
	case ls.ctx.Err() != nil:
		ls.cut = "the deadline passed"
	case ls.checks >= ls.lim.Checks:
		ls.cut = fmt.Sprintf("the referee judged %d plays (the limit)", ls.checks)
	case ls.solves >= ls.lim.Solves:
		ls.cut = fmt.Sprintf("%d restricted problems were solved (the limit)", ls.solves)
	case ls.famIn && ls.solves-ls.gainAt >= ls.lim.Patience:
		ls.cut = fmt.Sprintf("%d restricted problems were solved without a better allowed play (Limits.Patience)", ls.solves-ls.gainAt)
	default:
		return false
	}
	return true
}

// none is the answer when no candidate was accepted: no play.
func (ls *legalSearch) none() Result {
	table := ls.unplayed
	if table == nil {
		table = ls.p.Table.Clone()
	}
	res := Result{Table: table, Nodes: ls.nodes, Refused: ls.refused, CutShort: ls.inexact}
	switch {
	case ls.floor != nil && !beats(ls.topValue, *ls.floor):
		res.Why = "no play beats the play to beat (Limits.Beat)"
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
func (ls *legalSearch) accept(c *candidate, rec core.Verdict) Result {
	res := c.res
	res.Table = c.table
	res.Placed = rec.Placed
	res.Tiles = len(rec.Placed)
	res.Kept = rec.Kept
	res.Points = c.points
	res.Nodes = ls.nodes
	res.Refused = ls.refused
	res.CutShort = ls.inexact
	best := c.bound == ls.topValue
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
	default:
		res.Why = ""
	}
	if ls.byParts != "" { // legal, never proven the best
		res.Optimal, res.ByParts = false, true
		if res.Why == "" {
			res.Why = ls.byParts
		}
	}
	return res
}

// value is what the objective compares: (tiles, points) or (points,
// tiles); with Problem.PreferKeep a kept joker counts as two tiles placed
// (what it is worth later: it completes a pair into a set), and among
// equals keeping wins.
func (c *candidate) value(p *Problem) [3]int {
	if p.Objective == Points {
		return [3]int{c.points, c.tiles, 0}
	}
	if p.PreferKeep {
		return [3]int{c.tiles + 2*c.kept, c.kept, c.points}
	}
	return [3]int{c.tiles, c.points, 0}
}

// node is the restriction (o, rack, frozen), not yet solved, queued with
// bound, its parent's value (a restriction never does better); nil when
// seen before.
func (ls *legalSearch) node(o *origin, fam family, rack core.Multiset, frozen []bool, bound [3]int) *candidate {
	// The first node, the whole problem, is never seen again (every later
	// one restricts it or starts from a swap), so it needs no key: a search
	// whose first play is accepted, most of them, makes no map.
	if ls.order > 0 {
		key := ls.key(o, fam, rack, frozen)
		if ls.seen[key] {
			return nil
		}
		if ls.seen == nil {
			ls.seen = map[nodeKey]bool{}
		}
		ls.seen[key] = true
	}
	c := &ls.first
	if ls.order > 0 {
		c = new(candidate)
	}
	*c = candidate{o: o, fam: fam, rack: rack, frozen: frozen, bound: bound, order: ls.order, p: ls.p}
	ls.order++
	return c
}

// canonical is tiles in canonical order (Multiset.Tiles): tiles themselves
// where they are in that order already, as the search's answers are (plain
// tiles of a printed box, in ascending order), else a new list.
func canonical(tiles []core.Tile) []core.Tile {
	for i, t := range tiles {
		if t > core.Joker || !t.Valid() || t.Plain() != t || i > 0 && tiles[i-1] > t {
			return core.MultisetOf(tiles...).Tiles()
		}
	}
	if len(tiles) == 0 {
		return core.MultisetOf().Tiles()
	}
	return tiles
}

// solve solves c's restriction and queues it with its own value; a
// restriction the solver cannot hold is dropped (the problem itself was
// checked first).
func (ls *legalSearch) solve(c *candidate) error {
	if c == nil {
		return nil
	}
	o := c.o
	if ls.newSets == nil && (c != &ls.first || ls.p.addOnly()) {
		// (the whole problem's search has no family to share them with,
		// unless it is one of the add_only searches itself)
		ls.newSets = map[core.Multiset]Result{}
		ls.prob.newSets = ls.newSets
	}
	q := ls.p // the player's own problem, as the first search solves it
	var kept core.Table
	if c != &ls.first || slices.Contains(c.frozen, true) {
		if ls.problem == nil {
			ls.problem = new(Problem)
		}
		q = ls.problem
		*q = *ls.p
		q.Rack = c.rack
		q.Table = nil
		// a swap's table is the search's own making: checked as given
		q.tableValid = ls.p.tableValid && !o.swapped
		c.fam.restrict(q)
		if slices.Contains(c.frozen, true) {
			for i, set := range o.table {
				if c.frozen[i] {
					kept = append(kept, set)
				} else {
					q.Table = append(q.Table, set)
				}
			}
		} else {
			q.Table = o.table // (the solver changes no set it is given)
		}
	}
	first := ls.solves == 0
	q.beat = nil
	if !first && !o.swapped && q.Rules.Wild == core.NoTile && !wideProblem(q) && !q.addOnly() {
		// A restriction need only beat the allowed play in hand: no other
		// play of it is ever judged (see worth).
		q.beat = ls.toBeat()
	}
	if !first && !o.swapped && ls.bounded(c) {
		// Counted as solved (the bound answers it), so that the search
		// goes on as it would have: no answer changes, only the time.
		ls.solves++
		return nil
	}
	if c.family {
		// a family's own problem: searched for its best play, within
		// familyNodes
		q.MaxNodes = familyNodes
		if ls.p.MaxNodes > 0 {
			q.MaxNodes = min(q.MaxNodes, ls.p.MaxNodes)
		}
	} else if !first && !o.swapped {
		// A restriction is searched for a good play, not for a proof: the
		// proof that matters is the whole problem's (an allowed play as
		// good as its best is the best), so a small budget keeps a
		// refused play cheap.
		q.MaxNodes = restrictNodes
		q.afterFamilies = q.beat != nil && !ls.lim.NoFamilies
		if q.afterFamilies {
			q.MaxNodes = betterNodes
		}
		if ls.p.MaxNodes > 0 {
			q.MaxNodes = min(q.MaxNodes, ls.p.MaxNodes)
		}
		q.shortFallback = true
	}
	ls.solves++
	res, err := ls.tables.solveAt(ls.ctx, q, first || o.swapped)
	if err != nil {
		if !first {
			return nil
		}
		return err
	}
	ls.nodes += res.Nodes
	if res.ByParts {
		ls.byParts = res.Why
	} else if !res.Optimal && (first || o.swapped) {
		ls.inexact = true
	}
	c.solved, c.res = true, res
	c.table = res.Table
	if len(kept) > 0 {
		c.table = append(kept.Clone(), res.Table...)
	}
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
	c.bound = c.value(ls.p)
	if res.Optimal && !res.ByParts {
		ls.exact = append(ls.exact, c)
	}
	heap.Push(&ls.q, c)
	return nil
}

// bounded reports whether c restricts a problem already solved to its best
// play that does not beat the allowed play in hand (or the floor): then
// neither can c, and solving it would spend a restriction's whole budget
// of nodes on a play that is never judged. It still counts as solved
// (Limits.Solves: the bound answers it), so that the search goes on as it
// would have and answers the same, sooner. The case it
// is for: under a rule that a set holding a joker may only grow, the
// families solve the problem with the joker sets left as they are, and
// every refused play's likeliest fix leaves them so too, and one more set
// (see children): no better, as each such play is a restriction of it.
//
// A problem solved to no play at all bounds its restrictions too, play in
// hand or not: none of them has a play either (a draw's families, say,
// which leave the one-tile problems with the joker sets left as they are
// nothing to find).
//
// A restriction of a problem: the same origin, a family the problem's holds
// (see holds), the rack within its rack, and every set it left as it is
// left so here too. So the families' own problems bound one another too:
// the growths alone (famGrow) once the growths and new sets (famAddOnly)
// are solved, say.
func (ls *legalSearch) bounded(c *candidate) bool {
	for _, e := range ls.exact {
		none := len(e.o.placed)+len(e.res.Placed) == 0 // no play at all (or none above its floor)
		if e.o != c.o || !e.fam.holds(c.fam) || ls.worth(e.bound) && !none || !e.rack.Includes(&c.rack) {
			continue
		}
		within := true
		for i, f := range e.frozen {
			if f && !c.frozen[i] {
				within = false
				break
			}
		}
		if within {
			return true
		}
	}
	return false
}

// nodeKey names a restriction, so that no restriction is searched twice.
type nodeKey struct {
	o      *origin
	fam    family
	rack   core.Multiset
	frozen string
}

func (ls *legalSearch) key(o *origin, fam family, rack core.Multiset, frozen []bool) nodeKey {
	f := make([]byte, len(frozen))
	for i, x := range frozen {
		if x {
			f[i] = 1
		}
	}
	return nodeKey{o, fam, rack, string(f)}
}

// children queues the restrictions of a refused candidate, unsolved: each
// set it changed left as it was (the set the refusal names first, then
// the sets holding a joker, which most house rules are about); or, for a
// play that changed no set it may still keep, each tile it placed kept
// back.
//
// A restriction can at best equal its parent's value, but is queued as if
// it lost a tile: so a refused play costs one or two searches, not one for
// every restriction, before the best play found so far is judged. That
// trades the order's exactness for speed; the answer is claimed best only
// when it is as good as the whole problem's best (see accept).
func (ls *legalSearch) children(c *candidate, rerr *core.RuleError) *candidate {
	p := ls.p
	guess := c.bound
	if p.Objective == Points {
		guess[0] -= p.Rules.Tiles.Numbers
	} else {
		guess[0]--
	}
	var fix *candidate
	push := func(n *candidate) {
		switch {
		case n == nil:
		case fix == nil:
			fix = n // probed by judge, which queues it when solving it
		default:
			heap.Push(&ls.q, n)
		}
	}
	if p.Opened && !p.frozenTable() {
		changed := changedSets(p.Rules.SetRules(), c.o.table, c.table)
		var first, jokers, rest []int
		for i, ch := range changed {
			switch {
			case !ch || c.frozen[i]:
			case i == rerr.Set-1:
				first = append(first, i)
			case containsJoker(c.o.table[i]):
				jokers = append(jokers, i)
			default:
				rest = append(rest, i)
			}
		}
		order := append(append(first, jokers...), rest...)
		for _, i := range order {
			push(ls.node(c.o, c.fam, c.rack, with(c.frozen, i), guess))
		}
		if len(order) > 0 {
			// A play that changed sets is first searched again with each of
			// them left alone; tiles are kept back only from a play that
			// changed nothing it may keep, so that the restrictions grow
			// with the sets a play changed, not with every tile it placed.
			return fix
		}
	}
	// The joker first: the rules most often restrict where jokers go.
	var distinct []core.Tile
	placed := core.MultisetOf(c.res.Placed...)
	if placed.Jokers() > 0 {
		distinct = append(distinct, core.Joker)
	}
	for _, t := range c.res.Placed {
		if !t.IsJoker() && (len(distinct) == 0 || distinct[len(distinct)-1] != t) {
			distinct = append(distinct, t)
		}
	}
	for _, t := range distinct {
		rack := c.rack
		rack.Remove(t)
		push(ls.node(c.o, c.fam, rack, c.frozen, guess))
	}
	return fix
}

func containsJoker(s core.Set) bool {
	for _, t := range s {
		if t.IsJoker() {
			return true
		}
	}
	return false
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
	if !before && !keep || p.frozenTable() || p.Rules.Table.Manipulation != core.FullManipulation || !r.Joker.ReplaceFrom.Has(core.FromRack) {
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
		if !t.IsJoker() {
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
	a, b := q[i].bound, q[j].bound
	for k := range a {
		if a[k] != b[k] {
			return a[k] > b[k]
		}
	}
	if q[i].solved != q[j].solved {
		return q[i].solved // a play in hand before a restriction that can at best equal it
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

// familyNodes is the node budget of each family's own problem (see
// families): enough for its best play on a game's tables.
const familyNodes = 20000

// oneProbes is how many plays of one tile families judges at once while
// no play is in hand; the others wait in the queue at their value.
const oneProbes = 6

// family is a family of plays a restricting rule typically leaves open,
// searched as a problem of its own once the referee refuses a play (see
// families).
type family uint8

const (
	famAll        family = iota // every play the rules allow
	famAddOnly                  // every table set whole, grown by rack tiles, and new sets
	famGrow                     // every table set whole, grown by rack tiles, no new set
	famNewSets                  // new sets from the rack only, the table as it is
	famAddLoose                 // as famAddOnly, the table's jokers free to stand for other tiles
	famGrowLoose                // as famGrow, the table's jokers free to stand for other tiles
	famJokersGrow               // the sets holding the table's jokers grown by rack tiles (as famAddLoose), the others free
)

// holds reports whether every play of family g is one of family f, on the
// same problem (the same rack, the same sets left alone).
func (f family) holds(g family) bool {
	switch f {
	case g, famAll:
		return true
	case famJokersGrow:
		return g != famAll
	case famAddOnly:
		return g == famGrow || g == famNewSets
	case famAddLoose:
		return g == famAddOnly || g == famGrow || g == famNewSets || g == famGrowLoose
	case famGrowLoose:
		return g == famGrow
	}
	return false
}

// restrict narrows q to the family (never widening the rules: under
// table.manipulation: none the additions are new sets only).
func (f family) restrict(q *Problem) {
	switch f {
	case famAddOnly, famGrow, famAddLoose, famGrowLoose:
		if q.Rules.Table.Manipulation == core.FullManipulation {
			q.Rules.Table.Manipulation = core.AddOnly
			q.looseJokers = f == famAddLoose || f == famGrowLoose
		}
		q.growOnly = f == famGrow || f == famGrowLoose
	case famNewSets:
		q.Locked = true
	case famJokersGrow:
		if q.Rules.Table.Manipulation == core.FullManipulation {
			q.Rules.Table.Manipulation = core.AddOnly
			q.jokerSetsGrow, q.looseJokers = true, true
		}
	}
}

// families queues, at the referee's first refusal, the families of plays
// a restricting rule typically leaves open, each a real search: the plays
// that leave every table set whole and only add rack tiles to them, with
// new sets from the rack and without; new sets only; the whole problem
// with the sets holding the table's jokers left as they are; and the plays
// of one rack tile, with and without those sets left alone. The first
// three are solved at once (a few hundred states each); the plays of one
// tile are queued at their value, an exact bound, and solved when their
// turn comes. Each family's refused plays are restricted in turn (see
// children), within the family. So where an allowed play of these
// families exists the answer is never a draw, within the limits.
func (ls *legalSearch) families() error {
	ls.famDone = true
	p := ls.p
	if !p.Opened || p.frozenTable() {
		ls.familiesIn()
		return nil // new sets only already
	}
	none := shapedSets(p, p.Table)
	jokers := slices.Clone(none)
	held := false
	for i, s := range p.Table {
		jokers[i] = jokers[i] || containsJoker(s)
		held = held || containsJoker(s)
	}
	// Each family's best play is judged at once, and its likeliest fix
	// after a refusal (see judge), so that an allowed play is in hand
	// before the limits are spent on better plays the referee refuses.
	probe := func(c *candidate) error {
		if c == nil {
			return nil
		}
		c.family = c.rack.Len() > 1 // one tile's problems are small
		if err := ls.solve(c); err != nil || !c.solved || c.tiles <= 0 || !ls.worth(c.bound) || ls.stop() {
			return err
		}
		_, err := ls.judge(c)
		return err
	}
	fams := []family{famAddOnly, famGrow, famNewSets}
	if held && p.Rules.Table.Manipulation == core.FullManipulation {
		fams = append([]family{famJokersGrow}, append(fams, famAddLoose, famGrowLoose)...)
	}
	for _, f := range fams {
		if err := probe(ls.node(ls.root, f, p.Rack, none, [3]int{})); err != nil {
			return err
		}
	}
	if held {
		if err := probe(ls.node(ls.root, famAll, p.Rack, jokers, [3]int{})); err != nil {
			return err
		}
	}
	ls.familiesIn()
	// The plays of one tile, best first: judged at once while no play is
	// in hand, else queued at their value (an exact bound).
	pen := max(p.Rules.Joker.Penalty, 0)
	var ones []*candidate
	for _, t := range p.Rack.Tiles() {
		one := core.MultisetOf(t)
		bound := (&candidate{tiles: 1, points: one.Value(pen)}).value(p)
		for _, frozen := range [][]bool{none, jokers} {
			if c := ls.node(ls.root, famAll, one, frozen, bound); c != nil {
				ones = append(ones, c)
			}
			if !held {
				break
			}
		}
	}
	slices.SortStableFunc(ones, func(a, b *candidate) int {
		if beats(a.bound, b.bound) {
			return -1
		}
		if beats(b.bound, a.bound) {
			return 1
		}
		return 0
	})
	for i, c := range ones {
		if ls.best == nil && !ls.stop() && i < oneProbes {
			if err := probe(c); err != nil {
				return err
			}
			continue
		}
		heap.Push(&ls.q, c)
	}
	return nil
}

// familiesIn starts Limits.Patience's count: the families' own problems
// are solved (the plays of one tile are restricted problems like the
// others, each a whole table's search for one tile).
func (ls *legalSearch) familiesIn() {
	ls.famIn, ls.gainAt = true, max(ls.gainAt, ls.solves)
}

// shapedSets marks the sets of table the built-in check refuses: sets a
// variant's check_set hook accepted (core.SetChecker), a shape the search
// cannot hold. They stay as they lie in every play searched, as a frozen
// set does; the referee, asking the hook again, accepts them as they are.
func shapedSets(p *Problem, table core.Table) []bool {
	out := make([]bool, len(table))
	sr := p.Rules.SetRules()
	for i, s := range table {
		out[i] = !sr.Valid(s)
	}
	return out
}
