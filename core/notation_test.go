package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

func TestParseTile(t *testing.T) {
	ok := []struct{ in, out string }{
		{"r7", "r7"}, {"R7", "r7"}, {"k13", "k13"}, {"b1", "b1"}, {"o10", "o10"},
		{"y4", "o4"}, {"Y4", "o4"}, {"J", "J"}, {"j", "J"}, {"*", "J"}, {"r07", "r7"},
	}
	for _, tc := range ok {
		got, err := core.ParseTile(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.out, got.String(), tc.in)
	}
	bad := []struct{ in, msg string }{
		{"r14", `tile 1 "r14": numbers run 1..13`},
		{"r0", `tile 1 "r0": numbers run 1..13`},
		{"x5", `tile 1 "x5": unknown colour "x": colours are k, r, b, o, and J is a joker`},
		{"♥3", `tile 1 "♥3": unknown colour "♥": colours are k, r, b, o, and J is a joker`},
		{"r", `tile 1 "r": a tile is a colour letter and a number, as r7`},
		{"r7x", `tile 1 "r7x": a tile is a colour letter and a number, as r7`},
		{"r1000", `tile 1 "r1000": numbers run 1..13`},
		{"", `tile 1 "": empty tile`},
	}
	for _, tc := range bad {
		_, err := core.ParseTile(tc.in)
		require.Error(t, err, tc.in)
		assert.Equal(t, tc.msg, err.Error())
		assert.ErrorIs(t, err, core.ErrBadTile)
	}
}

func TestParseTilesPositions(t *testing.T) {
	tiles, err := core.ParseTiles("k3  r10,r11 J")
	require.NoError(t, err)
	assert.Equal(t, "k3 r10 r11 J", core.Set(tiles).String()[1:len(core.Set(tiles).String())-1])

	_, err = core.ParseTiles("r3 r4 r14")
	assert.EqualError(t, err, `tile 3 "r14": numbers run 1..13`)
	var pe *core.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 7, pe.Column)
	assert.Equal(t, "r14", pe.Token)

	_, err = core.ParseTiles("r3 [r4]")
	assert.EqualError(t, err, `column 4 "[": a rack is tiles separated by spaces, without brackets`)

	empty, err := core.ParseTiles("  ")
	require.NoError(t, err)
	assert.Empty(t, empty)
}

func TestParseSetAndTable(t *testing.T) {
	s, err := core.ParseSet("[r3 r4 J]")
	require.NoError(t, err)
	assert.Equal(t, "[r3 r4 J]", s.String())
	s, err = core.ParseSet("r3 r4 J")
	require.NoError(t, err, "brackets may be left out of a single set")
	assert.Equal(t, "[r3 r4 J]", s.String())

	tb, err := core.ParseTable("[r3 r4 r5]\n[K8 b8 Y8]  [j b10 b11]")
	require.NoError(t, err)
	assert.Equal(t, "[r3 r4 r5] [k8 b8 o8] [J b10 b11]", tb.String())
	tb, err = core.ParseTable("")
	require.NoError(t, err)
	assert.Empty(t, tb)

	bad := []struct{ in, msg string }{
		{"[r3 r4 r5] [k8 b8 o14]", `set 2, tile 3 "o14": numbers run 1..13`},
		{"[r3 r4 r5", `set 1: the "[" at column 1 is never closed with "]"`},
		{"[r3 r4 r5]]", `column 11 "]": "]" closes no set`},
		{"[r3 [r4 r5]]", `set 1: "[" at column 5 opens a set inside a set; close the first with "]"`},
		{"[r3 r4 r5] k8", `column 12 "k8": a table is sets in brackets, as [r3 r4 r5]`},
		{"[r3 r4] []", `set 2: the set is empty`},
	}
	for _, tc := range bad {
		_, err := core.ParseTable(tc.in)
		require.Error(t, err, tc.in)
		assert.Equal(t, tc.msg, err.Error(), tc.in)
	}
	_, err = core.ParseSet("[r3 r14]")
	assert.EqualError(t, err, `tile 2 "r14": numbers run 1..13`)
	_, err = core.ParseSet("[r3] [r4]")
	assert.EqualError(t, err, `column 1 "[r3] [r4]": expected one set, found 2`)
	_, err = core.ParseSet("")
	assert.EqualError(t, err, `column 1 "": empty set`)
}

func TestParseAgainstTheBox(t *testing.T) {
	box := core.TileSet{Colors: 3, Numbers: 9, Copies: 2, Jokers: 0}
	_, err := box.ParseTile("o3")
	assert.EqualError(t, err, `tile 1 "o3": colour o is not in this box: colours are k, r, b`)
	_, err = box.ParseTile("b10")
	assert.EqualError(t, err, `tile 1 "b10": numbers run 1..9`)
	_, err = box.ParseTile("J")
	assert.EqualError(t, err, `tile 1 "J": this box has no jokers`)
}

// Notation round-trips: whatever parses prints as canonical text that parses
// back to the same value.
func FuzzParseTile(f *testing.F) {
	for _, s := range []string{"r7", "J", "*", "y13", "K1", "x", "r14", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tile, err := core.ParseTile(s)
		if err != nil {
			return
		}
		back, err := core.ParseTile(tile.String())
		if err != nil || back != tile {
			t.Fatalf("%q -> %v -> %v, %v", s, tile, back, err)
		}
	})
}

func FuzzParseSet(f *testing.F) {
	for _, s := range []string{"[r3 r4 J]", "r3 r4 r5", "[k8 b8 o8 r8]", "[J J r3]", "[", "]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := core.ParseSet(s)
		if err != nil {
			return
		}
		back, err := core.ParseSet(set.String())
		if err != nil || back.String() != set.String() {
			t.Fatalf("%q -> %v -> %v, %v", s, set, back, err)
		}
		info, verr := core.ValidateSet(set)
		if verr == nil {
			c := info.Canonical(set, 13)
			if _, err := core.ValidateSet(c); err != nil {
				t.Fatalf("canonical %v of valid %v is invalid: %v", c, set, err)
			}
		}
	})
}

func FuzzParseTable(f *testing.F) {
	for _, s := range []string{"[r3 r4 r5] [k8 b8 o8]", "", "[r3 r4 r5]]", "[[", "[r3] k3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := core.ParseTable(s)
		if err != nil {
			return
		}
		back, err := core.ParseTable(tb.String())
		if err != nil || back.String() != tb.String() {
			t.Fatalf("%q -> %v -> %v, %v", s, tb, back, err)
		}
		_ = core.ValidateTable(tb)
	})
}
