package core_test

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestTileIsOneByte(t *testing.T) {
	assert.Equal(t, uintptr(1), unsafe.Sizeof(core.Tile(0)))
}

func TestTileParts(t *testing.T) {
	r7 := core.NewTile(core.Red, 7)
	assert.Equal(t, core.Red, r7.Color())
	assert.Equal(t, 7, r7.Number())
	assert.False(t, r7.IsJoker())
	assert.True(t, r7.Valid())
	assert.Equal(t, "r7", r7.String())
	assert.Equal(t, "red 7", r7.Name())
	assert.Equal(t, "orange 13", core.NewTile(core.Orange, 13).Name())
	assert.Equal(t, "k1", core.NewTile(core.Black, 1).String())

	assert.True(t, core.Joker.IsJoker())
	assert.Equal(t, 0, core.Joker.Number())
	assert.Equal(t, "J", core.Joker.String())
	assert.Equal(t, "joker", core.Joker.Name())

	assert.False(t, core.NoTile.Valid(), "the zero tile is no tile")
	assert.Equal(t, "-", core.NoTile.String())
	assert.Equal(t, "blue", core.Blue.String())
	assert.Equal(t, byte('o'), core.Orange.Letter())
}

func TestTileSets(t *testing.T) {
	assert.Equal(t, 106, core.StandardTiles.Size())
	assert.Equal(t, 160, core.XPTiles.Size())
	assert.Len(t, core.StandardTiles.Tiles(), 106)
	assert.Len(t, core.XPTiles.Tiles(), 160)
	full := core.XPTiles.Full()
	assert.Equal(t, 160, full.Len())
	assert.Equal(t, 4, full.Jokers())
	assert.Equal(t, 3, full.Count(core.NewTile(core.Blue, 13)))
	assert.Equal(t, 52, full.Distinct())

	noJokers := core.TileSet{Colors: 4, Numbers: 13, Copies: 2}
	assert.Equal(t, 104, noJokers.Size())
	assert.False(t, noJokers.Contains(core.Joker))
	assert.True(t, core.StandardTiles.Contains(core.Joker))
	assert.False(t, core.StandardTiles.Contains(core.NewTile(core.Red, 14)))

	require.NoError(t, core.StandardTiles.Validate())
	err := core.TileSet{Colors: 7, Numbers: 0, Copies: 1, Jokers: -1}.Validate()
	assert.EqualError(t, err, "tiles: colors is 7; it must be 1..6\n"+
		"tiles: numbers is 0; it must be 1..15\n"+
		"tiles: jokers is -1; it must be 0..255")
}

func TestMultiset(t *testing.T) {
	var m core.Multiset
	r3, k3 := core.NewTile(core.Red, 3), core.NewTile(core.Black, 3)
	m.Add(r3)
	m.Add(r3)
	m.Add(core.Joker)
	m.Add(k3)
	m.Add(core.NoTile) // ignored
	assert.Equal(t, 4, m.Len())
	assert.Equal(t, 2, m.Count(r3))
	assert.Equal(t, 1, m.Jokers())
	assert.Equal(t, "k3 r3 r3 J", m.String())
	assert.Equal(t, uint64(1)<<r3|uint64(1)<<k3, m.Bits())
	assert.Equal(t, uint16(1<<3), m.Lane(core.Red))
	assert.Equal(t, 9+30, m.Value(30))
	assert.Equal(t, 9, m.Value(0))

	assert.True(t, m.Remove(r3))
	assert.Equal(t, 1, m.Count(r3))
	assert.NotZero(t, m.Bits()&(1<<r3), "one r3 is left")
	assert.True(t, m.Remove(r3))
	assert.Zero(t, m.Bits()&(1<<r3), "the bit goes with the last copy")
	assert.False(t, m.Remove(r3), "nothing to remove")
	assert.Equal(t, 2, m.Len())

	copyOf := m // a Multiset is a value
	copyOf.Add(r3)
	assert.Equal(t, 2, m.Len())

	a := core.MultisetOf(r3, r3, k3, core.Joker)
	b := core.MultisetOf(r3, core.Joker)
	assert.True(t, a.Includes(&b))
	assert.False(t, b.Includes(&a))
	d := a.Minus(&b)
	assert.Equal(t, "k3 r3", d.String())
	b.AddAll(&d)
	assert.Equal(t, a.String(), b.String())
}

// Every tile value says the notation AppendText writes.
func TestTileStringEveryValue(t *testing.T) {
	for i := range 256 {
		tile := core.Tile(i)
		want := string(tile.AppendText(nil))
		if !tile.Valid() {
			want = "-"
		}
		if got := tile.String(); got != want {
			t.Errorf("Tile(%d).String() = %q, want %q", i, got, want)
		}
	}
}

// AppendTiles writes rack notation, as a set's text without its brackets.
func TestAppendTiles(t *testing.T) {
	assert.Equal(t, "k3 r10 J", string(core.AppendTiles([]byte(nil), coretest.Tiles("k3 r10 J"))))
	assert.Equal(t, "rack: ", string(core.AppendTiles([]byte("rack: "), nil)))
	s := coretest.Set("[o1 o2 o3 J]")
	assert.Equal(t, s.String(), "["+string(core.AppendTiles(nil, s))+"]")
}
