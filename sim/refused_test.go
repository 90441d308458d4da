package sim

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// blind is greedy without the referee: it plans by the base rules only, as
// every bot did before issue 21, and as a Lua bot that does not check may.
type blind struct{ *bots.Greedy }

func (b blind) Act(ctx context.Context, r *core.Rules, v *core.View) (bots.Action, error) {
	v.Check = nil
	return b.Greedy.Act(ctx, r, v)
}

// The reproduction: a house rule "a set with a joker may only grow"
// as a check_play hook. Bots that plan with the referee lose no turn to a
// refused proposal; bots that do not are counted, and the report warns.
func TestRefusedProposalsAreCountedAndWarned(t *testing.T) {
	grow := core.Original()
	grow.Name, grow.Hooks = "house/grow", "grow.lua"
	run := func(bot string) *Result {
		reg := bots.NewRegistry()
		reg.Register("blind", func(uint64) bots.Bot { return blind{bots.NewGreedy()} })
		c := Config{
			Variants: []Variant{{Name: "original", Rules: core.Original()}, {Name: "house/grow", Rules: grow}},
			Players:  4, Bots: []string{bot}, Games: 12, Seed: 1, Registry: reg,
			Factory: hookFactory(func(uint64) (core.Hooks, error) { return coretest.Veto(coretest.JokerSetsOnlyGrow), nil }),
		}
		res, err := Run(context.Background(), c)
		require.NoError(t, err)
		return res
	}

	res := run("greedy")
	rep := res.Report()
	for _, v := range rep.Variants {
		assert.Zero(t, v.Refused.K, "%s: greedy plans with the referee", v.Name)
		assert.Zero(t, v.Penalties.K, v.Name)
	}
	assert.Empty(t, rep.Warnings)

	res = run("blind")
	rep = res.Report()
	assert.Zero(t, rep.Variants[0].Refused.K, "the base rules: nothing to be blind to")
	grown := rep.Variants[1]
	require.Positive(t, grown.Refused.K, "a bot blind to the hook proposes refused plays")
	assert.Equal(t, grown.Penalties.K, grown.Refused.K)
	var b bytes.Buffer
	require.NoError(t, rep.WriteJSON(&b))
	assert.Contains(t, b.String(), `"refused": {`)
	require.NotEmpty(t, rep.Warnings)
	assert.Contains(t, rep.Warnings[len(rep.Warnings)-1], "house/grow: the referee refused ")
	assert.Contains(t, rep.Warnings[len(rep.Warnings)-1], "the figures measure the bots' ignorance of a rule, not the rule")
}

// Under joker.keep the patient bot keeps jokers, and the lab counts them.
func TestJokersKeptAreCounted(t *testing.T) {
	keep := core.Original()
	keep.Name, keep.Joker.Keep = "keep", true
	c := Config{
		Variants: []Variant{{Name: "original", Rules: core.Original()}, {Name: "keep", Rules: keep}},
		Players:  4, Bots: []string{"patient", "greedy"}, Games: 60, Seed: 3,
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	rep := res.Report()
	assert.Zero(t, rep.Variants[0].JokersKept, "no keeping where the rules forbid it")
	assert.Positive(t, rep.Variants[1].JokersKept, "patient keeps jokers where the rules allow it")
	assert.Zero(t, rep.Variants[1].Refused.K)
}

// The ladder's bots plan through the referee too (issue 26, item 4): under
// the same hook, none of them loses a turn to a refused proposal.
func TestLadderKnowsTheRules(t *testing.T) {
	grow := core.Original()
	grow.Name, grow.Hooks = "house/grow", "grow.lua"
	for _, bot := range []string{"beginner", "intermediate", "planner"} {
		t.Run(bot, func(t *testing.T) {
			c := Config{
				Variants: []Variant{{Name: "original", Rules: core.Original()}, {Name: "house/grow", Rules: grow}},
				Players:  4, Bots: []string{bot, "greedy"}, Games: 8, Seed: 1,
				Factory: hookFactory(func(uint64) (core.Hooks, error) { return coretest.Veto(coretest.JokerSetsOnlyGrow), nil }),
			}
			res, err := Run(context.Background(), c)
			require.NoError(t, err)
			rep := res.Report()
			for _, v := range rep.Variants {
				assert.Zero(t, v.Refused.K, "%s: %s plans with the referee", v.Name, bot)
				assert.Zero(t, v.Penalties.K, v.Name)
			}
			for _, w := range rep.Warnings {
				assert.NotContains(t, w, "refused", "no warning that the referee refused a proposal")
			}
		})
	}
}
