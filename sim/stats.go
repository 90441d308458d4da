package sim

import (
	"math"
	"math/big"
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
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	nr := new(big.Rat).SetInt64(n)
	mean, _ := new(big.Rat).Quo(sum, nr).Float64()
	if n < 2 {
		return Interval{mean, math.NaN(), math.NaN()}
	}
	// variance/n = (sumSq - sum²/n) / ((n-1)·n)
	v := new(big.Rat).Mul(sum, sum)
	v.Quo(v, nr)
	v.Sub(sumSq, v)
	v.Quo(v, new(big.Rat).SetInt64((n-1)*n))
	vf, _ := v.Float64()
	half := TQuantile(1-(1-Level)/2, float64(n-1)) * math.Sqrt(math.Max(0, vf))
	return Interval{mean, mean - half, mean + half}
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
