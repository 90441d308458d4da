package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/internal/stats"
)

// seqRun is one sequential test on draws from draw, looked at every batch
// games up to most games: the hypothesis accepted (AcceptNone when it ran
// out) and the games it took.
func seqRun(s *SPRT, draw func() float64, most int) (string, int) {
	var n int64
	var sum, sumSq float64
	for n < int64(most) {
		for range s.Batch {
			x := draw()
			n, sum, sumSq = n+1, sum+x, sumSq+x*x
		}
		if v, _ := s.decide(n, sum, sumSq); v != AcceptNone {
			return v, int(n)
		}
	}
	return AcceptNone, int(n)
}

// TestSPRTCalibrated runs many sequential tests on synthetic differences
// (normal, and a skewed whole-number one like a round's turns) where H0
// holds (A/A) and where H1 holds (A/B): H1 must be accepted under H0 no
// more often than alpha, and H0 under H1 no more often than beta, within
// the 95% binomial interval of the rate seen.
func TestSPRTCalibrated(t *testing.T) {
	const runs = 1000
	s := &SPRT{Metric: MetricTurns, D0: 0, D1: 2, Alpha: 0.05, Beta: 0.05, Batch: DefaultSPRTBatch}
	rng := rand.New(rand.NewPCG(45, 1))
	normal := func(mu float64) func() float64 {
		return func() float64 { return mu + 8*rng.NormFloat64() }
	}
	// skewed: a geometric-like whole number minus its mean, shifted by mu
	skewed := func(mu float64) func() float64 {
		return func() float64 {
			k := math.Floor(-6 * math.Log(1-rng.Float64()))
			return k - 5.5 + mu + math.Round(3*rng.NormFloat64())
		}
	}
	for _, c := range []struct {
		name  string
		draws func(mu float64) func() float64
	}{{"normal", normal}, {"skewed", skewed}} {
		for _, h := range []struct {
			mu    float64
			wrong string
			limit float64
		}{{s.D0, AcceptH1, s.Alpha}, {s.D1, AcceptH0, s.Beta}} {
			wrong, undecided, games := 0, 0, 0
			// skewed has mean a little off 0 (-0.42): correct it empirically.
			shift := 0.0
			if c.name == "skewed" {
				d := c.draws(0)
				var m float64
				for range 200000 {
					m += d()
				}
				shift = -m / 200000
			}
			d := c.draws(h.mu + shift)
			for range runs {
				v, g := seqRun(s, d, 100000)
				games += g
				switch v {
				case h.wrong:
					wrong++
				case AcceptNone:
					undecided++
				}
			}
			lo, hi := stats.Wilson(int64(wrong), int64(runs), 1.96)
			t.Logf("%s, mean %g: %d of %d wrong (%.1f%%, 95%% CI %.1f-%.1f%%), %d undecided, %.0f games on average",
				c.name, h.mu, wrong, runs, 100*float64(wrong)/float64(runs), 100*lo, 100*hi, undecided, float64(games)/float64(runs))
			assert.LessOrEqual(t, lo, h.limit, "%s, mean %g: wrong too often", c.name, h.mu)
			assert.Zero(t, undecided)
		}
	}
}

func TestSPRTLLR(t *testing.T) {
	s := &SPRT{Metric: MetricTurns, D0: 0, D1: 1, Alpha: 0.05, Beta: 0.05, Batch: 1}
	lo, hi := s.Bounds()
	assert.InDelta(t, math.Log(0.05/0.95), lo, 1e-12)
	assert.InDelta(t, math.Log(0.95/0.05), hi, 1e-12)
	// three differences 0, 1, 2: S0 = 5, S1 = 2; LLR = 3/2 ln(5/2)
	assert.InDelta(t, 1.5*math.Log(2.5), s.LLR(3, 3, 5), 1e-12)
	assert.Equal(t, 0.0, s.LLR(1, 5, 25), "one game says nothing")
	assert.True(t, math.IsInf(s.LLR(4, 0, 0), -1), "no spread at 0: H0")
	assert.True(t, math.IsInf(s.LLR(4, 4, 4), 1), "no spread at 1: H1")
	v, _ := s.decide(4, 4, 4)
	assert.Equal(t, AcceptH1, v)
	v, _ = s.decide(3, 1.5, 1.5)
	assert.Equal(t, AcceptNone, v)
}
