package core_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestDeclaredJokersValid(t *testing.T) {
	anyColours := core.SetRules{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, GroupColors: core.AnyColors, Copies: 2}
	tests := []struct {
		name      string
		rules     core.SetRules
		set       string
		kind      core.Kind
		value     int
		stands    string
		canonical string
	}{
		{"the group the books ask to declare", core.StandardSets, "[o13 J=13 J=13]", core.Group, 39, "k13 r13", "[o13 J=13 J=13]"},
		{"one declaration is enough", core.StandardSets, "[o13 J=13 J]", core.Group, 39, "k13 r13", "[o13 J=13 J=13]"},
		{"undeclared, the same tiles are a run", core.StandardSets, "[o13 J J]", core.Run, 36, "o11 o12", "[J J o13]"},
		{"a declared run needs no declaration written", core.StandardSets, "[J=r11 r12 J=r13]", core.Run, 36, "r11 r13", "[J r12 J]"},
		{"a declared tile moves a spare joker", core.StandardSets, "[r5 r6 J=r4]", core.Run, 15, "r4", "[J r5 r6]"},
		{"a group's tile declared", core.StandardSets, "[J=o12 r12 k12]", core.Group, 36, "o12", "[k12 r12 J]"},
		{"a group of four from one tile", core.StandardSets, "[k1 J=1 J=1 J=1]", core.Group, 4, "r1 b1 o1", "[k1 J=1 J=1 J=1]"},
		{"a declared group of two numbered tiles reads so plain", core.StandardSets, "[r7 b7 J=7]", core.Group, 21, "k7", "[r7 b7 J]"},
		{"repeated colours: the members fill what the group has room for", anyColours, "[o13 J=13 J=13]", core.Group, 39, "k13 k13", "[o13 J=13 J=13]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := coretest.Set(tc.set)
			info, err := tc.rules.Validate(s)
			require.NoError(t, err)
			assert.Equal(t, tc.kind, info.Kind)
			assert.Equal(t, tc.value, info.Value)
			assert.Equal(t, len(s), info.Len)
			assert.Equal(t, tc.stands, core.MultisetOf(info.JokerTiles()...).String())
			assert.Equal(t, tc.canonical, info.Canonical(s, 13).String())
			// what Canonical writes reads the same again
			again, err := tc.rules.Validate(info.Canonical(s, 13))
			require.NoError(t, err)
			assert.Equal(t, info.Kind, again.Kind)
			assert.Equal(t, info.Value, again.Value)
		})
	}
}

func TestDeclaredJokersInvalid(t *testing.T) {
	tests := []struct {
		set  string
		err  error
		text string
	}{
		{"[r5 r6 J=13]", core.ErrDeclaration, "[r5 r6 J=13] is not a group: J=13 declares a member of the group of 13s, and this set is no such group"},
		{"[r5 J=r9 r6]", core.ErrDeclaration, "[r5 J=r9 r6] is not a set: J=r9 declares the joker as r9, and it cannot stand for r9 in this set"},
		{"[o13 J=12 J=13]", core.ErrDeclaration, "[o13 J=12 J=13] is not a group: J=13 declares a member of the group of 13s, and this set is no such group"},
		{"[k13 r13 b13 o13 J=13]", core.ErrTooLong, "[k13 r13 b13 o13 J=13] is too long: a group has at most 4 tiles, one of each colour"},
		{"[J=5 J=5 J]", core.ErrNoNumberedTile, "[J=5 J=5 J] is not a set: a set needs a numbered tile to say what its jokers stand for"},
		{"[r5 J=r6 r9]", core.ErrGap, "[r5 J=r6 r9] is not a run: r7 r8 are missing"},
	}
	for _, tc := range tests {
		t.Run(tc.set, func(t *testing.T) {
			_, err := core.ValidateSet(coretest.Set(tc.set))
			require.Error(t, err)
			assert.True(t, errors.Is(err, tc.err), "%v is not %v", err, tc.err)
			assert.Equal(t, tc.text, err.Error())
		})
	}
}

func TestDeclaredJokerNotation(t *testing.T) {
	for _, tc := range []struct{ in, out, name string }{
		{"J=13", "J=13", "joker as a 13 of a group"},
		{"j=o12", "J=o12", "joker as orange 12"},
		{"*=y3", "J=o3", "joker as orange 3"},
	} {
		tile, err := core.ParseTile(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.out, tile.String())
		assert.Equal(t, tc.name, tile.Name())
		assert.True(t, tile.IsJoker())
		assert.Equal(t, core.Joker, tile.Plain())
		assert.Equal(t, 0, tile.Number(), "a joker has no number of its own")
		// a declared joker counts as a joker wherever tiles are counted
		m := core.MultisetOf(tile)
		assert.Equal(t, 1, m.Jokers())
		assert.Equal(t, 1, m.Count(tile))
	}
	for _, tc := range []struct{ in, text string }{
		{"J=14", `tile 1 "J=14": numbers run 1..13`},
		{"J=J", `tile 1 "J=J": a joker is declared with J= and a number (J=13: in the group of 13s) or a tile (J=o12)`},
		{"J=", `tile 1 "J=": a joker is declared with J= and a number (J=13: in the group of 13s) or a tile (J=o12)`},
		{"J=x4", `tile 1 "J=x4": unknown colour "x": colours are k, r, b, o, and J is a joker`},
		{"J7", `tile 1 "J7": unknown colour "J": colours are k, r, b, o, and J is a joker`},
	} {
		_, err := core.ParseTile(tc.in)
		require.Error(t, err, tc.in)
		assert.Equal(t, tc.text, err.Error())
	}
}

// TestDeclaredMatchesSlowRandom holds the declared path to the obvious
// reading (slowValid) on random sets with declared jokers among plain ones,
// under the printed rules, wrap and repeated colours.
func TestDeclaredMatchesSlowRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rules := []core.SetRules{core.StandardSets, {Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Wrap: core.WrapRound},
		{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Wrap: core.AceHigh, GroupColors: core.AnyColors, Copies: 2}}
	for i := range 100000 {
		n := 1 + rng.IntN(6)
		s := make(core.Set, 0, n)
		c, a := core.Color(rng.IntN(4)), 1+rng.IntN(13)
		for range n {
			switch rng.IntN(7) {
			case 0:
				s = append(s, core.Joker)
			case 1:
				s = append(s, core.GroupJoker(a))
			case 2:
				s = append(s, core.DeclaredJoker(core.NewTile(c, (a+rng.IntN(5)-1)%13+1)))
			case 3:
				s = append(s, core.NewTile(core.Color(rng.IntN(4)), a))
			default:
				s = append(s, core.NewTile(c, (a+rng.IntN(5)-1)%13+1))
			}
		}
		checkAgainstSlow(t, rules[i%len(rules)], s)
	}
}

// TestDeclaredJokerOnTheBox counts a declared joker against the box's
// jokers, and refuses a declaration of a tile the box does not have.
func TestDeclaredJokerOnTheBox(t *testing.T) {
	r := core.Original()
	assert.NoError(t, r.CheckBox(coretest.Table("[o13 J=13 J=13]")))
	err := r.CheckBox(coretest.Table("[o13 J=13 J=13] [k5 J k7]"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, core.ErrOverBox))
	assert.False(t, core.StandardTiles.Contains(core.GroupJoker(14)))
	assert.True(t, core.StandardTiles.Contains(core.GroupJoker(13)))
}
