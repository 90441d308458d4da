package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
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

// The solver does not search groups that repeat a colour nor tell ace-high
// runs from runs that wrap: under sets.group_colors: any its plays are all
// legal but not proven best, unless the play empties the rack; under
// sets.wrap: ace_high it searches with wrap and the referee refuses 13-1-2,
// so every answer is a play the referee accepts, proven best when the
// referee accepted the best play with wrap.
func TestLegalSetShapes(t *testing.T) {
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
		{name: "any: a play that needs a repeated colour is not found",
			path: "sets.group_colors", value: "any", rack: "r5 r5 b5 k9", opened: true,
			want: "", tiles: 0, optimal: false,
			why: "the solver does not search groups that repeat a colour (sets.group_colors: any): a play that needs one may be better"},
		{name: "distinct: no play at all is proven",
			path: "sets.group_colors", value: "distinct", rack: "r5 r5 b5 k9", opened: true,
			want: "", tiles: 0, optimal: true},
		{name: "any: a distinct-colour play is legal, not proven best",
			path: "sets.group_colors", value: "any", table: "[b5 k5 o5]", rack: "r3 r4 r5 b5 k9", opened: true,
			want: "[r3 r4 r5] [k5 b5 o5]", tiles: 3, optimal: false,
			why: "the solver does not search groups that repeat a colour (sets.group_colors: any): a play that needs one may be better"},
		{name: "any: a play that empties the rack is the best",
			path: "sets.group_colors", value: "any", table: "[r5 r5 b5]", rack: "r3 r4 k5", opened: true,
			want: "[r3 r4 r5] [k5 r5 b5]", tiles: 3, optimal: true},
		{name: "any: a group on the table that repeats a colour is left as it is",
			path: "sets.group_colors", value: "any", table: "[k5 k5 r5]", rack: "r3 r4 r5 k9", opened: true,
			want: "[k5 k5 r5] [r3 r4 r5]", tiles: 3, optimal: false,
			why: "the solver does not search groups that repeat a colour (sets.group_colors: any): a play that needs one may be better"},
		{name: "ace_high: 12-13-1 is found, 13-1-2 refused",
			path: "sets.wrap", value: "ace_high", rack: "r12 r13 r1 r2 k9", opened: true,
			want: "[r12 r13 r1]", tiles: 3, optimal: false},
		{name: "ace_high: a joker read as 1-2-3, accepted and proven",
			path: "sets.wrap", value: "ace_high", rack: "J r1 r2 k9", opened: true,
			want: "[r1 r2 J]", tiles: 3, optimal: true},
		{name: "ace_high: 11-12-13-1 is the best",
			path: "sets.wrap", value: "ace_high", rack: "r11 r12 r13 r1", opened: true,
			want: "[r11 r12 r13 r1]", tiles: 4, optimal: true},
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
