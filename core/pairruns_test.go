package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// sets.pair_runs: a run of pairs is a set of the house's (Shaped), worth
// its numbers, a joker standing for a missing tile; what is not one is
// refused in the set rules' words.
func TestPairRuns(t *testing.T) {
	r := core.Original()
	r.Sets.PairRuns = true
	require.NoError(t, r.Validate())
	for _, tc := range []struct {
		set   string
		value int // 0: refused
	}{
		{"[r5 r5 r6 r6 r7 r7]", 36},
		{"[r7 r5 r6 r5 r7 r6]", 36},
		{"[r5 J r6 r6 r7 r7]", 36},
		{"[k1 k1 k2 k2 k3 k3 k4 k4]", 20},
		{"[r5 r5 r6 r7 r7]", 0},    // r6 once, no joker for the other
		{"[r5 r5 r6 r6]", 0},       // two numbers: a run needs three
		{"[r5 r5 r6 r6 b7 b7]", 0}, // two colours
		{"[r5 r5 r6 r6 r7 r7 J]", 0},
	} {
		g, err := core.NewGame(r, []string{"a", "b"}, 1)
		require.NoError(t, err)
		set := coretest.Set(tc.set)
		info, err := g.ValidateSet(set)
		if tc.value == 0 {
			assert.Error(t, err, tc.set)
			continue
		}
		require.NoError(t, err, tc.set)
		assert.Equal(t, core.Shaped, info.Kind, tc.set)
		assert.Equal(t, tc.value, info.Value, tc.set)
		// and the referee takes it; as an initial meld it counts its value
		require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{set, coretest.Tiles("o9")}, Pool: -1}))
		err = g.Play(core.Table{set})
		if tc.value >= r.Opening.Points {
			assert.NoError(t, err, tc.set)
		} else {
			assert.EqualError(t, err, "initial meld is 20 points; the original rules need 30", tc.set)
		}
	}
	// without the key the same set is refused
	g, err := core.NewGame(core.Original(), []string{"a", "b"}, 1)
	require.NoError(t, err)
	_, err = g.ValidateSet(coretest.Set("[r5 r5 r6 r6 r7 r7]"))
	assert.EqualError(t, err, "[r5 r5 r6 r6 r7 r7] is not a run: r5 appears twice")
}

// sets.mirror_runs: up and back down in one colour, the turn once, a joker
// for a missing tile; worth its tiles' numbers.
func TestMirrorRuns(t *testing.T) {
	r := core.Original()
	r.Sets.MirrorRuns = true
	require.NoError(t, r.Validate())
	g, err := core.NewGame(r, []string{"a", "b"}, 1)
	require.NoError(t, err)
	for _, tc := range []struct {
		set   string
		value int // 0: refused
	}{
		{"[r4 r5 r6 r5 r4]", 24},
		{"[r4 r5 J r5 r4]", 24},
		{"[b9 b10 b11 b12 b11 b10 b9]", 72},
		{"[r4 r5 r6 r6 r5 r4]", 0}, // the turn twice: a run of pairs, not a mirror
		{"[r4 r5 r4]", 0},          // two numbers up
		{"[r4 r5 r6 r5 k4]", 0},    // two colours
	} {
		info, err := g.ValidateSet(coretest.Set(tc.set))
		if tc.value == 0 {
			assert.Error(t, err, tc.set)
			continue
		}
		require.NoError(t, err, tc.set)
		assert.Equal(t, core.Shaped, info.Kind, tc.set)
		assert.Equal(t, tc.value, info.Value, tc.set)
	}
}
