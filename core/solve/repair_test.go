package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The rearranging pass finds the plays a player makes by splitting a run
// or taking a tile from a set, where the greedy pass, which rearranges
// nothing, places nothing; and touches no table the player may not
// rearrange.
func TestRepair(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, table, rack string
		opened, locked    bool
		limit             int
		want              string // the table after the play; "" for none
	}{
		{name: "a run split by the tile it repeats", table: "[o4 o5 o6 o7 o8]", rack: "o6",
			opened: true, want: "[o4 o5 o6] [o6 o7 o8]"},
		{name: "a group gives a tile to a pair", table: "[r5 b5 o5 k5]", rack: "k6 k7",
			opened: true, want: "[k5 k6 k7] [r5 b5 o5]"},
		{name: "three sets moved", table: "[b3 b4 b5 b6] [r6 o6 k6] [k7 k8 k9]", rack: "k5",
			opened: true, want: "[k5 k6 k7 k8 k9] [r6 b6 o6] [b3 b4 b5]"},
		{name: "three jokers beside a full group", table: "[k12 b12 o12 r12]", rack: "J J J",
			opened: true, want: "[r12 b12 o12] [J J J k12]"},
		{name: "out of budget", table: "[b3 b4 b5 b6] [r6 o6 k6] [k7 k8 k9]", rack: "k5",
			opened: true, limit: 3},
		{name: "nothing fits", table: "[r1 r2 r3] [k5 k6 k7]", rack: "b10", opened: true},
		{name: "an initial meld may not use the table", table: "[o4 o5 o6 o7 o8]", rack: "o6"},
		{name: "a locked table", table: "[o4 o5 o6 o7 o8]", rack: "o6", opened: true, locked: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := solve.Problem{Rules: core.Original(), Table: coretest.Table(tc.table), Rack: coretest.Rack(tc.rack),
				Opened: tc.opened, Locked: tc.locked}
			require.Zero(t, solve.Greedy(p).Tiles, "a play the greedy pass misses")
			limit := tc.limit
			if limit == 0 {
				limit = 1000
			}
			res := solve.Repair(p, limit)
			assert.True(t, res.CutShort)
			if tc.want == "" {
				assert.Zero(t, res.Tiles)
				assert.Equal(t, p.Table, res.Table)
				return
			}
			assert.Equal(t, tc.want, res.Table.String())
			checkPlay(t, tc.name, p, res)
		})
	}
}

// On the committed corpora, the pass finds a play for most problems that
// have one the greedy pass misses, and every play it finds is legal.
func TestRepairOnTheCorpora(t *testing.T) {
	t.Parallel()
	for _, c := range solvelab.Corpora() {
		var missed, found int
		for _, tc := range loadCorpus(t, c) {
			if tc.tiles == 0 || !tc.p.Opened || solve.Greedy(tc.p).Tiles > 0 {
				continue
			}
			res := solve.Repair(tc.p, solve.RepairNodes)
			if res.Tiles == 0 {
				missed++
				continue
			}
			found++
			checkPlay(t, tc.id, tc.p, res)
			if tc.p.Objective == solve.Points {
				assert.LessOrEqual(t, res.Points, tc.pts, tc.id)
			} else {
				assert.LessOrEqual(t, res.Tiles, tc.tiles, tc.id)
			}
		}
		t.Logf("%s: found %d, missed %d", c.Name, found, missed)
		assert.GreaterOrEqual(t, found, 9*(found+missed)/10, c.Name)
	}
}

// A search whose budget is gone before its tables are built (a fresh
// process, a box met for the first time) answers with the rearranging
// pass where the greedy pass finds nothing. (It answered no play.)
func TestBudgetGoneBeforeTheTables(t *testing.T) {
	r := core.Original()
	r.Tiles.Numbers = 10 // a box no other test builds: its tables are not ready
	p := solve.Problem{Rules: r, Table: coretest.Table("[o4 o5 o6 o7 o8]"), Rack: coretest.Rack("o6"), Opened: true}
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer cancel()
	res, err := solve.Solve(past, p)
	require.NoError(t, err)
	assert.Equal(t, "[o4 o5 o6] [o6 o7 o8]", res.Table.String())
	assert.False(t, res.Optimal)
	checkPlay(t, "past", p, res)
}

// Under rules the corpora do not deal (runs that wrap, groups that may
// repeat a colour, the XP box), every play the pass makes is legal: the
// table valid, no tile lost, only rack tiles added.
func TestRepairLegalUnderHouseRules(t *testing.T) {
	t.Parallel()
	wrap := core.Original()
	wrap.Sets.Wrap = core.WrapRound
	anyColours := core.Original()
	anyColours.Sets.GroupColors = core.AnyColors
	rng := rand.New(rand.NewPCG(27, 5))
	placed := 0
	for _, rules := range []core.Rules{core.Original(), wrap, anyColours, solvelab.XPRules()} {
		for i := range 300 {
			p := solvelab.GenProblem(rng, fmt.Sprint(i), rules)
			p.Opened = true
			res := solve.Repair(p, solve.RepairNodes)
			if res.Tiles > 0 {
				placed++
				checkPlay(t, fmt.Sprintf("%v #%d", rules.Sets, i), p, res)
			}
		}
	}
	t.Logf("%d plays of 1,200 problems", placed)
	assert.Positive(t, placed)
}
