package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/stats"
)

// sweepSlope is the least-squares slope of a metric against a numeric
// swept value, with its paired t interval: the slope is a contrast of the
// paired differences from the first value, Σ c_k·D(1,k) with
// c_k = (x_k - x̄)/Σ(x - x̄)², and its spread comes from every pair's spread,
// Cov(D(1,k), D(1,l)) = (Var D(1,k) + Var D(1,l) - Var D(k,l))/2, as
// D(k,l) = D(1,l) - D(1,k) game by game. Nil when a value is not a number,
// or the pairs do not cover the same games with an interval each.
func (rep *Report) sweepSlope(values []string, metric string) *Interval {
	k := len(values)
	if k < 2 || len(rep.Variants) != k {
		return nil
	}
	x := make([]float64, k)
	var mean float64
	for i, v := range values {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil
		}
		x[i], mean = f, mean+f/float64(k)
	}
	var sxx float64
	for _, f := range x {
		sxx += (f - mean) * (f - mean)
	}
	if sxx == 0 {
		return nil
	}
	m := -1
	for i, name := range Metrics {
		if name == metric {
			m = i
		}
	}
	// d(i, j) is pair (i, j)'s difference of the metric, i < j.
	d := func(i, j int) *Diff {
		p := 0
		for a := range k {
			for b := a + 1; b < k; b++ {
				if a == i && b == j {
					return &rep.Pairs[p].Diffs[m]
				}
				p++
			}
		}
		return nil
	}
	n := d(0, 1).N
	variance := func(i, j int) (float64, bool) {
		if i == j {
			return 0, true
		}
		df := d(min(i, j), max(i, j))
		if df.N != n || n < 2 || math.IsNaN(df.Mean.Low) {
			return 0, false
		}
		se := (df.Mean.High - df.Mean.Value) / stats.TQuantile(1-(1-Level)/2, float64(n-1))
		return se * se * float64(n), true
	}
	var slope, v float64
	c := func(i int) float64 { return (x[i] - mean) / sxx }
	for i := 1; i < k; i++ {
		slope += c(i) * d(0, i).Mean.Value
		for j := 1; j < k; j++ {
			vi, ok1 := variance(0, i)
			vj, ok2 := variance(0, j)
			vij, ok3 := variance(i, j)
			if !ok1 || !ok2 || !ok3 {
				return nil
			}
			v += c(i) * c(j) * (vi + vj - vij) / 2
		}
	}
	half := stats.TQuantile(1-(1-Level)/2, float64(n-1)) * math.Sqrt(math.Max(0, v)/float64(n))
	return &Interval{slope, slope - half, slope + half}
}

// writeSlopes says each metric's slope against the swept value.
func (sr *SweepReport) writeSlopes(b *strings.Builder, p *i18n.Printer) {
	for _, m := range sr.Metrics {
		if m.Slope == nil || m.Slope.Low == m.Slope.High {
			continue // not numeric, or no spread at all (every game alike)
		}
		scale := 1.0
		if m.Unit == "share" {
			scale = 100
		}
		f := func(x float64) string { return fmt.Sprintf("%+.3g", x*scale) }
		b.WriteString(wrapped(p.Message(msg.SimSweepSlope(metricNoun(m.Metric), f(m.Slope.Value), p.T("sim.unit."+m.Unit), sr.Key, f(m.Slope.Low), f(m.Slope.High))), "  ", "    "))
	}
}

// family is the p-values Holm's correction runs over, in the order of ps:
// every pair's, except in a sweep, whose text shows and tests adjacent
// values only (the others NaN: a raw p, no correction, never "clear").
func (rep *Report) family(r *Result, ps []float64) []float64 {
	out := append([]float64(nil), ps...)
	if r.Setup.Sweep == nil {
		return out
	}
	k := 0
	for _, pr := range rep.Pairs {
		for range pr.Diffs {
			if !rep.adjacent(pr.A, pr.B) {
				out[k] = math.NaN()
			}
			k++
		}
	}
	return out
}

// adjacent says whether variant b comes right after variant a.
func (rep *Report) adjacent(a, b string) bool {
	for i := 0; i+1 < len(rep.Variants); i++ {
		if rep.Variants[i].Name == a {
			return rep.Variants[i+1].Name == b
		}
	}
	return false
}
