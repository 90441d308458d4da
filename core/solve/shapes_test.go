package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// shaped is the original with a set-shape key set, as a variant file says it.
func shaped(t *testing.T, path, value string) core.Rules {
	t.Helper()
	r := core.Original()
	k := core.LookupRuleKey(path)
	require.NotNil(t, k, path)
	require.NoError(t, k.Check(value))
	k.Set(&r, value)
	return r
}

// The solver searches the set shapes of both house keys itself: under
// sets.group_colors: any it lays groups that repeat a colour, and under
// sets.wrap: ace_high runs that end with a 1 after the highest number, never
// one that goes on past that 1. So every answer is a play the referee
// accepts and, with nothing refused, proven best: no answer under these keys
// is short of optimal for the shape alone.
func TestLegalSetShapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		path, value string
		table, rack string
		opened      bool
		want        string
		tiles       int
		optimal     bool
		why         string
	}{
		{name: "any: a group that repeats a colour is found",
			path: "sets.group_colors", value: "any", rack: "r5 r5 b5 k9", opened: true,
			want: "[r5 r5 b5]", tiles: 3, optimal: true},
		{name: "any: two copies and one other colour",
			path: "sets.group_colors", value: "any", rack: "r5 r5 k5", opened: true,
			want: "[k5 r5 r5]", tiles: 3, optimal: true},
		{name: "distinct: no play at all is proven",
			path: "sets.group_colors", value: "distinct", rack: "r5 r5 b5 k9", opened: true,
			want: "", tiles: 0, optimal: true},
		{name: "any: a tile added to a group repeats its colour",
			path: "sets.group_colors", value: "any", table: "[b5 k5 o5]", rack: "r3 r4 r5 b5 k9", opened: true,
			want: "[r3 r4 r5]", tiles: 4, optimal: true},
		{name: "any: a play that empties the rack is the best",
			path: "sets.group_colors", value: "any", table: "[r5 r5 b5]", rack: "r3 r4 k5", opened: true,
			tiles: 3, optimal: true},
		{name: "any: a group on the table that repeats a colour is searched too",
			path: "sets.group_colors", value: "any", table: "[k5 k5 r5]", rack: "r3 r4 r5 k9", opened: true,
			want: "[r3 r4 r5]", tiles: 3, optimal: true},
		{name: "any: a table's repeated group split to place more",
			path: "sets.group_colors", value: "any", table: "[k5 k5 r5 r5 b5]", rack: "k3 k4 r3 r4", opened: true,
			want: "[k3 k4 k5] [r3 r4 r5] [k5 r5 b5]", tiles: 4, optimal: true},
		{name: "any: a group of one colour with a joker, in the initial meld",
			path: "sets.group_colors", value: "any", rack: "r10 r10 J b1", opened: false,
			want: "[r10 r10 J]", tiles: 3, optimal: true},
		{name: "ace_high: 12-13-1 is found, 13-1-2 never searched",
			path: "sets.wrap", value: "ace_high", rack: "r12 r13 r1 r2 k9", opened: true,
			want: "[r12 r13 r1]", tiles: 3, optimal: true},
		{name: "ace_high: a joker read as 1-2-3, accepted and proven",
			path: "sets.wrap", value: "ace_high", rack: "J r1 r2 k9", opened: true,
			want: "[r1 r2 J]", tiles: 3, optimal: true},
		{name: "ace_high: 11-12-13-1 is the best",
			path: "sets.wrap", value: "ace_high", rack: "r11 r12 r13 r1", opened: true,
			want: "[r11 r12 r13 r1]", tiles: 4, optimal: true},
		{name: "ace_high: k11 k12 k13 k1",
			path: "sets.wrap", value: "ace_high", rack: "k11 k12 k13 k1", opened: true,
			want: "[k11 k12 k13 k1]", tiles: 4, optimal: true},
		{name: "ace_high: the 1 goes low or high, not both ways",
			path: "sets.wrap", value: "ace_high", rack: "b12 b13 b1 b2 b3 b1", opened: true,
			want: "[b1 b2 b3]", tiles: 6, optimal: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := shaped(t, tc.path, tc.value)
			g, p := position(t, rules, nil, tc.table, tc.rack, tc.opened)
			res, err := solve.Legal(context.Background(), p, g, solve.Limits{})
			require.NoError(t, err)
			_, err = g.Check(res.Table)
			if res.Tiles > 0 {
				assert.NoError(t, err, "the referee accepts the answer")
			}
			assert.Equal(t, tc.optimal, res.Optimal, res.Why)
			if tc.why != "" {
				assert.Equal(t, tc.why, res.Why)
			}
			if tc.want != "" {
				assert.Contains(t, res.Table.String(), tc.want)
			}
			if tc.tiles > 0 {
				assert.Equal(t, tc.tiles, res.Tiles)
			}
		})
	}
}

// Solve itself answers under the house set shapes with plays the referee
// accepts, proven best: the search holds the shapes, not the referee's
// refusals.
func TestSolveSetShapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		path, value string
		table, rack string
		tiles       int
	}{
		{name: "any: r5 r5 k5", path: "sets.group_colors", value: "any", rack: "r5 r5 k5", tiles: 3},
		{name: "any: a repeated group with a joker", path: "sets.group_colors", value: "any", rack: "b7 b7 J o2", tiles: 3},
		{name: "any: eight fives", path: "sets.group_colors", value: "any",
			rack: "r5 r5 b5 b5 k5 k5 o5 o5", tiles: 8},
		{name: "any: the table's repeated group grows", path: "sets.group_colors", value: "any",
			table: "[o9 o9 r9]", rack: "r9 k1", tiles: 1},
		{name: "ace_high: 13-1-2 is not a run", path: "sets.wrap", value: "ace_high", rack: "r12 r13 r1 r2", tiles: 3},
		{name: "ace_high: 13-1 with a joker before", path: "sets.wrap", value: "ace_high", rack: "J r13 r1 b4", tiles: 3},
		{name: "ace_high: the table's run takes a 1 on top", path: "sets.wrap", value: "ace_high",
			table: "[k11 k12 k13]", rack: "k1 r6", tiles: 1},
		{name: "ace_high: no run goes past the 1", path: "sets.wrap", value: "ace_high",
			table: "[k12 k13 k1]", rack: "k2 r6", tiles: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := shaped(t, tc.path, tc.value)
			table := must(core.ParseTable(tc.table))
			rack := must(core.ParseTiles(tc.rack))
			p := solve.Problem{Rules: rules, Table: table, Rack: core.MultisetOf(rack...), Opened: true}
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			require.NoError(t, rules.SetRules().ValidateTable(res.Table), "%s", res.Table)
			assert.True(t, res.Optimal)
			assert.Equal(t, tc.tiles, res.Tiles, "%s", res.Table)
		})
	}
}

// The opening: o13 and two jokers as the declared group of 13s (39)
// with k1 k2 k3 make 45, where the run 11-12-13 makes 42; the search weighs
// the group at the 13s (declaredFrom), and the table writes it declared.
func TestDeclaredGroupOpening(t *testing.T) {
	t.Parallel()
	p := solve.Problem{Rules: core.Original(), Rack: core.MultisetOf(coretest.Tiles("o13 J J k1 k2 k3")...)}
	res, err := solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, 6, res.Tiles)
	assert.Equal(t, "[k1 k2 k3] [o13 J=13 J=13]", core.Original().SetRules().Canonical(res.Table).String())
	assert.True(t, res.Optimal)
	// with a threshold of 40 only the group opens
	p.Rules.Opening.Points = 40
	res, err = solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, 6, res.Tiles, "45 with the group; the run's 42 would open too, the group is needed from 43")
	p.Rules.Opening.Points = 45
	res, err = solve.Solve(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, 6, res.Tiles, "only the declared group reaches 45")
}
