package bots

import (
	"context"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seen is a bot that notes what Act got and draws.
type seen struct {
	rules *core.Rules
	v     *core.View
}

func (b *seen) Name() string { return "seen" }

func (b *seen) Act(_ context.Context, rules *core.Rules, v *core.View) (Action, error) {
	b.rules, b.v = rules, v
	return Action{Draw: true}, nil
}

// seenReader is seen, promising to change nothing (a reader).
type seenReader struct{ seen }

func (b *seenReader) readsOnly() {}

// TestAskReader checks what Ask hands a bot: a reader (Greedy) the game's
// own table and rules, any other bot copies of both, which it may change
// without changing the game.
func TestAskReader(t *testing.T) {
	var _ reader = NewGreedy()
	var _ reader = NewPoints()
	g, err := core.NewGame(core.Original(), []string{"a", "b"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Position(2, coretest.Table("[r3 r4 r5] [k7 b7 o7]"), coretest.Tiles("r6 k1"), true, false)))
	own := g.ReadView(0).Table

	r := &seenReader{}
	_, err = Ask(context.Background(), g, r)
	require.NoError(t, err)
	assert.Same(t, &g.Rules, r.rules, "a reader gets the game's rules")
	assert.Same(t, &own[0][0], &r.v.Table[0][0], "a reader gets the game's table")
	assert.Equal(t, g.Table(), r.v.Table)

	b := &seen{}
	_, err = Ask(context.Background(), g, b)
	require.NoError(t, err)
	assert.NotSame(t, &g.Rules, b.rules, "a bot gets a copy of the rules")
	assert.Equal(t, g.Rules, *b.rules)
	assert.Equal(t, g.Table(), b.v.Table)
	b.v.Table[0][0] = core.Joker
	b.rules.Opening.Points = 1
	assert.Equal(t, coretest.Table("[r3 r4 r5] [k7 b7 o7]"), g.Table(), "a bot's view is a copy")
	assert.Equal(t, 30, g.Rules.Opening.Points)
}
