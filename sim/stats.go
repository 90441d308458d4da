package sim

import (
	"math"
	"math/big"
	"sort"
)

// Level is the confidence level of every interval the lab reports.
const Level = 0.95

// Interval is an estimate with its confidence interval; Low and High are
// NaN when the sample is too small to give one.
type Interval struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// Proportion is k successes out of n with the Wilson score interval.
type Proportion struct {
	K     int64    `json:"k"`
	N     int64    `json:"n"`
	Share Interval `json:"share"` // k/n and its interval
}

// NewProportion estimates the share k/n with its Wilson interval at Level.
// For n = 0 the share and the interval are NaN.
func NewProportion(k, n int64) Proportion {
	p := Proportion{K: k, N: n}
	if n == 0 {
		p.Share = Interval{math.NaN(), math.NaN(), math.NaN()}
		return p
	}
	lo, hi := Wilson(k, n, NormalQuantile(1-(1-Level)/2))
	p.Share = Interval{Value: float64(k) / float64(n), Low: lo, High: hi}
	return p
}

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

// MeanInterval is the mean of a sample given its size, sum and sum of
// squares, with Student's t interval at Level: mean ± t(n-1)·s/√n.
func MeanInterval(n int64, sum, sumSq float64) Interval {
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	nf := float64(n)
	mean := sum / nf
	if n < 2 {
		return Interval{mean, math.NaN(), math.NaN()}
	}
	variance := math.Max(0, (sumSq-sum*sum/nf)/(nf-1))
	half := TQuantile(1-(1-Level)/2, nf-1) * math.Sqrt(variance/nf)
	return Interval{mean, mean - half, mean + half}
}

// ratMeanInterval is MeanInterval for exact sums: the variance is worked out
// exactly before rounding, so equal sums give bit-equal intervals.
func ratMeanInterval(n int64, sum, sumSq *big.Rat) Interval {
	iv, _ := ratMeanTest(n, sum, sumSq)
	return iv
}

// ratMeanTest is ratMeanInterval and the two-sided p-value of the t test
// that the mean is 0 (NaN below 2 games; with no spread at all, 1 for a
// mean of 0 and 0 otherwise).
func ratMeanTest(n int64, sum, sumSq *big.Rat) (Interval, float64) {
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}, math.NaN()
	}
	nr := new(big.Rat).SetInt64(n)
	mean, _ := new(big.Rat).Quo(sum, nr).Float64()
	if n < 2 {
		return Interval{mean, math.NaN(), math.NaN()}, math.NaN()
	}
	// variance/n = (sumSq - sum²/n) / ((n-1)·n)
	v := new(big.Rat).Mul(sum, sum)
	v.Quo(v, nr)
	v.Sub(sumSq, v)
	v.Quo(v, new(big.Rat).SetInt64((n-1)*n))
	vf, _ := v.Float64()
	se := math.Sqrt(math.Max(0, vf))
	half := TQuantile(1-(1-Level)/2, float64(n-1)) * se
	p := 1.0
	switch {
	case se > 0:
		p = TwoSidedP(mean/se, float64(n-1))
	case mean != 0:
		p = 0
	}
	return Interval{mean, mean - half, mean + half}, p
}

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

// median is the middle value of a histogram of whole numbers (counts[v] is
// how often v occurred): the mean of the two middle values for an even count.
func median(counts []int64) float64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return math.NaN()
	}
	at := func(rank int64) int { // the value of the rank-th smallest, from 0
		for v, c := range counts {
			if rank < c {
				return v
			}
			rank -= c
		}
		return len(counts) - 1
	}
	if n%2 == 1 {
		return float64(at(n / 2))
	}
	return float64(at(n/2-1)+at(n/2)) / 2
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

// GamesToHalve is how many paired games give a t interval half as wide as
// n games do, for the same spread: the least n' with
// t(n'-1)/√n' ≤ t(n-1)/(2√n). The spread cancels, so it depends on n alone:
// a little under 4n, as the t quantile shrinks with more games.
func GamesToHalve(n int64) int64 {
	if n < 2 {
		return 0
	}
	q := func(k int64) float64 { return TQuantile(1-(1-Level)/2, float64(k-1)) / math.Sqrt(float64(k)) }
	goal := q(n) / 2
	lo, hi := n, 4*n // q(4n) < goal: the t quantile falls as n grows
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if q(mid) <= goal {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}
