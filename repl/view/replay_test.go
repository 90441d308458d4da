package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
)

// A game stepped through: the deal, then each action with who did it, the
// table and racks after it, the sets it lit and its words.
func TestSteps(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 3)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r3 r4 r5 k9"), coretest.Tiles("o1 o2")},
		Opened: []bool{true, true}, Pool: -1}))
	hist0 := len(g.History())
	require.NoError(t, g.Play(coretest.Table("[r3 r4 r5]")))
	_, err = g.Draw()
	require.NoError(t, err)
	at, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 3)
	require.NoError(t, err)

	p := Painter{Lang: i18n.New(i18n.English)}
	steps, err := p.Steps(at, g.History())
	require.NoError(t, err)
	require.Len(t, steps, hist0+3)
	assert.Equal(t, "deal", steps[0].Kind)
	assert.Equal(t, "the deal of round 1", steps[0].Text)
	play, draw := steps[hist0+1], steps[hist0+2]
	assert.Equal(t, Step{Round: 1, Turn: 1, Seat: "ana", Kind: "play", Placed: []string{"r3", "r4", "r5"},
		Table: [][]string{{"r3", "r4", "r5"}}, Lit: []int{0}, Racks: [][]string{{"k9"}, {"o1", "o2"}},
		Text: "ana places r3 r4 r5"}, play)
	assert.Equal(t, "bob draws", draw.Text)
	assert.Equal(t, "bob", draw.Seat)
	assert.Len(t, draw.Drawn, 1)
	assert.Len(t, draw.Racks[1], 3)
}
