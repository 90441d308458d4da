package bots_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// greedyPositions plays seeded 4-player greedy rounds under rules and
// returns the game before each turn, for a bot to be asked about: positions
// as play meets them (openings, rearrangements, jokers on the table).
func greedyPositions(t testing.TB, rules core.Rules, games int) []*core.Game {
	t.Helper()
	var out []*core.Game
	for seed := range uint64(games) {
		g, err := core.NewGame(rules, []string{"A", "B", "C", "D"}, seed+1)
		require.NoError(t, err)
		greedy := bots.NewGreedy()
		for !g.RoundOver() && g.Turn() < 120 {
			out = append(out, g.Clone())
			_, err := bots.Turn(context.Background(), g, greedy)
			require.NoError(t, err)
		}
	}
	return out
}

// within reports whether rate is p within four standard deviations of a
// binomial share over n trials (the counts are seeded, so the test is
// deterministic; the margin only says the rate is what the doc states).
func within(rate, p float64, n int) bool {
	return math.Abs(rate-p) <= 4*math.Sqrt(p*(1-p)/float64(n))+1e-9
}

// TestPeopleRates counts, over positions of greedy games, how often each
// people-like bot sees a play it has: its opening (OpenRate), and a play
// once opened (1 - MissRate), against the same bot with every rate at
// "always sees". Each rate is the one its doc states; when it plays, it
// plays what the sharp bot plays, and the referee accepts it.
func TestPeopleRates(t *testing.T) {
	games := greedyPositions(t, core.Original(), 40)
	tests := []struct {
		name       string
		make       func(seed uint64) *bots.Person
		open, miss float64 // the stated rates
	}{
		{"beginner", bots.NewBeginner, 0.35, 0.2},
		{"intermediate", bots.NewIntermediate, 1, 0.05},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.make(7)
			assert.Equal(t, tc.open, b.OpenRate)
			assert.Equal(t, tc.miss, b.MissRate)
			sharp := tc.make(7)
			sharp.OpenRate, sharp.MissRate = 1, 0
			var openChances, opens, playChances, misses int
			for _, g := range games {
				want, err := bots.Ask(context.Background(), g, sharp)
				require.NoError(t, err)
				got, err := bots.Ask(context.Background(), g, b)
				require.NoError(t, err)
				if !got.Draw {
					require.False(t, want.Draw, "it plays only what it has")
					assert.Equal(t, want.Table.String(), got.Table.String())
					require.NoError(t, g.Clone().Play(got.Table), "the referee accepts its play")
				}
				if want.Draw {
					continue
				}
				if g.Opened(g.Current()) {
					playChances++
					if got.Draw {
						misses++
					}
				} else {
					openChances++
					if !got.Draw {
						opens++
					}
				}
			}
			require.Greater(t, openChances, 100)
			require.Greater(t, playChances, 300)
			openRate := float64(opens) / float64(openChances)
			missRate := float64(misses) / float64(playChances)
			t.Logf("%s: opened %d of %d chances (%.3f), missed %d of %d plays (%.3f)",
				tc.name, opens, openChances, openRate, misses, playChances, missRate)
			assert.True(t, within(openRate, tc.open, openChances), "opening rate %.3f, stated %.2f", openRate, tc.open)
			assert.True(t, within(missRate, tc.miss, playChances), "miss rate %.3f, stated %.2f", missRate, tc.miss)
		})
	}
}

// TestPeopleReach counts, over the same kind of positions, how many table
// sets each bot's plays change and how many jokers they free, beside
// greedy's: the beginner changes at most one set and never one holding a
// joker (so it frees none), the intermediate at most two.
func TestPeopleReach(t *testing.T) {
	games := greedyPositions(t, core.Original(), 40)
	tests := []struct {
		name      string
		bot       bots.Bot
		maxSets   int // the most sets one play may change; 0: no bound
		freesNone bool
	}{
		{"beginner", sharpen(bots.NewBeginner(1)), 1, true},
		{"intermediate", sharpen(bots.NewIntermediate(1)), 2, false},
		{"greedy", bots.NewGreedy(), 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var plays, most, freed, tiles int
			for _, g := range games {
				act, err := bots.Ask(context.Background(), g, tc.bot)
				require.NoError(t, err)
				if act.Draw {
					continue
				}
				rec, err := g.Check(act.Table)
				require.NoError(t, err, "the referee accepts the play")
				plays++
				tiles += len(rec.Placed)
				changed := map[int]bool{}
				for _, c := range rec.Changed {
					changed[c.Before] = true
				}
				most = max(most, len(changed))
				freed += len(rec.Freed)
			}
			t.Logf("%s: %d plays, %d tiles, at most %d sets changed, %d jokers freed", tc.name, plays, tiles, most, freed)
			if tc.maxSets > 0 {
				assert.LessOrEqual(t, most, tc.maxSets)
			} else {
				assert.Greater(t, most, 2, "greedy rearranges more freely")
			}
			if tc.freesNone {
				assert.Zero(t, freed, "it misses every joker retrieval")
			} else {
				assert.Positive(t, freed)
			}
		})
	}
}

// sharpen sets a person's rates to "always sees".
func sharpen(p *bots.Person) *bots.Person {
	p.OpenRate, p.MissRate = 1, 0
	return p
}

func TestPeopleAreSeeded(t *testing.T) {
	games := greedyPositions(t, core.Original(), 3)
	for _, make := range []func(uint64) *bots.Person{bots.NewBeginner, bots.NewIntermediate} {
		a, b := make(5), make(5)
		for _, g := range games {
			x, err := bots.Ask(context.Background(), g, a)
			require.NoError(t, err)
			y, err := bots.Ask(context.Background(), g, b)
			require.NoError(t, err)
			assert.Equal(t, x, y, "the same seed, the same choices")
		}
	}
}
