package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPlackettLuceRecoversStrengths draws 4,000 finishing orders of 4 bots
// from the Plackett-Luce model with strengths 0, 100, 200 and 300 Elo
// (each place chosen among the bots left with chance in proportion to
// 10^(elo/400)), and the fit finds them within 15 Elo.
func TestPlackettLuceRecoversStrengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 8))
	elo := []float64{0, 100, 200, 300}
	o := newOrders(4)
	for range 4000 {
		left := []int{0, 1, 2, 3}
		scores := make([]int, 4)
		for place := range 4 {
			var sum float64
			for _, b := range left {
				sum += math.Pow(10, elo[b]/400)
			}
			x := rng.Float64() * sum
			i := 0
			for ; i < len(left)-1; i++ {
				if x -= math.Pow(10, elo[left[i]]/400); x < 0 {
					break
				}
			}
			scores[left[i]] = 10 - place
			left = append(left[:i], left[i+1:]...)
		}
		o.add(scores, []int{0, 1, 2, 3})
	}
	got := plackettLuce(o, 4)
	for b := range 4 {
		assert.InDelta(t, elo[b]-150, got[b]-1500, 15, "bot %d", b)
	}
}

// TestOrdersReadTies: a tied pair shares its choice, and the order among
// the last bots left says nothing.
func TestOrdersReadTies(t *testing.T) {
	o := newOrders(4)
	o.add([]int{5, 9, 9, -3}, []int{2, 0, 1, 3}) // bots 0 and 1 tie first, then bot 2, then bot 3
	assert.Equal(t, map[uint32]float64{0b1111: 1, 0b1100: 1}, o.stages)
	assert.Equal(t, []float64{0.5, 0.5, 1, 0}, o.chose)
	o = newOrders(3)
	o.add([]int{1, 1, 1}, []int{0, 1, 2})
	assert.Empty(t, o.stages, "all tied: no choice")
}
