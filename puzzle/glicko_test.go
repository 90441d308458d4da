package puzzle

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Glickman's worked example: a player of 1500/200/0.06 against 1400/30,
// 1550/100 and 1700/300, winning the first and losing the others, ends
// at 1464.06/151.52/0.05999.
func TestGlickmanExample(t *testing.T) {
	r := Rating{R: 1500, RD: 200, Sigma: 0.06}.Update([]Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	assert.InDelta(t, 1464.06, r.R, 0.01)
	assert.InDelta(t, 151.52, r.RD, 0.01)
	assert.InDelta(t, 0.05999, r.Sigma, 0.00001)
	// A period without games only widens the deviation.
	idle := r.Update(nil)
	assert.Equal(t, r.R, idle.R)
	assert.InDelta(t, math.Sqrt(r.RD*r.RD+(r.Sigma*glickoScale)*(r.Sigma*glickoScale)), idle.RD, 1e-9)
}

// Rated by attempts alone, puzzles find their difficulty: 500 solvers of
// known strength, 300 puzzles of known difficulty, 20,000 first attempts
// (each a game, both sides rated): the puzzles' ratings correlate with
// their true difficulties at 0.9 or more.
func TestGlickoFindsDifficulties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	strength := make([]float64, 500)
	difficulty := make([]float64, 300)
	for i := range strength {
		strength[i] = 1500 + 300*rng.NormFloat64()
	}
	for i := range difficulty {
		difficulty[i] = 1500 + 300*rng.NormFloat64()
	}
	solvers := make([]Rating, len(strength))
	puzzles := make([]Rating, len(difficulty))
	for i := range solvers {
		solvers[i] = NewRating()
	}
	for i := range puzzles {
		puzzles[i] = NewRating()
	}
	tried := map[[2]int]bool{}
	for n := 0; n < 20000; {
		s, p := rng.IntN(len(solvers)), rng.IntN(len(puzzles))
		if tried[[2]int{s, p}] {
			continue // a later attempt does not count
		}
		tried[[2]int{s, p}] = true
		n++
		win := 0.0
		if rng.Float64() < 1/(1+math.Pow(10, (difficulty[p]-strength[s])/400)) {
			win = 1
		}
		ps, pp := solvers[s], puzzles[p]
		solvers[s] = ps.Update([]Result{{pp, win}})
		puzzles[p] = pp.Update([]Result{{ps, 1 - win}})
	}
	est := make([]float64, len(puzzles))
	for i, r := range puzzles {
		est[i] = r.R
	}
	rho := pearson(est, difficulty)
	t.Logf("correlation %.3f", rho)
	assert.GreaterOrEqual(t, rho, 0.9)
}
