package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/stats"
)

// TestSweepSlope: values 0, 1, 2 whose paired differences from the first
// are 2 and 4 on average give a slope of 2; with variances 1, 4 and 1 for
// the pairs (1,2), (1,3) and (2,3) the slope's per-game variance is
// c3²·4 = 1 (c = -1/2, 0, 1/2), so its interval is 2 ± t(0.975; 99)·√(1/100).
func TestSweepSlope(t *testing.T) {
	n := int64(100)
	t975 := stats.TQuantile(0.975, 99)
	diff := func(mean, variance float64) []Diff {
		half := t975 * math.Sqrt(variance/float64(n))
		ds := make([]Diff, len(Metrics))
		for i := range ds {
			ds[i] = Diff{Metric: Metrics[i], N: n, Mean: Interval{mean, mean - half, mean + half}}
		}
		return ds
	}
	rep := &Report{Variants: make([]VariantReport, 3), Pairs: []PairReport{
		{Diffs: diff(2, 1)}, {Diffs: diff(4, 4)}, {Diffs: diff(2, 1)},
	}}
	s := rep.sweepSlope([]string{"0", "1", "2"}, MetricTurns)
	require.NotNil(t, s)
	assert.InDelta(t, 2, s.Value, 1e-12)
	assert.InDelta(t, t975*0.1, s.High-s.Value, 1e-9)
	assert.Nil(t, rep.sweepSlope([]string{"true", "false", "x"}, MetricTurns), "values that are not numbers")
}
