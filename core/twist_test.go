package core_test

import (
	"fmt"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twistBox is Rummikub Twist's box: the printed tiles and two of each
// special joker.
var twistBox = core.TileSet{Colors: 4, Numbers: 13, Copies: 2, Jokers: 2,
	DoubleJokers: 2, MirrorJokers: 2, ColorChangeJokers: 2}

// TestTwistSets holds Twist's special jokers to the readings the variant
// file chooses (variants/twist.yaml): each set, valid with its kind, number
// and value (what it counts in the initial meld), or refused in full.
func TestTwistSets(t *testing.T) {
	sr := core.StandardSets
	sr.Twist = true
	for _, tc := range []struct{ set, want string }{
		{"[r2 JD r5]", "run 2 14"},
		{"[JD r3 r4]", "run 1 10"},
		{"[r3 r4 JD]", "run 3 18"},
		{"[JD r3 r4 r5]", "run 1 15"},
		{"[r3 JD r6]", "run 3 18"},
		{"[k10 k11 JD]", "run 10 46"},
		{"[JD o1 o2]", "[JD o1 o2] is not a run: the run would go past 1..13: each joker needs a number of its own there, a double joker two"},
		{"[b3 r3 JD]", "group 3 12"},
		{"[b3 JD r3]", "group 3 12"},
		{"[JD k9 o9]", "group 9 36"},
		{"[J JD r5]", "run 2 14"},
		{"[JD JD r7]", "run 3 25"},
		{"[r1 JD r4 JC b6]", "run 1 21"},
		{"[r12 JD]", "[r12 JD] is not a set: a set needs at least 3 tiles, a double joker counting as one"},
		{"[r11 r12 JD]", "[r11 r12 JD] is not a run: the run would go past 1..13: each joker needs a number of its own there, a double joker two"},
		{"[JD r2 r3]", "[JD r2 r3] is not a run: the run would go past 1..13: each joker needs a number of its own there, a double joker two"},
		{"[b3 r3 k3 JD]", "[b3 r3 k3 JD] is not a group: a group holds at most 4 tiles, and a double joker counts two"},
		{"[b3 JD]", "[b3 JD] is not a set: a set needs at least 3 tiles, a double joker counting as one"},
		{"[r5 r5 JD]", "[r5 r5 JD] is not a group: r5 appears twice; a group needs different colours"},
		{"[r2 JD r4]", "[r2 JD r4] is not a run: r4 is out of place: a set with a special joker is read as it is written, one number a place (the double joker two)"},
		{"[r2 JD b5]", "[r2 JD b5] is not a run: b5 is not red: a run's colour changes only across a colour-change joker"},
		{"[r2 r3 JM r3 r2]", "run 2 10"},
		{"[r5 b5 JM b5 r5]", "group 5 20"},
		{"[r5 JM r5]", "group 5 10"},
		{"[r4 r3 JM r3 r4]", "run 2 14"},
		{"[r2 J JM r3 r2]", "run 2 10"},
		{"[k7 k8 k9 JM k9 k8 k7]", "run 7 48"},
		{"[r5 JD JM JD r5]", "group 5 30"},
		{"[r3 r4 JM J r3]", "run 3 14"},
		{"[b12 JM b12]", "group 12 24"},
		{"[r2 r3 JM r2 r3]", "[r2 r3 JM r2 r3] is not a set: r2 and r3 face each other across the mirror joker, and each side must repeat the other"},
		{"[r2 r4 JM r4 r2]", "[r2 r4 JM r4 r2] is not a set: the tiles before the mirror joker and the tile it stands for are not the start of a run or a group: r4 is out of place: a set with a special joker is read as it is written, one number a place (the double joker two)"},
		{"[r2 r3 JM]", "[r2 r3 JM] is not a set: the mirror joker stands in the middle: as many tiles after it as before it, at least one"},
		{"[JM r2 r3]", "[JM r2 r3] is not a set: the mirror joker stands in the middle: as many tiles after it as before it, at least one"},
		{"[r2 r3 JM r3 r2 JM]", "[r2 r3 JM r3 r2 JM] is not a set: a set holds one mirror joker at most"},
		{"[r5 b5 JM b5 k5]", "[r5 b5 JM b5 k5] is not a set: r5 and k5 face each other across the mirror joker, and each side must repeat the other"},
		{"[r12 r13 JM r13 r12]", "[r12 r13 JM r13 r12] is not a set: the tiles before the mirror joker and the tile it stands for are not the start of a run or a group: the run would go past 1..13: each joker needs a number of its own there, a double joker two"},
		{"[r3 r4 JC b6 b7]", "run 3 25"},
		{"[r3 JC b5]", "run 3 12"},
		{"[r3 JC b5 JC r7]", "run 3 25"},
		{"[r3 r4 JC J b7]", "run 3 25"},
		{"[b7 b6 JC r4 r3]", "run 3 25"},
		{"[k1 JC o3 o4]", "run 1 10"},
		{"[r3 r4 JC r6 r7]", "[r3 r4 JC r6 r7] is not a run: the colour must change across the colour-change joker, and r6 is red like the tiles before it"},
		{"[JC r4 r5]", "[JC r4 r5] is not a run: a colour-change joker stands between two tiles of a run, never at its end"},
		{"[r3 r4 JC]", "[r3 r4 JC] is not a run: a colour-change joker stands between two tiles of a run, never at its end"},
		{"[r3 JC J]", "[r3 JC J] is not a run: each side of a colour-change joker needs a numbered tile to say its colour"},
		{"[r5 b5 JC]", "[r5 b5 JC] is not a group: a colour-change joker stands only in a run"},
		{"[r3 JC b6]", "[r3 JC b6] is not a run: b6 is out of place: a set with a special joker is read as it is written, one number a place (the double joker two)"},
		{"[r3 b4 JC k6]", "[r3 b4 JC k6] is not a run: b4 is not red: a run's colour changes only across a colour-change joker"},
		{"[J JD]", "[J JD] is not a set: a set needs at least 3 tiles, a double joker counting as one"},
		{"[JD JM JC]", "[JD JM JC] is not a set: JD and JC face each other across the mirror joker, and each side must repeat the other"},
	} {
		t.Run(tc.set, func(t *testing.T) {
			s, err := twistBox.ParseSet(tc.set)
			require.NoError(t, err)
			info, err := sr.Validate(s)
			got := ""
			if err != nil {
				got = err.Error()
				assert.ErrorIs(t, err, core.ErrTwist, "a refusal of a Twist set says so")
				assert.False(t, sr.Valid(s), "Valid agrees with Validate")
			} else {
				got = fmt.Sprintf("%v %d %d", info.Kind, info.Number, info.Value)
				assert.True(t, sr.Valid(s), "Valid agrees with Validate")
				assert.Equal(t, s, info.Canonical(s, 13), "a Twist set is kept as written")
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// A colour-change run's colour is its lowest stretch's, black included
// (black is colour 0: a later stretch once overwrote it).
func TestTwistRunColour(t *testing.T) {
	sr := core.StandardSets
	sr.Twist = true
	for set, want := range map[string]core.Color{
		"[k3 k4 JC b6 b7]": core.Black, "[b7 b6 JC k4 k3]": core.Black,
		"[r3 JC k5 JC o7]": core.Red, "[J k4 JC b6]": core.Black,
	} {
		s, err := twistBox.ParseSet(set)
		require.NoError(t, err)
		info, err := sr.Validate(s)
		require.NoError(t, err, set)
		assert.Equal(t, want, info.Color, set)
	}
}
