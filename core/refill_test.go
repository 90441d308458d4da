package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// draw.refill_to fills the rack back up from the pool after a play that
// leaves it short, in the pool's order (a replay draws the same); a draw
// is a draw; a play that empties the rack ends the round as always.
func TestRefillTo(t *testing.T) {
	r := core.Original()
	r.Draw.RefillTo = 7
	require.NoError(t, r.Validate())
	deal := func(rack string) *core.Game {
		g, err := core.NewGame(r, []string{"ana", "ben"}, 3)
		require.NoError(t, err)
		require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles(rack), coretest.Tiles("k1 k2 k4")},
			Opened: []bool{true, true}, Pool: -1, Next: coretest.Tiles("o1 o2 o3 o4 o5")}))
		return g
	}
	g := deal("r1 r2 r3 k9 k10 k11 b4 b5 o8")
	pool := g.Pool()
	require.NoError(t, g.Play(coretest.Table("[r1 r2 r3] [k9 k10 k11]")))
	assert.Equal(t, "b4 b5 o1 o2 o3 o4 o8", g.Rack(0).String(), "3 tiles left, 4 drawn: 7")
	assert.Equal(t, pool-4, g.Pool())
	again, err := core.Replay(g.Rules, g.Names(), g.Seed(), g.History())
	require.NoError(t, err)
	assert.Equal(t, g.Rack(0).String(), again.Rack(0).String(), "a replay draws the same")

	drawn, err := g.Draw()
	require.NoError(t, err)
	assert.Len(t, drawn, 1, "a turn that places nothing draws draw.tiles, no refill")
	assert.Equal(t, 4, g.Rack(1).Len())

	g = deal("r1 r2 r3")
	require.NoError(t, g.Play(coretest.Table("[r1 r2 r3]")))
	assert.True(t, g.RoundOver(), "a play that empties the rack goes out")
	assert.Equal(t, 0, g.Rack(0).Len())
}
