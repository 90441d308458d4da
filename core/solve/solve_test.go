package solve_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The worked examples of docs/rules.md: the solver finds each book play (or one
// as good) and places every rack tile.
func TestRulebookExamples(t *testing.T) {
	t.Parallel()
	// The solver's own answer for each example, in canonical order: as many
	// tiles as the book's play, laid out as the search builds it.
	wants := []string{
		"[b3 b4 b5 b6] [k8 r8 b8 o8]",
		"[b3 b4 b5 b6] [k4 r4 o4]",
		"[k8 b8 o8] [b9 b10 b11]",
		"[r4 r5 r6] [r6 r7 r8]",
		"[k1 b1 o1] [r1 b1 o1] [o2 o3 o4]",
		"[k3 r3 o3] [k4 r4 o4] [k5 k6 k7] [r5 b5 o5] [k8 k9 k10]",
		"[k3 r3 b3] [J r12 r13]",
		"[o1 o2 o3] [o5 o6 o7] [J r12 r13]",
		"[b3 b4 b5] [J r12 r13]",
		"[k1 r1 b1 o1] [k2 r2 b2 o2] [J r12 r13]",
	}
	require.Len(t, wants, len(coretest.WorkedExamples))
	for i, tc := range coretest.WorkedExamples {
		t.Run(tc.Name, func(t *testing.T) {
			p := solve.Problem{Rules: core.Original(), Table: coretest.Table(tc.Table), Rack: coretest.Rack(tc.Rack), Opened: true}
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.Equal(t, wants[i], res.Table.String())
			assert.Equal(t, p.Rack.Len(), res.Tiles)
			assert.True(t, res.Optimal)
			checkPlay(t, tc.Name, p, res)
		})
	}
}

func TestModes(t *testing.T) {
	t.Parallel()
	zero := core.Original()
	zero.Opening.JokerValue = core.Zero
	wrap := core.Original()
	wrap.Sets.Wrap = core.WrapRound
	long := core.Original()
	long.Sets = core.SetShape{MinRun: 4, MinGroup: 4}
	xp := core.Original()
	xp.Tiles = core.XPTiles
	tests := []struct {
		name          string
		rules         core.Rules
		table, rack   string
		opened, lock  bool
		obj           solve.Objective
		want          string // the table after the play
		tiles, points int
	}{
		{name: "locked: new sets only", rules: core.Original(), table: "[r3 r4 r5]", rack: "r6 k1 k2 k3",
			opened: true, lock: true, want: "[r3 r4 r5] [k1 k2 k3]", tiles: 3, points: 6},
		{name: "unlocked: the table takes r6", rules: core.Original(), table: "[r3 r4 r5]", rack: "r6 k1 k2 k3",
			opened: true, want: "[k1 k2 k3] [r3 r4 r5 r6]", tiles: 4, points: 12},
		{name: "initial meld: a joker worth what it stands for", rules: core.Original(), rack: "k10 k11 J r1",
			want: "[k10 k11 J]", tiles: 3, points: 33},
		{name: "initial meld: a joker worth nothing", rules: zero, rack: "k10 k11 J r1",
			want: "", tiles: 0, points: 0},
		{name: "initial meld: the table stays as it is", rules: core.Original(), table: "[o3 o4 o5]", rack: "o6 k10 r10 b10",
			want: "[o3 o4 o5] [k10 r10 b10]", tiles: 3, points: 30},
		{name: "initial meld: most tiles, then most points", rules: core.Original(), rack: "k1 k2 k3 k4 r11 r12 r13 J",
			want: "[k1 k2 k3 k4] [J r11 r12 r13]", tiles: 8, points: 10 + 36 + 10},
		{name: "initial meld, points: the joker where it is worth most", rules: core.Original(), rack: "k1 k2 r12 r13 J", obj: solve.Points,
			want: "[J r12 r13]", tiles: 3, points: 36},
		{name: "the joker penalty counts in points", rules: core.Original(), rack: "k1 k2 r12 r13 J", opened: true, obj: solve.Points,
			want: "[J r12 r13]", tiles: 3, points: 55},
		{name: "wrap: 12 13 1", rules: wrap, table: "[r12 r13 J]", rack: "r1 r2", opened: true,
			want: "[J r12 r13 r1 r2]", tiles: 2, points: 3},
		{name: "no wrap: 13 does not lead to 1", rules: core.Original(), table: "[r12 r13 J]", rack: "r1 r2", opened: true,
			want: "[r12 r13 J]", tiles: 0, points: 0},
		{name: "runs of four", rules: long, table: "[r3 r4 r5 r6]", rack: "r7 k1 k2 k3", opened: true,
			want: "[r3 r4 r5 r6 r7]", tiles: 1, points: 7},
		{name: "XP: three copies", rules: xp, table: "[r5 r6 r7] [r5 r6 r7]", rack: "r5 r6 r7 J", opened: true,
			want: "[r5 r6 r7] [r5 r6 r7] [r5 r6 r7 J]", tiles: 4, points: 48},
		{name: "table jokers stay placed", rules: core.Original(), table: "[k5 J J]", rack: "k6 k7", opened: true,
			want: "[k5 k6 k7 J J]", tiles: 2, points: 13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := solve.Problem{Rules: tc.rules, Table: coretest.Table(tc.table), Rack: coretest.Rack(tc.rack),
				Opened: tc.opened, Locked: tc.lock, Objective: tc.obj}
			if tc.rules.Tiles.Copies == 3 {
				p.Table = must(tc.rules.Tiles.ParseTable(tc.table))
			}
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Table.String())
			assert.Equal(t, tc.tiles, res.Tiles, "tiles")
			assert.Equal(t, tc.points, res.Points, "points")
			assert.True(t, res.Optimal)
			checkPlay(t, tc.name, p, res)
			assert.Equal(t, tc.tiles > 0, solve.CanPlay(context.Background(), p), "CanPlay")
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestBadProblems(t *testing.T) {
	t.Parallel()
	noJokers := core.Original()
	noJokers.Tiles.Jokers = 0
	badBox := core.Original()
	badBox.Tiles.Colors = 7
	wrapLong := core.Original()
	wrapLong.Sets = core.SetShape{MinRun: 8, MinGroup: 3, Wrap: core.WrapRound}
	tests := []struct {
		name    string
		rules   core.Rules
		table   core.Table
		rack    core.Multiset
		obj     solve.Objective
		err     string
		wrapped error
	}{
		{name: "invalid table", rules: core.Original(), table: coretest.Table("[r3 r4 r5] [r7 r9 r8 r10 k11]"),
			err:     "solve: bad problem: the table is not valid: set 2 [r7 r9 r8 r10 k11] is not a run: k11 is black, the run is red",
			wrapped: core.ErrMixedColors},
		{name: "a joker in a box without", rules: noJokers, rack: coretest.Rack("r3 J"),
			err: "solve: bad problem: rack tile J is not in the box (4 colours, numbers 1..13, 0 jokers)"},
		{name: "a third copy", rules: core.Original(), table: coretest.Table("[r3 r4 r5] [r3 b3 o3]"), rack: coretest.Rack("r3"),
			err: "solve: bad problem: r3 is there 3 times (table 2, rack 1); the box has 2"},
		{name: "a third joker", rules: core.Original(), table: coretest.Table("[r3 J J]"), rack: coretest.Rack("J"),
			err: "solve: bad problem: J is there 3 times (table 2, rack 1); the box has 2"},
		{name: "a bad box", rules: badBox, err: "solve: bad problem: tiles: colors is 7; it must be 1..6"},
		{name: "wrap with long runs", rules: wrapLong, rack: coretest.Rack("r1"),
			err:     "solve: bad problem: rules beyond the solver: with wrap, runs of at least 8 in numbers 1..13 and 0 jokers",
			wrapped: solve.ErrUnsupported},
		{name: "unknown objective", rules: core.Original(), obj: 7, err: "solve: bad problem: unknown objective 7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := solve.Problem{Rules: tc.rules, Table: tc.table, Rack: tc.rack, Opened: true, Objective: tc.obj}
			_, err := solve.Solve(context.Background(), p)
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			assert.ErrorIs(t, err, solve.ErrBadProblem)
			if tc.wrapped != nil {
				assert.ErrorIs(t, err, tc.wrapped)
			}
			assert.False(t, solve.CanPlay(context.Background(), p))
		})
	}
}

func TestObjectiveNames(t *testing.T) {
	t.Parallel()
	for _, o := range []solve.Objective{solve.Tiles, solve.Points} {
		got, err := solve.ParseObjective(o.String())
		require.NoError(t, err)
		assert.Equal(t, o, got)
	}
	_, err := solve.ParseObjective("most")
	assert.EqualError(t, err, `solve: unknown objective "most": use tiles or points`)
	assert.Equal(t, "objective(9)", solve.Objective(9).String())
}

// A budget cut short still answers with a valid play, not proven optimal.
func TestBudget(t *testing.T) {
	c := loadCases(t, "testdata/solver-cases.jsonl")
	var hard sharedCase
	for _, x := range c {
		if x.ID == "T45_R15_j02_1" {
			hard = x
		}
	}
	p := hard.problem(t, core.Original(), solve.Tiles)

	p.MaxNodes = 50
	res, err := solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.False(t, res.Optimal)
	assert.Greater(t, res.Tiles, 0, "the fallback dive finds a play")
	assert.LessOrEqual(t, res.Tiles, hard.Tiles)
	checkPlay(t, "max nodes", p, res)

	p.MaxNodes = 0
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = solve.Solve(ctx, p)
	require.NoError(t, err)
	assert.False(t, res.Optimal)
	checkPlay(t, "cancelled", p, res)

	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err = solve.Solve(ctx, p)
	require.NoError(t, err)
	assert.True(t, res.Optimal)
	assert.Equal(t, hard.Tiles, res.Tiles)
}

func TestCanPlay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		table, rack string
		opened      bool
		want        bool
	}{
		{"a tile fits", "[r3 r4 r5]", "k9 r6", true, true},
		{"nothing fits", "[r3 r4 r5]", "k9 b1", true, false},
		{"only by rearranging", "[r4 r5 r6 r7 r8]", "r6", true, true},
		{"an initial meld of 30", "", "k9 k10 k11", false, true},
		{"an initial meld below 30", "", "k1 k2 k3 r4 r5 r6", false, false},
		{"an empty rack", "[r3 r4 r5]", "", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := solve.Problem{Rules: core.Original(), Table: coretest.Table(tc.table), Rack: coretest.Rack(tc.rack), Opened: tc.opened}
			assert.Equal(t, tc.want, solve.CanPlay(context.Background(), p))
		})
	}
}

func TestErrorsWrapCore(t *testing.T) {
	t.Parallel()
	p := solve.Problem{Rules: core.Original(), Table: coretest.Table("[r3 r4]"), Opened: true}
	_, err := solve.Solve(context.Background(), p)
	var se *core.SetError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, 1, se.Index)
	assert.ErrorIs(t, err, core.ErrTooShort)
}

// Solvers share only read-only tables: solving from many goroutines at once
// (four subtests run in parallel) gives each the same answer as alone (go
// test -race checks the sharing).
func TestConcurrent(t *testing.T) {
	t.Parallel()
	cases := loadCases(t, "testdata/solver-cases.jsonl")
	for w := range 4 {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			for i, c := range cases {
				if i%4 != w {
					continue
				}
				res, err := solve.Solve(context.Background(), c.problem(t, core.Original(), solve.Tiles))
				if assert.NoError(t, err, c.ID) {
					assert.Equal(t, c.Tiles, res.Tiles, c.ID)
				}
			}
		})
	}
}

// The search allocates nothing per state: a solve of tens of thousands of
// states (the corpus problem that takes the most) allocates about as little
// as one of fifty (the answer's tables).
func TestNoAllocationPerNode(t *testing.T) {
	var p solve.Problem
	var res solve.Result
	for _, tc := range loadCorpus(t, solvelab.Corpora()[0]) {
		r, err := solve.Solve(context.Background(), tc.p) // and warm: tables built, memo grown
		require.NoError(t, err)
		if r.Nodes > res.Nodes {
			p, res = tc.p, r
		}
	}
	require.Greater(t, res.Nodes, 10000)
	allocs := testing.AllocsPerRun(3, func() { _, _ = solve.Solve(context.Background(), p) })
	assert.Less(t, allocs, 40.0, "%d states", res.Nodes)
}
