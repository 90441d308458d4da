// Package stats is the lab's statistics: the Wilson interval of a share,
// Student's t (its quantiles, its distribution, two-sided p-values, by the
// regularized incomplete beta function), Holm's correction for many
// comparisons, and the Bradley-Terry ratings of a tournament. Plain
// functions of numbers, each checked against published tables.
package stats

import (
	"math"
	"sort"
)

// Wilson is the Wilson score interval for k successes in n trials with the
// normal quantile z (1.96 for 95%). Unlike the textbook p ± z·se, it stays
// inside [0, 1] and keeps close to its nominal coverage for small n and for
// shares near 0 or 1, as win rates of weak bots are.
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return math.NaN(), math.NaN()
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// NormalQuantile is the standard normal distribution's p-quantile.
func NormalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// NormalCDF is the standard normal distribution function: P(Z ≤ x).
func NormalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// TQuantile is the p-quantile of Student's t distribution with df degrees of
// freedom (df > 0, not necessarily whole), found by bisection on StudentCDF
// to full float64 precision.
func TQuantile(p, df float64) float64 {
	switch {
	case math.IsNaN(p) || math.IsNaN(df) || df <= 0 || p <= 0 || p >= 1:
		if p == 0 {
			return math.Inf(-1)
		}
		if p == 1 {
			return math.Inf(1)
		}
		return math.NaN()
	case p < 0.5:
		return -TQuantile(1-p, df)
	case p == 0.5:
		return 0
	}
	lo, hi := 0.0, 2.0
	for StudentCDF(hi, df) < p {
		lo, hi = hi, hi*2
		if math.IsInf(hi, 1) {
			return hi
		}
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if StudentCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// StudentCDF is P(T ≤ t) for Student's t distribution with df degrees of
// freedom, through the regularized incomplete beta function:
// P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2).
func StudentCDF(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		if t > 0 {
			return 1
		}
		return 0
	}
	x := df / (df + t*t)
	tail := 0.5 * RegIncBeta(x, df/2, 0.5)
	if t > 0 {
		return 1 - tail
	}
	return tail
}

// RegIncBeta is the regularized incomplete beta function I_x(a, b), by its
// continued fraction (evaluated with the modified Lentz method), on the side
// of x where the fraction converges fast.
func RegIncBeta(x, a, b float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(x, a, b) / a
	}
	return 1 - front*betaFraction(1-x, b, a)/b
}

// betaFraction evaluates the continued fraction of I_x(a, b):
// 1/(1+ d1/(1+ d2/(1+ ...))) with d(2m+1) = -(a+m)(a+b+m)x/((a+2m)(a+2m+1))
// and d(2m) = m(b-m)x/((a+2m-1)(a+2m)).
func betaFraction(x, a, b float64) float64 {
	const tiny = 1e-300
	clamp := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	c := 1.0
	d := 1 / clamp(1-(a+b)*x/(a+1))
	f := d
	for m := 1; m <= 1000; m++ {
		mf := float64(m)
		// even step
		num := mf * (b - mf) * x / ((a + 2*mf - 1) * (a + 2*mf))
		d = 1 / clamp(1+num*d)
		c = clamp(1 + num/c)
		f *= c * d
		// odd step
		num = -(a + mf) * (a + b + mf) * x / ((a + 2*mf) * (a + 2*mf + 1))
		d = 1 / clamp(1+num*d)
		c = clamp(1 + num/c)
		delta := c * d
		f *= delta
		if math.Abs(delta-1) < 1e-16 {
			break
		}
	}
	return f
}

// TwoSidedP is the two-sided p-value of Student's t statistic t with df
// degrees of freedom: P(|T| ≥ |t|).
func TwoSidedP(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		return 0
	}
	return RegIncBeta(df/(df+t*t), df/2, 0.5)
}

// Holm adjusts p-values for multiplicity by Holm's step-down method: the
// i-th smallest of m is multiplied by m-i+1 (i from 1), capped at 1 and
// made non-decreasing in that order. A comparison is clear at level α when
// its adjusted p is below α; the chance of any false clear finding among
// the m stays below α, whatever their dependence. NaN p-values (too few
// games) are left NaN and not counted in m.
func Holm(ps []float64) []float64 {
	idx := make([]int, 0, len(ps))
	for i, p := range ps {
		if !math.IsNaN(p) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	out := make([]float64, len(ps))
	for i := range out {
		out[i] = math.NaN()
	}
	m, run := len(idx), 0.0
	for rank, i := range idx {
		run = math.Max(run, math.Min(1, float64(m-rank)*ps[i]))
		out[i] = run
	}
	return out
}

// BradleyTerry fits the Bradley-Terry model to wins[a][b] (a's wins over
// b, ties counted half) in meets[a][b] meetings, and returns each player's
// strength on the Elo scale: 1500 + 400·log10(p / geometric mean of p), so
// that a rating 400 higher wins three meetings in four. Every pair gets one
// drawn meeting more than it had (half a win each way), so that a player
// who never won still gets a finite rating; with many meetings it changes
// nothing. The fit is Hunter's MM iteration (2004), run to convergence.
func BradleyTerry(wins [][]float64, meets [][]int64) []float64 {
	k := len(wins)
	p := make([]float64, k)
	for i := range p {
		p[i] = 1
	}
	w := make([]float64, k)
	n := make([][]float64, k)
	for i := range k {
		n[i] = make([]float64, k)
		for j := range k {
			if i == j {
				continue
			}
			w[i] += wins[i][j] + 0.5
			n[i][j] = float64(meets[i][j]) + 1
		}
	}
	for range 100000 {
		change := 0.0
		next := make([]float64, k)
		for i := range k {
			den := 0.0
			for j := range k {
				if i != j {
					den += n[i][j] / (p[i] + p[j])
				}
			}
			next[i] = w[i] / den
		}
		change = GeoRescale(next, p)
		p = next
		if change < 1e-13 {
			break
		}
	}
	return EloScale(p)
}

// GeoRescale fixes the scale of strengths next, a step of an iteration
// from prev: their geometric mean becomes 1. It returns the step's largest
// change, |ln(next/prev)|.
func GeoRescale(next, prev []float64) float64 {
	logMean := 0.0
	for _, x := range next {
		logMean += math.Log(x)
	}
	g := math.Exp(logMean / float64(len(next)))
	change := 0.0
	for i := range next {
		next[i] /= g
		change = math.Max(change, math.Abs(math.Log(next[i]/prev[i])))
	}
	return change
}

// EloScale puts strengths on the Elo scale: 1500 + 400·log10(strength).
func EloScale(strength []float64) []float64 {
	out := make([]float64, len(strength))
	for i, x := range strength {
		out[i] = 1500 + 400*math.Log10(x)
	}
	return out
}
