package bots

import (
	"context"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// The solver's budget for one turn. MaxNodes is deterministic: a search it
// cuts short returns the same play on any machine, so simulations stay
// reproducible. On the printed rules no search of 4-player greedy games
// came near it (the most seen: 22,000 states; half need under 100); runs
// that wrap (house/wrap) can need millions, and there it keeps a turn to
// about a tenth of a second. Deadline only guards against a pathological
// position stalling a simulation, far above any search seen even under the
// race detector on a loaded machine; a search it cuts depends on the
// machine's speed, which is why SolverStats counts those apart.
const (
	DefaultMaxNodes = 200_000
	DefaultDeadline = 10 * time.Second
)

// BotLimits bound the legal search of a bot's turn (solve.Legal): a bot
// plays many turns, so fewer refused plays are explored than for a hint
// (solve.DefaultLimits); where the referee refuses the solver's best play,
// the bot plays the best allowed play found within them, or draws. The
// families of plays a hint searches after a refusal (solve.Legal) are left
// out: they cost a bot's game ten times the time under a Lua hook.
var BotLimits = solve.Limits{Checks: 5, Solves: 6, NoFamilies: true}

// SolverStats counts a bot's searches and those its budget cut short.
type SolverStats struct {
	Solves   int // searches run
	CutShort int // stopped by MaxNodes: the play may not be the best, but is reproducible
	TimedOut int // stopped by the deadline: the play depends on the machine's speed
	// Refused counts the plays the referee refused while the bot planned
	// (a hook's veto, a joker source the rules forbid): the bot went on to
	// the best play it allows, so they cost no turn.
	Refused int
}

// Add adds o's counts to s.
func (s *SolverStats) Add(o SolverStats) {
	s.Solves += o.Solves
	s.CutShort += o.CutShort
	s.TimedOut += o.TimedOut
	s.Refused += o.Refused
}

// SolverBot is a bot that counts its searches (greedy, points, patient); the
// simulation reports the counts.
type SolverBot interface {
	Bot
	SolverStats() SolverStats
}

// Greedy is the solver every turn: it places the play with the most rack
// tiles (greedy) or the most points (points), rearranging the table as
// freely as the rules allow, and draws when it can place nothing. It is
// deterministic: it ignores its seed.
type Greedy struct {
	name      string
	objective solve.Objective
	// MaxNodes and Deadline bound each search (see DefaultMaxNodes).
	MaxNodes int
	Deadline time.Duration
	stats    SolverStats
}

// NewGreedy makes the "greedy" bot: most tiles placed.
func NewGreedy() *Greedy {
	return &Greedy{name: "greedy", objective: solve.Tiles, MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline}
}

// NewPoints makes the "points" bot: most points placed.
func NewPoints() *Greedy {
	return &Greedy{name: "points", objective: solve.Points, MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline}
}

// Name is "greedy" or "points".
func (b *Greedy) Name() string { return b.name }

// readsOnly makes Greedy a reader (see Ask): Act changes neither the view
// nor the rules, and keeps neither.
func (b *Greedy) readsOnly() {}

// SolverStats counts the bot's searches so far.
func (b *Greedy) SolverStats() SolverStats { return b.stats }

// Act places the solver's best play, or draws. Under joker.keep, while the
// end is far (keepWorth), a play that keeps a freed joker counts it as two
// tiles placed (solve.Problem.PreferKeep): it completes a pair later.
func (b *Greedy) Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error) {
	rack := core.MultisetOf(v.Rack...)
	p := problem(rules, v, rack, b.objective)
	p.PreferKeep = b.objective == solve.Tiles && keepWorth(rules, v)
	res, err := search(ctx, &b.stats, p, v, b.MaxNodes, b.Deadline, nil)
	if err != nil {
		return Action{}, err
	}
	if res.Tiles == 0 {
		return Action{Draw: true}, nil
	}
	return Action{Table: res.Table}, nil
}

// problem is the solver's problem for the seat of v with the given rack.
func problem(rules *core.Rules, v *core.View, rack core.Multiset, obj solve.Objective) solve.Problem {
	return solve.Problem{
		Rules:     *rules,
		Table:     v.Table,
		Rack:      rack,
		Opened:    opened(v),
		Locked:    v.Locked,
		Objective: obj,
	}
}

// keepWorth reports whether keeping a freed joker (joker.keep) is worth a
// tile placed now: the player has opened and the end is far, no opponent
// at keepClose tiles or fewer, its own rack above it, the pool above
// keepPool (a joker left on the rack at the end costs joker.penalty).
func keepWorth(rules *core.Rules, v *core.View) bool {
	if !rules.Joker.Keep || !opened(v) || len(v.Rack) <= keepClose || v.Pool <= keepPool {
		return false
	}
	for seat, n := range v.Racks {
		if seat != v.Seat && n <= keepClose {
			return false
		}
	}
	return true
}

// keepClose and keepPool are where keepWorth sees the end near.
const keepClose, keepPool = 3, 10

// opened reports whether the view's seat has made its initial meld.
func opened(v *core.View) bool { return v.Seat >= 0 && v.Seat < len(v.Opened) && v.Opened[v.Seat] }

// referee adapts a view's Check, Judge and Plain to the solver's Referee
// (the search asks Judge, and nothing in a plain position: see solve.Legal).
type referee struct{ v *core.View }

func (r referee) Check(after core.Table) (core.TurnRecord, error) { return r.v.Check(after) }

func (r referee) Plain() bool { return r.v.Plain }

func (r referee) Judge(after core.Table) (core.Verdict, error) {
	if r.v.Judge == nil {
		rec, err := r.v.Check(after)
		return rec.Verdict(), err
	}
	return r.v.Judge(after)
}

// search runs the solver within the budget and counts the search. With
// v's referee (View.Check, and Judge) it finds the best play the referee accepts
// (solve.Legal); without, the best play by the rules the solver knows.
// With beat, a play found before, it looks only for a better one (see
// solve.Limits.Beat), so the referee judges no play that would lose to it.
func search(ctx context.Context, st *SolverStats, p solve.Problem, v *core.View,
	maxNodes int, deadline time.Duration, beat *solve.Result) (solve.Result, error) {
	if maxNodes <= 0 && deadline <= 0 { // a bot built without a budget gets the default one
		maxNodes, deadline = DefaultMaxNodes, DefaultDeadline
	}
	p.MaxNodes = maxNodes
	ctx, cancel := within(ctx, deadline)
	defer cancel()
	var res solve.Result
	var err error
	if v.Check != nil {
		lim := BotLimits
		lim.Beat = beat
		res, err = solve.Legal(ctx, p, referee{v}, lim)
	} else {
		res, err = solve.Solve(ctx, p)
	}
	if err != nil {
		return res, err
	}
	st.Solves++
	st.Refused += res.Refused
	if res.CutShort {
		if ctx.Err() != nil {
			st.TimedOut++
		} else {
			st.CutShort++
		}
	}
	return res, nil
}

// within is ctx ended after deadline at the latest. (A caller's deadline
// that comes first already bounds the work: a context of our own would end
// at it too, and would cost an allocation a search.)
//
// The context it makes has a deadline but no timer (deadlineCtx): a bot
// searches every turn, and a context.WithTimeout a search cost a timer, a
// done channel, a place among the caller's context's children (under its
// lock, which the lab's workers share) and four allocations, for a
// deadline that no search of the printed rules comes near (see
// DefaultDeadline). The solver reads a deadline off the clock anyway, as
// a context's timer may fire late on a busy core, and its every wait is
// bounded by that clock too, so it stops at the deadline all the same.
func within(ctx context.Context, deadline time.Duration) (context.Context, context.CancelFunc) {
	if deadline <= 0 {
		return ctx, noCancel
	}
	at := time.Now().Add(deadline)
	if d, ok := ctx.Deadline(); ok && !d.After(at) {
		return ctx, noCancel
	}
	return &deadlineCtx{Context: ctx, at: at}, noCancel
}

// noCancel is within's cancel function: a deadlineCtx holds nothing to
// release.
func noCancel() {}

// deadlineCtx is its parent with a deadline, at, read off the clock: Err
// is DeadlineExceeded once the clock passes it. Its Done is the parent's,
// which does not close at the deadline: it is for the solver, which looks
// at Deadline (see within), not for code that only waits on Done.
type deadlineCtx struct {
	context.Context
	at time.Time
}

// Done is the parent's channel, or one that never closes for a parent
// that is never cancelled (context.Background): never nil, as a
// context.WithTimeout's is not, since the solver takes a search without
// one for its last, hurried search and looks at the clock more often.
func (c *deadlineCtx) Done() <-chan struct{} {
	if d := c.Context.Done(); d != nil {
		return d
	}
	return never
}

// never is a channel nobody closes.
var never = make(chan struct{})

// Deadline is at: the caller's deadline, if it had one, came later.
func (c *deadlineCtx) Deadline() (time.Time, bool) { return c.at, true }

// Err is the parent's error, else DeadlineExceeded once at has passed
// (time.Until: at has a monotonic reading, so one read of that clock; see
// the solver's clock).
func (c *deadlineCtx) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	if time.Until(c.at) <= 0 {
		return context.DeadlineExceeded
	}
	return nil
}
