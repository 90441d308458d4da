package sim

import (
	"math"
	"math/big"

	"github.com/meldlab/meldlab/internal/stats"
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

// newProportion estimates the share k/n with its Wilson interval at Level.
// For n = 0 the share and the interval are NaN.
func newProportion(k, n int64) Proportion {
	p := Proportion{K: k, N: n}
	if n == 0 {
		p.Share = Interval{math.NaN(), math.NaN(), math.NaN()}
		return p
	}
	lo, hi := stats.Wilson(k, n, stats.NormalQuantile(1-(1-Level)/2))
	p.Share = Interval{Value: float64(k) / float64(n), Low: lo, High: hi}
	return p
}

// meanInterval is the mean of a sample given its size, sum and sum of
// squares, with Student's t interval at Level: mean ± t(n-1)·s/√n.
func meanInterval(n int64, sum, sumSq float64) Interval {
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	nf := float64(n)
	mean := sum / nf
	if n < 2 {
		return Interval{mean, math.NaN(), math.NaN()}
	}
	variance := math.Max(0, (sumSq-sum*sum/nf)/(nf-1))
	half := stats.TQuantile(1-(1-Level)/2, nf-1) * math.Sqrt(variance/nf)
	return Interval{mean, mean - half, mean + half}
}

// ratMeanInterval is meanInterval for exact sums: the variance is worked out
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
	half := stats.TQuantile(1-(1-Level)/2, float64(n-1)) * se
	p := 1.0
	switch {
	case se > 0:
		p = stats.TwoSidedP(mean/se, float64(n-1))
	case mean != 0:
		p = 0
	}
	return Interval{mean, mean - half, mean + half}, p
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

// gamesToHalve is how many paired games give a t interval half as wide as
// n games do, for the same spread: the least n' with
// t(n'-1)/√n' ≤ t(n-1)/(2√n). The spread cancels, so it depends on n alone:
// a little under 4n, as the t quantile shrinks with more games.
func gamesToHalve(n int64) int64 {
	if n < 2 {
		return 0
	}
	q := func(k int64) float64 { return stats.TQuantile(1-(1-Level)/2, float64(k-1)) / math.Sqrt(float64(k)) }
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
