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
		{"beginner", bots.NewBeginner, 0.35, 0.3},
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
// greedy's: unstretched, the beginner changes at most one set and never
// one holding a joker (so it frees none), the intermediate at most two;
// stretching, either reaches up to four sets, and the beginner frees jokers.
func TestPeopleReach(t *testing.T) {
	games := greedyPositions(t, core.Original(), 40)
	tests := []struct {
		name      string
		bot       bots.Bot
		maxSets   int // the most sets one play may change; 0: no bound
		freesNone bool
	}{
		{"beginner", fixed(sharpen(bots.NewBeginner(1))), 1, true},
		{"intermediate", fixed(sharpen(bots.NewIntermediate(1))), 2, false},
		{"beginner stretching", sharpen(bots.NewBeginner(1)), 4, false},
		{"intermediate stretching", sharpen(bots.NewIntermediate(1)), 4, false},
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

// sharpen sets a person's rates to "always looks".
func sharpen(p *bots.Person) *bots.Person {
	p.OpenRate, p.MissRate = 1, 0
	return p
}

// fixed makes a person see the same every turn: no stretch, every set
// noticed.
func fixed(p *bots.Person) *bots.Person {
	p.Stretch, p.Notice = 0, 1
	return p
}

// TestPeopleFindByChance asks each person, on one position and many seeds,
// for a play that changes two table sets (a group of 5s made of the rack's
// r5 and the ends of two runs): the beginner finds it only on the turns it
// looks, stretches and notices both runs, (1-MissRate)·Stretch·Notice² of
// its seeds, the intermediate when it looks and notices both; a play of
// four sets (two such groups) only on the turns they stretch that far. So a position's solve
// rate measures how far it asks a bot to see, not only whether it looks.
func TestPeopleFindByChance(t *testing.T) {
	rules := core.Original()
	tests := []struct {
		name  string
		table string
		rack  string
		best  int
	}{
		{"two sets", "[k2 k3 k4 k5] [b5 b6 b7 b8]", "r5 k11 o1", 1},
		{"four sets", "[k2 k3 k4 k5] [b5 b6 b7 b8] [o8 o9 o10 o11] [b8 b9 b10 b11]", "r5 r11 k13", 2},
	}
	people := []struct {
		name string
		make func(uint64) *bots.Person
		want func(p *bots.Person, sets int) float64
	}{
		{"beginner", bots.NewBeginner, func(p *bots.Person, sets int) float64 {
			return (1 - p.MissRate) * math.Pow(p.Stretch, float64(sets-1)) * math.Pow(p.Notice, float64(sets))
		}},
		{"intermediate", bots.NewIntermediate, func(p *bots.Person, sets int) float64 {
			return (1 - p.MissRate) * math.Pow(p.Stretch, float64(max(sets-2, 0))) * math.Pow(p.Notice, float64(sets))
		}},
	}
	const seeds = 400
	for _, tc := range tests {
		table, err := rules.Tiles.ParseTable(tc.table)
		require.NoError(t, err)
		rack, err := rules.Tiles.ParseTiles(tc.rack)
		require.NoError(t, err)
		g, err := core.NewGame(rules, []string{"A", "B"}, 1)
		require.NoError(t, err)
		require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{rack, {core.NewTile(0, 13)}}, Table: table,
			Opened: []bool{true, true}, Pool: 20, Turn: 8}))
		for _, pc := range people {
			t.Run(tc.name+"/"+pc.name, func(t *testing.T) {
				found := 0
				for s := range uint64(seeds) {
					p := pc.make(s)
					act, err := bots.Ask(context.Background(), g, p)
					require.NoError(t, err)
					if !act.Draw {
						rec, err := g.Check(act.Table)
						require.NoError(t, err)
						if len(rec.Placed) >= tc.best {
							found++
						}
					}
				}
				rate := float64(found) / seeds
				want := pc.want(pc.make(0), len(table))
				t.Logf("found on %d of %d seeds (%.3f), expected %.3f", found, seeds, rate, want)
				assert.True(t, within(rate, want, seeds), "rate %.3f, expected %.3f", rate, want)
			})
		}
		g.Close()
	}
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
