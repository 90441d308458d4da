package review_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/review"
)

// playedBy plays a seeded round of original: seat 0 the beginner bot,
// the others greedy.
func playedBy(t *testing.T, seed uint64) *core.Game {
	t.Helper()
	rules := core.Original()
	rules.Match.Rounds = 1
	g, err := core.NewGame(rules, []string{"Kid", "Bob", "Cid"}, seed)
	require.NoError(t, err)
	seats := []bots.Bot{bots.NewBeginner(seed), bots.NewGreedy(), bots.NewGreedy()}
	for n := 0; n < 300 && !g.RoundOver(); n++ {
		_, err := bots.Turn(context.Background(), g, seats[g.Current()])
		require.NoError(t, err)
	}
	return g
}

// Reviewing the beginner bot: a turn where it played as many tiles as the
// best legal play is "best", and no other; the mistakes it is shown are
// ones the intermediate bot, in the same position, would not make (it
// places more); every figure adds up.
func TestReviewFindsTheBeginnersMistakes(t *testing.T) {
	var turns, best, short, betterByIntermediate int
	for seed := uint64(1); seed <= 50; seed++ {
		g := playedBy(t, seed)
		hist := g.History()
		start, err := core.NewGame(g.Rules, g.Names(), g.Seed())
		require.NoError(t, err)
		rep, err := review.Review(context.Background(), start, hist, 0, review.Options{PerTurn: 5 * time.Second})
		require.NoError(t, err)
		require.Equal(t, "Kid", rep.Seat)
		lost := 0
		for _, tr := range rep.Turns {
			turns++
			lost += tr.LostTiles
			assert.Equal(t, max(tr.Best.Tiles-tr.Played.Tiles, 0), tr.LostTiles)
			assert.LessOrEqual(t, tr.Played.Tiles, tr.Best.Tiles, "the best legal play places the most tiles (seed %d, turn %d)", seed, tr.Turn)
			if tr.Played.Tiles == tr.Best.Tiles {
				assert.Equal(t, review.Best, tr.Verdict)
				best++
				continue
			}
			assert.NotEqual(t, review.Best, tr.Verdict)
			if tr.Verdict != review.Mistake && tr.Verdict != review.Missed && tr.Verdict != review.MissedMeld {
				continue
			}
			short++
			// The same position, asked of the intermediate bot.
			at, err := core.Replay(g.Rules, g.Names(), g.Seed(), hist[:tr.Action])
			require.NoError(t, err)
			act, err := bots.Ask(context.Background(), at, bots.NewIntermediate(seed))
			require.NoError(t, err)
			if !act.Draw {
				placed := act.Table.Tiles()
				table := at.Table().Tiles()
				if n := placed.Len() - table.Len(); n > tr.Played.Tiles {
					betterByIntermediate++
				}
			}
		}
		assert.Equal(t, lost, rep.Summary.LostTiles)
		assert.Equal(t, len(rep.Turns), rep.Summary.Turns)
	}
	t.Logf("%d turns: %d best, %d mistakes or missed plays, the intermediate bot does better in %d", turns, best, short, betterByIntermediate)
	require.Greater(t, short, 10, "the beginner makes mistakes")
	assert.Greater(t, best, turns/3)
	assert.GreaterOrEqual(t, 2*betterByIntermediate, short, "most mistakes are ones the intermediate would not make")
}
