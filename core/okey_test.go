package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestOkeyOf(t *testing.T) {
	for _, tc := range []struct{ indicator, okey string }{
		{"b9", "b10"}, {"r13", "r1"}, {"k1", "k2"}, {"o12", "o13"},
	} {
		ind, err := core.ParseTile(tc.indicator)
		require.NoError(t, err)
		assert.Equal(t, tc.okey, core.OkeyOf(ind, 13).String(), tc.indicator)
	}
}

// TestOkeySets reads sets under an okey of b10: each b10 wild, each joker a
// false joker standing for the b10.
func TestOkeySets(t *testing.T) {
	sr := core.StandardSets
	sr.Okey = core.NewTile(core.Blue, 10)
	for _, tc := range []struct{ set, want, canon string }{
		{"[r5 b10 r7]", "ok run 5 18", "[r5 b10 r7]"},                            // the okey stands for r6
		{"[k3 r3 b10]", "ok group 3 9", "[k3 r3 b10]"},                           // for a missing colour
		{"[b9 J b11]", "ok run 9 30", "[b9 J b11]"},                              // the false joker is the b10
		{"[k10 r10 J]", "ok group 10 30", "[k10 r10 J]"},                         // the b10 again
		{"[b10 b10 r1]", "ok run 1 6", "[r1 b10 b10]"},                           // two okeys and a tile
		{"[b9 b10 b11]", "ok run 9 30", "[b9 b10 b11]"},                          // an okey may stand for itself
		{"[r5 J r7]", "[r5 J r7] is not a run: b10 is blue, the run is red", ""}, // the false joker is no wild
	} {
		s, err := core.ParseSet(tc.set)
		require.NoError(t, err)
		info, err := sr.Validate(s)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = fmt.Sprintf("ok %v %d %d", info.Kind, info.Number, info.Value)
			assert.Equal(t, tc.canon, info.Canonical(s, 13).String(), "written back with its own tiles")
		}
		assert.Equal(t, tc.want, got, tc.set)
		assert.Equal(t, err == nil, sr.Valid(s), "Valid agrees with Validate: %s", tc.set)
	}
}

// TestOkeyDeal: the indicator is turned up out of play, and the round's
// rules read sets with its okey.
func TestOkeyDeal(t *testing.T) {
	r := core.Original()
	r.Deal.Indicator, r.Deal.Tiles = true, 21
	for seed := range uint64(20) {
		g, err := core.NewGame(r, []string{"ana", "ben", "cai", "dan"}, seed)
		require.NoError(t, err)
		ind := g.Indicator()
		require.True(t, ind.Valid() && !ind.IsJoker(), "a numbered tile: %v", ind)
		assert.Equal(t, core.OkeyOf(ind, 13), g.Rules.Wild)
		assert.Equal(t, g.Rules.Wild, g.Rules.SetRules().Okey)
		held := 0
		for seat := range 4 {
			held += g.Rack(seat).Count(ind)
			assert.Equal(t, 21, g.Rack(seat).Len())
		}
		assert.Equal(t, 106-1-4*21, g.Pool(), "the indicator is out of play")
		assert.Equal(t, core.MultisetOf(ind), g.SetAside(), "set aside")
		assert.LessOrEqual(t, held, 1, "one copy of the indicator is left")
	}
}

// TestOkeySave: a save of an Okey game replays to the same indicator and
// okey, and a save that moves the indicator is refused.
func TestOkeySave(t *testing.T) {
	r := core.Original()
	r.Deal.Indicator, r.Deal.Tiles = true, 21
	g, err := core.NewGame(r, []string{"ana", "ben"}, 7)
	require.NoError(t, err)
	_, err = g.Draw()
	require.NoError(t, err)
	data, err := g.MarshalSave(nil)
	require.NoError(t, err)
	f, err := core.ParseSave("okey.json", data)
	require.NoError(t, err)
	back, err := f.Game(nil)
	require.NoError(t, err)
	assert.Equal(t, g.Indicator(), back.Indicator())
	assert.Equal(t, g.Rules.Wild, back.Rules.Wild)

	other := core.NewTile(core.Red, 1)
	if other == g.Indicator() {
		other = core.NewTile(core.Red, 2)
	}
	forged := strings.Replace(string(data), `"set_aside": "`+g.Indicator().String()+`"`, `"set_aside": "`+other.String()+`"`, 1)
	require.NotEqual(t, string(data), forged, "the save names its indicator in set_aside")
	f, err = core.ParseSave("okey.json", []byte(forged))
	if err == nil {
		_, err = f.Game(nil)
	}
	assert.ErrorContains(t, err, "set_aside")
}

// TestOpeningByPairs: under sets.pairs a pair is a set, and with
// opening.pairs five pairs open whatever their points; four do not, nor
// five with a run beside them.
func TestOpeningByPairs(t *testing.T) {
	r := core.Original()
	r.Sets.Pairs, r.Opening.Pairs, r.Opening.Points = true, 5, 101
	require.NoError(t, r.Validate())
	for _, tc := range []struct{ play, err string }{
		{"[r1 r1] [b2 b2] [k3 k3] [o4 o4] [r5 J]", ""},
		{"[r1 r1] [b2 b2] [k3 k3] [o4 o4]", "initial meld is 20 points; the original rules need 101, or 5 pairs and nothing else"},
		{"[r1 r1] [b2 b2] [k3 k3] [o4 o4] [r5 J] [k7 k8 k9]", "initial meld is 54 points; the original rules need 101 (a joker counts as the tile it replaces), or 5 pairs and nothing else"},
		{"[r1 r2]", "set 1 [r1 r2] is too short: a run needs at least 3 tiles"},
	} {
		g, err := core.NewGame(r, []string{"a", "b"}, 1)
		require.NoError(t, err)
		table := coretest.Table(tc.play)
		require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{table.Tiles().Tiles(), coretest.Tiles("o9")}, Pool: -1}))
		err = g.Play(table)
		if tc.err == "" {
			assert.NoError(t, err, tc.play)
		} else {
			assert.EqualError(t, err, tc.err, tc.play)
		}
	}
	g, err := core.NewGame(r, []string{"a", "b"}, 1)
	require.NoError(t, err)
	info, err := g.ValidateSet(coretest.Set("[o13 o13]"))
	require.NoError(t, err)
	assert.Equal(t, 26, info.Value)
	_, err = g.ValidateSet(coretest.Set("[o13 r13]"))
	assert.Error(t, err, "two tiles of one number are no pair")
}

// TestRackValueAsTilesPlay: a rack left at the round's end counts as its
// tiles play: under Okey's deal an okey is a joker and a false joker the
// okey's tile; a special joker is a joker under tile values too.
func TestRackValueAsTilesPlay(t *testing.T) {
	okey := core.Original()
	okey.Wild = core.NewTile(core.Blue, 10)
	assert.Equal(t, 30+10+5, okey.RackValue(core.MultisetOf(coretest.Tiles("b10 J r5")...)))

	twist := core.Original()
	twist.Tiles.DoubleJokers = 2
	twist.Scoring.TileValues = []int{5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15, 15, 15}
	rack := core.MultisetOf(core.DoubleJoker, core.NewTile(core.Red, 1))
	assert.Equal(t, 30+5, twist.RackValue(rack))
	twist.Scoring.TileValues = nil
	assert.Equal(t, 30+1, twist.RackValue(rack))
}
