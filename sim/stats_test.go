package sim

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCoverage checks on seeded synthetic samples that the intervals cover
// the true value about 95% of the time.
func TestCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const reps = 4000
	// Wilson, Bernoulli(0.3), n = 40.
	hits := 0
	for range reps {
		k := int64(0)
		for range 40 {
			if rng.Float64() < 0.3 {
				k++
			}
		}
		p := newProportion(k, 40)
		if p.Share.Low <= 0.3 && 0.3 <= p.Share.High {
			hits++
		}
	}
	assert.InDelta(t, 0.95, float64(hits)/reps, 0.015, "Wilson coverage")
	// t interval, normal(5, 2), n = 6: the normal interval would cover only about 89%.
	hits = 0
	for range reps {
		var sum, sumSq float64
		for range 6 {
			x := 5 + 2*rng.NormFloat64()
			sum += x
			sumSq += x * x
		}
		iv := meanInterval(6, sum, sumSq)
		if iv.Low <= 5 && 5 <= iv.High {
			hits++
		}
	}
	assert.InDelta(t, 0.95, float64(hits)/reps, 0.015, "t coverage")
}

func TestMeanInterval(t *testing.T) {
	// 1..5: mean 3, s² = 2.5, half width t(0.975, 4)·sqrt(2.5/5) = 2.7764·0.7071.
	iv := meanInterval(5, 15, 55)
	assert.InDelta(t, 3, iv.Value, 1e-12)
	assert.InDelta(t, 3-2.776445*math.Sqrt(0.5), iv.Low, 1e-5)
	assert.InDelta(t, 3+2.776445*math.Sqrt(0.5), iv.High, 1e-5)
	one := meanInterval(1, 4, 16)
	assert.Equal(t, 4.0, one.Value)
	assert.True(t, math.IsNaN(one.Low))

	exact := ratMeanInterval(5, big.NewRat(15, 1), big.NewRat(55, 1))
	assert.InDelta(t, iv.Low, exact.Low, 1e-12)
	assert.InDelta(t, iv.High, exact.High, 1e-12)
}

func TestMedian(t *testing.T) {
	tests := []struct {
		counts []int64
		want   float64
	}{
		{[]int64{0, 1, 1, 1}, 2},      // 1 2 3
		{[]int64{0, 1, 1, 1, 1}, 2.5}, // 1 2 3 4
		{[]int64{0, 0, 5, 0, 0, 1}, 2},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, median(tc.counts))
	}
	require.True(t, math.IsNaN(median(nil)))
}
