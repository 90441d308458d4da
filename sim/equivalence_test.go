package sim

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/stats"
)

// syntheticReport is the report of a result whose one pair's per-game
// differences are n draws of draw(metric) for every metric, planned
// against effects.
func syntheticReport(t *testing.T, n int, draw func(metric string) float64, effects ...Effect) *Report {
	t.Helper()
	c := quick(n)
	r := newResult(&c)
	r.Pairs[0].Games, r.Pairs[0].SameDeals = int64(n), int64(n)
	for k, m := range r.Pairs[0].Metrics {
		x := new(big.Rat)
		for range n {
			x.SetFloat64(draw(Metrics[k]))
			m.add(x, new(big.Rat))
		}
	}
	rep := r.Report()
	rep.Plan(effects)
	return rep
}

// TestEquivalenceCalibrated: over 200 runs of 100 games whose round
// lengths differ by exactly the planned 2 turns (the margin, where "no
// difference beyond ±2" is false), the equivalence verdict is given no more
// often than its alpha (within the binomial interval); where they do not
// differ at all (A/A), it is given more often than not. Over the same A/A
// runs with a real difference of 2 turns, a clear difference is found
// about as often as the stated power says.
func TestEquivalenceCalibrated(t *testing.T) {
	const runs, games = 200, 100
	rng := rand.New(rand.NewPCG(45, 4))
	effect := Effect{Metric: MetricTurns, Size: 2}
	count := func(mean float64) (equivalent, clear int, power float64) {
		for range runs {
			rep := syntheticReport(t, games, func(m string) float64 {
				if m == MetricTurns {
					return math.Round(mean + 6*rng.NormFloat64()) // whole turns, as real ones
				}
				return float64(rng.IntN(3) - 1) // a share's difference, none on average
			}, effect)
			pl := rep.Pairs[0].Planned[0]
			if pl.Equivalent {
				equivalent++
			}
			if rep.Pairs[0].Diffs[0].Clear {
				clear++
			}
			power += *pl.Power / runs
		}
		return
	}
	wrong, _, _ := count(2)
	lo, hi := stats.Wilson(int64(wrong), runs, 1.96)
	t.Logf("at the margin: equivalent in %d of %d (95%% CI %.1f-%.1f%%)", wrong, runs, 100*lo, 100*hi)
	assert.LessOrEqual(t, lo, 0.05, "equivalence said too often where it is false")
	right, _, _ := count(0)
	t.Logf("A/A: equivalent in %d of %d", right, runs)
	assert.Greater(t, right, runs/2)
	_, clear, power := count(-2)
	lo, hi = stats.Wilson(int64(clear), runs, 1.96)
	t.Logf("a real 2 turns: clear in %d of %d (95%% CI %.1f-%.1f%%), stated power %.1f%%", clear, runs, 100*lo, 100*hi, 100*power)
	assert.True(t, lo <= power+0.02 && power-0.02 <= hi, "the stated power is what happens")
}

// TestPlannedSays: the planned effect's power, games and verdicts in full.
func TestPlannedSays(t *testing.T) {
	// 100 games of differences alternating 0 and 1: mean 0.5, sd 0.5025.
	i := 0
	rep := syntheticReport(t, 100, func(string) float64 { i++; return float64(i % 2) }, Effect{MetricTurns, 2},
		Effect{MetricTurns, 0.5})
	pl := rep.Pairs[0].Planned
	require.Len(t, pl, 2)
	se := math.Sqrt(0.25*100/99) / 10
	assert.InDelta(t, stats.NormalCDF(2/se-stats.NormalQuantile(1-0.05/12)), *pl[0].Power, 1e-9)
	assert.True(t, pl[0].Equivalent)
	assert.False(t, pl[1].Equivalent, "a mean of 0.5 cannot be within ±0.5")
	var b strings.Builder
	require.NoError(t, rep.WriteText(&b))
	text := Unwrap(b.String())
	assert.Contains(t, text, "  house/fifty: NO DIFFERENCE in round length from original beyond ±2.0 turns "+
		"(equivalent: the 90% interval, +0.4 to +0.6, lies within it; TOST, Holm p = ")
	assert.Contains(t, text, "  a planned difference of 2.0 turns: these 100 games had 100% power to find it after Holm; "+
		"about 2 games give 80% (from the spread seen)\n")
	assert.Contains(t, text, "  house/fifty: a difference in round length from original of 0.5 turns or more is not "+
		"ruled out (90% interval +0.4 to +0.6; TOST, Holm p = ")
	assert.NotContains(t, text, "the size seen")
}

func TestParseEffect(t *testing.T) {
	e, err := ParseEffect("first_player_wins=5")
	require.NoError(t, err)
	assert.Equal(t, Effect{MetricFirstWins, 0.05}, e)
	_, err = ParseEffect("turns=-2")
	assert.EqualError(t, err, `--effect "turns=-2": write METRIC=X with X more than 0, the smallest difference that matters in the metric's unit, as turns=2 or first_player_wins=5`)
	_, err = ParseEffect("speed=2")
	assert.EqualError(t, err, `--effect: no metric "speed"; the metrics are turns, pool_empty, meld_turn, winner_score, joker_left, first_player_wins`)
}
