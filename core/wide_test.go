package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sixColours is a house box of six colours: the printed four, green, purple.
var sixColours = core.TileSet{Colors: 6, Numbers: 13, Copies: 2, Jokers: 2}

// TestHouseColourSets checks sets of a five- and six-colour box on the set
// check's general path, against the same rules as the printed colours.
func TestHouseColourSets(t *testing.T) {
	six := core.StandardSets
	six.Colors = 6
	anyColour := six
	anyColour.GroupColors = core.AnyColors
	for _, tc := range []struct {
		rules     core.SetRules
		set, want string
	}{
		{six, "[g3 g4 g5]", "run 3 12"},
		{six, "[p11 J p13]", "run 11 36"},
		{six, "[k7 r7 b7 o7 g7 p7]", "group 7 42"},
		{six, "[g9 p9 J]", "group 9 27"},
		{six, "[g5 J J]", "run 5 18"},
		{six, "[k7 r7 b7 o7 g7 p7 J]", "[k7 r7 b7 o7 g7 p7 J] is too long: a group has at most 6 tiles, one of each colour"},
		{six, "[g3 g4 p5]", "[g3 g4 p5] is not a run: p5 is purple, the run is green"},
		{six, "[g5 g5 p5]", "[g5 g5 p5] is not a group: g5 appears twice; a group needs different colours"},
		{six, "[g3 g5 g7]", "[g3 g5 g7] is not a run: g4 g6 are missing"},
		{anyColour, "[g5 g5 p5]", "group 5 15"},
		{core.StandardSets, "[g3 g4 g5]", "[g3 g4 g5] is not a set: g3 is not a tile of this box (colours k r b o, numbers 1..13)"},
		{core.SetRules{Colors: 5, Numbers: 13, MinRun: 3, MinGroup: 3}, "[k2 r2 b2 o2 g2]", "group 2 10"},
		{core.SetRules{Colors: 5, Numbers: 13, MinRun: 3, MinGroup: 3}, "[k2 r2 p2]", "[k2 r2 p2] is not a set: p2 is not a tile of this box (colours k r b o g, numbers 1..13)"},
	} {
		t.Run(tc.set, func(t *testing.T) {
			s, err := sixColours.ParseSet(tc.set)
			require.NoError(t, err)
			info, err := tc.rules.Validate(s)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = fmt.Sprintf("%v %d %d", info.Kind, info.Number, info.Value)
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, err == nil, tc.rules.Valid(s), "Valid agrees with Validate")
		})
	}
}

// TestTileKinds reads and writes every tile kind of the widest box, and
// counts each in a Multiset in canonical order: colours k r b o g p, then
// the jokers.
func TestTileKinds(t *testing.T) {
	box := sixColours
	box.DoubleJokers, box.MirrorJokers, box.ColorChangeJokers = 1, 1, 1
	kinds := box.Kinds()
	require.Len(t, kinds, 6*13+4)
	seen := map[core.Tile]bool{}
	for _, k := range kinds {
		assert.False(t, seen[k], "%v twice", k)
		seen[k] = true
		back, err := box.ParseTile(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, back)
		assert.True(t, k.Valid())
	}
	full := box.Full()
	assert.Equal(t, kinds[0], full.Tiles()[0])
	assert.Equal(t, []core.Tile{core.Joker, core.DoubleJoker, core.MirrorJoker, core.ColorChangeJoker},
		full.Tiles()[len(full.Tiles())-4:], "jokers last, the special ones after the Joker")
	assert.Equal(t, box.Size(), full.Len())
	assert.Equal(t, "green 5", core.NewTile(core.Green, 5).Name())
	assert.Equal(t, core.Purple, core.NewTile(core.Purple, 13).Color())
	assert.Equal(t, 13, core.NewTile(core.Purple, 13).Number())
	assert.Equal(t, 0, core.DoubleJoker.Number())
	assert.False(t, core.DoubleJoker.IsJoker(), "a special joker is a kind of its own")

	m := core.MultisetOf(core.NewTile(core.Green, 5), core.NewTile(core.Purple, 7), core.Joker, core.MirrorJoker, core.NewTile(core.Red, 1))
	assert.Equal(t, "r1 g5 p7 J JM", m.String())
	assert.Equal(t, 1+5+7+30+30, m.Value(30), "a special joker counts as a joker")
	assert.Equal(t, uint16(1<<5), m.Lane(core.Green))
	assert.Equal(t, 3, m.Distinct())
	m.Remove(core.NewTile(core.Green, 5))
	assert.Equal(t, uint16(0), m.Lane(core.Green))

	_, err := core.StandardTiles.ParseTile("JD")
	assert.EqualError(t, err, `tile 1 "JD": this box has no JD: Twist's special jokers come in a box that counts them (tiles.double_jokers, tiles.mirror_jokers, tiles.color_change_jokers)`)
	_, err = core.StandardSets.Validate(core.Set{core.NewTile(core.Red, 2), core.DoubleJoker, core.NewTile(core.Red, 5)})
	assert.EqualError(t, err, "[r2 JD r5] is not a set: JD is not a tile of this box (colours k r b o, numbers 1..13)")
}

// TestHouseColoursReadAsPrintedTwins: a set of at most four colours of a
// six-colour box reads, on the general path, as the same set in the printed
// colours reads on the fast one: the same verdict, kind, number, value and
// jokers, a run's colour carried across (200,000 random sets, biased to
// near-valid, three rule shapes). A set of more than four tiles is left
// out where a group could be valid in six colours and not in four.
func TestHouseColoursReadAsPrintedTwins(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 6))
	for i := range 200000 {
		four := randomShapes[i%len(randomShapes)]
		six := four
		six.Colors = 6
		// the printed colours onto four of the six, at least one a house colour
		perm := rng.Perm(6)[:4]
		if !slices.ContainsFunc(perm, func(c int) bool { return c >= 4 }) {
			perm[rng.IntN(4)] = 4 + rng.IntN(2)
			if perm[0] == perm[1] || perm[0] == perm[2] || perm[0] == perm[3] || perm[1] == perm[2] || perm[1] == perm[3] || perm[2] == perm[3] {
				continue
			}
		}
		s4 := nearValidSet(rng, 1+rng.IntN(6))
		s6 := make(core.Set, len(s4))
		for k, x := range s4 {
			s6[k] = x
			if !x.IsJoker() {
				s6[k] = core.NewTile(core.Color(perm[x.Color()]), x.Number())
			}
		}
		in4, err4 := four.Validate(s4)
		in6, err6 := six.Validate(s6)
		if err4 != nil && len(s4) > 4 {
			continue // a group of five or six may be valid in six colours only
		}
		require.Equal(t, err4 == nil, err6 == nil, "%v (%v) under %+v: %v / %v", s6, s4, four, err4, err6)
		require.Equal(t, err6 == nil, six.Valid(s6), "Valid agrees with Validate: %v", s6)
		if err4 != nil {
			continue
		}
		require.Equal(t, in4.Kind, in6.Kind, "%v", s6)
		require.Equal(t, in4.Number, in6.Number, "%v", s6)
		require.Equal(t, in4.Value, in6.Value, "%v", s6)
		require.Equal(t, in4.Jokers, in6.Jokers, "%v", s6)
		if in4.Kind == core.Run {
			require.Equal(t, core.Color(perm[in4.Color]), in6.Color, "%v", s6)
		}
	}
}

// FuzzWideSets reads any set of the widest box (six colours, Twist's
// special jokers) under house rules with and without an okey: no panic,
// Valid agrees with Validate, a refusal says why, and a valid set's
// canonical writing is valid with the same value.
func FuzzWideSets(f *testing.F) {
	for _, s := range []string{"[r2 JD r5]", "[r2 r3 JM r3 r2]", "[r3 r4 JC b6 b7]", "[k7 r7 b7 o7 g7 p7]",
		"[g5 J J]", "[JD JM JC]", "[b10 b10 r1]", "[p13 J g13]"} {
		f.Add(s)
	}
	box := sixColours
	box.DoubleJokers, box.MirrorJokers, box.ColorChangeJokers = 2, 2, 2
	plain := core.StandardSets
	plain.Colors, plain.Twist = 6, true
	okey := plain
	okey.Okey = core.NewTile(core.Blue, 10)
	anyColour := plain
	anyColour.GroupColors, anyColour.Wrap = core.AnyColors, core.AceHigh
	f.Fuzz(func(t *testing.T, s string) {
		set, err := box.ParseSet(s)
		if err != nil {
			return
		}
		for _, r := range []core.SetRules{plain, okey, anyColour} {
			info, err := r.Validate(set)
			if (err == nil) != r.Valid(set) {
				t.Fatalf("%v under %+v: Validate %v, Valid %v", set, r, err, r.Valid(set))
			}
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("%v: a refusal without a reason", set)
				}
				continue
			}
			c := info.Canonical(set, 13)
			back, err := r.Validate(c)
			if err != nil || back.Value != info.Value {
				t.Fatalf("%v (%d) under %+v: canonical %v reads %v, %d", set, info.Value, r, c, err, back.Value)
			}
		}
	})
}
