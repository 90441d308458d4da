package puzzle

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Spearman's rho on hand-worked cases: a monotone pair is ±1 whatever the
// spacing, ties share their mean rank, a constant has no correlation.
func TestSpearman(t *testing.T) {
	tests := []struct {
		name string
		x, y []float64
		want float64
	}{
		{"increasing", []float64{1, 2, 3, 4}, []float64{10, 20, 300, 4000}, 1},
		{"decreasing", []float64{1, 2, 3, 4}, []float64{0.9, 0.5, 0.2, 0}, -1},
		// ranks x 1.5 1.5 3 4, y 1 2 3 4: Pearson of the ranks is 0.9487
		{"ties", []float64{1, 1, 2, 3}, []float64{1, 2, 3, 4}, 3 / math.Sqrt(10)},
		{"constant", []float64{1, 2, 3}, []float64{5, 5, 5}, math.NaN()},
		{"too short", []float64{1}, []float64{1}, math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Spearman(tc.x, tc.y)
			if math.IsNaN(tc.want) {
				assert.True(t, math.IsNaN(got), "got %v", got)
				return
			}
			assert.InDelta(t, tc.want, got, 1e-9)
		})
	}
}

func TestStats(t *testing.T) {
	ps := []Puzzle{
		{Grade: 1, Solves: map[string]float64{"beginner": 0.8, "intermediate": 1}},
		{Grade: 1, Solves: map[string]float64{"beginner": 0.6, "intermediate": 0.9}},
		{Grade: 2, Solves: map[string]float64{"beginner": 0.3, "intermediate": 0.7}},
		{Grade: 3, Solves: map[string]float64{"beginner": 0.1, "intermediate": 0.2}},
	}
	s := Stats(ps)
	assert.InDelta(t, -3/math.Sqrt(10), s.Rho, 1e-9) // the grades tie, the rates do not
	assert.Equal(t, 0.7, s.BeginnerMedian[0])
	assert.Equal(t, 0.3, s.BeginnerMedian[1])
	assert.Equal(t, 0.1, s.BeginnerMedian[2])
	assert.True(t, math.IsNaN(s.BeginnerMedian[3]))
}
