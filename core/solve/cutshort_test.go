package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// cutInstances are the problems the budget tests cut short: the shared cases
// and the XP cases, each as an initial meld too, under both objectives; and
// each one's answer when the search runs to the end.
func cutInstances(t testing.TB) ([]solve.Problem, []solve.Result) {
	cutOnce.Do(func() {
		add := func(path string, rules core.Rules) {
			for i, c := range loadCases(t, path) {
				for _, opened := range []bool{true, false} {
					p := c.problem(t, rules, solve.Objective(i%2))
					p.Opened = opened
					full, err := solve.Solve(context.Background(), p)
					require.NoError(t, err)
					require.True(t, full.Optimal)
					cutProbs, cutFull = append(cutProbs, p), append(cutFull, full)
				}
			}
		}
		add("testdata/solver-cases.jsonl", core.Original())
		add("testdata/xp-cases.jsonl", solvelab.XPRules())
	})
	return cutProbs, cutFull
}

var (
	cutOnce  sync.Once
	cutProbs []solve.Problem
	cutFull  []solve.Result
)

// cutCheck checks a search cut short against the same search run to the end:
// a legal play, never better than the best; marked optimal only if the whole
// search fit in the budget, and then the best.
func cutCheck(t *testing.T, name string, p solve.Problem, full, cut solve.Result, fitted bool) {
	t.Helper()
	checkPlay(t, name, p, cut)
	if p.Objective == solve.Points {
		assert.LessOrEqual(t, cut.Points, full.Points, name)
	} else {
		assert.LessOrEqual(t, cut.Tiles, full.Tiles, name)
	}
	if !fitted {
		assert.False(t, cut.Optimal, "%s: cut short, yet marked optimal", name)
	}
	if cut.Optimal {
		assert.Equal(t, full.Tiles, cut.Tiles, name)
		assert.Equal(t, full.Points, cut.Points, name)
	}
}

// A search cut short by a node budget, at any point, answers with a legal
// play marked not optimal: never a panic, never a play the engine refuses.
func TestCutShortByNodes(t *testing.T) {
	t.Parallel()
	probs, fulls := cutInstances(t)
	budgets := []int{1, 2, 5, 17, 60, 250, 1000, 4000}
	if testing.Short() {
		budgets = []int{1, 17, 1000}
	}
	for i, p := range probs {
		full := fulls[i]
		for _, b := range budgets {
			q := p
			q.MaxNodes = b
			name := fmt.Sprintf("#%d opened=%v wrap=%v %v, %d nodes", i, p.Opened, p.Rules.Sets.Wrap, p.Objective, b)
			cut, err := solve.Solve(context.Background(), q)
			require.NoError(t, err, name)
			cutCheck(t, name, q, full, cut, full.Nodes <= b)
		}
	}
}

// A context that has ended stops the search at its first state: the answer
// is the fallback's play, marked not optimal.
func TestCutShortByContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	past, cancelPast := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancelPast()
	probs, fulls := cutInstances(t)
	for i, p := range probs {
		full := fulls[i]
		for _, c := range []context.Context{ctx, past} {
			name := fmt.Sprintf("#%d opened=%v wrap=%v %v", i, p.Opened, p.Rules.Sets.Wrap, p.Objective)
			cut, err := solve.Solve(c, p)
			require.NoError(t, err, name)
			cutCheck(t, name, p, full, cut, full.Nodes == 0)
		}
	}
}

// The instance of the report: an XP initial meld under a 1 ms deadline (it
// panicked: "the memo lost a proven play"). Whatever the deadline catches, the
// answer is legal; the threshold is met or nothing is placed.
func TestCutShortXPInitialMeld(t *testing.T) {
	hard := loadCases(t, "testdata/solver-hard.jsonl")
	for _, c := range hard {
		if c.Variant != "xp" {
			continue
		}
		for _, obj := range []solve.Objective{solve.Tiles, solve.Points} {
			p := c.problem(t, solvelab.XPRules(), obj)
			p.Opened = false
			for _, d := range []time.Duration{time.Microsecond, 100 * time.Microsecond, time.Millisecond, 3 * time.Millisecond} {
				ctx, cancel := context.WithTimeout(context.Background(), d)
				res, err := solve.Solve(ctx, p)
				cancel()
				require.NoError(t, err)
				checkPlay(t, fmt.Sprintf("%s %v %v", c.ID, obj, d), p, res)
			}
			for _, b := range []int{1, 100, 3000, 20000} {
				p.MaxNodes = b
				res, err := solve.Solve(context.Background(), p)
				require.NoError(t, err)
				name := fmt.Sprintf("%s %v, %d nodes", c.ID, obj, b)
				checkPlay(t, name, p, res)
			}
		}
	}
}

// bigBox is the variant of the report: 8 copies of each tile and 8 jokers,
// 100 tiles dealt (variants check accepts it).
func bigBox() core.Rules {
	r := core.Original()
	r.Tiles.Copies, r.Tiles.Jokers = 8, 8
	return r
}

// dealBig deals a rack of n tiles from the big box, all 8 jokers among them
// when jokers is set, and a table of sets cut from what is left.
func dealBig(rng *rand.Rand, n int, jokers bool) solve.Problem {
	r := bigBox()
	pool := r.Tiles.Full()
	var rack core.Multiset
	if jokers {
		for pool.Remove(core.Joker) {
			rack.Add(core.Joker)
		}
	} else {
		for pool.Remove(core.Joker) {
		}
	}
	left := pool.Tiles()
	rng.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	for _, x := range left[:n-rack.Len()] {
		rack.Add(x)
		pool.Remove(x)
	}
	var table core.Table
	for c := range 4 { // a long run of each colour, three times over
		for range 3 {
			var set core.Set
			for k := 1; k <= 13; k++ {
				if x := core.NewTile(core.Color(c), k); pool.Count(x) > 0 {
					set = append(set, x)
				} else if len(set) >= 3 {
					break
				} else {
					set = set[:0]
				}
			}
			if len(set) >= 3 {
				for _, x := range set {
					pool.Remove(x)
				}
				table = append(table, set)
			}
		}
	}
	return solve.Problem{Rules: r, Table: table, Rack: rack, Opened: rng.IntN(2) == 0,
		Objective: solve.Objective(rng.IntN(2))}
}

// Runs that wrap: their searches are long (a guess of the runs crossing
// from 13 to 1 for every colour), so the budget cuts them often; the answer
// is still a legal play.
func TestCutShortWrap(t *testing.T) {
	t.Parallel()
	rules := core.Original()
	rules.Sets.Wrap = core.WrapRound
	for i, c := range loadCases(t, "testdata/solver-cases.jsonl") {
		if i%3 != 0 {
			continue
		}
		for _, b := range []int{1, 40, 3000} {
			p := c.problem(t, rules, solve.Objective(i/3%2))
			p.Opened = i%2 == 0
			p.MaxNodes = b
			name := fmt.Sprintf("%s opened=%v %v, %d nodes", c.ID, p.Opened, p.Objective, b)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err, name)
			checkPlay(t, name, p, res)
		}
	}
}

// The big box: budgets cut its searches short (it panicked), and a deadline
// that ends while the tables are built stops the building too.
func TestCutShortBigBox(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range 6 {
		p := dealBig(rng, 100, i%2 == 0)
		for _, b := range []int{1, 50, 2000, 30000} {
			p.MaxNodes = b
			name := fmt.Sprintf("#%d opened=%v %v, %d nodes", i, p.Opened, p.Objective, b)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err, name)
			checkPlay(t, name, p, res)
		}
	}
}

// A context that has ended before the tables of a new box are built stops
// before any search: not optimal, no error, and the greedy pass's play
// (the run of five, no joker) rather than nothing, then the rearranging
// pass's on what it left (the two jokers).
func TestCutWhileBuildingTables(t *testing.T) {
	t.Parallel()
	r := bigBox()
	r.Tiles.Copies, r.Tiles.Jokers, r.Tiles.Numbers = 7, 7, 11 // a box no other test builds
	r.Sets.MinRun = 4
	rack := coretest.Rack("r1 r2 r3 r4 r5 J J")
	p := solve.Problem{Rules: r, Rack: rack, Opened: true}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := solve.Solve(ctx, p)
	require.NoError(t, err)
	assert.False(t, res.Optimal)
	assert.Zero(t, res.Nodes, "the search never started")
	assert.Equal(t, 7, res.Tiles, "the greedy pass and the rearranging pass: %s", res.Table)
	checkPlay(t, "cut while building", p, res)
	res, err = solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, 7, res.Tiles)
}

// Under wrap the search guesses the runs crossing from the highest number
// to 1, and each guess's root bound is a state: a budget counts them. (It
// did not: on the big box of 8 copies a budget of 76 states took 7 s of
// guesses whose bounds found nothing, and answered "optimal". Found by
// FuzzSolve.)
func TestWrapGuessesAreStates(t *testing.T) {
	t.Parallel()
	rules := core.Original()
	rules.Tiles = core.XPTiles
	rules.Tiles.Copies, rules.Tiles.Jokers = 8, 8
	rules.Sets.Wrap = core.WrapRound
	p := solve.Problem{Rules: rules, Rack: coretest.Rack("J J J J J J b5 b5 b5 b5 b5 k5 k5 k5 k5 k5 o5 o5 o5 o5 r5"),
		Opened: true, Locked: true, Objective: solve.Points, MaxNodes: 76}
	res, err := solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, res.CutShort, "the budget reached")
	assert.False(t, res.Optimal)
	checkPlay(t, "wrap guesses", p, res)
}
