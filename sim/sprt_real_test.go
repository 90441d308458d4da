package sim

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/stats"
)

// realTurns plays games of the opening 30 (original) against 50
// (house/fifty), the bots, and gives each game's round length
// under each.
func realTurns(t *testing.T, games int) (thirty, fifty []float64) {
	c := quick(games)
	c.Bots = []string{"greedy", "greedy", "patient", "random"}
	c.Seed = 1
	thirty, fifty = make([]float64, games), make([]float64, games)
	c.OnRound = func(r *RoundRecord) error {
		if r.Variant == "original" {
			thirty[r.Game] = float64(r.Turns)
		} else {
			fifty[r.Game] = float64(r.Turns)
		}
		return nil
	}
	_, err := Run(context.Background(), c)
	require.NoError(t, err)
	return thirty, fifty
}

// calibrate is a flag so that only a deliberate run pays for the 2,000
// games the documented figures come from.
var calibrate = flag.Bool("calibrate", false, "TestSPRTOnRealGames on 2,000 games rather than 120")

// TestSPRTOnRealGames calibrates the sequential test of round length,
// H0 0 turns against H1 2, on real games' round lengths: A/A, the
// difference of two independent games under the opening 30 (H1 accepted
// no more often than alpha); A/B at H1, the paired differences of 50
// against 30 moved to a mean of exactly 2 (H0 no more often than beta);
// and on the real effect, the games the test takes against those of the
// fixed test of the same error rates. Short: 120 games, 200 tests each;
// -calibrate: 2,000 games (as docs/lab.md reports).
func TestSPRTOnRealGames(t *testing.T) {
	games := 120
	if *calibrate {
		games = 2000
	}
	const runs = 200
	thirty, fifty := realTurns(t, games)
	var diffs []float64
	var sum, sumSq float64
	for i := range thirty {
		d := fifty[i] - thirty[i]
		diffs = append(diffs, d)
		sum, sumSq = sum+d, sumSq+d*d
	}
	n := float64(len(diffs))
	effect := sum / n
	sd := math.Sqrt((sumSq - sum*sum/n) / (n - 1))
	s := &SPRT{Metric: MetricTurns, D0: 0, D1: 2, Alpha: 0.05, Beta: 0.05, Batch: DefaultSPRTBatch}
	rng := rand.New(rand.NewPCG(45, 3))
	pick := func(xs []float64) float64 { return xs[rng.IntN(len(xs))] }

	check := func(name string, draw func() float64, wrong string, limit float64) float64 {
		bad, total := 0, 0
		for range runs {
			v, g := seqRun(s, draw, 1_000_000)
			total += g
			if v == wrong {
				bad++
			}
		}
		lo, hi := stats.Wilson(int64(bad), runs, 1.96)
		mean := float64(total) / runs
		t.Logf("%s: %s accepted in %d of %d tests (95%% CI %.1f-%.1f%%), %.0f games a test on average",
			name, wrong, bad, runs, 100*lo, 100*hi, mean)
		assert.LessOrEqual(t, lo, limit, name)
		return mean
	}
	check("A/A", func() float64 { return pick(thirty) - pick(thirty) }, AcceptH1, s.Alpha)
	check("A/B at H1", func() float64 { return pick(diffs) - effect + s.D1 }, AcceptH0, s.Beta)
	seq := check("the real effect", func() float64 { return pick(diffs) }, AcceptH0, s.Beta)
	// The fixed test of the same errors (one-sided alpha, power 1-beta) at
	// the spread seen: n = ((z(1-α) + z(1-β))·sd/(D1-D0))².
	z := stats.NormalQuantile(1-s.Alpha) + stats.NormalQuantile(1-s.Beta)
	fixed := math.Ceil(math.Pow(z*sd/(s.D1-s.D0), 2))
	t.Logf("%d games: the effect is %.1f turns (sd %.1f); the fixed test needs %.0f games, the SPRT %.0f on average",
		games, effect, sd, fixed, seq)
	assert.Less(t, seq, fixed, "the sequential test decides sooner on a real effect")
}
