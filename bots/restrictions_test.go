package bots_test

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/scripts"
	"github.com/meldlab/meldlab/variants"
)

// A bot's restricted searches are its only search for an allowed play (it
// searches no families: BotLimits), so they keep their whole budget once a
// play is in hand, where a hint's, after its families, are smaller. Turn 27
// of a lab game under house/joker-grows (seed 12, game 73): with a hint's
// budget the greedy bot placed k1 k4 k7 b6 and left b2, which may join the
// joker's set as it grows, [b5 b6 J] to [b2 J b4 b5 b6].
func TestGreedyRestrictionsKeepTheirBudget(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/joker-grows-turn27.mgn")
	require.NoError(t, err)
	rec, err := record.Parse("joker-grows-turn27.mgn", data)
	require.NoError(t, err)
	games := scripts.NewGames()
	g, err := rec.Game(func(name string) (record.Variant, error) {
		v, err := variants.Resolve(name)
		if err != nil {
			return record.Variant{}, err
		}
		require.NoError(t, games.Prepare(v))
		return record.Variant{Rules: v.Rules, Hooks: func(seed uint64) (core.Hooks, error) {
			return games.Hooks(&v.Rules, seed, io.Discard)
		}}, nil
	})
	require.NoError(t, err)
	act, err := bots.Ask(context.Background(), g, bots.NewGreedy())
	require.NoError(t, err)
	rec2, err := g.Check(act.Table)
	require.NoError(t, err)
	assert.Equal(t, "k1 k4 k7 b2 b6", core.MultisetOf(rec2.Placed...).String())
}
