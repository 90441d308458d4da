package solve

import (
	"context"
	"sync"
	"time"

	"github.com/meldlab/meldlab/core"
)

// Tables hold the tables of the set shapes that solves meet (config.go: one
// set for each box and set rules, and each number of copies and jokers in
// play), each built once and then shared, read-only, by every solve through
// the same Tables. Solve, Legal and CanPlay are its methods; the package's
// functions of the same names use a Tables that starts with the printed
// boxes' tables only (printed.go), as a program that solves the printed
// editions needs nothing else.
//
// A Tables never builds in the background on its own: a solve that meets
// a shape not yet built builds it in its own goroutine, as far as its
// budget allows, and leaves what it did not finish to the next solve that
// needs the shape (which goes on from there, so that a short budget never
// wastes the work). Only Prepare builds ahead, and Close waits for it.
//
// A Tables is safe for use by many goroutines at once. Prepare makes one
// (the zero Tables has nowhere to keep its tables).
type Tables struct {
	*shapeTables
	// prm are the params of its solves (params.go): the defaults, but in
	// the tests' (withParams), which share the tables of another.
	prm   *params
	built chan struct{} // closed when Prepare's build ends; nil without one
}

// shapeTables are the tables of a Tables, built and being built.
type shapeTables struct {
	mu       sync.Mutex
	m        map[shape]*config
	building map[shape]*building
}

// newTables is Tables with no table yet but the printed boxes' (read when
// a solve needs them), and the default params.
func newTables() *Tables { return &Tables{shapeTables: new(shapeTables), prm: &defaults} }

// printedTables are the package functions' Tables (see Tables).
var printedTables = newTables()

// Default is the package functions' Tables: the printed boxes' tables and
// those built since, with the default params.
func Default() *Tables { return printedTables }

// Solve finds the best play with the printed boxes' tables and those built
// since (see Tables.Solve).
func Solve(ctx context.Context, p Problem) (Result, error) { return printedTables.Solve(ctx, p) }

// CanPlay reports quickly whether the player can place any tile at all,
// with the printed boxes' tables and those built since (see
// Tables.CanPlay).
func CanPlay(ctx context.Context, p Problem) bool { return printedTables.CanPlay(ctx, p) }

// Legal finds the best play the referee accepts, with the printed boxes'
// tables and those built since (see Tables.Legal).
func Legal(ctx context.Context, p Problem, ref Referee, lim Limits) (Result, error) {
	return printedTables.Legal(ctx, p, ref, lim)
}

// Prepare returns Tables for the problems of rules r, and builds their
// tables in the background (one set for each number of copies and jokers in
// play the box allows, the most copies first), until ctx ends; then it
// warms the memory of two searches and the code of a solve, run once on a
// small problem. Without it the first problem of each shape builds its
// tables, from 0.1 ms (a box of two copies, no joker) to 2.5 ms (three
// copies, four jokers), many times the search of an easy problem, and the
// first solve meets its memory and code for the first time: a program that
// will solve (a REPL's hint, a bot's first move) calls it when it starts
// and solves with what it returns. A solve that needs a table Prepare is
// building waits for it (or, under a budget, answers without it); rules the
// solver does not support are left to Solve to report. Close waits for the
// build.
func Prepare(ctx context.Context, r core.Rules) *Tables {
	r = printedRules(r) // a house box's printed part is what is searched
	t := newTables()
	if r.Tiles.Validate() != nil {
		return t
	}
	t.built = make(chan struct{})
	go func() {
		defer close(t.built)
		t.prepare(ctx, r)
	}()
	return t
}

// Close waits for the tables Prepare set building (which its context may
// cut short); the Tables stay usable.
func (t *Tables) Close() {
	if t.built != nil {
		<-t.built
	}
}

// prepare is Prepare's build: the box's shapes, then the warm-up.
func (t *Tables) prepare(ctx context.Context, r core.Rules) {
	ts := r.Tiles
	hsize := 0 // the largest relaxation memo of the box, told apart by nothing
	for _, sh := range boxShapes(&r) {
		c, err := t.build(ctx, sh)
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			size := ts.Colors * (ts.Numbers + 2) * len(c.counts) * (sh.jokers + 1)
			if sh.wrap {
				size *= len(c.counts)
			}
			hsize = max(hsize, size)
		}
	}
	warmSolvers(hsize)
	// and the code a solve runs, every path of it (the hard path: the
	// prices, the race), on a problem of a few tiles of each colour and
	// the box's jokers
	var rack core.Multiset
	for c := range ts.Colors {
		for n := 1 + c; n <= min(4+c, ts.Numbers); n++ {
			rack.Add(core.NewTile(core.Color(c), n))
		}
	}
	for range ts.Jokers {
		rack.Add(core.Joker)
	}
	hard := t.withParams(func(p *params) {
		p.diveNodes, p.retighten, p.raceFirst, p.plainFirst, p.splitFrom = 1, 3, 3, 0, 1
	})
	hard.Solve(ctx, Problem{Rules: r, Rack: rack, Opened: true})
}

// build is config for a build ahead of the solves (Prepare): until ctx
// ends, letting the scheduler run between colour states, so that a solve
// running beside it is not held up. (Two such builds without a pause took
// both threads of a two-core machine: a 1 ms answer of a fresh process then
// came 3 ms late, its goroutine waiting for the scheduler to preempt one.)
func (t *Tables) build(ctx context.Context, sh shape) (*config, error) {
	dl, _ := ctx.Deadline()
	return t.lookup(sh, ctx.Done(), dl, true)
}

// config returns the tables of a shape: a printed box's from
// printed_tables.go (printedConfig), another's built the first time. A
// big box's tables take milliseconds to build: the solve builds them
// itself, looking at done and the deadline between colour states, and when
// either ends first config returns errStopped and leaves the rest for the
// next solve that needs them. A nil done and a zero deadline wait.
func (t *Tables) config(sh shape, done <-chan struct{}, deadline time.Time) (*config, error) {
	return t.lookup(sh, done, deadline, false)
}

// lookup is config; yield lets the scheduler run while it builds.
func (t *shapeTables) lookup(sh shape, done <-chan struct{}, deadline time.Time, yield bool) (*config, error) {
	t.mu.Lock()
	if c := t.m[sh]; c != nil {
		t.mu.Unlock()
		return c, nil
	}
	if c := printedConfig(sh); c != nil {
		t.keep(sh, c)
		t.mu.Unlock()
		return c, nil
	}
	b := t.building[sh]
	if b == nil {
		if err := checkShape(sh); err != nil {
			t.mu.Unlock()
			return nil, err
		}
		b = &building{sh: sh, ready: make(chan struct{}), left: make(chan struct{}), free: true}
		if t.building == nil {
			t.building = map[shape]*building{}
		}
		t.building[sh] = b
	}
	stop := stopAt(done, deadline)
	for {
		if b.free {
			// nobody builds them: this goroutine goes on where the last
			// one left off
			b.free = false
			t.mu.Unlock()
			if b.tb == nil {
				b.tb = startConfig(sh)
			}
			c, complete, err := b.tb.run(yield, stop)
			t.mu.Lock()
			if complete {
				t.finish(b, c, err)
				t.mu.Unlock()
				return c, err
			}
			b.free = true
			close(b.left) // the goroutines waiting may go on with it
			b.left = make(chan struct{})
			t.mu.Unlock()
			return nil, errStopped
		}
		left := b.left
		t.mu.Unlock()
		select {
		case <-b.ready:
			return b.c, b.err
		case <-left:
		case <-done:
			select {
			case <-b.ready: // both: the tables win
				return b.c, b.err
			default:
				return nil, errStopped
			}
		}
		if stop != nil && stop() {
			return nil, errStopped
		}
		t.mu.Lock()
	}
}

// stopAt is the test between colour states of a build under a budget: done
// closed, or the deadline past (the clock, not only the context: its timer
// fires late on a busy core). Nil, never stop, without either.
func stopAt(done <-chan struct{}, deadline time.Time) func() bool {
	if done == nil && deadline.IsZero() {
		return nil
	}
	return func() bool {
		if !deadline.IsZero() && !time.Now().Before(deadline) {
			return true
		}
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
}

// building is a shape's tables on their way.
type building struct {
	sh    shape
	ready chan struct{} // closed when c or err is set
	c     *config
	err   error
	// tb is the build so far; free, that no goroutine is at it (the last
	// stopped at its budget), and left is closed when one stops.
	tb   *tableBuild
	free bool
	left chan struct{}
}

// finish publishes the tables built (or the error) to the solves to come
// and to those waiting for them; t is locked.
func (t *shapeTables) finish(b *building, c *config, err error) {
	if err == nil {
		t.keep(b.sh, c)
	}
	delete(t.building, b.sh)
	b.c, b.err, b.tb = c, err, nil
	close(b.ready)
}

// keep keeps sh's tables for the solves to come; t is locked.
func (t *shapeTables) keep(sh shape, c *config) {
	if t.m == nil {
		t.m = map[shape]*config{}
	}
	t.m[sh] = c
}
