package core_test

import (
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func racksOf(racks ...string) []core.Multiset {
	out := make([]core.Multiset, len(racks))
	for i, r := range racks {
		out[i] = coretest.Rack(r)
	}
	return out
}

func TestScoreRound(t *testing.T) {
	own := core.French() // losers pay their own totals
	for _, tc := range []struct {
		name    string
		rules   core.Rules
		racks   []string
		out     int
		scores  []int
		winners []int
	}{
		{"went out; a joker costs 30", core.Original(), []string{"", "k3 r10 J", "o5"}, 0, []int{48, -43, -5}, []int{0}},
		{"went out; own totals even under difference", core.Original(), []string{"k2", "", "o5 o6"}, 1, []int{-2, 13, -11}, []int{1}},
		{"pool out, difference", core.Original(), []string{"k9", "r3 r4", "b10 b11"}, -1, []int{-2, 16, -14}, []int{1}},
		{"pool out, own", own, []string{"k9", "r3 r4", "b10 b11"}, -1, []int{-9, 30, -21}, []int{1}},
		{"pool out, tie goes to fewer tiles", core.Original(), []string{"k7", "r3 r4", "b10"}, -1, []int{3, 0, -3}, []int{0}},
		{"pool out, shared round, remainder to the first", own, []string{"r3 r4", "k10", "b2 b5", "o13"}, -1,
			[]int{12, -10, 11, -13}, []int{0, 2}},
		{"pool out, shared round, difference", core.Original(), []string{"r3 r4", "k10", "b2 b5", "o13"}, -1,
			[]int{5, -3, 4, -6}, []int{0, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scores, winners := core.ScoreRound(tc.rules, racksOf(tc.racks...), tc.out)
			assert.Equal(t, tc.scores, scores)
			assert.Equal(t, tc.winners, winners)
			sum := 0
			for _, s := range scores {
				sum += s
			}
			assert.Zero(t, sum, "scores sum to zero")
		})
	}
}

// The pool runs out under the original (losers pay the difference) and the
// French rules (losers pay their own totals).
func TestEndOfPoolEditions(t *testing.T) {
	for _, tc := range []struct {
		rules  core.Rules
		scores []int
	}{{core.Original(), []int{-1, 1}}, {core.French(), []int{-8, 8}}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			g, err := core.NewGame(tc.rules, []string{"Ann", "Bob"}, 3)
			require.NoError(t, err)
			require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("k8"), coretest.Tiles("k7")},
				Pool: 0}))
			for !g.RoundOver() {
				drawn, err := g.Draw()
				require.NoError(t, err)
				require.Empty(t, drawn)
			}
			assert.Equal(t, tc.scores, g.RoundScores())
			assert.Equal(t, 1, g.Winner())
			assert.Equal(t, 2, g.Turn(), "one pass each")
			err = g.Setup(core.Setup{Racks: make([][]core.Tile, 2)})
			assert.Equal(t, "round 1 is over: deal the next round before setting up a scenario", err.Error())
			assert.ErrorIs(t, err, core.ErrRoundOver)
		})
	}
}

// The two scoring tables of docs/rules.md, and a match where the two ways of
// picking the winner disagree.
func TestMatchWinner(t *testing.T) {
	original := [][]int{{24, -5, -16, -3}, {-6, -11, 22, -5}, {-32, -13, -2, 47}, {-10, -25, 41, -6}}
	french := original[:3]
	split := [][]int{{10, -10}, {10, -10}, {-50, 50}}
	for _, tc := range []struct {
		name   string
		rounds [][]int
		rule   core.MatchWinner
		totals []int
		won    []int
		winner int
	}{
		{"000: C won two rounds", original, core.MostRounds, []int{-24, -54, 45, 33}, []int{1, 0, 2, 1}, 2},
		{"003: D has the highest total", french, core.HighestTotal, []int{-14, -29, 4, 39}, []int{1, 0, 1, 1}, 3},
		{"003 under most rounds: a tie broken by total", french, core.MostRounds, []int{-14, -29, 4, 39}, []int{1, 0, 1, 1}, 3},
		{"most rounds", split, core.MostRounds, []int{-30, 30}, []int{2, 1}, 0},
		{"highest total", split, core.HighestTotal, []int{-30, 30}, []int{2, 1}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			totals, won, winner := core.MatchResult(tc.rule, tc.rounds)
			assert.Equal(t, tc.totals, totals)
			assert.Equal(t, tc.won, won)
			assert.Equal(t, tc.winner, winner)
			assert.Equal(t, tc.winner, core.MatchWinnerOf(tc.rule, totals, won))
		})
	}
}

// A whole match through Game: rounds scored, totals kept, the match ended
// after Rules.Match.Rounds, the winner picked by the variant's rule.
func TestMatchThroughGame(t *testing.T) {
	for _, tc := range []struct {
		rules  core.Rules
		winner int
	}{{core.Original(), 0}, {core.French(), 1}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			rules := tc.rules
			rules.Match.Rounds = 3
			g, err := core.NewGame(rules, []string{"Ann", "Bob"}, 5)
			require.NoError(t, err)
			// Ann wins two small rounds, Bob one big one.
			for _, racks := range [][2]string{{"k1", "k2"}, {"k1", "k2"}, {"r13 b13 J", "k1"}} {
				require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles(racks[0]), coretest.Tiles(racks[1])},
					Pool: 0, Turn: 2}))
				for !g.RoundOver() {
					_, err := g.Draw()
					require.NoError(t, err)
				}
				if !g.MatchOver() {
					assert.Equal(t, -1, g.MatchWinner())
					require.NoError(t, g.NextRound())
					assert.Equal(t, 14, rackLen(g, 0), "a fresh deal")
				}
			}
			require.True(t, g.MatchOver())
			assert.Equal(t, 3, g.Round())
			assert.Equal(t, []int{2, 1}, g.RoundsWon())
			assert.Equal(t, tc.winner, g.MatchWinner())
			sum := 0
			for _, x := range g.Totals() {
				sum += x
			}
			assert.Zero(t, sum)
			err = g.NextRound()
			assert.ErrorIs(t, err, core.ErrMatchOver)
			want := []string{"the match is over: Ann (seat 1) won after 3 rounds", "the match is over: Bob (seat 2) won after 3 rounds"}
			assert.Equal(t, want[tc.winner], err.Error())
		})
	}
}

func TestNextRoundTooSoon(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 5)
	require.NoError(t, err)
	err = g.NextRound()
	assert.Equal(t, "round 1 is not over yet", err.Error())
	assert.ErrorIs(t, err, core.ErrRoundNotOver)
}
