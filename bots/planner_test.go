package bots_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

func TestPlanner(t *testing.T) {
	const opp = "k1 k2 r9 b11 o13 o12 k7 k9 r2"
	tests := []struct {
		name        string
		table, rack string
		opp         string
		opened      bool
		pool        int
		placed      string // the rack tiles placed; "draw" for a draw; "" for any play
		weighed     bool   // the move was weighed by rollouts
		manip       string // table.manipulation ("": full)
	}{
		{name: "goes out at once", table: "[k10 k11 k12]", rack: "r1 r2 r3 r4 k13", opened: true, pool: 30,
			placed: "k13 r1 r2 r3 r4"},
		{name: "draws with nothing to play", table: "[k10 k11 k12]", rack: "r1 b5 o9", opened: true, pool: 30,
			placed: "draw"},
		{name: "an opening too small is no play", table: "[b4 b5 b6]", rack: "r1 r2 r3 k9", pool: 30,
			placed: "draw"},
		{name: "hoards while the end is far", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 30, placed: "draw"},
		{name: "hoards with an opponent at two tiles", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opp: "k1 k2", opened: true, pool: 30, placed: "draw"},
		{name: "goes out in one move while it hoards", table: "[k10 k11 k12] [r1 r2 r3]",
			rack: "k5 r5 b5 o5 k13 r4 b12 b13 b11 o9 o10 o11", opened: true, pool: 30,
			placed: "k5 k13 r4 r5 b5 b11 b12 b13 o5 o9 o10 o11"},
		{name: "opens with the least that reaches 30: one set of two", table: "[b4 b5 b6]",
			rack: "k11 k12 k13 r10 r11 r12 o2", pool: 30, placed: "k11 k12 k13"},
		{name: "opens with the least that reaches 30: a tile held back", table: "[b4 b5 b6]",
			rack: "k10 r10 b10 o10 k1 r9 b12 o2", pool: 30, placed: "r10 b10 o10"},
		{name: "opens with all it needs when one set is short", table: "[b4 b5 b6]",
			rack: "k7 k8 k9 r6 b6 o6 o2", pool: 30, placed: "k7 k8 k9 r6 b6 o6"},
		{name: "opens with everything once the end nears", table: "[b4 b5 b6]",
			rack: "k11 k12 k13 r10 r11 r12 o2", opp: "k1", pool: 30, placed: "k11 k12 k13 r10 r11 r12"},
		{name: "weighs a play against holding back when an opponent is at one tile", table: "[k10 k11 k12]",
			rack: "k5 r5 b5 o5 k1 r9 b12 o2", opp: "k1", opened: true, pool: 30, weighed: true},
		{name: "weighs its plays when the pool runs low", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 5, weighed: true},
		{name: "hoards with ten tiles in the pool", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 10, placed: "draw"},
		// Where the table's sets may only grow, or not change, a hoard cannot
		// go down in one move: it plays, and opens with all it can.
		{name: "add_only: no hoard", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 30, manip: "add_only", weighed: true},
		{name: "none: no hoard", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 30, manip: "none", weighed: true},
		{name: "add_only: opens with everything", table: "[b4 b5 b6]",
			rack: "k11 k12 k13 r10 r11 r12 o2", pool: 30, manip: "add_only", placed: "k11 k12 k13 r10 r11 r12"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.opp
			if o == "" {
				o = opp
			}
			r := core.Original()
			if tc.manip != "" {
				core.LookupRuleKey("table.manipulation").Set(&r, tc.manip)
			}
			g := position(t, r, tc.table, tc.rack, o, tc.opened, tc.pool)
			p := bots.NewPlanner(1)
			act, err := bots.Ask(context.Background(), g, p)
			require.NoError(t, err)
			st := p.Stats()
			assert.Equal(t, 1, st.Moves)
			if tc.weighed {
				assert.Equal(t, 1, st.Weighed)
				assert.GreaterOrEqual(t, st.Candidates, 2)
				assert.Equal(t, st.Candidates*p.Rollouts, st.Rollouts, "each candidate gets every determinization")
				assert.LessOrEqual(t, st.Turns, st.Rollouts*p.Depth*2, "a rollout plays at most Depth turns a seat")
				assert.Positive(t, st.Nodes)
			} else {
				assert.Zero(t, st.Rollouts, "nothing to weigh: no rollout")
			}
			if tc.placed == "" {
				require.False(t, act.Draw)
				require.NoError(t, g.Clone().Play(act.Table))
				return
			}
			if tc.placed == "draw" {
				assert.True(t, act.Draw)
				return
			}
			require.False(t, act.Draw)
			assert.Equal(t, tc.placed, core.Diff(g.Table(), act.Table).Added.String())
			require.NoError(t, g.Clone().Play(act.Table))
		})
	}
}

// TestPlannerPlaysAreAccepted asks the planner about positions of greedy
// games, under the printed rules and under variants that widen or narrow
// what a play may be: every play it makes is one the referee accepts, it
// is the same for the same seed, and its work is within its budget.
func TestPlannerPlaysAreAccepted(t *testing.T) {
	tests := []struct {
		variant string
		games   int
	}{
		{"original", 4},
		{"italian", 3}, // joker.keep: a joker freed may go to the rack
		{"house/fifty", 3},
		{"novelty", 2},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			rules, err := variants.Load(tc.variant)
			require.NoError(t, err)
			games := greedyPositions(t, rules, tc.games)
			a, b := bots.NewPlanner(3), bots.NewPlanner(3)
			plays := 0
			for _, g := range games {
				x, err := bots.Ask(context.Background(), g, a)
				require.NoError(t, err)
				y, err := bots.Ask(context.Background(), g, b)
				require.NoError(t, err)
				assert.Equal(t, x, y, "the same seed, the same choices")
				if !x.Draw {
					plays++
					require.NoError(t, g.Clone().Play(x.Table), "the referee accepts the play")
				}
			}
			st := a.Stats()
			assert.Positive(t, plays)
			assert.Positive(t, st.Weighed)
			assert.LessOrEqual(t, st.Rollouts, st.Weighed*a.Rollouts*a.Candidates)
			assert.Equal(t, a.SolverStats().Refused, 0, "the searches' refusals, if any, cost no turn")
			t.Logf("%s: %d positions asked, %d plays; %+v", tc.variant, st.Moves, plays, st)
		})
	}
}

// A view that is no seat's (the referee's, seat -1) or a seat out of range
// gets greedy's play: nothing to plan for, and no panic.
func TestPlannerOddViews(t *testing.T) {
	g := position(t, core.Original(), "[k10 k11 k12]", "k10 r10 b10 o10 k1 r9 b12 o2", "k1 k2 r9", false, 30)
	for _, seat := range []int{-1, 7} {
		v := g.View(-1)
		v.Seat = seat
		v.Check = g.Check
		p := bots.NewPlanner(1)
		act, err := p.Act(context.Background(), &g.Rules, v)
		require.NoError(t, err)
		assert.False(t, act.Draw)
		assert.Zero(t, p.Stats().Rollouts)
	}
}

// TestLadderRoundIsReproducible plays seeded rounds of the ladder twice:
// the same seeds give the same round, turn for turn, and the planner's
// work is counted the same (its budget is work, never time).
func TestLadderRoundIsReproducible(t *testing.T) {
	play := func(seed uint64) (string, bots.PlannerStats) {
		g, err := core.NewGame(core.Original(), []string{"A", "B", "C", "D"}, seed)
		require.NoError(t, err)
		var players []bots.Bot
		for s, name := range []string{"planner", "greedy", "intermediate", "beginner"} {
			b, err := bots.New(name, seed*10+uint64(s))
			require.NoError(t, err)
			players = append(players, b)
		}
		var log []string
		for !g.RoundOver() && g.Turn() < 300 {
			res, err := bots.Turn(context.Background(), g, players[g.Current()])
			require.NoError(t, err)
			log = append(log, res.Kind.String()+" "+core.MultisetOf(res.Tiles...).String())
		}
		return fmt.Sprint(log, g.Winners()), players[0].(*bots.Planner).Stats()
	}
	for seed := uint64(1); seed <= 3; seed++ {
		a, sa := play(seed)
		b, sb := play(seed)
		assert.Equal(t, a, b, "seed %d", seed)
		assert.Equal(t, sa, sb, "seed %d", seed)
		assert.Positive(t, sa.Moves)
	}
}
