package core_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/internal/files"
)

// The keys of issue 22 that house rules need: each value of each, in
// scenarios written in tile notation.

// draw.tiles_opened: what a player who has opened draws; 0 follows
// draw.tiles.
func TestDrawTilesOpened(t *testing.T) {
	tests := []struct {
		name        string
		tiles, open int // draw.tiles, draw.tiles_opened
		opened      bool
		want        string // the tiles drawn
	}{
		{"0 follows draw.tiles, not opened", 1, 0, false, "r1"},
		{"0 follows draw.tiles, opened", 1, 0, true, "r1"},
		{"0 follows draw.tiles of 2", 2, 0, true, "r1 r2"},
		{"2 once opened: opened", 1, 2, true, "r1 r2"},
		{"2 once opened: not opened draws draw.tiles", 1, 2, false, "r1"},
		{"3 once opened, 0 before", 0, 3, true, "r1 r2 r3"},
		{"3 once opened, 0 before: not opened", 0, 3, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.Draw.Tiles, r.Draw.TilesOpened = tt.tiles, tt.open
			g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
			require.NoError(t, err)
			require.NoError(t, g.Setup(core.Setup{
				Racks:  [][]core.Tile{coretest.Tiles("k5 k9"), coretest.Tiles("b1 b2")},
				Table:  coretest.Table("[o7 o8 o9]"),
				Opened: []bool{tt.opened, false}, Pool: -1, Next: coretest.Tiles("r1 r2 r3 r4")}))
			drawn, err := g.Draw()
			require.NoError(t, err)
			assert.Equal(t, tt.want, core.MultisetOf(drawn...).String())
			assert.Equal(t, 1, g.Current(), "the turn ended")
		})
	}
}

// end_of_pool.play: what an empty pool does to the round.
func TestEndOfPoolPlay(t *testing.T) {
	type step struct {
		act  string // "draw", "timeout" or a table to play
		over bool   // the round is over after it
	}
	tests := []struct {
		name   string
		play   string
		pool   string // the pool's tiles, drawn in order
		first  int    // the seat to play first: 0 ana, 1 bob (who can place), 2 cy
		steps  []step
		scores []int // when the round ends
	}{
		{"pass_round: everyone passes in a row", "pass_round", "", 0,
			[]step{{"draw", false}, {"draw", false}, {"draw", true}}, []int{-11, -27, 38}},
		{"pass_round: a play resets the passes", "pass_round", "", 0,
			[]step{{"draw", false}, {"[k1 k2 k3] [o7 o8 o9] [r5 r6 r7]", false}, {"draw", false}, {"draw", false}, {"draw", true}}, []int{-11, 17, -6}},
		{"must_place: the first who places nothing ends it", "must_place", "", 0,
			[]step{{"draw", true}}, []int{-11, -27, 38}},
		{"must_place: a play goes on, a pass ends it", "must_place", "", 1,
			[]step{{"[k1 k2 k3] [o7 o8 o9] [r5 r6 r7]", false}, {"draw", true}}, []int{-11, 17, -6}},
		{"must_place: running out of time places nothing", "must_place", "", 0,
			[]step{{"timeout", true}}, []int{-11, -27, 38}},
		{"must_place: drawing the last tile is not a pass", "must_place", "b9", 0,
			[]step{{"draw", false}, {"draw", true}}, []int{-20, -27, 47}},
		{"score_now: the round ends with the turn that empties the pool", "score_now", "b9", 0,
			[]step{{"draw", true}}, []int{-20, -27, 47}},
		{"score_now: an empty pool ends the next turn", "score_now", "", 1,
			[]step{{"[k1 k2 k3] [o7 o8 o9] [r5 r6 r7]", true}}, []int{-11, 17, -6}},
		{"score_now: a pool with tiles plays on", "score_now", "b9 b10", 0,
			[]step{{"draw", false}, {"draw", true}}, []int{-20, -37, 57}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.EndOfPool.LosersScore = core.Own
			k := core.LookupRuleKey("end_of_pool.play")
			require.NotNil(t, k)
			require.NoError(t, k.Check(tt.play))
			k.Set(&r, tt.play)
			g, err := core.NewGame(r, []string{"ana", "bob", "cy"}, 1)
			require.NoError(t, err)
			pool := coretest.Tiles(tt.pool)
			require.NoError(t, g.Setup(core.Setup{
				Racks:  [][]core.Tile{coretest.Tiles("r2 k4 k5"), coretest.Tiles("r5 r6 r7 k1 k2 k3 b3"), coretest.Tiles("k6")},
				Table:  coretest.Table("[o7 o8 o9]"),
				Opened: []bool{true, true, true}, Pool: len(pool), Next: pool, Current: tt.first}))
			for i, s := range tt.steps {
				switch s.act {
				case "draw":
					_, err = g.Draw()
				case "timeout":
					_, err = g.Timeout()
				default:
					err = g.Play(coretest.Table(s.act))
				}
				require.NoError(t, err, "step %d", i+1)
				require.Equal(t, s.over, g.RoundOver(), "step %d: round over", i+1)
			}
			assert.Equal(t, tt.scores, g.RoundScores())
		})
	}
}

// goOut plays a round at once: seat w (of two) goes out with [r1 r2 r3];
// the other is left holding loser.
func goOut(t *testing.T, g *core.Game, w int, loser string) {
	t.Helper()
	racks := [][]core.Tile{coretest.Tiles(loser), coretest.Tiles(loser)}
	racks[w] = coretest.Tiles("r1 r2 r3")
	require.NoError(t, g.Setup(core.Setup{Racks: racks, Opened: []bool{true, true}, Pool: -1, Current: w}))
	require.NoError(t, g.Play(coretest.Table("[r1 r2 r3]")))
	require.True(t, g.RoundOver())
}

// match.target: the match ends when a total reaches it, within
// match.rounds (0: no set number with a target); match.winner still
// picks the winner.
func TestMatchTarget(t *testing.T) {
	type round struct {
		winner int
		loser  string // the loser's rack
	}
	tests := []struct {
		name           string
		target, rounds int
		winner         string
		plays          []round
		over           []bool // after each round
		champ          int
	}{
		{"0: one round a player", 0, 0, "highest_total",
			[]round{{0, "k12 k13"}, {1, "k5"}}, []bool{false, true}, 0},
		{"20: reached in round 1", 20, 0, "highest_total",
			[]round{{0, "k12 k13"}}, []bool{true}, 0},
		{"30: reached in round 2", 30, 0, "highest_total",
			[]round{{0, "k12 k13"}, {0, "k5"}}, []bool{false, true}, 0},
		{"60: no round limit under a target", 60, 0, "highest_total",
			[]round{{0, "k12 k13"}, {1, "k5"}, {0, "k12 k13"}, {0, "k12 k13"}}, []bool{false, false, false, true}, 0},
		{"60 within 2 rounds: the rounds end it", 60, 2, "highest_total",
			[]round{{0, "k12 k13"}, {1, "k5"}}, []bool{false, true}, 0},
		{"50 under most_rounds: the target ends it, most rounds wins", 50, 0, "most_rounds",
			[]round{{1, "k2 k3"}, {1, "k2 k3"}, {0, "k10 k11 k12 k13 o12 o13"}}, []bool{false, false, true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			k := core.LookupRuleKey("match.target")
			require.NotNil(t, k)
			k.Set(&r, tt.target)
			r.Match.Rounds = tt.rounds
			core.LookupRuleKey("match.winner").Set(&r, tt.winner)
			g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
			require.NoError(t, err)
			for i, rd := range tt.plays {
				if i > 0 {
					require.NoError(t, g.NextRound(), "round %d", i+1)
				}
				goOut(t, g, rd.winner, rd.loser)
				require.Equal(t, tt.over[i], g.MatchOver(), "round %d: totals %v", i+1, g.Totals())
			}
			assert.Equal(t, tt.champ, g.MatchWinner())
			err = g.NextRound()
			require.ErrorIs(t, err, core.ErrMatchOver)
		})
	}
}

// scoring.unopened_penalty and scoring.round_to: points a player who never
// opened loses on top, nobody gaining them, and each round score rounded
// (half away from zero). Scores then need not sum to zero.
func TestScoringKeys(t *testing.T) {
	tests := []struct {
		name             string
		penalty, roundTo int
		out              bool  // ana goes out; else the pool runs out and all pass
		want             []int // ana, bob (opened), cy (never opened)
	}{
		{"no penalty, no rounding", 0, 0, true, []int{38, -13, -25}},
		{"round_to 1 changes nothing", 0, 1, true, []int{38, -13, -25}},
		{"penalty 100: cy loses it on top", 100, 0, true, []int{38, -13, -125}},
		{"round_to 10: half away from zero", 0, 10, true, []int{40, -10, -30}},
		{"round_to 5", 0, 5, true, []int{40, -15, -25}},
		{"penalty 100 and round_to 10", 100, 10, true, []int{40, -10, -130}},
		{"pool out, no penalty", 0, 0, false, []int{-31, -13, 44}},
		{"pool out, penalty 50: the unopened winner pays too", 50, 0, false, []int{-31, -13, -6}},
		{"pool out, penalty 50, round_to 10", 50, 10, false, []int{-30, -10, -10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.EndOfPool.LosersScore = core.Own
			for path, v := range map[string]int{"scoring.unopened_penalty": tt.penalty, "scoring.round_to": tt.roundTo} {
				k := core.LookupRuleKey(path)
				require.NotNil(t, k, path)
				require.NoError(t, k.Check(v))
				k.Set(&r, v)
			}
			g, err := core.NewGame(r, []string{"ana", "bob", "cy"}, 1)
			require.NoError(t, err)
			racks := [][]core.Tile{coretest.Tiles("r1 r2 r3 k12 k13"), coretest.Tiles("b6 b7"), coretest.Tiles("o12 o13")}
			if !tt.out {
				racks[2] = coretest.Tiles("o1 o2")
			}
			require.NoError(t, g.Setup(core.Setup{Racks: racks, Table: coretest.Table("[k9 k10 k11]"),
				Opened: []bool{true, true, false}, Pool: 0}))
			if tt.out {
				require.NoError(t, g.Play(coretest.Table("[k9 k10 k11 k12 k13] [r1 r2 r3]")))
			} else {
				for range 3 {
					_, err := g.Draw()
					require.NoError(t, err)
				}
			}
			require.True(t, g.RoundOver())
			assert.Equal(t, tt.want, g.RoundScores())
			assert.Equal(t, tt.want, g.Totals())
		})
	}
}

// opening.lock_ends: turns with opening.lock_turns: N locks the table's
// sets during each player's own first N turns of the round.
func TestLockTurns(t *testing.T) {
	extend := "[r3 r4 r5 r6] [o7 o8 o9]" // changes set 1: refused while locked
	fresh := "[r3 r4 r5] [o7 o8 o9] [k1 k2 k3]"
	tests := []struct {
		name    string
		turns   int // opening.lock_turns
		turn    int // turns ended this round (Setup.Turn), ana to play
		current int
		play    string
		locked  bool
	}{
		{"1: ana's first turn is locked", 1, 0, 0, extend, true},
		{"1: a new set is allowed while locked", 1, 0, 0, fresh, true},
		{"1: bob's first turn is locked after ana's", 1, 1, 1, extend, true},
		{"1: ana's second turn is free", 1, 2, 0, extend, false},
		{"3: ana's third turn is locked", 3, 4, 0, extend, true},
		{"3: bob's third turn is locked", 3, 5, 1, extend, true},
		{"3: ana's fourth turn is free", 3, 6, 0, extend, false},
		{"3: bob, who started, is free on his fourth", 3, 6, 1, extend, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := core.Original()
			r.Name = "locked"
			r.Opening.FirstRoundLocked = true
			k := core.LookupRuleKey("opening.lock_ends")
			require.NoError(t, k.Check("turns"))
			k.Set(&r, "turns")
			core.LookupRuleKey("opening.lock_turns").Set(&r, tt.turns)
			require.NoError(t, r.Validate())
			g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
			require.NoError(t, err)
			racks := [][]core.Tile{coretest.Tiles("r6 k1 k2 k3 b9"), coretest.Tiles("r6 k1 k2 k3 b9")}
			require.NoError(t, g.Setup(core.Setup{Racks: racks, Table: coretest.Table("[r3 r4 r5] [o7 o8 o9]"),
				Opened: []bool{true, true}, Pool: -1, Turn: tt.turn, Current: tt.current}))
			assert.Equal(t, tt.locked, g.Locked())
			assert.Equal(t, tt.locked, g.View(tt.current).Locked, "the solver's view")
			err = g.Play(coretest.Table(tt.play))
			if tt.locked && tt.play == extend {
				require.ErrorIs(t, err, core.ErrFirstRoundLocked)
				assert.Equal(t, "set 1 [r3 r4 r5] was changed; the locked rules lock the sets on the table "+
					fmt.Sprintf("during each player's first %d %s (new sets only)", tt.turns, map[bool]string{true: "turn", false: "turns"}[tt.turns == 1]),
					err.Error())
				return
			}
			require.NoError(t, err)
		})
	}

	// Played from the deal: each seat's own turns count, whoever started.
	r := core.Original()
	r.Opening.FirstRoundLocked, r.Opening.LockEnds, r.Opening.LockTurns = true, core.LockTurns, 2
	g, err := core.NewGame(r, []string{"ana", "bob", "cy"}, 5)
	require.NoError(t, err)
	for turn := range 9 {
		assert.Equal(t, turn < 6, g.Locked(), "turn %d", turn+1)
		_, err := g.Draw()
		require.NoError(t, err)
	}
}

// A lock of turns needs a number of turns.
func TestLockTurnsNeedsTurns(t *testing.T) {
	r := core.Original()
	r.Opening.FirstRoundLocked, r.Opening.LockEnds = true, core.LockTurns
	assert.EqualError(t, r.Validate(), "opening.lock_ends is turns but opening.lock_turns is 0: "+
		"say how many of each player's turns the table stays locked, as lock_turns: 3")
	r.Opening.LockTurns = 101
	assert.EqualError(t, r.Validate(), "opening.lock_turns is 101; it must be 0..100")
}

// houseRules sets every key of issue 22.
func houseRules() core.Rules {
	r := core.Original()
	r.Name = "house/everything"
	r.Draw.TilesOpened = 2
	r.EndOfPool.Play = core.MustPlace
	r.Scoring = core.Scoring{UnopenedPenalty: 100, RoundTo: 10}
	r.Match.Target, r.Match.Winner = 150, core.HighestTotal
	r.Opening.FirstRoundLocked, r.Opening.LockEnds, r.Opening.LockTurns = true, core.LockTurns, 3
	r.Sets.Wrap, r.Sets.GroupColors = core.AceHigh, core.AnyColors
	return r
}

// The new keys round-trip in a save: written, read back, and replayed to
// the same game; a save without them (written before they were) reads as
// the books' rules.
func TestHouseKeysSave(t *testing.T) {
	r := houseRules()
	g, err := core.NewGame(r, []string{"ana", "bob", "cy"}, 9)
	require.NoError(t, err)
	for range 30 {
		if g.RoundOver() {
			break
		}
		_, err := g.Draw()
		require.NoError(t, err)
	}
	path := t.TempDir() + "/game.json"
	require.NoError(t, files.SaveGame(g, path, nil))
	f, err := files.ReadSave(path)
	require.NoError(t, err)
	assert.Equal(t, r, f.Rules, "every key as saved")
	h, err := f.Game(nil)
	require.NoError(t, err)
	assert.Equal(t, g.Rules, h.Rules)
	assert.Equal(t, g.Rack(0), h.Rack(0))
	assert.Equal(t, g.Locked(), h.Locked())

	// A save of the original leaves the new keys out, so saves written
	// before them read the same.
	o, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, files.SaveGame(o, path, nil))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, key := range []string{"tiles_opened", `"play"`, "scoring", "target", "lock_turns", "group_colors"} {
		assert.NotContains(t, string(data), key)
	}
}

// A position asked about without a game (a solver problem) is locked or
// not as asked, under a lock of turns too.
func TestPositionUnderLockTurns(t *testing.T) {
	r := houseRules()
	r.Opening.LockTurns = core.MaxLockTurns
	for _, locked := range []bool{true, false} {
		g, err := core.NewGame(r, []string{"a", "b", "c"}, 1)
		require.NoError(t, err)
		require.NoError(t, g.Setup(core.Position(3, coretest.Table("[r3 r4 r5]"), coretest.Tiles("r6"), true, locked)))
		assert.Equal(t, locked, g.Locked())
	}
}
