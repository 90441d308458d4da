package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/stats"
)

// syntheticDeals draws deals of meetings between k bots, each pair meeting
// m times a deal, a beating b with chance share(a, b) moved by a deal
// effect (some deals suit a bot), and fits the ratings to them.
func syntheticDeals(rng *rand.Rand, deals, k, m int, share func(a, b int) float64) *Fit {
	var all []*dealTally
	total := newTally(k)
	for range deals {
		d := newTally(k)
		for a := range k {
			for b := a + 1; b < k; b++ {
				p := min(1, max(0, share(a, b)+0.1*(rng.Float64()-0.5)))
				for range m {
					d.meets[a][b]++
					d.meets[b][a]++
					if rng.Float64() < p {
						d.wins[a][b]++
					} else {
						d.wins[b][a]++
					}
				}
			}
		}
		all = append(all, d)
		total.add(d)
	}
	names := []string{"a", "b", "c", "d"}[:k]
	return fitOf(all, total, names, stats.BradleyTerry(total.wins, total.meets), 4)
}

// TestFitCalibrated: where the meetings follow the rating model (shares
// from strengths 0, 100, 200 and 300 Elo), the fit check calls a misfit in
// no more than 5% of 200 tournaments (within the binomial interval);
// where one pair departs from it as the ladder's beginner and planner do
// (the weakest takes 10% of its meetings with the strongest where the
// model says about 5%), it flags that pair.
func TestFitCalibrated(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 5))
	elo := []float64{300, 200, 100, 0}
	model := func(a, b int) float64 { return eloShare(elo[a] - elo[b]) }
	misfits := 0
	for range 200 {
		if !syntheticDeals(rng, 30, 4, 12, model).Fits {
			misfits++
		}
	}
	lo, hi := stats.Wilson(int64(misfits), 200, 1.96)
	t.Logf("model data: misfit said in %d of 200 (95%% CI %.1f-%.1f%%)", misfits, 100*lo, 100*hi)
	assert.LessOrEqual(t, lo, 0.05)

	bent := func(a, b int) float64 {
		if a == 0 && b == 3 {
			return 0.9 // the weakest takes 10%
		}
		return model(a, b)
	}
	f := syntheticDeals(rng, 100, 4, 12, bent)
	assert.False(t, f.Fits)
	for _, pf := range f.Pairs {
		assert.Equal(t, pf.A == "a" && pf.B == "d", pf.Misfit, "%+v", pf)
	}
}

func TestFitSaysThePriorSetsAGap(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 6))
	f := syntheticDeals(rng, 25, 2, 12, func(a, b int) float64 { return 1 })
	require.Len(t, f.Pairs, 1)
	assert.True(t, f.Pairs[0].PriorSet)
	var b strings.Builder
	f.writeText(&b, i18n.New(i18n.English))
	text := Unwrap(b.String())
	assert.Regexp(t, `\n  Warning: the gap between a and b is set by the prior, not the data: b won [0-4] of 300 meetings`, text)
	assert.Contains(t, text, "  with two bots the ratings reproduce their meetings exactly: nothing to check\n")
	assert.Contains(t, text, "  These ratings hold for this field (a, b) at 4 players a table:")
	assert.False(t, math.IsNaN(f.Pairs[0].Observed))
}
