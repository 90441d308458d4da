package sim

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// synthDeal is one deal of identical bots, every 4 of them at every order
// (24 tables a 4-bot lineup) as a tournament seats them, with the
// dependence real deals have: each bot's luck on the deal is shared by all
// its tables (its tiles, whichever seat), and each seat's luck at a table
// by whoever sits there (several seats share a table, so their meetings
// are not independent).
func synthDeal(rng *rand.Rand, k int) *dealTally {
	d := newTally(k)
	luck := make([]float64, k)
	for b := range luck {
		luck[b] = 0.6 * rng.NormFloat64()
	}
	tr := Tournament{Bots: make([]string, k), Players: 4}
	score := make([]float64, 4)
	tr.eachSeating(func(seating []int) bool {
		for s, b := range seating {
			score[s] = luck[b] + 0.5*rng.NormFloat64() + rng.NormFloat64()
		}
		for s, a := range seating {
			for u, b := range seating {
				if u <= s {
					continue
				}
				d.meets[a][b]++
				d.meets[b][a]++
				if score[s] > score[u] {
					d.wins[a][b]++
				} else {
					d.wins[b][a]++
				}
			}
		}
		d.games++
		return true
	})
	return d
}

// calibration plays n seeded tournaments of k identical bots over deals
// deals and counts the intervals that miss the truth: a rating of 1500, a
// difference of 0.
func calibration(n, k, deals int) (ratingMiss, ratingAll, diffMiss, diffAll int) {
	names := make([]string, k)
	for i := range names {
		names[i] = string(rune('a' + i))
	}
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		var ds []*dealTally
		total := newTally(k)
		for range deals {
			d := synthDeal(rng, k)
			ds = append(ds, d)
			total.add(d)
		}
		ratings, diffs := rate(ds, total, names, uint64(i))
		for _, r := range ratings {
			ratingAll++
			if r.Low > 1500 || r.High < 1500 {
				ratingMiss++
			}
		}
		for _, d := range diffs {
			diffAll++
			if d.Low > 0 || d.High < 0 {
				diffMiss++
			}
		}
	}
	return
}

// TestTournamentIntervalsCalibrated checks by simulation that the
// tournament's 95% intervals are calibrated: 300 seeded tournaments of 4
// identical bots over 20 deals (1,200 ratings, 1,800 pair differences).
// Each kind of interval may miss the truth in at most 6.5% of cases: the
// issue's ~6% plus about one standard error of a 5% rate over 1,200
// (0.6%). The percentile bootstrap this replaced missed 5.8% of ratings
// here, and 8.75% in real tournaments of identical bots (issue 25); for
// those, see BenchmarkTournamentCalibration.
func TestTournamentIntervalsCalibrated(t *testing.T) {
	rm, ra, dm, da := calibration(300, 4, 20)
	t.Logf("ratings missed 1500 in %d of %d (%.1f%%); differences missed 0 in %d of %d (%.1f%%)",
		rm, ra, 100*float64(rm)/float64(ra), dm, da, 100*float64(dm)/float64(da))
	assert.LessOrEqual(t, float64(rm)/float64(ra), 0.065, "ratings")
	assert.LessOrEqual(t, float64(dm)/float64(da), 0.065, "differences")
	assert.GreaterOrEqual(t, float64(rm)/float64(ra), 0.02, "ratings: not so wide as to say nothing")
}

// BenchmarkTournamentCalibration is the calibration check on real games:
// each iteration plays one seeded tournament of 4 statistically identical
// random bots under different names (a, b, c, d) at 4 players over 20 deals (480
// games), and the benchmark reports the share of rating intervals that
// miss 1500 and of difference intervals that miss 0. It measures
// calibration, not time: run it with a count of tournaments,
//
//	go test ./sim -run XXX -bench TournamentCalibration -benchtime 200x
//
// and read rating-miss-% and diff-miss-% (each at most about 6%).
func BenchmarkTournamentCalibration(b *testing.B) {
	reg := bots.NewRegistry()
	names := []string{"a", "b", "c", "d"}
	// Random bots whose seeds also depend on their names: the same play,
	// statistically, but not the same moves (bots seeded by seat alone
	// would play every table of a deal alike, whatever their names).
	for k, n := range names {
		reg.Register(n, func(seed uint64) bots.Bot { return bots.NewRandom(splitmix64(seed + uint64(k+1)*golden)) })
	}
	var rm, ra, dm, da int
	i := 0
	for b.Loop() {
		rep, err := RunTournament(context.Background(), Tournament{Variant: Variant{Name: "original", Rules: core.Original()},
			Bots: names, Players: 4, Games: 20, Seed: uint64(1000 + i), Registry: reg})
		if err != nil {
			b.Fatal(err)
		}
		i++
		for _, r := range rep.Ratings {
			ra++
			if r.Low > 1500 || r.High < 1500 {
				rm++
			}
		}
		for _, d := range rep.Differences {
			da++
			if d.Low > 0 || d.High < 0 {
				dm++
			}
		}
	}
	b.ReportMetric(100*float64(rm)/float64(max(ra, 1)), "rating-miss-%")
	b.ReportMetric(100*float64(dm)/float64(max(da, 1)), "diff-miss-%")
	b.ReportMetric(float64(i), "tournaments")
}
