package sim

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	assert.Equal(t, AcceptNone, v, "too few games to decide")
	v, _ = s.decide(SPRTMinGames, SPRTMinGames, SPRTMinGames)
	assert.Equal(t, AcceptH1, v)
	v, _ = s.decide(3, 1.5, 1.5)
	assert.Equal(t, AcceptNone, v)
}

// seqConfig is quick with a sequential test of the initial meld's turn:
// house/fifty's come some 14 turns later, so H1 (10 turns) beats H0 (0).
func seqConfig(games int) Config {
	c := quick(games)
	c.SPRT = &SPRT{Metric: MetricMeldTurn, D0: 0, D1: 10, Alpha: 0.05, Beta: 0.05, Batch: 5}
	return c
}

// TestSPRTMergeContinuesTheTest: shards of a sequential test, merged in any
// order, decide exactly as one run does, and a run that stops when the
// test decides is Run over the games it played, bit for bit.
func TestSPRTMergeContinuesTheTest(t *testing.T) {
	c := seqConfig(40)
	whole, err := Run(context.Background(), c)
	require.NoError(t, err)
	o := whole.SPRT()
	require.NotNil(t, o)
	assert.Equal(t, AcceptH1, o.Accepted, "%+v", o)
	assert.Less(t, o.Games, 40, "it decides before the end")

	shards := runShards(t, c, 3, 3, 1, 2)
	// Without the first shard, the test waits at game 0.
	part, err := Merge(shards[0], shards[2])
	require.NoError(t, err)
	assert.True(t, part.SPRT().Waiting)
	assert.Equal(t, AcceptNone, part.SPRT().Accepted)
	merged, err := Merge(shards...)
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, whole), resultJSON(t, merged))
	assert.Equal(t, *o, *merged.SPRT())

	seq, err := RunSequential(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, o.Games, seq.Setup.Games, "stopped at the deciding look")
	c.Games = o.Games
	fixed, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, fixed), resultJSON(t, seq))
	assert.Equal(t, *o, *seq.SPRT())

	// It survives a file: decoded, validated and merged again.
	var back Result
	require.NoError(t, json.Unmarshal([]byte(resultJSON(t, merged)), &back))
	require.NoError(t, back.Validate())
	assert.Equal(t, *o, *back.SPRT())
	text := reportText(t, seq)
	assert.Contains(t, text, "H1 ACCEPTED after "+strconv.Itoa(o.Games)+" games")
}

func reportText(t *testing.T, r *Result) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, r.Report().WriteText(&b))
	return Unwrap(b.String())
}

// TestSPRTRefusesForgedBatches: batches that do not add up to the pair's
// sums, or lie outside the games, are refused.
func TestSPRTRefusesForgedBatches(t *testing.T) {
	r, err := Run(context.Background(), seqConfig(10))
	require.NoError(t, err)
	require.NoError(t, r.Validate())
	r.SPRTBatches[0].Sums.Sum.Add(r.SPRTBatches[0].Sums.Sum, big.NewRat(1, 1))
	assert.ErrorContains(t, r.Validate(), "sprt batches do not add up")
	r.SPRTBatches[0].Index = 7
	assert.ErrorContains(t, r.Validate(), "does not fit the test")
	r.SPRTBatches = nil
	r.Setup.SPRT = nil
	require.NoError(t, r.Validate())
}

func TestSPRTConfigErrors(t *testing.T) {
	c := quick(10)
	c.Variants = c.Variants[:1]
	c.SPRT = &SPRT{Metric: "speed", D0: 1, D1: 1, Alpha: 0.5, Beta: 0, Batch: 0}
	_, err := RunSequential(context.Background(), c)
	require.Error(t, err)
	assert.Equal(t, `sequential test: no metric "speed"; the metrics are turns, pool_empty, meld_turn, winner_score, joker_left, first_player_wins
sequential test: the two hypotheses must be different numbers, not 1 and 1
sequential test: alpha must be more than 0 and less than 0.5, not 0.5
sequential test: beta must be more than 0 and less than 0.5, not 0
sequential test: a look every 0 games; it must be at least 1
a sequential test compares two variants, not 1`, err.Error())
}

// runShards runs c's shards of count in the order given.
func runShards(t *testing.T, c Config, count int, order ...int) []*Result {
	t.Helper()
	var shards []*Result
	for _, i := range order {
		c.Shard = Shard{Index: i, Count: count}
		r, err := Run(context.Background(), c)
		require.NoError(t, err)
		shards = append(shards, r)
	}
	return shards
}
