package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// closingHooks count how often they are closed.
type closingHooks struct {
	core.Hooks
	closed int
}

func (h *closingHooks) Close() error { h.closed++; return nil }

type noHooks struct{}

func (noHooks) Deal(*core.View) ([][]core.Tile, bool, error) { return nil, false, nil }
func (noHooks) FirstPlayer(*core.View) (int, bool, error)    { return 0, false, nil }
func (noHooks) CheckPlay(*core.View, core.Table, []core.Tile) (bool, string, error) {
	return true, "", nil
}
func (noHooks) ScoreRound(*core.View, []int) ([]int, bool, error) { return nil, false, nil }
func (noHooks) OnTurnEnd(*core.View) error                        { return nil }

// The game owns its hooks: they are closed once, by Close, never by a
// clone; SetHooks closes the hooks it replaces; a game that cannot start
// closes the hooks it was given.
func TestGameOwnsItsHooks(t *testing.T) {
	h := &closingHooks{Hooks: noHooks{}}
	g, err := core.NewGameWithHooks(core.Original(), h, []string{"ann", "bob"}, 1)
	require.NoError(t, err)
	c := g.Clone()
	require.NoError(t, c.Close())
	assert.Equal(t, 0, h.closed, "a clone borrows the hooks")
	require.NoError(t, g.Close())
	require.NoError(t, g.Close())
	assert.Equal(t, 1, h.closed, "closed once")
	assert.Nil(t, g.Hooks)

	h2, h3 := &closingHooks{Hooks: noHooks{}}, &closingHooks{Hooks: noHooks{}}
	g.SetHooks(h2)
	g.SetHooks(h2)
	assert.Equal(t, 0, h2.closed, "setting the same hooks again keeps them")
	g.SetHooks(h3)
	assert.Equal(t, 1, h2.closed, "replaced hooks are closed")
	require.NoError(t, g.Close())
	assert.Equal(t, 1, h3.closed)

	h4 := &closingHooks{Hooks: noHooks{}}
	_, err = core.NewGameWithHooks(core.Original(), h4, []string{"ann"}, 1)
	require.Error(t, err)
	assert.Equal(t, 1, h4.closed, "a game that cannot start closes its hooks")
}
