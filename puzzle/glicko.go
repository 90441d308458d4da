package puzzle

import "math"

// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating,
// its deviation and its volatility, updated after a rating period of
// games. A puzzle and each solver are rated alike: a first attempt is one
// game between them, the solver winning when it places the best number of
// tiles.

// Rating is a Glicko-2 rating on the Elo scale.
type Rating struct {
	R     float64 `json:"rating"`     // the rating, 1500 for a newcomer
	RD    float64 `json:"deviation"`  // its deviation, 350 for a newcomer
	Sigma float64 `json:"volatility"` // how erratic it is, 0.06 for a newcomer
}

// NewRating is a newcomer's rating.
func NewRating() Rating { return Rating{R: 1500, RD: 350, Sigma: 0.06} }

// Result is one game of a rating period: the opponent's rating and the
// score, 1 a win, 0 a loss, 0.5 a draw.
type Result struct {
	Opponent Rating
	Score    float64
}

// tau constrains the volatility's change; Glickman suggests 0.3 to 1.2.
const tau = 0.5

const glickoScale = 173.7178 // 400 / ln 10

// Update is r after a rating period of results (none: only the deviation
// grows, as time passes without games).
func (r Rating) Update(results []Result) Rating {
	mu, phi := (r.R-1500)/glickoScale, r.RD/glickoScale
	if len(results) == 0 {
		return Rating{R: r.R, RD: math.Sqrt(phi*phi+r.Sigma*r.Sigma) * glickoScale, Sigma: r.Sigma}
	}
	var vInv, delta float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.R-1500)/glickoScale, res.Opponent.RD/glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		delta += g * (res.Score - e)
	}
	v := 1 / vInv
	delta *= v
	// The new volatility, by the Illinois algorithm (step 5).
	a := math.Log(r.Sigma * r.Sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	const eps = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*delta/v
	return Rating{R: muNew*glickoScale + 1500, RD: phiNew * glickoScale, Sigma: sigma}
}
