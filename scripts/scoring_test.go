package scripts

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// endsWith lays out a round about to end: seat 1 holds [r1 r2 r3] and
// plays it out; the other seats hold racks, opened says who has opened
// (seat 1 has). It returns the game after the winning play.
func endsWith(t *testing.T, variant string, racks []string, opened []bool) *core.Game {
	t.Helper()
	v := resolveHooked(t, variant)
	names := []string{"ana", "ben", "cy", "di"}[:1+len(racks)]
	g, err := hookGames.NewGame(v.Rules, names, 7, nil)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close() })
	s := core.Setup{Racks: [][]core.Tile{coretest.Tiles("r1 r2 r3")}, Table: coretest.Table("[k5 k6 k7]"),
		Opened: append([]bool{true}, opened...), Pool: -1}
	for _, r := range racks {
		s.Racks = append(s.Racks, coretest.Tiles(r))
	}
	require.NoError(t, g.Setup(s))
	require.NoError(t, g.Play(coretest.Table("[k5 k6 k7] [r1 r2 r3]")))
	require.True(t, g.RoundOver())
	return g
}

// The scoring extension points, each in a shipped variant: a loser's rack
// as the variant counts it, scores that need not add up to 0, and the
// solver asked in a score hook.
func TestScoringVariants(t *testing.T) {
	for _, tc := range []struct {
		variant string
		racks   []string
		opened  []bool
		want    []int
	}{
		// the original: the winner gains what the losers lose
		{"original", []string{"k13 o12", "b1 J"}, []bool{true, true}, []int{56, -25, -31}},
		// racks counted American style: 1 and 11-13 count 10
		{"house/american", []string{"k13 o12", "b1 J"}, []bool{true, true}, []int{60, -20, -40}},
		// a family's values: 5, 10 or 15 a tile, a joker 25
		{"house/family-values", []string{"k13 o12", "b1 J"}, []bool{true, true}, []int{60, -30, -30}},
		// two against two: seats 1 and 3, 2 and 4, each credited the team's sum
		{"house/teams", []string{"k13 o12", "b1 J", "k2"}, []bool{true, true, true}, []int{58 - 31, -25 - 2, 58 - 31, -25 - 2}},
		// only the winner scores
		{"house/winner-scores", []string{"k13 o12", "b1 J"}, []bool{true, true}, []int{56, 0, 0}},
		// a league: +50 a win, a loss capped at 25, +5 back to a loser who opened
		{"house/league", []string{"k13 o12", "b1 J", "k2"}, []bool{true, false, false}, []int{50, -20, -25, -2}},
		// the MSO: 100 more for not opening, 200 when the rack held an
		// initial meld (k10 k11 k12, 33 points); a joker costs 50
		{"mso", []string{"k10 k11 k12 J"}, []bool{false}, []int{83, -83 - 200}},
		{"mso", []string{"k1 k2 J"}, []bool{false}, []int{53, -53 - 100}},
		{"mso", []string{"k10 k11 k12 J"}, []bool{true}, []int{83, -83}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			g := endsWith(t, tc.variant, tc.racks, tc.opened)
			assert.Equal(t, tc.want, g.RoundScores())
		})
	}
}

// A score hook's scores must add up to 0 unless the variant says
// scoring.zero_sum: false.
func TestZeroSumKey(t *testing.T) {
	hook := "function score_round(view, scores) local out = {} for i = 1, #scores do out[i] = 1 end return out end\n"
	for _, tc := range []struct {
		yaml, err string
	}{
		{"extends: original\nhooks: h.lua\n", "variant v, hook score_round: h.lua:1: score_round returned scores that add up to 3; they must add up to 0 (unless the variant says scoring.zero_sum: false)"},
		{"extends: original\nhooks: h.lua\nscoring: {zero_sum: false}\n", ""},
	} {
		games, v := hookedDir(t, "name: v\n"+tc.yaml, "h.lua", hook)
		g, err := games.NewGame(v.Rules, []string{"a", "b", "c"}, 1, nil)
		require.NoError(t, err)
		require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r1 r2 r3"), coretest.Tiles("k1"), coretest.Tiles("k2")},
			Opened: []bool{true, true, true}, Pool: -1}))
		err = g.Play(coretest.Table("[r1 r2 r3]"))
		if tc.err != "" {
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			assert.False(t, g.RoundOver(), "a refused score leaves the game as it was")
		} else {
			require.NoError(t, err)
			assert.Equal(t, []int{1, 1, 1}, g.RoundScores())
		}
		g.Close()
	}
}

// meld.solve in a hook searches by the variant's keys, within its bound,
// and says whether the answer is proven.
func TestSolveInAHook(t *testing.T) {
	hook := `function score_round(view, scores)
  local t, placed, optimal = meld.solve{rack = view.rack_tiles[2], opened = false}
  print(t, placed, optimal)
  print(meld.solve{rack = "k1 b5", opened = false})
  print(meld.solve{rack = {"r7", "r8"}, table = {{"r4", "r5", "r6"}}, opened = true})
  return nil
end
`
	games, v := hookedDir(t, "name: v\nextends: original\nhooks: h.lua\n", "h.lua", hook)
	var out bytes.Buffer
	g, err := games.NewGame(v.Rules, []string{"a", "b"}, 1, &out)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r1 r2 r3"), coretest.Tiles("o13 J J k1 k2 k3 b9")},
		Opened: []bool{true, false}, Pool: -1}))
	require.NoError(t, g.Play(coretest.Table("[r1 r2 r3]")))
	assert.Equal(t, "[k1 k2 k3] [o13 J=13 J=13]\tk1 k2 k3 o13 J J\ttrue\nnil\n[r4 r5 r6 r7 r8]\tr7 r8\ttrue\n", out.String())
}
