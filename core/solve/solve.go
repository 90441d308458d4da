package solve

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"time"

	"github.com/meldlab/meldlab/core"
)

// Objective is what the solver maximises.
type Objective uint8

const (
	// Tiles: the most rack tiles placed, a joker counting as a tile; ties go
	// to the play worth more points.
	Tiles Objective = iota
	// Points: the most value placed (face values, a joker worth the joker
	// penalty, or in the initial meld what it stands for); ties go to the
	// play with more tiles.
	Points
)

func (o Objective) String() string {
	switch o {
	case Tiles:
		return "tiles"
	case Points:
		return "points"
	}
	return fmt.Sprintf("objective(%d)", uint8(o))
}

// ParseObjective reads "tiles" or "points".
func ParseObjective(s string) (Objective, error) {
	switch s {
	case "tiles", "":
		return Tiles, nil
	case "points":
		return Points, nil
	}
	return 0, fmt.Errorf("solve: unknown objective %q: use tiles or points", s)
}

// Problem is one player's turn to solve.
type Problem struct {
	// Rules give the tile box, the set rules, the opening threshold and how a
	// joker counts there, and the joker penalty.
	Rules core.Rules
	Table core.Table
	Rack  core.Multiset
	// Opened is false for the initial meld: only new sets from the rack, the
	// table untouched, worth at least Rules.Opening.Points.
	Opened bool
	// Locked forbids rearranging the table (the first-round lock of some
	// editions): only new sets from the rack are added.
	Locked    bool
	Objective Objective
	// PreferKeep (Legal only, under Rules.Joker.Keep) counts a joker a play
	// sends to the rack as two tiles placed (it will complete a pair into a
	// set), and prefers keeping among plays as good: for a player who
	// values a joker in hand.
	PreferKeep bool
	// MaxNodes bounds the search states visited; 0 means no bound. With the
	// context's deadline it is the budget: a search cut short returns its best
	// play so far with Result.Optimal false.
	MaxNodes int

	// growOnly (a legal search's family of additions, under add_only): the
	// table's sets grow, no new set is laid.
	growOnly bool
	// looseJokers (a legal search's family): the table's jokers may stand
	// for other tiles as their sets grow (see looseRuns).
	looseJokers bool
	// jokerSetsGrow (a legal search's family, searched as add_only): only
	// the table's sets holding a joker grow, by rack tiles (their jokers
	// free to stand for other tiles: looseJokers), and the other sets are
	// rearranged freely with the rest of the rack (see solveAddOnly).
	jokerSetsGrow bool
	// shortFallback (a legal search's restriction): the search answering a
	// spent budget (see anytime) has its first dive's nodes only
	// (params.fallbackFirst), not params.fallbackNodes, so that the
	// restriction's budget (restrictNodes) is what it costs.
	shortFallback bool
	// newSets (a legal search's problems) remembers the add_only
	// searches' new sets of each rack left (see addOnlySearch.newSets)
	// across the legal search's families, which ask about the same racks.
	newSets map[core.Multiset]Result
	// tableValid (a legal search's problems): the referee vouched for the
	// table (see tableReferee), so check need not validate its sets again.
	tableValid bool
	// beat (a legal search's restriction, once an allowed play is in
	// hand): the play to beat. Only a better play is ever judged, so the
	// search looks for nothing else: its floor (strategy.floorAt) cuts
	// every branch that cannot beat it, and where nothing can, it answers
	// no play, proven, often within a few states where the plays above
	// the floor are few (see legalSearch.bounded, which then needs no
	// search of the restriction's own restrictions). Honoured by the
	// search itself only, not by the passes that answer by parts or by
	// the add_only families (legalSearch.solve leaves it out there).
	beat *playValue
	// afterFamilies (a legal search's restriction with a play to beat,
	// once the families were searched): the smaller budgets betterNodes
	// and params.fallbackBeat.
	afterFamilies bool
}

// playValue is what a play is worth to the objective: the rack tiles it
// places and their points (Result.Tiles, Result.Points).
type playValue struct{ tiles, points int }

// Result is the best play found.
type Result struct {
	// Table is the whole table after the play, in canonical sets; the old table
	// unchanged when nothing is placed.
	Table  core.Table
	Placed []core.Tile // rack tiles placed, canonical order
	Tiles  int         // rack tiles placed (a joker counts as a tile)
	// Points is the value placed: face values, a joker worth
	// Rules.Joker.Penalty; in the initial meld a joker is worth what
	// Rules.Opening.JokerValue says, so Points is what the threshold checks.
	Points  int
	Optimal bool // false when the budget cut the search short
	Nodes   int  // search states visited
	// Kept is how many jokers the play sends to the player's rack
	// (Rules.Joker.Keep; Legal only). Tiles counts the rack tiles placed.
	Kept int
	// Refused is how many better plays the referee refused (Legal only).
	Refused int
	// CutShort reports that a budget stopped a search (Legal: any of its
	// searches), so the play may not be the best (Solve: !Optimal).
	CutShort bool
	// Why says, when Optimal is false, what is known instead: the search
	// cut short, or the referee refusing better plays (Legal only).
	Why string
	// ByParts reports a play answered by parts, for a box beyond the
	// search's tables (more colours than four, Twist's special jokers: see
	// wide.go): legal, never claimed the best, and no budget cut it short.
	ByParts bool
}

// ErrBadProblem is wrapped by every error about the problem itself.
var ErrBadProblem = errors.New("bad problem")

// Solve finds the best play. It returns an error only for a bad problem: a
// table that is not valid, tiles that are not in the box or more copies of a
// tile than the box holds, or rules beyond the solver (ErrUnsupported).
func (t *Tables) Solve(ctx context.Context, p Problem) (Result, error) { return t.solve(ctx, p, true) }

// solve is Solve; withGreedy false leaves out the greedy pass that backs
// a search cut short (a legal search's restrictions, whose own answers are
// only alternatives, do without it).
func (t *Tables) solve(ctx context.Context, p Problem, withGreedy bool) (Result, error) {
	return t.solveAt(ctx, &p, withGreedy)
}

// solveAt is solve on a problem the caller keeps, unchanged, and may reuse
// once it returns: a legal search solves the player's problem where it
// keeps it, and each restriction in one Problem of its own, rather than a
// copy of 640 bytes passed to each solve (the solver keeps a copy of its
// own, layOut).
func (t *Tables) solveAt(ctx context.Context, p *Problem, withGreedy bool) (Result, error) {
	if p.Rules.Wild != core.NoTile {
		res, err := t.solve(ctx, p.swapped(), withGreedy)
		return p.swapBack(res), err
	}
	if wideProblem(p) {
		return t.solveWide(ctx, *p, withGreedy)
	}
	if p.addOnly() {
		return t.solveAddOnly(ctx, *p)
	}
	start := time.Now()
	s, err := t.newSolver(ctx, p, false)
	if dl, ok := ctx.Deadline(); err == nil && (ctx.Err() != nil || ok && time.Until(dl) <= 0) {
		// The tables came, but the budget is gone (a fresh process built
		// them, or the context had ended): a search begun now answers late,
		// its root bound alone taking a millisecond or two on a cold big box,
		// blind to the clock. The answer is the passes that need no search.
		// (The clock, not only the context: its timer fires late on a busy
		// core.)
		s.release()
		err = errStopped
	}
	if errors.Is(err, errStopped) && !withGreedy {
		return Result{Table: p.Table.Clone(), CutShort: true}, nil
	}
	if errors.Is(err, errStopped) {
		// The budget ran out before the search could start (the tables of a
		// box are built on its first problem): a greedy pass still answers,
		// or one that rearranges a few sets, or a search for any play if
		// the tables come in time.
		g, due := greedy(p), repairDue(ctx, start)
		if g.Tiles > 0 {
			// and the rearranging pass on what it left
			return repairAfter(p, g, repairNodes, due), nil
		}
		if r := repair(p, repairNodes, repairFirst, due); r.Tiles > 0 {
			return r, nil
		}
		if a, ok := t.anyPlay(ctx, p, start, nil); ok {
			return a, nil
		}
		return g, nil
	}
	if err != nil {
		return Result{}, err
	}
	defer s.release()
	if dl, ok := ctx.Deadline(); ok {
		// the answer is due by twice the budget: the search that answers
		// once the budget is spent (anytime) stops a quarter past it,
		// leaving the rest to rebuild the play and the greedy pass
		s.hard, s.hardOn = dl.Add(max(dl.Sub(start), 0)/4), true
	}
	var res Result
	if !s.flips() || s.prm.noRace {
		res = s.run()
	} else {
		res = raced(s)
	}
	res.CutShort = !res.Optimal
	if res.CutShort && withGreedy {
		// Never less than a greedy pass finds: a search stopped early may
		// not yet have reached a play a hurried player sees at once.
		if g := greedy(p); p.better(g, res) {
			g.Nodes = res.Nodes
			res = g
		}
		if res.Tiles == 0 {
			// nor empty-handed where a play exists that only a rearranged
			// table allows, which the greedy pass does not try: the
			// rearranging pass, briefly (most plays it finds, it finds
			// within repairFirst states), then a search for any play, then
			// the rearranging pass in full
			due := repairDue(ctx, start)
			if r := repair(p, repairFirst, repairFirst, due); r.Tiles > 0 {
				r.Nodes = res.Nodes
				return r, nil
			}
			if a, ok := t.anyPlay(ctx, p, start, s); ok {
				a.Nodes += res.Nodes
				return a, nil
			}
			if r := repair(p, repairNodes, repairFirst, due); r.Tiles > 0 {
				r.Nodes = res.Nodes
				return r, nil
			}
		}
	}
	return res, nil
}

// repairNodes bounds repair's splitting: on the committed corpora, of the
// problems with a play that the greedy pass misses, repair finds one for
// 96 of 102 (original) and 54 of 56 (XP) within it, as without a bound. A
// deadline cuts it sooner (after its first repairFirst states).
const repairNodes = 2000

// repairFirst is the rearranging pass's budget before the search for any
// play, and its states that are its own whatever the time: within them it
// finds its play for 94 of the 102 original problems and 53 of the 56 XP,
// in 50-150 µs.
const repairFirst = 500

// repairDue is when repair must stop under ctx's deadline, so that the
// answer still comes within twice the budget; zero without a deadline.
func repairDue(ctx context.Context, start time.Time) time.Time {
	dl, ok := ctx.Deadline()
	if !ok {
		return time.Time{}
	}
	return dl.Add(max(dl.Sub(start), 0) * 7 / 8)
}

// anyPlay looks for any play at all, stopping at the first it finds (the
// search of CanPlay), for an answer cut short that places nothing: the
// first dive of a search cut early and the greedy pass both miss plays
// that rearrange the table. Under a deadline it stops by 1.75 times the
// budget from start (waiting that long at most for tables being built),
// else after anyNodes states (or the problem's MaxNodes). Where the
// search can go from the highest number down as well, the two directions
// take turns of growing length, as the race does: a play that one finds
// late the other may find at once (on original-1125, 2,482 states from 1
// up, 93 from 13 down).
//
// It goes on with the searches of the answer that placed nothing (from, and
// the race's other direction, from.twin) where it can: their relaxation,
// which on a big box costs more than finding a play (3 million
// instructions at the root of xp-325, against 122 states to its play), is
// valid for any target, and so is their memo. Not for an initial meld, whose
// first search ran without the threshold (see run), so that its memo's
// values ignore it.
func (t *Tables) anyPlay(ctx context.Context, p *Problem, start time.Time, from *solver) (Result, bool) {
	tctx := context.Background()
	dl, timed := ctx.Deadline()
	var due time.Time
	if timed {
		due = dl.Add(max(dl.Sub(start), 0) * 3 / 4)
		var cancel context.CancelFunc
		tctx, cancel = context.WithDeadline(tctx, due)
		defer cancel()
	}
	limit := anyNodes
	if p.MaxNodes > 0 {
		limit = p.MaxNodes
	}
	var dirs [2]*solver
	var own [2]bool // laid out here, released here
	defer func() {
		for d, s := range dirs {
			if own[d] {
				s.release()
			}
		}
	}()
	if from != nil && from.threshold == 0 {
		for _, s := range []*solver{from, from.twin} {
			if s != nil {
				// (free: the answering search's nodes without a clock,
				// which are spent)
				s.canPlayOnly, s.diveEnd, s.free = true, 0, 0
				d := 0
				if s.flip {
					d = 1
				}
				dirs[d] = s
			}
		}
	}
	spent := 0
	for b := 64; spent < limit; b *= 2 {
		for d := range dirs {
			if dirs[d] == nil {
				if d == 1 && !dirs[0].flips() {
					continue
				}
				s, err := t.newSolverFlip(tctx, p, true, d == 1)
				if err != nil {
					return Result{}, false // a bad problem, or the tables not ready in time
				}
				dirs[d], own[d] = s, true
			}
			s := dirs[d]
			s.done, s.hardOn = nil, false
			s.deadline, s.timed = due, timed
			before := s.nodes
			s.maxNodes = s.nodes + min(b, limit-spent)
			s.halt = running
			s.searchRoots(s.offset + 1)
			spent += s.nodes - before
			if s.incLen >= 0 {
				res := s.result(s.rebuild(), false)
				// its own states, both ways (a search it went on with
				// counted the answer's already)
				res.CutShort, res.Nodes = true, spent
				return res, res.Tiles > 0
			}
			if s.halt != budgetSpent || s.expired() || spent >= limit {
				return Result{}, false // no play at all, or out of time
			}
		}
	}
	return Result{}, false
}

// anyNodes bounds anyPlay's search without a deadline.
const anyNodes = 20000

// better reports whether a beats b under the problem's objective.
func (p *Problem) better(a, b Result) bool {
	if p.Objective == Points {
		return a.Points > b.Points || a.Points == b.Points && a.Tiles > b.Tiles
	}
	return a.Tiles > b.Tiles || a.Tiles == b.Tiles && a.Points > b.Points
}

// CanPlay reports quickly whether the player can place any tile at all (an
// initial meld, if not yet opened), as the end-of-pool check needs for every
// player. A bad problem, or a budget spent before an answer, reports false.
func (t *Tables) CanPlay(ctx context.Context, p Problem) bool {
	if p.Rules.Wild != core.NoTile {
		return t.CanPlay(ctx, p.swapped())
	}
	if wideProblem(&p) {
		res, err := t.solveWide(ctx, p, false)
		return err == nil && res.Tiles > 0
	}
	if p.addOnly() && canGrow(&p) {
		return true // else only new sets can go down (tableMode is off)
	}
	s, err := t.newSolver(ctx, &p, true)
	if err != nil {
		return false
	}
	defer s.release()
	return s.canPlay()
}

// boxShapes are the shapes of r's box that a problem can have, one for each
// number of copies and of jokers in play, the most copies first; shapes the
// solver does not support are left out (Solve reports them).
func boxShapes(r *core.Rules) []shape {
	ts := r.Tiles
	var out []shape
	for copies := max(ts.Copies, 1); copies >= 1; copies-- {
		for jokers := 0; jokers <= ts.Jokers; jokers++ {
			sh := shapeOf(r, copies, jokers)
			if checkShape(sh) == nil {
				out = append(out, sh)
			}
		}
	}
	return out
}

// shapeOf is the shape of a problem under rules r with the given copies
// and jokers in play.
func shapeOf(r *core.Rules, copies, jokers int) shape {
	sh := shape{colors: r.Tiles.Colors, numbers: r.Tiles.Numbers, copies: copies, jokers: jokers,
		minRun: r.Sets.MinRun, minGrp: r.Sets.MinGroup, wrap: searchesWrap(r)}
	if r.Sets.GroupColors == core.AnyColors {
		sh.repeat = max(1, r.Tiles.Copies)
	}
	return sh
}

// searchesWrap reports whether the search guesses runs that cross from the
// highest number to 1: with sets.wrap: true, and with ace_high where runs
// are at least 2 long. (With runs of 1, a run that ends with the 1 after
// the highest is as good cut in runs that do not: the 1 alone, a joker
// standing for it moved below the run's lowest number, which is worth as
// much or more in an initial meld.)
func searchesWrap(r *core.Rules) bool {
	return r.Sets.Wrap == core.WrapRound || r.Sets.Wrap == core.AceHigh && r.Sets.MinRun >= 2
}

// warmSolvers puts two solvers in the spare list (the race's two searches)
// whose memory has been touched: the memo's first table, a relaxation memo
// of hsize entries, the gain tables. A fresh process otherwise pays for
// that memory on its first solve, page by page.
func warmSolvers(hsize int) {
	var warm [2]*solver
	for i := range warm {
		s := getSolver()
		s.memo.reset()
		for len(s.memo.slots) < memoMinSize { // the size a search grows the first table to
			s.memo.grow()
		}
		s.memo.reset()
		clear(s.memo.slots) // an empty slot is one of an older generation
		if cap(s.hmemo) < hsize {
			s.hmemo = make([]hentry, hsize)
		}
		clear(s.hmemo[:cap(s.hmemo)])
		s.hcur, s.hmax = 0, 0
		if cap(s.gains) < 1 {
			s.gains, s.plain = make([]gainTable, 1), make([]gainTable, 1)
		}
		warm[i] = s
	}
	for _, s := range warm {
		s.release()
	}
}

// spare keeps a few solvers with their tables for the next solves. (A
// sync.Pool would drop them at every collection, and big tables with them.)
var spare struct {
	sync.Mutex
	list []*solver
}

const maxSpare = 4

func getSolver() *solver {
	spare.Lock()
	defer spare.Unlock()
	if n := len(spare.list); n > 0 {
		s := spare.list[n-1]
		spare.list = spare.list[:n-1]
		return s
	}
	s := new(solver)
	s.relaxation.problemLayout, s.relaxation.clock = &s.problemLayout, &s.clock
	s.searchState.problemLayout, s.searchState.clock = &s.problemLayout, &s.clock
	s.searchState.relaxation, s.searchState.strategy = &s.relaxation, &s.strategy
	return s
}

func (s *solver) release() {
	if s.twin != nil {
		s.twin.release()
		s.twin = nil
	}
	s.ctx, s.p, s.prm, s.done, s.tables = nil, nil, nil, nil, nil
	s.prob = Problem{} // (its table and rules are the caller's to free)
	s.timed, s.hardOn = false, false
	spare.Lock()
	defer spare.Unlock()
	if len(spare.list) < maxSpare {
		spare.list = append(spare.list, s)
	}
}

// newSolver checks the problem and lays out the search.
func (t *Tables) newSolver(ctx context.Context, p *Problem, canPlay bool) (*solver, error) {
	return t.newSolverFlip(ctx, p, canPlay, false)
}

// newSolverFlip checks the problem and lays out the search, from the
// highest number down if flip (see Solve); flip only for a problem that
// flips (flips reports it).
func (t *Tables) newSolverFlip(ctx context.Context, p *Problem, canPlay, flip bool) (*solver, error) {
	reserveStack(false)
	copies, tableTiles, err := p.check()
	if err != nil {
		return nil, err
	}
	jokers := p.Rack.Jokers()
	tableMode := p.rearranges()
	if tableMode {
		jokers += tableTiles.Jokers()
	}
	dl, _ := ctx.Deadline()
	cfg, err := t.config(shapeOf(&p.Rules, max(copies, 1), jokers), ctx.Done(), dl)
	if errors.Is(err, errStopped) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("solve: %w: %w", ErrBadProblem, err)
	}
	s := getSolver()
	// The tiles that must be placed, by number and colour: the table's,
	// when it may be rearranged.
	s.must = [maxN + 2][4]uint8{}
	s.tableJokers = 0
	if tableMode {
		s.tableJokers = tableTiles.Jokers()
		for c := range p.Rules.Tiles.Colors {
			for n := 1; n <= p.Rules.Tiles.Numbers; n++ {
				f := n
				if flip {
					f = p.Rules.Tiles.Numbers + 1 - n
				}
				s.must[n][c] = uint8(tableTiles.Count(core.NewTile(core.Color(c), f)))
			}
		}
	}
	return t.layOut(ctx, s, p, cfg, canPlay, flip)
}

// newTwin lays out the search of up's problem from the other end: the race's
// second search. The problem was checked and its tables found when up was
// laid out, and the tiles that must be placed are up's, read mirrored, so
// only what depends on the direction is worked out again (a solve's fixed
// cost, paid again by every race).
func (t *Tables) newTwin(up *solver) (*solver, error) {
	s := getSolver()
	s.must = [maxN + 2][4]uint8{}
	for n := 1; n <= up.N; n++ {
		s.must[n] = up.must[up.N+1-n]
	}
	s.tableJokers = up.tableJokers
	return t.layOut(up.ctx, s, up.p, up.cfg, false, !up.flip)
}

// layOut lays out the search of p in s, whose must and tableJokers
// newSolverFlip or newTwin set, with the tables cfg of p's shape; s is
// released on an error.
func (t *Tables) layOut(ctx context.Context, s *solver, p *Problem, cfg *config, canPlay, flip bool) (*solver, error) {
	r := &p.Rules
	ts := r.Tiles
	s.prob = *p
	s.ctx, s.p, s.prm, s.tables = ctx, &s.prob, t.prm, t
	s.canPlayOnly = canPlay
	s.flip = flip
	s.tableMode = p.rearranges()
	s.N, s.C = ts.Numbers, ts.Colors
	s.sr = r.SetRules()

	s.jTotal = p.Rack.Jokers() + s.tableJokers
	s.cfg = cfg
	s.aceHigh = cfg.wrap && r.Sets.Wrap == core.AceHigh

	// All the tiles that may be placed, must included.
	s.avail = [maxN + 2][4]uint8{}
	for c := range s.C {
		for n := 1; n <= s.N; n++ {
			s.avail[n][c] = s.must[n][c] + uint8(p.Rack.Count(core.NewTile(core.Color(c), s.face(n))))
		}
	}

	s.pruneDead()

	// Weights: the objective first, the other measure as a tie-break.
	s.opening = !p.Opened
	s.threshold = 0
	s.rep = 0
	if s.opening {
		s.threshold = int32(max(0, r.Opening.Points))
		if r.Opening.JokerValue == core.Represented {
			s.rep = 1
		}
	}
	// secondary sums stay below big, so the primary measure always decides
	maxPenalty := max(r.Joker.Penalty, 0)
	big := int64(ts.Size())*int64(max(maxPenalty, ts.Numbers)) + int64(ts.Size()) + 1
	jokerValue := int64(maxPenalty)
	if s.opening {
		jokerValue = 0 // the opening counts a joker by its place, below
	}
	var jwA, jwB int64
	wt := func(face int64) int64 {
		if p.Objective == Points {
			return face*big + 1
		}
		return big + face
	}
	// sec is wt(face) % big, the secondary measure, without a division
	// (face and 1 are below big): the layout works it out for every tile
	sec := func(face int) int32 {
		if p.Objective == Points {
			return 1
		}
		return int32(face)
	}
	jwA = wt(jokerValue)
	if s.opening && s.rep == 1 {
		if p.Objective == Points {
			jwA, jwB = 1, big
		} else {
			jwA, jwB = big, 1
		}
	}
	if total := (wt(int64(ts.Numbers)) + jwA + jwB*int64(ts.Numbers)) * int64(ts.Size()+1); total > 1<<30 {
		s.release()
		return nil, fmt.Errorf("solve: %w: %w: the joker penalty %d is too large", ErrBadProblem, ErrUnsupported, r.Joker.Penalty)
	}
	s.big = int32(big)
	s.jwA, s.jwB = int32(jwA), int32(jwB)
	s.jwMax = s.jwA + s.jwB*int32(s.N)
	s.vsuffix = [maxN + 3]int32{}
	for n := s.N; n >= 1; n-- {
		var vrow int32
		for c := s.C - 1; c >= 0; c-- {
			s.wt[n][c] = int32(wt(int64(s.face(n))))
			vrow += int32(s.avail[n][c]-s.must[n][c]) * int32(s.face(n))
			s.vrowRest[n][c] = vrow
		}
		s.vrowRest[n][s.C] = 0
		s.vsuffix[n] = s.vsuffix[n+1] + vrow
	}
	s.offset = int32(s.tableJokers) * s.jwA
	// the secondary measure of the rack tiles still to come (see round)
	var rest int32
	for n := s.N; n >= 1; n-- {
		s.secRest[n][s.C] = rest
		for c := s.C - 1; c >= 0; c-- {
			rest += int32(s.avail[n][c]-s.must[n][c]) * sec(s.face(n))
			s.secRest[n][c] = rest
		}
	}
	s.jsec = 0
	// (jwA + jwB*n) % big, dividing only where the sum reaches big, which
	// no objective's weights do: jwB is 0, 1 (with jwA % big 0) or big
	a, b := s.jwA%s.big, s.jwB%s.big
	for n := 1; n <= s.N; n++ {
		v := a + b*int32(n)
		if v >= s.big {
			v %= s.big
		}
		s.jsec = max(s.jsec, v)
	}
	s.threshold = min(s.threshold, 1<<16-1) // beyond any box's value; keeps the key layout
	for n := 1; n <= s.N; n++ {
		s.availProf[n][s.C] = 0
		for c := s.C - 1; c >= 0; c-- {
			s.availProf[n][c] = cfg.profNext[s.availProf[n][c+1]][s.avail[n][c]]
		}
	}

	if !s.keyBits() {
		s.release()
		return nil, fmt.Errorf("solve: %w: %w: the search state of these rules does not fit a word", ErrBadProblem, ErrUnsupported)
	}
	s.resetBound()
	s.memo.reset()
	s.nodes, s.spent, s.maxNodes = 0, 0, p.MaxNodes
	s.halt = running
	s.done = ctx.Done()
	s.deadline, s.timed = ctx.Deadline()
	s.free = 0
	s.strategy = strategy{}
	if b := p.beat; b != nil && !s.opening {
		// the play to beat's weight (wt: the objective's measure times
		// big, the other measure below it), and one more
		first, second := b.tiles, b.points
		if p.Objective == Points {
			first, second = b.points, b.tiles
		}
		s.floorAt = s.offset + int32(first)*s.big + int32(second) + 1
	}
	s.bar, s.recVal = 0, 0
	s.incLen = -1
	return s, nil
}

// pruneDead drops the rack tiles that fit no set even with every other tile
// and joker at hand, until none is left to drop. They can never be placed, so
// the search need not consider them, and its bound gets tighter.
func (lay *problemLayout) pruneDead() {
	cfg := lay.cfg
	// groupable[k]: a tile with k other colours at its number can be in a
	// group (under group_colors: any, k other tiles, of its colour too)
	var groupable [core.MaxColors * 16]bool
	others := lay.C
	if cfg.repeat > 0 {
		others = lay.C * cfg.copies
	}
	for k := range others {
		for size := max(cfg.minGrp, 1); size <= lay.C*cfg.groupCopies(); size++ {
			reals := min(k+1, size)
			if size-reals <= lay.jTotal && (reals > 1 || !cfg.runnable(size)) {
				groupable[k] = true
			}
		}
	}
	// have[c]: bit n set when a tile (c, n) is at hand; rack[c]: when a
	// rack tile is (the only ones that may be dropped). A tile dead with
	// more tiles at hand is dead with fewer, so dropping them in any order
	// comes to the same.
	var have, rack [core.MaxColors]uint64
	for n := 1; n <= lay.N; n++ {
		for c := range lay.C {
			if lay.avail[n][c] > 0 {
				have[c] |= 1 << n
			}
			if lay.avail[n][c] > lay.must[n][c] {
				rack[c] |= 1 << n
			}
		}
	}
	m := cfg.m
	window := uint64(1)<<m - 1
	for changed := true; changed; {
		changed = false
		for c := range lay.C {
			// with wrap the numbers repeat once above, so that a window may
			// cross the top
			lane := have[c] | have[c]<<lay.N
			for b := rack[c]; b != 0; b &= b - 1 {
				n := bits.TrailingZeros64(b)
				colours := 0
				for o := range lay.C {
					if cfg.repeat > 0 {
						colours += int(lay.avail[n][o])
					} else {
						colours += int(have[o] >> n & 1)
					}
				}
				if groupable[colours-1] {
					continue
				}
				live := false
				for lo := n - m + 1; lo <= n && !live && m <= lay.N; lo++ {
					start := lo
					if start < 1 {
						if !cfg.wrap {
							continue
						}
						start += lay.N
					} else if !cfg.wrap && lo+m-1 > lay.N {
						break
					}
					live = bits.OnesCount64(window<<start&^lane) <= lay.jTotal
				}
				if !live {
					lay.avail[n][c] = lay.must[n][c]
					rack[c] &^= 1 << n
					if lay.must[n][c] == 0 {
						have[c] &^= 1 << n
						lane = have[c] | have[c]<<lay.N
					}
					changed = true
				}
			}
		}
	}
}

// face is the number on the tiles of the search's number n: n itself, or
// from the highest number down when the search is flipped.
func (lay *problemLayout) face(n int) int {
	if lay.flip {
		return lay.N + 1 - n
	}
	return n
}

// flips reports whether the problem can be searched from the highest number
// down as well: runs read the same either way (with wrap too: 12-13-1
// mirrored is 2-1-13, a run that wraps the other way), and so do the values,
// but for an initial meld's, which count where its jokers stand (the search
// would have to mirror them). Under ace_high the runs crossing the top
// are mirrored too: down, each has its 1 alone before the crossing
// (crossFits).
func (lay *problemLayout) flips() bool { return !lay.opening }

func boxWords(ts core.TileSet) string {
	return fmt.Sprintf("%d colours, numbers 1..%d, %d jokers", ts.Colors, ts.Numbers, ts.Jokers)
}

// result turns the winning path into a Result.
func (s *solver) result(steps []step, optimal bool) Result {
	res := Result{Optimal: optimal, Nodes: s.spent + s.nodes}
	if steps == nil {
		res.Table = s.p.Table.Clone()
		return res
	}
	sets, placed := s.build(steps)
	if s.cfg.wrap { // a wrapped run is written from where the engine reads it
		sets = s.sr.Canonical(sets)
	}
	sortSets(sets)
	if s.tableMode {
		res.Table = sets
	} else { // the old sets stay as they lie; the new ones follow
		res.Table = append(s.p.Table.CloneRoom(len(sets)), sets...)
	}
	res.Placed = placed.Tiles()
	res.Tiles = placed.Len()
	res.Points = placed.Value(max(s.p.Rules.Joker.Penalty, 0))
	if s.opening {
		res.Points = s.openingValue(sets)
		if res.Points < s.p.Rules.Opening.Points {
			// With wrap the engine may read a run's jokers elsewhere than the
			// search placed them (see the package doc); never offer a meld
			// the engine would refuse.
			return Result{Table: s.p.Table.Clone(), Nodes: s.spent + s.nodes}
		}
		if s.rep == 1 && s.cfg.wrap && res.Points < s.placedValue(steps) {
			// Read so, the meld is worth less than the search counted it,
			// and another may be worth more: not proven best.
			res.Optimal = false
		}
	}
	return res
}

// placedValue is an initial meld's value as the search counts it along
// steps: each tile and joker at the number the search placed it (a run's
// jokers at the numbers they extend or precede it by), as expand adds it up.
func (lay *problemLayout) placedValue(steps []step) int {
	v := 0
	for i := range steps {
		n := i + 1
		st := &steps[i]
		for c := range lay.C {
			m := &lay.cfg.moves[st.old[c]][st.mv[c]]
			v += (int(m.reals)+int(st.g[c])-int(lay.must[n][c]))*n + int(m.jokers)*n - int(m.tri)
		}
		v += int(st.jg) * n
	}
	return v
}

// openingValue is the value of new sets as the rules engine reads them.
func (lay *problemLayout) openingValue(sets core.Table) int {
	v := 0
	for _, set := range sets {
		info, err := lay.sr.Validate(set)
		if err != nil {
			continue
		}
		if lay.rep == 1 {
			v += info.Value
			continue
		}
		for _, t := range set {
			v += t.Number()
		}
	}
	return v
}

// sortSets orders a table by lowest number, then colour, then size. Build
// writes the sets nearly in that order already (the groups number by number,
// then the runs), so a stable insertion sort on precomputed keys has little to
// move.
func sortSets(t core.Table) {
	var buf [64]int
	keys := buf[:0]
	if len(t) > len(buf) {
		keys = make([]int, 0, len(t))
	}
	for _, set := range t {
		k := 0
		for _, x := range set {
			if !x.IsJoker() {
				k = x.Number()<<16 | int(x.Color())<<8
				break
			}
		}
		keys = append(keys, k|len(set))
	}
	for i := 1; i < len(t); i++ {
		k, set := keys[i], t[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], t[j] = keys[j-1], t[j-1]
		}
		keys[j], t[j] = k, set
	}
}

// Validate checks a problem as Solve does, without solving it: the error
// wraps ErrBadProblem and says what is wrong.
func Validate(p Problem) error {
	if p.Rules.Wild != core.NoTile {
		return Validate(p.swapped())
	}
	if wideProblem(&p) {
		return p.checkWide()
	}
	_, _, err := p.check()
	return err
}

// check is Validate, reporting also the most copies of one numbered tile
// in play and the table's tiles (which the layout counts too).
func (p *Problem) check() (copies int, tableTiles core.Multiset, err error) {
	r := &p.Rules
	ts := r.Tiles
	if err := ts.Validate(); err != nil {
		return 0, core.Multiset{}, fmt.Errorf("solve: %w: %w", ErrBadProblem, err)
	}
	if p.tableValid {
		// the referee's own table (Legal)
	} else if err := r.SetRules().ValidateTable(p.Table); err != nil {
		return 0, core.Multiset{}, fmt.Errorf("solve: %w: the table is not valid: %w", ErrBadProblem, err)
	}
	if p.Objective > Points {
		return 0, core.Multiset{}, fmt.Errorf("solve: %w: unknown objective %d", ErrBadProblem, p.Objective)
	}
	tableTiles = p.Table.Tiles()
	// Only the kinds of tile there are, in order (a bit each, the jokers
	// apart): every solve starts here, and most of the 64 kinds are absent.
	// Where every one is in the box and within its copies, as in every
	// good problem, the box's mask says so at once; otherwise the kinds are
	// asked one by one, for the error.
	copies = 0
	var box uint64 // the box's printed tiles: bit 16c+n for colour c, number n (Multiset.Lane)
	for c := range min(ts.Colors, core.PrintedColors) {
		box |= (uint64(1)<<(ts.Numbers+1) - 2) & 0xffff << (16 * c)
	}
	inBox := (p.Rack.Bits()|tableTiles.Bits())&^box == 0
	if inBox {
		for b := p.Rack.Bits() | tableTiles.Bits(); b != 0; b &= b - 1 {
			t := core.Tile(bits.TrailingZeros64(b))
			copies = max(copies, tableTiles.Count(t)+p.Rack.Count(t))
		}
		inBox = copies <= ts.Copies
	}
	if !inBox {
		for b := p.Rack.Bits(); b != 0; b &= b - 1 {
			if t := core.Tile(bits.TrailingZeros64(b)); !ts.Contains(t) {
				return 0, core.Multiset{}, fmt.Errorf("solve: %w: rack tile %s is not in the box (%s)", ErrBadProblem, t, boxWords(ts))
			}
		}
	}
	if p.Rack.Jokers() > 0 && !ts.Contains(core.Joker) {
		return 0, core.Multiset{}, fmt.Errorf("solve: %w: rack tile %s is not in the box (%s)", ErrBadProblem, core.Joker, boxWords(ts))
	}
	if !inBox {
		copies = 0
		for b := p.Rack.Bits() | tableTiles.Bits(); b != 0; b &= b - 1 {
			t := core.Tile(bits.TrailingZeros64(b))
			n := tableTiles.Count(t) + p.Rack.Count(t)
			if n > ts.CopiesOf(t) {
				return 0, core.Multiset{}, p.tooMany(t, &tableTiles)
			}
			copies = max(copies, n)
		}
	}
	if tableTiles.Jokers()+p.Rack.Jokers() > ts.Jokers {
		return 0, core.Multiset{}, p.tooMany(core.Joker, &tableTiles)
	}
	return copies, tableTiles, nil
}

// tooMany is the error for more t on the table and the rack than the box
// holds.
func (p *Problem) tooMany(t core.Tile, table *core.Multiset) error {
	return fmt.Errorf("solve: %w: %s is there %d times (table %d, rack %d); the box has %d",
		ErrBadProblem, t, table.Count(t)+p.Rack.Count(t), table.Count(t), p.Rack.Count(t), p.Rules.Tiles.CopiesOf(t))
}
