package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/stats"
)

// rounds is a variant's wins by turn order over n rounds, each won by the
// place drawn from weights.
func rounds(rng *rand.Rand, n int, weights []float64) *VariantStats {
	v := newVariantStats("v", len(weights))
	var sum float64
	for _, w := range weights {
		sum += w
	}
	for range n {
		x := rng.Float64() * sum
		k := 0
		for ; k < len(weights)-1 && x >= weights[k]; k++ {
			x -= weights[k]
		}
		v.WinsByOrder[k]++
		v.Finished++
	}
	return v
}

// TestFairnessCalibrated: where every place wins as often (A/A), 200
// variants of 400 rounds call a place clearly off an even share no more
// often than 5% (within the binomial interval); where the first player
// wins 35% at 4 players, it is said at once.
func TestFairnessCalibrated(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 7))
	flagged := 0
	for range 200 {
		for _, at := range fairnessOf(rounds(rng, 400, []float64{1, 1, 1, 1})).Places {
			if at.Clear {
				flagged++
				break
			}
		}
	}
	lo, hi := stats.Wilson(int64(flagged), 200, 1.96)
	t.Logf("even: some place flagged in %d of 200 (95%% CI %.1f-%.1f%%)", flagged, 100*lo, 100*hi)
	assert.LessOrEqual(t, lo, 0.05)

	f := fairnessOf(rounds(rng, 2000, []float64{35, 65.0 / 3, 65.0 / 3, 65.0 / 3}))
	require.NotNil(t, f)
	assert.True(t, f.Places[0].Clear)
	var b strings.Builder
	f.writeText(&b, i18n.New(i18n.English))
	text := Unwrap(b.String())
	assert.Regexp(t, `^  Fairness of the turn order \(each place's share of the rounds won against an even 1 in 4, 25\.0%; `+
		`Holm over the 4 places\):\n  the first player's advantage: \+\d+\.\d percentage points \(\d+\.\d% won, 95% CI [\d.]+-[\d.]+; `+
		`Holm p = [^)]+\): CLEARLY MORE than an even share\n  2nd to play: `, text)
	assert.Nil(t, fairnessOf(newVariantStats("none", 4)), "no round: nothing to say")
}
