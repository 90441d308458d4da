package bots_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// houseSetsLaid plays rounds of four bots (specs, one a seat) under rules
// and counts, by the bot that played it, each set a play left on the table
// that was not there before and that only the house set shape allows (the
// printed rules refuse it): a group that repeats a colour, a run that ends
// with the 1 after 13.
func houseSetsLaid(t *testing.T, rules core.Rules, specs []string, rounds int) map[string]int {
	t.Helper()
	printed := rules.SetRules()
	printed.Wrap, printed.GroupColors = core.NoWrap, core.DistinctColors
	laid := map[string]int{}
	for seed := uint64(1); seed <= uint64(rounds); seed++ {
		g, err := core.NewGame(rules, []string{"A", "B", "C", "D"}, seed)
		require.NoError(t, err)
		var players []bots.Bot
		for s, spec := range specs {
			b, err := bots.New(spec, seed*10+uint64(s))
			require.NoError(t, err)
			players = append(players, b)
		}
		for !g.RoundOver() && g.Turn() < 300 {
			seat := g.Current()
			before := map[string]int{}
			for _, set := range g.Table() {
				before[set.String()]++
			}
			_, err := bots.Turn(context.Background(), g, players[seat])
			require.NoError(t, err)
			for _, set := range g.Table() {
				if before[set.String()] > 0 {
					before[set.String()]--
					continue
				}
				if _, err := printed.Validate(set); err != nil {
					laid[specs[seat]]++
				}
			}
		}
	}
	return laid
}

// The players that plan with the solver use the rule the variant is about:
// under house/any-colours they lay groups that repeat a colour, under
// house/ace-high runs that end with the 1 after 13 (issue 40, item 3).
// Under the original rules there are none to lay.
func TestBotsUseTheHouseSetShapes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays rounds of four bots")
	}
	specs := []string{"planner", "greedy", "intermediate", "planner"}
	for _, tc := range []struct {
		name  string
		shape func(*core.SetShape)
	}{
		{"house/any-colours", func(s *core.SetShape) { s.GroupColors = core.AnyColors }},
		{"house/ace-high", func(s *core.SetShape) { s.Wrap = core.AceHigh }},
		{"original", func(*core.SetShape) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules := core.Original()
			tc.shape(&rules.Sets)
			laid := houseSetsLaid(t, rules, specs, 6)
			t.Logf("sets only %s allows, laid in 6 rounds: %v", tc.name, laid)
			if tc.name == "original" {
				assert.Empty(t, laid)
				return
			}
			assert.Positive(t, laid["planner"], "the planner")
			assert.Positive(t, laid["greedy"], "greedy")
		})
	}
}
