package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWilsonKnownValues(t *testing.T) {
	// Newcombe (1998), "Two-sided confidence intervals for the single
	// proportion", table I, method 3 (score interval without continuity correction).
	tests := []struct {
		k, n   int64
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.k, tc.n, NormalQuantile(0.975))
		assert.InDelta(t, tc.lo, lo, 5e-5, "%d/%d low", tc.k, tc.n)
		assert.InDelta(t, tc.hi, hi, 5e-5, "%d/%d high", tc.k, tc.n)
	}
	lo, hi := Wilson(0, 0, 1.96)
	assert.True(t, math.IsNaN(lo) && math.IsNaN(hi), "no trials, no interval")
}

func TestNormalQuantile(t *testing.T) {
	assert.InDelta(t, 1.959963984540054, NormalQuantile(0.975), 1e-12)
	assert.InDelta(t, -1.6448536269514722, NormalQuantile(0.05), 1e-12)
	assert.Equal(t, 0.0, NormalQuantile(0.5))
}

func TestTQuantileTable(t *testing.T) {
	// Printed t tables (to 4 decimals) and closed forms.
	tests := []struct {
		p, df, want float64
	}{
		{0.975, 1, 12.7062},
		{0.975, 2, 4.3027},
		{0.975, 5, 2.5706},
		{0.975, 10, 2.2281},
		{0.975, 30, 2.0423},
		{0.975, 100, 1.9840},
		{0.95, 10, 1.8125},
		{0.995, 5, 4.0321},
		{0.9, 1, 3.0777},
		{0.025, 10, -2.2281},
	}
	for _, tc := range tests {
		assert.InDelta(t, tc.want, TQuantile(tc.p, tc.df), 5e-5, "t(%g, %g)", tc.p, tc.df)
	}
	// Closed forms: df 1 is Cauchy, df 2 has t = (2p-1)·sqrt(2/(4p(1-p))).
	for _, p := range []float64{0.6, 0.9, 0.975, 0.999} {
		assert.InDelta(t, math.Tan(math.Pi*(p-0.5)), TQuantile(p, 1), 1e-9, "Cauchy %g", p)
		assert.InDelta(t, (2*p-1)*math.Sqrt(2/(4*p*(1-p))), TQuantile(p, 2), 1e-9, "df 2 %g", p)
	}
	// Huge df: the normal quantile.
	assert.InDelta(t, NormalQuantile(0.975), TQuantile(0.975, 1e9), 1e-6)
	assert.Equal(t, 0.0, TQuantile(0.5, 7))
	assert.True(t, math.IsNaN(TQuantile(0.9, 0)))
}

func TestStudentCDF(t *testing.T) {
	for _, df := range []float64{1, 2, 3.5, 10, 50} {
		for _, x := range []float64{-3, -0.5, 0, 0.7, 4} {
			// Symmetry and the quantile round trip.
			assert.InDelta(t, 1, StudentCDF(x, df)+StudentCDF(-x, df), 1e-12)
			p := StudentCDF(x, df)
			assert.InDelta(t, x, TQuantile(p, df), 1e-8, "df %g x %g", df, x)
		}
	}
	assert.InDelta(t, 0.75, StudentCDF(1, 1), 1e-12, "Cauchy: 1/2 + atan(1)/π")
}

func TestRegIncBeta(t *testing.T) {
	// I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 - (1-x)^b.
	for _, x := range []float64{0.01, 0.3, 0.5, 0.9} {
		assert.InDelta(t, x, RegIncBeta(x, 1, 1), 1e-13)
		assert.InDelta(t, math.Pow(x, 3.5), RegIncBeta(x, 3.5, 1), 1e-13)
		assert.InDelta(t, 1-math.Pow(1-x, 2.5), RegIncBeta(x, 1, 2.5), 1e-13)
	}
}

func TestBradleyTerry(t *testing.T) {
	// Two players: the fit is closed-form, p1/p2 = (30 + 0.5)/(10 + 0.5)
	// with the one drawn meeting added, so the gap is 400·log10 of that.
	r := BradleyTerry([][]float64{{0, 30}, {10, 0}}, [][]int64{{0, 40}, {40, 0}})
	assert.InDelta(t, 400*math.Log10(30.5/10.5), r[0]-r[1], 1e-9)
	assert.InDelta(t, 1500, (r[0]+r[1])/2, 1e-9, "1500 is the average")

	// Three players: the fit solves the score equations, each player's
	// wins equal to its expected wins, Σj w_ij = Σj n_ij p_i/(p_i+p_j).
	wins := [][]float64{{0, 7, 9.5}, {5, 0, 6}, {2.5, 4, 0}}
	meets := [][]int64{{0, 12, 12}, {12, 0, 10}, {12, 10, 0}}
	r = BradleyTerry(wins, meets)
	p := make([]float64, 3)
	for i := range p {
		p[i] = math.Pow(10, (r[i]-1500)/400)
	}
	for i := range 3 {
		var got, want float64
		for j := range 3 {
			if i != j {
				got += wins[i][j] + 0.5
				want += float64(meets[i][j]+1) * p[i] / (p[i] + p[j])
			}
		}
		assert.InDelta(t, got, want, 1e-9, "player %d", i)
	}
	assert.Greater(t, r[0], r[1])
	assert.Greater(t, r[1], r[2])

	// A player who never won still gets a finite rating.
	r = BradleyTerry([][]float64{{0, 0}, {20, 0}}, [][]int64{{0, 20}, {20, 0}})
	assert.False(t, math.IsInf(r[0], 0))
	assert.InDelta(t, 400*math.Log10(20.5/0.5), r[1]-r[0], 1e-9)
}
