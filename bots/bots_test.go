package bots_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestRegistry(t *testing.T) {
	assert.Equal(t, []string{"beginner", "greedy", "intermediate", "patient", "planner", "points", "random"}, bots.Names())
	for _, name := range bots.Names() {
		b, err := bots.New(name, 1)
		require.NoError(t, err)
		assert.Equal(t, name, b.Name())
	}
	tests := []struct {
		spec, err string
	}{
		{"randon", `unknown bot "randon" (did you mean "random"?); the bots are beginner, greedy, intermediate, patient, planner, points, random, or the path to a .lua file`},
		{"scripts/bots/cautious.lua", `"scripts/bots/cautious.lua" is a Lua bot, and this program runs no Lua bots`},
	}
	for _, tc := range tests {
		_, err := bots.New(tc.spec, 1)
		require.Error(t, err)
		assert.Equal(t, tc.err, err.Error())
	}
	r := bots.NewRegistry()
	assert.PanicsWithValue(t, "bots: Register called twice for random", func() {
		r.Register("random", func(uint64) bots.Bot { return nil })
	})
	r.Register("mine", func(uint64) bots.Bot { return scripted{} })
	assert.Equal(t, []string{"beginner", "greedy", "intermediate", "mine", "patient", "planner", "points", "random"}, r.Names())
	assert.Equal(t, []string{"beginner", "greedy", "intermediate", "patient", "planner", "points", "random"}, bots.NewRegistry().Names(), "each registry is its own")
}

func TestLuaFactory(t *testing.T) {
	var gotPath string
	var gotSeed uint64
	r := bots.NewRegistry()
	r.SetLua(func(path string, seed uint64) (bots.Bot, error) {
		gotPath, gotSeed = path, seed
		if path == "broken.lua" {
			return nil, errors.New("line 3: unexpected symbol")
		}
		return scripted{}, nil
	})
	b, err := r.New("my/bot.lua", 42)
	require.NoError(t, err)
	assert.Equal(t, "scripted", b.Name())
	assert.Equal(t, "my/bot.lua", gotPath)
	assert.Equal(t, uint64(42), gotSeed)
	_, err = r.New("broken.lua", 1)
	require.Error(t, err)
	assert.Equal(t, "broken.lua: line 3: unexpected symbol", err.Error())
	_, err = bots.New("my/bot.lua", 1)
	assert.Error(t, err, "the Go bots' registry has no Lua maker")
}

// scripted is a bot that answers what it is told to.
type scripted struct {
	act  bots.Action
	err  error
	wait bool // block until the context is done
}

func (scripted) Name() string { return "scripted" }

func (s scripted) Act(ctx context.Context, _ *core.Rules, _ *core.View) (bots.Action, error) {
	if s.wait {
		<-ctx.Done()
	}
	return s.act, s.err
}

// scenario is a two-player game of rules laid out as given, seat 1 to play.
func scenario(t *testing.T, rules core.Rules, table, rack string, opened bool) *core.Game {
	t.Helper()
	g, err := core.NewGame(rules, []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks:   [][]core.Tile{coretest.Tiles(rack), coretest.Tiles("k1 k2 r9 b11 o13 o12 k7 k9 r2")},
		Table:   coretest.Table(table),
		Opened:  []bool{opened, true},
		Pool:    20,
		Current: 0,
		Turn:    4,
	}))
	return g
}

func TestTurn(t *testing.T) {
	table := "[b4 b5 b6] [k8 r8 o8]"
	charged := core.Original()
	charged.FailedPlay.PenaltyTiles = 2
	french := core.Original()
	french.TimeLimit.PenaltyTiles = 3
	noClock := core.Original() // as the Italian and Novelty editions
	noClock.Name, noClock.TimeLimit = "italian", core.TimeLimit{}
	tests := []struct {
		name    string
		rules   core.Rules
		bot     scripted
		timeout time.Duration
		kind    core.ActionKind
		placed  string // tiles placed; "" for none
		drawn   int    // tiles drawn
		penalty string // the full penalty text; "" for none
	}{
		{name: "a play", bot: scripted{act: bots.Action{Table: coretest.Table("[b3 b4 b5 b6] [k8 r8 o8 b8]")}},
			kind: core.ActPlay, placed: "b3 b8"},
		{name: "a draw", bot: scripted{act: bots.Action{Draw: true}}, kind: core.ActDraw, drawn: 1},
		{name: "an error", bot: scripted{err: errors.New("out of ideas")}, kind: core.ActTimeout, drawn: 1,
			penalty: "bots: scripted (seat 1): out of ideas"},
		{name: "an illegal play", bot: scripted{act: bots.Action{Table: coretest.Table("[b4 b5 b6] [k8 r8 o8] [r1 r2 r3]")}},
			kind: core.ActTimeout, drawn: 1,
			penalty: "bots: scripted (seat 1): r1, r2 and r3 are not on your rack"},
		{name: "the French penalty", rules: french, bot: scripted{err: errors.New("no")}, kind: core.ActTimeout, drawn: 3,
			penalty: "bots: scripted (seat 1): no"},
		{name: "too slow", bot: scripted{wait: true}, timeout: time.Millisecond, kind: core.ActTimeout, drawn: 1,
			penalty: "bots: scripted (seat 1): context deadline exceeded"},
		{name: "no clock: an illegal play ends with a draw", rules: noClock,
			bot:  scripted{act: bots.Action{Table: coretest.Table("[b4 b5 b6] [k8 r8 o8] [r1 r2 r3]")}},
			kind: core.ActDraw, drawn: 1,
			penalty: "bots: scripted (seat 1): r1, r2 and r3 are not on your rack"},
		{name: "no clock: too slow ends with a draw", rules: noClock, bot: scripted{wait: true}, timeout: time.Millisecond,
			kind: core.ActDraw, drawn: 1, penalty: "bots: scripted (seat 1): context deadline exceeded"},
		{name: "no clock: an error ends with a draw", rules: noClock, bot: scripted{err: errors.New("out of ideas")},
			kind: core.ActDraw, drawn: 1, penalty: "bots: scripted (seat 1): out of ideas"},
		{name: "a charged failed play", rules: charged,
			bot:  scripted{act: bots.Action{Table: coretest.Table("[b4 b5 b6] [k8 r8]")}},
			kind: core.ActFailedPlay, drawn: 2,
			penalty: "bots: scripted (seat 1): set 2 [k8 r8] is too short: a group needs at least 3 tiles; the play costs 2 tiles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := tc.rules
			if rules.Name == "" {
				rules = core.Original()
			}
			g := scenario(t, rules, table, "b3 b8 r11", true)
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			res, err := bots.Turn(ctx, g, tc.bot)
			require.NoError(t, err)
			assert.Equal(t, 0, res.Seat)
			assert.Equal(t, tc.kind, res.Kind)
			if tc.placed != "" {
				assert.Equal(t, coretest.Tiles(tc.placed), res.Tiles)
				assert.Equal(t, "r11", g.Rack(0).String())
			} else {
				assert.Len(t, res.Tiles, tc.drawn)
				rack := g.Rack(0)
				assert.Equal(t, 3+tc.drawn, rack.Len())
				assert.Equal(t, table, g.Table().String(), "the table as before")
			}
			if tc.penalty == "" {
				assert.NoError(t, res.Penalty)
			} else {
				require.Error(t, res.Penalty)
				assert.Equal(t, tc.penalty, res.Penalty.Error())
			}
			assert.Equal(t, 1, g.Current(), "the turn ended")
		})
	}
}

func TestTurnAfterTheRound(t *testing.T) {
	g := scenario(t, core.Original(), "[b4 b5 b6]", "b7", true)
	_, err := bots.Turn(context.Background(), g, scripted{act: bots.Action{Table: coretest.Table("[b4 b5 b6 b7]")}})
	require.NoError(t, err)
	require.True(t, g.RoundOver())
	_, err = bots.Turn(context.Background(), g, scripted{act: bots.Action{Draw: true}})
	require.Error(t, err)
	assert.Equal(t, "bots: round 1 is over", err.Error())
}

// viewOf is the view of seat 0 of a scenario, as Turn hands it to a bot.
func viewOf(t *testing.T, g *core.Game) *core.View { return g.View(0) }

func TestGreedyAndPoints(t *testing.T) {
	tests := []struct {
		name          string
		table, rack   string
		opened        bool
		greedy, point string // the rack tiles placed; "draw" for a draw
	}{
		{"add to sets (000 example 1)", "[b4 b5 b6] [k8 r8 o8]", "b3 b8", true, "b3 b8", "b3 b8"},
		{"total rearrangement (000 example 6)", "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", "k10 b5", true,
			"k10 b5", "k10 b5"},
		{"an opening too small", "[b4 b5 b6]", "r1 r2 r3 k9", false, "draw", "draw"},
		{"an opening of new sets only", "[b4 b5 b6]", "r9 r10 r11 b3", false, "r9 r10 r11", "r9 r10 r11"},
		// The joker goes to four tiles or to more points.
		{"tiles or points", "[k7 k8 k9 k10] [r10 b10 o10] [o11 o12 o13]", "k12 r5 r6 r8 b3 b11 b13 o1 o6 J", true,
			"r5 r6 r8 J", "b11 b13 J"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := scenario(t, core.Original(), tc.table, tc.rack, tc.opened)
			for _, b := range []struct {
				bot  bots.Bot
				want string
			}{{bots.NewGreedy(), tc.greedy}, {bots.NewPoints(), tc.point}} {
				act, err := b.bot.Act(context.Background(), &g.Rules, viewOf(t, g))
				require.NoError(t, err)
				if b.want == "draw" {
					assert.True(t, act.Draw, b.bot.Name())
					continue
				}
				require.False(t, act.Draw, b.bot.Name())
				assert.Equal(t, b.want, core.Diff(g.Table(), act.Table).Added.String(), b.bot.Name())
				require.NoError(t, g.Clone().Play(act.Table), "the engine accepts the play of %s", b.bot.Name())
			}
		})
	}
}

func TestGreedyCountsItsSearches(t *testing.T) {
	g := scenario(t, core.Original(), "[b4 b5 b6]", "b3 b7 r9 r10 r11", true)
	b := bots.NewGreedy()
	b.MaxNodes = 1 // a budget far too small: the search is cut short
	_, err := b.Act(context.Background(), &g.Rules, viewOf(t, g))
	require.NoError(t, err)
	assert.Equal(t, bots.SolverStats{Solves: 1, CutShort: 1}, b.SolverStats())
}

// failingHooks fail in check_play: the variant's fault, never the bot's.
type failingHooks struct{ coretest.Veto }

func (failingHooks) CheckPlay(*core.View, core.Table, []core.Tile) (bool, string, error) {
	return false, "", errors.New("boom")
}

// A hook that fails while a bot plans with the referee stops the turn with
// the hook's error, as it does when Play meets it: the bot is not
// penalised for the variant's bug, and the game is left as it was.
func TestHookFailureWhilePlanningIsNoPenalty(t *testing.T) {
	g, err := core.NewGameWithHooks(core.Original(), failingHooks{}, []string{"a", "b"}, 1)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Position(2, coretest.Table("[r3 r4 r5]"), coretest.Tiles("r6 k1"), true, false)))
	before := g.Rack(0)
	_, err = bots.Turn(context.Background(), g, bots.NewGreedy())
	var he *core.HookError
	require.ErrorAs(t, err, &he)
	assert.Contains(t, err.Error(), "boom")
	assert.Equal(t, before, g.Rack(0), "no penalty drawn")
	assert.Equal(t, 0, g.Current(), "the turn did not pass")
}
