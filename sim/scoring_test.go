package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// Under scoring.unopened_penalty and scoring.round_to a round's scores need
// not sum to zero and a winner may score below 0 (one who never opened,
// when the pool ran out) or, rounded, above the box's value: what a run
// gives, Validate and Merge accept, and the setup says which variants.
func TestScoringKeysNeedNotSumToZero(t *testing.T) {
	hard := core.Original()
	hard.Name = "house/hard"
	hard.Scoring = core.Scoring{UnopenedPenalty: 1000, RoundTo: 10}
	hard.EndOfPool.Play = core.ScoreNow
	hard.Draw.Tiles = 5
	hard.Opening.Points = 1000 // nobody opens: every winner pays
	c := Config{
		Variants: []Variant{{Name: "original", Rules: core.Original()}, {Name: "house/hard", Rules: hard}},
		Players:  4, Bots: []string{"random"}, Games: 12, Seed: 3,
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	require.NoError(t, res.Validate())
	assert.Equal(t, []string{"house/hard"}, res.Setup.NotZeroSum)
	v := res.Variants[1]
	require.Less(t, v.WinnerSum, int64(0), "an unopened winner paid the penalty")

	var text bytes.Buffer
	require.NoError(t, res.Report().WriteText(&text))
	assert.Contains(t, text.String(), "Scores need not sum to zero under house/hard (scoring.unopened_penalty,\n    scoring.round_to, scoring.zero_sum): a winner may score below 0.")

	// Read back and merged, as a shard is.
	b, err := json.Marshal(res)
	require.NoError(t, err)
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	require.NoError(t, back.Validate())
	_, err = Merge(&back)
	require.NoError(t, err)

	// The same figures claimed for a zero-sum variant are refused.
	back.Setup.NotZeroSum = nil
	assert.ErrorContains(t, back.Validate(), `variant "house/hard": impossible statistics: winners' scores outside 0 to `)
}

// Two variants whose scores need not sum to zero, paired: their winners'
// differences are bounded alike.
func TestTwoVariantsNotZeroSum(t *testing.T) {
	mk := func(name string, pen int) Variant {
		r := core.Original()
		r.Name = name
		r.Scoring = core.Scoring{UnopenedPenalty: pen, RoundTo: 5}
		r.EndOfPool.Play = core.ScoreNow
		r.Draw.Tiles = 5
		r.Opening.Points = 60
		return Variant{Name: name, Rules: r}
	}
	c := Config{Variants: []Variant{mk("house/a", 100), mk("house/b", 700)}, Players: 3, Bots: []string{"greedy"}, Games: 10, Seed: 5}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, []string{"house/a", "house/b"}, res.Setup.NotZeroSum)
	require.NoError(t, res.Validate())
	_, err = Merge(res)
	require.NoError(t, err)
}

// The Go bots plan with the referee, so under the house-rule keys of issue
// 22 they lose no turn to a refused proposal: the lab measures the rules,
// not the bots' ignorance of them.
func TestBotsKnowTheHouseKeys(t *testing.T) {
	house := func(name string, f func(r *core.Rules)) Variant {
		r := core.Original()
		r.Name = name
		f(&r)
		return Variant{Name: name, Rules: r}
	}
	c := Config{Variants: []Variant{
		house("house/lock-three", func(r *core.Rules) {
			r.Opening.FirstRoundLocked, r.Opening.LockEnds, r.Opening.LockTurns = true, core.LockTurns, 3
		}),
		house("house/draw-two", func(r *core.Rules) { r.Draw.TilesOpened = 2 }),
		house("house/must-place", func(r *core.Rules) { r.EndOfPool.Play = core.MustPlace }),
		house("house/first-to-100", func(r *core.Rules) { r.Match.Target = 100 }),
	}, Players: 4, Bots: []string{"greedy", "points", "patient", "random"}, Games: 4, Seed: 11, Rounds: 2}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	require.Empty(t, res.Failed)
	for _, v := range res.Variants {
		assert.Zero(t, v.Refused, v.Name)
		assert.Positive(t, v.Finished, v.Name)
	}
}

// Under the set shapes of issue 22 (sets.group_colors: any, sets.wrap:
// ace_high) the Go bots lose no turn either: the solver searches the
// shapes themselves (groups that repeat a colour, runs that end with the 1
// after 13, never 13-1-2), so every play it proposes is one the referee
// accepts.
func TestBotsKnowTheSetShapes(t *testing.T) {
	house := func(name string, f func(r *core.Rules)) Variant {
		r := core.Original()
		r.Name = name
		f(&r)
		return Variant{Name: name, Rules: r}
	}
	for _, bots := range [][]string{{"greedy"}, {"greedy", "points", "patient", "random"}} {
		c := Config{Variants: []Variant{
			house("house/ace-high", func(r *core.Rules) { r.Sets.Wrap = core.AceHigh }),
			house("house/any-colours", func(r *core.Rules) { r.Sets.GroupColors = core.AnyColors }),
			house("both", func(r *core.Rules) { r.Sets.Wrap, r.Sets.GroupColors = core.AceHigh, core.AnyColors }),
		}, Players: 4, Bots: bots, Games: 12, Seed: 5}
		res, err := Run(context.Background(), c)
		require.NoError(t, err)
		require.Empty(t, res.Failed)
		for _, v := range res.Variants {
			assert.Zero(t, v.Refused, "%s %v: proposals refused", v.Name, bots)
			assert.Positive(t, v.Finished, v.Name)
		}
	}
}
