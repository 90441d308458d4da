package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// TestRackSetsValid checks the sets rackSets builds without validation
// against core's validation, on seeded random racks of several boxes.
func TestRackSetsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := []core.SetRules{
		core.StandardSets,
		{Colors: 4, Numbers: 13, MinRun: 4, MinGroup: 4},
		{Colors: 3, Numbers: 9, MinRun: 3, MinGroup: 3},
		{Colors: 4, Numbers: 13, MinRun: 2, MinGroup: 2},
	}
	checked := 0
	for _, sr := range shapes {
		box := core.TileSet{Colors: sr.Colors, Numbers: sr.Numbers, Copies: 2, Jokers: 2}.Tiles()
		for range 300 {
			rng.Shuffle(len(box), func(i, j int) { box[i], box[j] = box[j], box[i] })
			rack := core.MultisetOf(box[:8+rng.IntN(14)]...)
			for _, c := range rackSets(sr, &rack, 1+rng.IntN(2)) {
				info, err := sr.Validate(c.set)
				require.NoError(t, err, "%v under %+v", c.set, sr)
				assert.Equal(t, info.Value, c.value, "%v", c.set)
				worth := 0
				for _, x := range info.JokerTiles() {
					worth += x.Number()
				}
				assert.Equal(t, worth, c.jokerWorth, "%v", c.set)
				m := core.MultisetOf(c.set...)
				assert.True(t, rack.Includes(&m), "%v is on the rack", c.set)
				checked++
			}
		}
	}
	assert.Greater(t, checked, 1000)
}
