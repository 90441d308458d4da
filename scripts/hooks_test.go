package scripts

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/variants"
)

// view is a referee's view of a two-seat game in round r.
func hookView(r int) *core.View {
	return &core.View{
		Variant: "all-hooks", Round: r, Turn: 4, Current: 1, Seat: -1,
		Rack: coretest.Tiles("r3 r4 J"), Racks: []int{9, 3}, Opened: []bool{true, false},
		Table: coretest.Table("[k1 k2 k3]"), Pool: 60, Scores: []int{12, -12}, Winner: -1,
	}
}

// hookGames is the factory of these tests.
var hookGames = NewGames()

// resolveHooked resolves a variant with its hooks compiled.
func resolveHooked(t *testing.T, nameOrPath string) *variants.Variant {
	t.Helper()
	v, err := hookGames.Resolve(nameOrPath)
	require.NoError(t, err)
	return v
}

func testHooks(t *testing.T, v *variants.Variant, seed uint64, out *bytes.Buffer) core.Hooks {
	return testHooksOf(t, hookGames, v, seed, out)
}

func testHooksOf(t *testing.T, games *Games, v *variants.Variant, seed uint64, out *bytes.Buffer) core.Hooks {
	t.Helper()
	var w io.Writer
	if out != nil {
		w = out
	}
	h, err := games.Hooks(&v.Rules, seed, w)
	require.NoError(t, err)
	if c, ok := h.(interface{ Close() error }); ok {
		t.Cleanup(func() { c.Close() })
	}
	return h
}

func TestHooks(t *testing.T) {
	v := resolveHooked(t, "../variants/testdata/hooks/all.yaml")
	assert.Equal(t, []string{"deal", "first_player", "check_play", "score_round", "on_turn_end"}, mustNames(t, v))
	var out bytes.Buffer
	h := testHooks(t, v, 1, &out)

	_, handled, err := h.Deal(hookView(1))
	require.NoError(t, err)
	assert.False(t, handled, "nil keeps the variant's deal")
	racks, handled, err := h.Deal(hookView(2))
	require.NoError(t, err)
	assert.True(t, handled)
	assert.Equal(t, [][]core.Tile{coretest.Tiles("J J r1"), coretest.Tiles("k13 o7")}, racks)

	seat, handled, err := h.FirstPlayer(hookView(1))
	require.NoError(t, err)
	assert.True(t, handled)
	assert.Equal(t, 1, seat, "Lua's seat 2 is the engine's seat 1")

	for _, tc := range []struct {
		table, placed string
		ok            bool
		reason        string
	}{
		{"[k1 k2 k3] [r5 r6 r7]", "r5 r6 r7", true, ""},
		{"[k1 k2 k3] [k11 k12 k13]", "k11 k12 k13", false, "no black 13s in this house"},
		{"[k1 k2 k3] [r5 r6 r7] [b1 b2 b3] [o1 o2 o3]", "o1 o2 o3", false, "at most 3 sets on the table, found 4"},
	} {
		ok, reason, err := h.CheckPlay(hookView(1), coretest.Table(tc.table), coretest.Tiles(tc.placed))
		require.NoError(t, err)
		assert.Equal(t, tc.ok, ok, tc.table)
		assert.Equal(t, tc.reason, reason, tc.table)
	}

	_, handled, err = h.ScoreRound(hookView(1), []int{-5, 5})
	require.NoError(t, err)
	assert.False(t, handled)
	scores, handled, err := h.ScoreRound(hookView(3), []int{-5, 5})
	require.NoError(t, err)
	assert.True(t, handled)
	assert.Equal(t, []int{-10, 10}, scores)

	require.NoError(t, h.OnTurnEnd(hookView(1)))
	assert.Equal(t, "round 1 turn 4: seat 2 of 2, pool 60, rules say 30 to open\n", out.String())
}

// math.random draws from the game's seed: the same seed, the same game.
func TestHooksSeeded(t *testing.T) {
	v := resolveHooked(t, "../variants/testdata/hooks/all.yaml")
	many := &core.View{Round: 2, Seat: -1, Winner: -1, Racks: make([]int, 16)}
	seats := func(seed uint64) []int {
		h := testHooks(t, v, seed, nil)
		var out []int
		for range 8 {
			s, _, err := h.FirstPlayer(many)
			require.NoError(t, err)
			out = append(out, s)
		}
		return out
	}
	assert.Equal(t, seats(7), seats(7))
	assert.NotEqual(t, seats(7), seats(8))
}

func TestNoHooks(t *testing.T) {
	v := resolveHooked(t, "original")
	h, err := hookGames.Hooks(&v.Rules, 1, nil)
	require.NoError(t, err)
	assert.Nil(t, h, "no Lua file, no hooks: the YAML rules decide")
}

// The shipped house rule that needs Lua.
func TestCleanOpening(t *testing.T) {
	v := resolveHooked(t, "house/clean-opening")
	h := testHooks(t, v, 1, nil)
	opening := hookView(1) // seat 2 (Current 1) has not opened
	ok, reason, err := h.CheckPlay(opening, coretest.Table("[r3 r4 J] [k10 k11 k12]"), coretest.Tiles("r3 r4 J k10 k11 k12"))
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, "house rule: the initial meld must be made without jokers", reason)

	ok, _, err = h.CheckPlay(opening, coretest.Table("[r10 r11 r12] [k10 k11 k12]"), coretest.Tiles("r10 r11 r12"))
	require.NoError(t, err)
	assert.True(t, ok, "a clean opening")

	opened := hookView(1)
	opened.Current = 0
	ok, _, err = h.CheckPlay(opened, coretest.Table("[r3 r4 J]"), coretest.Tiles("J"))
	require.NoError(t, err)
	assert.True(t, ok, "after the opening, jokers are free")
}

// hooked resolves a variant with the givenView Lua hooks in a fresh directory.
func hookedVariant(t *testing.T, src string) (*Games, *variants.Variant) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte("extends: original\nhooks: h.lua\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h.lua"), []byte(src), 0o644))
	t.Chdir(dir)
	games := NewGames()
	games.Limits.Timeout = 50 * time.Millisecond
	v, err := games.Resolve("v.yaml")
	require.NoError(t, err)
	return games, v
}

func mustNames(t *testing.T, v *variants.Variant) []string {
	t.Helper()
	names, err := hookGames.HookNames(v)
	require.NoError(t, err)
	return names
}

// A hook that fails names the variant, the hook and the Lua line, and
// changes nothing: the view it was givenView is intact, and the next call works.
func TestHookErrors(t *testing.T) {
	for _, tc := range []struct {
		name, lua string
		call      func(h core.Hooks) error
		want      string
	}{
		{"a Lua error", "function check_play(view, after, placed)\n  error('boom')\nend",
			callCheckPlay, "variant v, hook check_play: h.lua:2: boom"},
		{"a runaway hook", "function first_player(view)\n  while true do end\nend",
			callFirstPlayer, "variant v, hook first_player: h.lua:2: time limit of 50ms exceeded"},
		{"a hook that writes to its view", "function on_turn_end(view)\n  view.round = 1\nend",
			callOnTurnEnd, "variant v, hook on_turn_end: h.lua:2: attempt to change a read-only table (key round)"},
		{"a hook that changes the table", "function check_play(view, after, placed)\n  table.insert(after, {'k1'})\nend",
			callCheckPlay, "variant v, hook check_play: h.lua:2: bad argument #1 to insert (a read-only table cannot be changed by insert)"},
		{"deal returns a number", "\nfunction deal(view) return 5 end",
			callDeal, "variant v, hook deal: h.lua:2: deal returned a number; it returns nil, or a list of 2 racks, one a seat"},
		{"deal returns a bad tile", "function deal(view) return {{'r3'}, {'x9'}} end",
			callDeal, `variant v, hook deal: h.lua:1: deal returned a bad tile in rack 2: "x9": unknown colour "x": colours are k, r, b, o, and J is a joker`},
		{"deal returns a rack that is not a list", "function deal(view) return {{'r3'}, 'r4'} end",
			callDeal, "variant v, hook deal: h.lua:1: deal returned a string as rack 2; a rack is a list of tiles, as {\"r7\", \"J\"}"},
		{"first_player out of range", "function first_player(view) return 3 end",
			callFirstPlayer, "variant v, hook first_player: h.lua:1: first_player returned 3; it returns nil, or a seat from 1 to 2"},
		{"check_play says yes", "function check_play(view, after, placed) return 'yes' end",
			callCheckPlay, `variant v, hook check_play: h.lua:1: check_play returned "yes"; it returns true, or false and a reason`},
		{"check_play gives a number for a reason", "function check_play(view, after, placed) return false, 3 end",
			callCheckPlay, "variant v, hook check_play: h.lua:1: check_play returned false and a number; the reason must be a string"},
		{"score_round does not sum to zero", "function score_round(view, scores) return {1, 2} end",
			callScoreRound, "variant v, hook score_round: h.lua:1: score_round returned scores that add up to 3; they must add up to 0 (unless the variant says scoring.zero_sum: false)"},
		{"score_round forgets a seat", "function score_round(view, scores) return {0} end",
			callScoreRound, "variant v, hook score_round: h.lua:1: score_round returned a list of 1; it returns nil, or a list of 2 scores, one a seat"},
		{"score_round gives a fraction", "function score_round(view, scores) return {0.5, -0.5} end",
			callScoreRound, "variant v, hook score_round: h.lua:1: score_round returned 0.5 for seat 1; a score is a whole number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, v := hookedVariant(t, tc.lua)
			h := testHooksOf(t, games, v, 1, nil)
			err := tc.call(h)
			var he *HookError
			require.ErrorAs(t, err, &he)
			assert.Equal(t, tc.want, err.Error())
			// The game's data is untouched, and the state answers the same
			// way again: one failure does not break the game's Lua state.
			assert.Equal(t, hookView(1), givenView, "the view passed in")
			assert.Equal(t, coretest.Table("[k1 k2 k3] [r5 r6 r7]"), givenTable)
			assert.Equal(t, []int{-5, 5}, givenScores)
			assert.EqualError(t, tc.call(h), tc.want)
		})
	}
}

var (
	givenView   = hookView(1)
	givenTable  = coretest.Table("[k1 k2 k3] [r5 r6 r7]")
	givenScores = []int{-5, 5}
)

func callDeal(h core.Hooks) error {
	_, _, err := h.Deal(givenView)
	return err
}

func callFirstPlayer(h core.Hooks) error {
	_, _, err := h.FirstPlayer(givenView)
	return err
}

func callCheckPlay(h core.Hooks) error {
	_, _, err := h.CheckPlay(givenView, givenTable, coretest.Tiles("r5 r6 r7"))
	return err
}

func callScoreRound(h core.Hooks) error {
	_, _, err := h.ScoreRound(givenView, givenScores)
	return err
}

func callOnTurnEnd(h core.Hooks) error { return h.OnTurnEnd(givenView) }

func TestHookFileFailsAtGameStart(t *testing.T) {
	games, v := hookedVariant(t, "function check_play() return true end")
	// The file loaded when the variant was resolved; suppose a later
	// top-level failure, as with limits lowered for this game.
	games.Limits.Timeout = time.Nanosecond
	_, err := games.Hooks(&v.Rules, 1, nil)
	assert.EqualError(t, err, "variant v, hook file: h.lua:1: time limit of 1ns exceeded")
}

// End to end: the engine calls the hooks at their moments.
func TestHooksInAGame(t *testing.T) {
	v := resolveHooked(t, "../variants/testdata/hooks/game.yaml")
	h := testHooks(t, v, 1, nil)
	g, err := core.NewGameWithHooks(v.Rules, h, []string{"Ana", "Ben"}, 1)
	require.NoError(t, err)
	require.Equal(t, 0, g.Current(), "first_player chose the first seat")
	require.Equal(t, coretest.Rack("r10 r11 J k10 k11 k12 b1 b5 o2 o9 k3 b13 o13 r2"), g.Rack(0), "deal chose the racks")

	err = g.Play(coretest.Table("[r10 r11 J] [k10 k11 k12]"))
	require.Error(t, err)
	assert.EqualError(t, err, "the game rules refuse this play: the initial meld must be made without jokers")
	assert.ErrorIs(t, err, core.ErrVetoed)
	assert.Equal(t, core.Table(nil), g.Table(), "a vetoed play changes nothing")

	require.NoError(t, g.Play(coretest.Table("[k10 k11 k12]")))
	assert.Equal(t, 1, g.Current())
}

// BenchmarkCheckPlay is the cost a hook adds to each play: the view built
// as read-only Lua tables, and the call.
func BenchmarkCheckPlay(b *testing.B) {
	v, err := hookGames.Resolve("house/clean-opening")
	if err != nil {
		b.Fatal(err)
	}
	h, err := hookGames.Hooks(&v.Rules, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer h.(*Hooks).Close()
	after := coretest.Table("[k1 k2 k3] [r10 r11 r12] [b5 o5 k5]")
	placed := coretest.Tiles("r10 r11 r12")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := h.CheckPlay(hookView(1), after, placed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewHooks is the cost per game of a variant with hooks.
func BenchmarkNewHooks(b *testing.B) {
	v, err := hookGames.Resolve("house/clean-opening")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		h, err := hookGames.Hooks(&v.Rules, 1, nil)
		if err != nil {
			b.Fatal(err)
		}
		h.(*Hooks).Close()
	}
}

// TestHoardingHook: an on_turn_end that keeps 12 MiB more on every turn,
// each call far under the hooks' 64 MiB, is stopped by its state's account
// within a few turns, naming the limit, and stays stopped.
func TestHoardingHook(t *testing.T) {
	games, v := hookedVariant(t, `
local kept = {}
function on_turn_end(view)
	for i = 1, 12 do kept[#kept + 1] = string.rep("x", 1048000) .. #kept end
end`)
	games.Limits.Timeout = 5 * time.Minute // only the memory limit may stop it
	h := testHooksOf(t, games, v, 1, nil)
	var err error
	turns := 0
	for turns < 10 && err == nil {
		turns++
		err = h.OnTurnEnd(hookView(1))
	}
	require.Error(t, err, "a hook that hoards 12 MiB a turn ran 10 turns")
	assert.LessOrEqual(t, turns, 7)
	assert.Contains(t, err.Error(), "variant v, hook on_turn_end: h.lua:4: memory limit of 64 MiB exceeded")
	for range 2 {
		err = h.OnTurnEnd(hookView(1))
		require.Error(t, err)
	}
	assert.Contains(t, err.Error(), "unusable")
}

// The scoring keys apply after score_round: the hook sees, and must return,
// scores that sum to zero; the variant's penalty for not opening and its
// rounding then come on top, and the round's scores need not sum to zero.
func TestScoreRoundThenScoringKeys(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte("extends: original\nhooks: h.lua\n"+
		"scoring:\n  unopened_penalty: 100\n  round_to: 10\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h.lua"), []byte(
		"function score_round(view, scores)\n  local out = {}\n  for i, s in ipairs(scores) do out[i] = 2 * s end\n  return out\nend\n"), 0o644))
	t.Chdir(dir)
	games := NewGames()
	v, err := games.Resolve("v.yaml")
	require.NoError(t, err)
	g, err := games.NewGame(v.Rules, []string{"ana", "bob", "cy"}, 1, nil)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Setup{
		Racks:  [][]core.Tile{coretest.Tiles("r1 r2 r3"), coretest.Tiles("b6 b7"), coretest.Tiles("o12 o13")},
		Opened: []bool{true, true, false}, Pool: -1}))
	require.NoError(t, g.Play(coretest.Table("[r1 r2 r3]")))
	// The round: 38, -13, -25; doubled by the hook: 76, -26, -50; cy has
	// not opened: -150; to tens: 80, -30, -150.
	assert.Equal(t, []int{80, -30, -150}, g.RoundScores())
}
