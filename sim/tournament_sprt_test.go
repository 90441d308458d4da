package sim

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/stats"
)

// TestTournamentSPRTCalibrated runs the tournament's test on synthetic
// deals: 12 meetings of A and B a deal, each won with the deal's chance,
// which varies from deal to deal around the true share (as the tiles make
// some deals easier). Where A is no stronger (A/A), H1 (+50 Elo) is
// accepted no more often than alpha; where A is 50 Elo stronger, H0 no more
// often than beta (within the 95% binomial interval of the rate seen).
func TestTournamentSPRTCalibrated(t *testing.T) {
	const runs = 1000
	s := &TournamentSPRT{A: "a", B: "b", Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	rng := rand.New(rand.NewPCG(45, 2))
	for _, h := range []struct {
		elo   float64
		wrong string
		limit float64
	}{{0, AcceptH1, s.Alpha}, {50, AcceptH0, s.Beta}} {
		wrong, deals := 0, 0
		for range runs {
			w := newSPRTWatch(s, []string{"a", "b"})
			for range 100000 {
				d := newTally(2)
				p := eloShare(h.elo) + 0.2*(rng.Float64()-0.5)
				for range 12 {
					d.meets[0][1]++
					if rng.Float64() < p {
						d.wins[0][1]++
					}
				}
				if w.look(d) {
					break
				}
			}
			deals += w.out.Deals
			if w.out.Accepted == h.wrong {
				wrong++
			}
		}
		lo, hi := stats.Wilson(int64(wrong), runs, 1.96)
		t.Logf("%+.0f Elo: %d of %d wrong (95%% CI %.1f-%.1f%%), %.0f deals on average", h.elo, wrong, runs,
			100*lo, 100*hi, float64(deals)/runs)
		assert.LessOrEqual(t, lo, h.limit, "%+.0f Elo: wrong too often", h.elo)
	}
}

// TestTournamentSPRTStops: greedy beats random in nearly every meeting, so
// a test of 0 against +100 Elo accepts H1 at the first deal it may, and the
// tournament stops there.
func TestTournamentSPRTStops(t *testing.T) {
	rep, err := RunTournament(context.Background(), Tournament{Variant: Variant{Name: "original", Rules: core.Original()},
		Bots: []string{"greedy", "random"}, Players: 2, Games: 200, Seed: 3,
		SPRT: &TournamentSPRT{A: "greedy", B: "random", Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}})
	require.NoError(t, err)
	require.NotNil(t, rep.SPRT)
	assert.Equal(t, AcceptH1, rep.SPRT.Accepted)
	assert.Equal(t, SPRTMinGames, rep.SPRT.Deals)
	assert.Equal(t, SPRTMinGames, rep.Deals, "the tournament stopped when the test decided")
}

func TestParseTournamentSPRT(t *testing.T) {
	s, err := ParseTournamentSPRT("greedy, random,0,50", 0.05, 0.1, []string{"greedy", "random"})
	require.NoError(t, err)
	assert.Equal(t, TournamentSPRT{A: "greedy", B: "random", Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.1}, *s)
	for text, want := range map[string]string{
		"greedy,random,0":          `--sprt "greedy,random,0": write A,B,ELO0,ELO1, two bots and how much stronger A is under H0 and under H1, in Elo, as greedy,random,0,50`,
		"greedy,points,10,10":      "sequential test: \"points\" is not in the tournament (greedy, random)\nsequential test: the two hypotheses must be different numbers, not 10 and 10",
		"random,random,0,50":       `sequential test: "random" against itself; name two different bots`,
		"greedy,random,zero,fifty": `--sprt "greedy,random,zero,fifty": write A,B,ELO0,ELO1, two bots and how much stronger A is under H0 and under H1, in Elo, as greedy,random,0,50`,
	} {
		_, err := ParseTournamentSPRT(text, 0.05, 0.05, []string{"greedy", "random"})
		require.Error(t, err, text)
		assert.Equal(t, want, err.Error(), text)
	}
}

// BenchmarkTournamentSPRTCalibration is the A/A check on real games: each
// iteration plays a seeded tournament of two statistically identical
// random bots under different names (seeded by name as well as seat, as in
// BenchmarkTournamentCalibration) at 2 players, with a test of 0 against
// +50 Elo, up to 2,000 deals, and the benchmark reports the share of tests
// that accepted H1 (at most alpha, 5%, is calibrated), that decided
// nothing, and the mean deals a test took. Run it with a count:
//
//	go test ./sim -run XXX -bench TournamentSPRTCalibration -benchtime 200x
func BenchmarkTournamentSPRTCalibration(b *testing.B) {
	reg := bots.NewRegistry()
	names := []string{"a", "b"}
	for k, n := range names {
		reg.Register(n, func(seed uint64) bots.Bot { return bots.NewRandom(splitmix64(seed + uint64(k+1)*golden)) })
	}
	var h1, none, deals, i int
	for b.Loop() {
		rep, err := RunTournament(context.Background(), Tournament{Variant: Variant{Name: "original", Rules: core.Original()},
			Bots: names, Players: 2, Games: 2000, Seed: uint64(4500 + i), Registry: reg,
			SPRT: &TournamentSPRT{A: "a", B: "b", Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}})
		if err != nil {
			b.Fatal(err)
		}
		i++
		deals += rep.SPRT.Deals
		switch rep.SPRT.Accepted {
		case AcceptH1:
			h1++
		case AcceptNone:
			none++
		}
	}
	b.ReportMetric(100*float64(h1)/float64(i), "h1-%")
	b.ReportMetric(100*float64(none)/float64(i), "undecided-%")
	b.ReportMetric(float64(deals)/float64(i), "deals/test")
}
