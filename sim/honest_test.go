package sim

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/stats"
)

func TestTwoSidedP(t *testing.T) {
	// Published two-sided 5% and 1% points of Student's t.
	for _, tc := range []struct{ t, df, p float64 }{
		{12.706205, 1, 0.05}, {2.228139, 10, 0.05}, {2.085963, 20, 0.05}, {3.169273, 10, 0.01}, {2.575829, 1e9, 0.01},
	} {
		assert.InDelta(t, tc.p, stats.TwoSidedP(tc.t, tc.df), 1e-6, "t %g, df %g", tc.t, tc.df)
		assert.InDelta(t, tc.p, stats.TwoSidedP(-tc.t, tc.df), 1e-6)
	}
	assert.Equal(t, 1.0, stats.TwoSidedP(0, 5))
	assert.True(t, math.IsNaN(stats.TwoSidedP(1, 0)))
}

func TestHolm(t *testing.T) {
	// R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") gives 0.03 0.06 0.06 0.02.
	got := stats.Holm([]float64{0.01, 0.04, 0.03, 0.005})
	for i, want := range []float64{0.03, 0.06, 0.06, 0.02} {
		assert.InDelta(t, want, got[i], 1e-12)
	}
	// R: p.adjust(c(0.5, 0.001, NA, 0.2), "holm") gives 0.5 0.003 NA 0.4.
	got = stats.Holm([]float64{0.5, 0.001, math.NaN(), 0.2})
	assert.InDelta(t, 0.5, got[0], 1e-12)
	assert.InDelta(t, 0.003, got[1], 1e-12)
	assert.True(t, math.IsNaN(got[2]))
	assert.InDelta(t, 0.4, got[3], 1e-12)
	assert.Equal(t, []float64{1}, stats.Holm([]float64{0.9 * 2})) // capped at 1
}

func TestGamesToHalve(t *testing.T) {
	// t(0.975; 9) = 2.262157: the goal is 2.262157/(2√10) = 0.357678;
	// t(0.975; 32)/√33 = 2.036933/5.744563 = 0.354584 meets it,
	// t(0.975; 31)/√32 = 2.039513/5.656854 = 0.360540 does not.
	assert.Equal(t, int64(33), gamesToHalve(10))
	assert.Equal(t, int64(0), gamesToHalve(1))
	for _, n := range []int64{50, 1000, 20000} {
		g := gamesToHalve(n)
		assert.True(t, g > 38*n/10 && g < 4*n, "n %d: %d", n, g)
	}
}

func TestComparisonsCorrectedByHolm(t *testing.T) {
	c := quick(12)
	c.Bots = []string{"random"}
	c.Variants = nil
	for _, pts := range []int{10, 30, 50, 70} {
		r := core.Original()
		r.Opening.Points = pts
		c.Variants = append(c.Variants, Variant{Name: "house/open-" + strconv.Itoa(pts), Rules: r})
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	rep := res.Report()
	assert.Equal(t, 6*6, rep.Comparisons, "6 pairs, 6 metrics, each with an interval")
	raw := 0
	for _, p := range rep.Pairs {
		for _, d := range p.Diffs {
			require.NotNil(t, d.P)
			// The p-value agrees with the raw interval: clear exactly when 0 is outside it.
			assert.Equal(t, d.ClearRaw, *d.P < 0.05, "%s %s", p.B, d.Metric)
			assert.GreaterOrEqual(t, *d.PHolm, *d.P)
			assert.True(t, !d.Clear || d.ClearRaw, "clear after the correction implies clear before it")
			if d.ClearRaw && !d.Clear {
				assert.Contains(t, d.Summary, "once corrected for 36 comparisons")
			}
			if d.ClearRaw {
				raw++
			}
			if !math.IsNaN(d.Mean.Low) && d.Mean.High > d.Mean.Low {
				// Independent: the t statistic from the interval's half width.
				se := (d.Mean.High - d.Mean.Low) / 2 / stats.TQuantile(0.975, float64(d.N-1))
				assert.InDelta(t, stats.TwoSidedP(d.Mean.Value/se, float64(d.N-1)), *d.P, 1e-9)
			}
			assert.Equal(t, gamesToHalve(12), d.GamesToHalve)
		}
	}
	require.Positive(t, raw)
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	assert.Contains(t, Unwrap(b.String()), "A difference is called clear after Holm's correction for all 36 comparisons (every pair, every metric); "+
		"the intervals are uncorrected 95% intervals.\n")
	assert.Contains(t, Unwrap(b.String()), "  41 games (29 more) would make these intervals half as wide\n")
}

func TestWarnings(t *testing.T) {
	same := core.Original()
	same.Name = "house/same"
	same.TimeLimit.PenaltyTiles = 3 // no timeouts are modelled: changes nothing
	noJ := core.Original()
	noJ.Name = "house/no-jokers"
	noJ.Tiles.Jokers = 0
	noJ.Deal.Tiles = 13
	c := quick(4)
	c.Bots = []string{"random"}
	c.Variants = []Variant{{Name: "original", Rules: core.Original(), Base: "original"},
		{Name: "house/same", Rules: same, Base: "original"}, {Name: "house/no-jokers", Rules: noJ, Base: "italian"}}
	c.Explain = func(a, b *Variant) []string {
		return []string{"in " + a.Name + " there are jokers", "in " + a.Name + " a hand is 14 tiles"}
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	res.Variants[2].Solves, res.Variants[2].CutShort, res.Variants[2].TimedOut = 1000, 250, 10
	res.Variants[0].Solves, res.Variants[0].CutShort = 1000, 10 // 1%: no warning
	assert.Equal(t, []string{
		"house/no-jokers is built on italian and original on original: their comparison mixes 2 rule changes, not one: " +
			"in original there are jokers; in original a hand is 14 tiles",
		"house/no-jokers is built on italian and house/same on original: their comparison mixes 2 rule changes, not one: " +
			"in house/same there are jokers; in house/same a hand is 14 tiles",
		"house/no-jokers: the bots' searches were cut short in 26.0% of 1000 searches (250 by the node budget, 10 by the deadline): " +
			"their play there is weaker than their best, and a difference may come from that",
		// the clocks differ (house/same's penalty) and no turn ran out of
		// time: the report says why the games are the same, and the fix
		"house/same: no turn ran out of time in these 4 games, so its clock rule never came into play: model timeouts with --timeout-rate (as 0.05)",
		"house/same played the very same games as original: the rule change made no difference in these 4 games",
	}, res.Report().Warnings)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	assert.Contains(t, Unwrap(b.String()), "\nWarning: house/same played the very same games as original: the rule change made no difference in these 4 games.\n")
}

func TestRunUntilTargetWidth(t *testing.T) {
	c := quick(10)
	c.Bots = []string{"random"}
	res, err := RunUntil(context.Background(), c, Target{Metric: MetricTurns, Width: 8, MaxGames: 400})
	require.NoError(t, err)
	out := res.Target
	require.NotNil(t, out)
	assert.True(t, out.Reached)
	assert.LessOrEqual(t, *out.Widest, 8.0)
	assert.Greater(t, out.Games, 10, "more games than the first batch")
	// The very figures of one run of that many games.
	c.Games = out.Games
	one, err := Run(context.Background(), c)
	require.NoError(t, err)
	res.Target = nil
	assert.Equal(t, reportJSON(t, one), reportJSON(t, res))
	iv := one.Report().Pairs[0].Diffs[0].Mean
	assert.LessOrEqual(t, iv.High-iv.Low, 8.0)

	// A cap below what the width needs: stopped, and said so.
	c.Games = 10
	res, err = RunUntil(context.Background(), c, Target{Metric: MetricTurns, Width: 0.01, MaxGames: 25})
	require.NoError(t, err)
	assert.False(t, res.Target.Reached)
	assert.Equal(t, 25, res.Target.Games)
	assert.Equal(t, int64(25), res.Variants[0].Games)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	assert.Contains(t, Unwrap(b.String()), "STOPPED at the most games allowed, 25, before every interval of round length was 0.01 turns wide (widest ")

	_, err = RunUntil(context.Background(), c, Target{Metric: "length", Width: -1, MaxGames: 5})
	require.Error(t, err)
	assert.Equal(t, "target width: no metric \"length\"; the metrics are [turns pool_empty meld_turn winner_score joker_left first_player_wins]\n"+
		"target width must be more than 0, not -1\n"+
		"the most games for a target width (5) must be at least the games to start with (10)", err.Error())
}

func TestRunUntilMaxGamesBounded(t *testing.T) {
	c := quick(10)
	c.Bots = []string{"random"}
	_, err := RunUntil(context.Background(), c, Target{Metric: MetricTurns, Width: 8, MaxGames: 3000000000000000000})
	require.Error(t, err)
	assert.Equal(t, "the most games for a target width (3000000000000000000) must be at most 1000000000000", err.Error())
}
