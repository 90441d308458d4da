package solve

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// A search that answers once the budget ran out, with a play already in
// hand and its deadline already past (the race's other search took it),
// does not search: its root bound alone could take a millisecond, blind to
// the deadline. With time left it does, for a better play.
func TestAnytimePastItsDeadline(t *testing.T) {
	p := Problem{Rules: core.Original(), Table: coretest.Table("[r3 r4 r5] [k7 b7 o7] [J b10 b11]"),
		Rack: coretest.Rack("r1 r2 k2 b2 o5 o6 r9 k9 b12 o12 k13"), Opened: true}
	for _, tc := range []struct {
		name     string
		past     bool
		searches bool
	}{{"deadline past", true, false}, {"time left", false, true}} {
		s, err := printedTables.newSolver(context.Background(), &p, false)
		require.NoError(t, err)
		s.dive(s.offset + 1)
		saved := s.saved()
		require.NotNil(t, saved, "the dive found a play")
		want := s.result(saved, false)
		s.hard, s.hardOn = time.Now().Add(time.Hour), true
		if tc.past {
			s.hard = time.Now().Add(-time.Millisecond)
		}
		spent := s.spent
		res := s.anytime(saved, false)
		assert.Equal(t, tc.searches, s.spent != spent, "%s: searched", tc.name)
		assert.GreaterOrEqual(t, res.Tiles, want.Tiles, tc.name)
		assert.False(t, res.Optimal, tc.name)
		s.release()
	}
}

// A solve builds the tables of its own shape only, and no solve sets the
// box's other shapes building: here problems without a joker, two of them,
// and the shape of two jokers in play, which nothing has asked for, stays
// unbuilt.
func TestSolveBuildsItsShapeOnly(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Tiles.Numbers = 11 // not a printed box: its tables are built
	p := Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k9 b9 o9"), Opened: true}
	sh := shapeOf(&r, 1, 0) // one copy of each tile in play, no joker
	other := shapeOf(&r, r.Tiles.Copies, r.Tiles.Jokers)
	tables := newTables()
	for range 2 {
		_, err := tables.Solve(context.Background(), p)
		require.NoError(t, err)
	}
	tables.mu.Lock()
	defer tables.mu.Unlock()
	assert.NotNil(t, tables.m[sh], "the problem's shape built")
	assert.Nil(t, tables.m[other], "the shape of %d jokers in play left alone", r.Tiles.Jokers)
	assert.Empty(t, tables.building, "nothing left building")
}

// A search past its first prices looks at the clock every 8 nodes rather
// than every 64 (its nodes can take tens of microseconds each); and the
// prices, when they took the rest of the budget, halt the search before it
// starts (priceFirst).
func TestPricedSearchLooksAtTheClockSooner(t *testing.T) {
	p := Problem{Rules: core.Original(), Table: coretest.Table("[r3 r4 r5] [k7 b7 o7] [J b10 b11]"),
		Rack: coretest.Rack("r1 r2 k2 b2 o5 o6 r9 k9 b12 o12 k13"), Opened: true}
	done := make(chan struct{}) // a context's, never closed: the deadline decides
	for _, priced := range []bool{false, true} {
		s, err := printedTables.newSolver(context.Background(), &p, false)
		require.NoError(t, err)
		s.done, s.timed, s.deadline = done, true, time.Now().Add(-time.Millisecond)
		s.priced, s.halt, s.nodes = priced, running, 9
		s.checkBudget()
		assert.Equal(t, priced, s.halt == budgetSpent, "priced %v: the budget looked at on node 9", priced)
		s.release()
	}

	s, err := printedTables.newSolver(context.Background(), &p, false)
	require.NoError(t, err)
	defer s.release()
	s.done, s.timed, s.deadline = done, true, time.Now().Add(-time.Millisecond)
	s.halt = running
	assert.False(t, s.priceFirst(s.offset+1), "no search after prices past the deadline")
	assert.Equal(t, budgetSpent, s.halt)
	assert.True(t, s.priced)
}

// Prepare's build lets the scheduler run between colour states, so that a
// solve beside it is not held up: with one thread, the goroutine that
// started it runs again before it ends. (Without the pauses, a 1 ms answer
// of a fresh process came up to 3 ms late.)
func TestPrepareYields(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	r := core.Original()
	r.Tiles.Numbers = 9 // not a printed box: its tables are built
	tables := Prepare(context.Background(), r)
	runtime.Gosched()
	select {
	case <-tables.built:
		t.Fatal("Prepare's build ran to its end before the goroutine that started it ran again")
	default:
	}
	tables.Close()
	tables.mu.Lock()
	defer tables.mu.Unlock()
	assert.Len(t, tables.m, len(boxShapes(&r)), "every shape of the box built")
}

// A context that has ended when the tables are ready runs no search: the
// answer is the passes that need none, the greedy pass's run and the
// rearranging pass's split on what it left (a search begun past the
// deadline answers late: its root bound takes milliseconds on a cold big
// box).
func TestEndedContextRunsNoSearch(t *testing.T) {
	t.Parallel()
	r := core.Original()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := Problem{Rules: r, Table: coretest.Table("[o4 o5 o6 o7 o8]"), Rack: coretest.Rack("o6 k1 k2 k3"), Opened: true}
	res, err := Solve(ctx, p)
	require.NoError(t, err)
	assert.Zero(t, res.Nodes)
	assert.Equal(t, "[k1 k2 k3] [o4 o5 o6] [o6 o7 o8]", res.Table.String(), "the greedy pass's run, then the split")
}

// Tables begun by one goroutine and finished by another are the tables
// built in one go (getConfig: a solve with a long budget builds its own,
// and leaves the rest to a goroutine when its deadline comes mid-way).
func TestTablesBuiltInTwoGoes(t *testing.T) {
	t.Parallel()
	for _, sh := range []shape{
		{colors: 4, numbers: 13, copies: 3, jokers: 2, minRun: 3, minGrp: 3},
		{colors: 4, numbers: 13, copies: 2, jokers: 2, minRun: 3, minGrp: 3, wrap: true},
	} {
		whole, err := newConfig(sh, false)
		require.NoError(t, err)
		tb := startConfig(sh)
		states := 0
		c, complete, err := tb.run(false, func() bool { states++; return states > 5 })
		require.NoError(t, err)
		require.False(t, complete, "stopped after 5 colour states")
		require.Nil(t, c)
		assert.Equal(t, 5, tb.s)
		c, complete, err = tb.run(true, nil)
		require.NoError(t, err)
		require.True(t, complete)
		assert.Equal(t, whole, c, "%+v", sh)
	}
}

// A solve that meets a shape first builds its tables itself, as far as its
// budget allows: with a deadline already past, it answers at once and
// leaves the build to the next solve that needs the shape, which goes on
// with it.
func TestOwnBuildUnderABudget(t *testing.T) {
	t.Parallel()
	sh := shape{colors: 4, numbers: 7, copies: 2, jokers: 3, minRun: 3, minGrp: 3}
	tables := newTables()
	ended := make(chan struct{}) // a context's, its deadline passed
	close(ended)
	_, err := tables.config(sh, ended, time.Now().Add(-time.Millisecond))
	assert.ErrorIs(t, err, errStopped)
	tables.mu.Lock()
	b := tables.building[sh]
	require.NotNil(t, b, "the build left for the next solve")
	assert.True(t, b.free, "and nobody at it")
	tables.mu.Unlock()
	// a second solve stopped after 5 colour states (as a budget stops it)
	states := 0
	_, complete, err := b.tb.run(false, func() bool { states++; return states > 5 })
	require.NoError(t, err)
	require.False(t, complete)
	require.Equal(t, 5, b.tb.s)

	done := make(chan struct{}) // a context's, its deadline an hour away
	c, err := tables.config(sh, done, time.Now().Add(time.Hour))
	require.NoError(t, err, "a budget of an hour builds the rest of them")
	whole, err := newConfig(sh, false)
	require.NoError(t, err)
	assert.Equal(t, whole, c)
	again, err := tables.config(sh, nil, time.Time{})
	require.NoError(t, err)
	assert.Same(t, c, again, "built once")
}
