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
		s, err := newSolver(context.Background(), &p, false)
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

// The second solve of a box sets the tables of every shape of it building
// (buildBox), and the first does not (a process that solves one problem
// has no use for them): here problems without a joker, and then the shape
// of two jokers in play, which nothing has asked for, comes to be built.
func TestFirstSolveBuildsTheBox(t *testing.T) {
	r := core.Original()
	r.Tiles.Numbers = 11 // a box no other test builds
	p := Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k9 b9 o9"), Opened: true}
	sh := shape{colors: r.Tiles.Colors, numbers: r.Tiles.Numbers, copies: r.Tiles.Copies, jokers: r.Tiles.Jokers,
		minRun: r.Sets.MinRun, minGrp: r.Sets.MinGroup}
	built := func() bool {
		configs.Lock()
		defer configs.Unlock()
		return configs.m[sh] != nil || configs.building[sh] != nil
	}
	key := prepareKey{r.Tiles, r.Sets.MinRun, r.Sets.MinGroup, r.Sets.Wrap, r.Sets.GroupColors}
	begun := func() bool {
		boxes.Lock()
		defer boxes.Unlock()
		return boxes.begun[key]
	}
	// (met and built by this test run before: -count)
	for range 3000 {
		configs.Lock()
		busy := len(configs.building) > 0
		configs.Unlock()
		if !busy {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	boxes.Lock()
	delete(boxes.m, key)
	delete(boxes.begun, key)
	boxes.Unlock()
	configs.Lock()
	for _, x := range boxShapes(&r) {
		delete(configs.m, x)
	}
	configs.Unlock()
	_, err := Solve(context.Background(), p)
	require.NoError(t, err)
	assert.False(t, begun(), "the first solve sets nothing building")
	assert.False(t, built(), "the first solve leaves the box's other shapes alone")
	_, err = Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, begun(), "the second solve sets them building")
	for range 3000 { // (a build takes milliseconds; this waits up to a minute on a busy machine)
		if built() {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	assert.True(t, built(), "the shape of %d jokers in play built", r.Tiles.Jokers)
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
		s, err := newSolver(context.Background(), &p, false)
		require.NoError(t, err)
		s.done, s.timed, s.deadline = done, true, time.Now().Add(-time.Millisecond)
		s.priced, s.halt, s.nodes = priced, running, 9
		s.checkBudget()
		assert.Equal(t, priced, s.halt == budgetSpent, "priced %v: the budget looked at on node 9", priced)
		s.release()
	}

	s, err := newSolver(context.Background(), &p, false)
	require.NoError(t, err)
	defer s.release()
	s.done, s.timed, s.deadline = done, true, time.Now().Add(-time.Millisecond)
	s.halt = running
	assert.False(t, s.priceFirst(s.offset+1), "no search after prices past the deadline")
	assert.Equal(t, budgetSpent, s.halt)
	assert.True(t, s.priced)
}

// A build in the background (buildBox, Prepare) lets the scheduler run
// between colour states, so that a solve beside it is not held up: with
// one thread, the goroutine that started it runs again before it ends.
// (Without the pauses, a 1 ms answer of a fresh process came up to 3 ms
// late.)
func TestBackgroundBuildYields(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	r := core.Original()
	r.Tiles.Numbers = 9 // a box no other test builds
	shapes := boxShapes(&r)
	configs.Lock()
	for _, sh := range shapes { // (built by this test run before: -count)
		delete(configs.m, sh)
	}
	configs.Unlock()
	done := make(chan struct{})
	go func() {
		buildShapes(shapes)
		close(done)
	}()
	runtime.Gosched()
	select {
	case <-done:
		t.Fatal("the background build ran to its end before the goroutine that started it ran again")
	default:
	}
	<-done
}

// A context that has ended when the tables are ready runs no search: the
// answer is the passes that need none, the greedy pass's run and the
// rearranging pass's split on what it left (a search begun past the
// deadline answers late: its root bound takes milliseconds on a cold big
// box).
func TestEndedContextRunsNoSearch(t *testing.T) {
	r := core.Original()
	buildShapes(boxShapes(&r))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := Problem{Rules: r, Table: coretest.Table("[o4 o5 o6 o7 o8]"), Rack: coretest.Rack("o6 k1 k2 k3"), Opened: true}
	res, err := Solve(ctx, p)
	require.NoError(t, err)
	assert.Zero(t, res.Nodes)
	assert.Equal(t, "[k1 k2 k3] [o4 o5 o6] [o6 o7 o8]", res.Table.String(), "the greedy pass's run, then the split")
}

// The background build of a box leaves out its shapes of more than
// backgroundStates colour states: on a house box of 8 copies and 8 jokers,
// the shape with all of them in play (969 states, a fifth of a second) is
// not built until a problem needs it.
func TestBackgroundBuildLeavesBigShapes(t *testing.T) {
	r := core.Original()
	r.Tiles.Numbers = 8 // a box no other test builds
	r.Tiles.Copies, r.Tiles.Jokers = 8, 8
	p := Problem{Rules: r, Table: coretest.Table("[r3 r4 r5]"), Rack: coretest.Rack("r6 k7 b7 o7"), Opened: true}
	for range 2 { // (the second solve of a box sets its shapes building)
		_, err := Solve(context.Background(), p)
		require.NoError(t, err)
	}
	sh := func(copies, jokers int) shape {
		return shape{colors: r.Tiles.Colors, numbers: r.Tiles.Numbers, copies: copies, jokers: jokers,
			minRun: r.Sets.MinRun, minGrp: r.Sets.MinGroup}
	}
	state := func(s shape) (built, building bool) {
		configs.Lock()
		defer configs.Unlock()
		return configs.m[s] != nil, configs.building[s] != nil
	}
	last := sh(1, 7) // the last shape of the box's list within backgroundStates (165 states)
	for range 3000 { // (the builds take a second or so; this waits up to a minute on a busy machine)
		if built, _ := state(last); built {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	built, _ := state(last)
	require.True(t, built, "the box's small shapes built")
	built, building := state(sh(8, 8))
	assert.False(t, built || building, "the shape of 969 states left for a problem that needs it")
	built, _ = state(sh(8, 0))
	assert.True(t, built, "the shape of 165 states built")
}

// Tables begun by one goroutine and finished by another are the tables
// built in one go (getConfig: a solve with a long budget builds its own,
// and leaves the rest to a goroutine when its deadline comes mid-way).
func TestTablesBuiltInTwoGoes(t *testing.T) {
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

// With a long budget, a solve that meets a shape first builds its tables
// itself; with a deadline already past, it answers at once and a goroutine
// builds them for the next solve.
func TestOwnBuildUnderABudget(t *testing.T) {
	sh := shape{colors: 4, numbers: 7, copies: 2, jokers: 3, minRun: 3, minGrp: 3} // no other test builds it
	other := sh
	other.numbers = 6
	configs.Lock()
	delete(configs.m, sh) // (built by this test run before: -count)
	delete(configs.m, other)
	configs.Unlock()
	ended := make(chan struct{}) // a context's, its deadline passed
	close(ended)
	_, err := getConfig(sh, ended, time.Now().Add(-time.Millisecond))
	assert.ErrorIs(t, err, errStopped)
	done := make(chan struct{}) // a context's, its deadline an hour away
	c, err := getConfig(sh, done, time.Now().Add(time.Hour))
	require.NoError(t, err, "built by then, or built here")
	assert.Equal(t, sh, c.shape)

	c, err = getConfig(other, done, time.Now().Add(time.Hour))
	require.NoError(t, err, "a budget of an hour builds them here")
	assert.Equal(t, other, c.shape)
}
