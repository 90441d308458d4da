package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// The keys of issue 22 that house rules need: each value of each, in
// scenarios written in tile notation.

// draw.tiles_opened: what a player who has opened draws; 0 follows
// draw.tiles.
func TestDrawTilesOpened(t *testing.T) {
	tests := []struct {
		name        string
		tiles, open int // draw.tiles, draw.tiles_opened
		opened      bool
		want        string // the tiles drawn
	}{
		{"0 follows draw.tiles, not opened", 1, 0, false, "r1"},
		{"0 follows draw.tiles, opened", 1, 0, true, "r1"},
		{"0 follows draw.tiles of 2", 2, 0, true, "r1 r2"},
		{"2 once opened: opened", 1, 2, true, "r1 r2"},
		{"2 once opened: not opened draws draw.tiles", 1, 2, false, "r1"},
		{"3 once opened, 0 before", 0, 3, true, "r1 r2 r3"},
		{"3 once opened, 0 before: not opened", 0, 3, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.Draw.Tiles, r.Draw.TilesOpened = tt.tiles, tt.open
			g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
			require.NoError(t, err)
			require.NoError(t, g.Setup(core.Setup{
				Racks:  [][]core.Tile{coretest.Tiles("k5 k9"), coretest.Tiles("b1 b2")},
				Table:  coretest.Table("[o7 o8 o9]"),
				Opened: []bool{tt.opened, false}, Pool: -1, Next: coretest.Tiles("r1 r2 r3 r4")}))
			drawn, err := g.Draw()
			require.NoError(t, err)
			assert.Equal(t, tt.want, core.MultisetOf(drawn...).String())
			assert.Equal(t, 1, g.Current(), "the turn ended")
		})
	}
}
