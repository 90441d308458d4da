package scripts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// botGame is a scenario where player 1 has opened and holds b3 b8.
func botGame(t *testing.T) *core.Game {
	t.Helper()
	g, err := core.NewGame(core.Original(), []string{"a", "b"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("b3 b8 k13"), coretest.Tiles("r1 r2")},
		Table: coretest.Table("[b4 b5 b6] [k8 r8 o8]"), Opened: []bool{true, true}, Pool: 20}))
	return g
}

func TestShippedBots(t *testing.T) {
	tests := []struct {
		path string
		name string
		want string
	}{
		{path: "bots/starter.lua", name: "starter", want: "[b3 b4 b5 b6] [k8 r8 b8 o8]"},
		{path: "bots/solver.lua", name: "solver", want: "[b3 b4 b5 b6] [k8 r8 b8 o8]"},
		{path: "bots/counter.lua", name: "counter", want: "[b3 b4 b5 b6] [k8 r8 b8 o8]"},
		// From another directory, the binary's own copy.
		{path: "/nowhere/scripts/bots/solver.lua", name: "solver", want: "[b3 b4 b5 b6] [k8 r8 b8 o8]"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			b, err := Bots(nil).New(tc.path, 1)
			require.NoError(t, err)
			assert.Equal(t, tc.name, b.Name())
			g := botGame(t)
			act, err := b.Act(context.Background(), &g.Rules, g.View(0))
			require.NoError(t, err)
			assert.False(t, act.Draw)
			assert.Equal(t, tc.want, g.Rules.SetRules().Canonical(act.Table).String())
		})
	}
}

// TestBotsPlayARound: the two shipped bots play whole rounds against each
// other through bots.Turn, never penalised, every round ending.
func TestBotsPlayARound(t *testing.T) {
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		starter, err := NewBot("bots/starter.lua", seed)
		require.NoError(t, err)
		solver, err := NewBot("bots/solver.lua", seed)
		require.NoError(t, err)
		g, err := core.NewGame(core.Original(), []string{"starter", "solver"}, seed)
		require.NoError(t, err)
		players := []bots.Bot{starter, solver}
		for turn := 0; !g.RoundOver(); turn++ {
			require.Less(t, turn, 500, "seed %d: the round ends", seed)
			res, err := bots.Turn(context.Background(), g, players[g.Current()])
			require.NoError(t, err)
			require.NoError(t, res.Penalty, "seed %d, turn %d", seed, turn)
		}
		starter.Close()
		solver.Close()
	}
}

// TestBotSeesUnseen: the view counts what the bot cannot see: the box less
// the table and its own rack (the other racks and the pool together).
func TestBotSeesUnseen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "unseen.lua")
	require.NoError(t, os.WriteFile(path, []byte(`return function(view)
  local _, n = view.unseen:gsub("%S+", "")
  local _, b3 = view.unseen:gsub("b3", "")
  local _, j = view.unseen:gsub("J", "")
  error(n .. " tiles, " .. b3 .. " b3, " .. j .. " jokers")
end`), 0o644))
	b, err := NewBot(path, 1)
	require.NoError(t, err)
	defer b.Close()
	g := botGame(t)
	_, err = b.Act(context.Background(), &g.Rules, g.View(0))
	assert.EqualError(t, err, path+":5: 97 tiles, 1 b3, 2 jokers", "106 tiles less 6 on the table and 3 on the rack")
}

// TestBadBots: a bot that errors, runs away, or returns nonsense loses its
// turn with the variant's penalty and the game goes on.
func TestBadBots(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		src     string
		err     string // Act's error
		penalty string // bots.Turn's penalty
	}{
		{name: "error", src: "return function(view) error('no idea') end",
			err:     "%s:1: no idea",
			penalty: "bots: error (seat 1): %s:1: no idea"},
		{name: "illegal", src: "return function(view) return view.table .. ' [k13 k13 k13]' end",
			penalty: "bots: illegal (seat 1): set 3 [k13 k13 k13] is not a group: k13 appears twice; a group needs different colours"},
		{name: "nonsense", src: "return function(view) return 42 end",
			err:     "the bot returned 42; a bot returns the table after its play, \"draw\" or nil",
			penalty: "bots: nonsense (seat 1): the bot returned 42; a bot returns the table after its play, \"draw\" or nil"},
		{name: "bad notation", src: "return {name = 'bad notation', act = function(view) return '[x1]' end}",
			err:     "the bot's play \"[x1]\": set 1, tile 1 \"x1\": unknown colour \"x\": colours are k, r, b, o, and J is a joker",
			penalty: "bots: bad notation (seat 1): the bot's play \"[x1]\": set 1, tile 1 \"x1\": unknown colour \"x\": colours are k, r, b, o, and J is a joker"},
		{name: "runaway", src: "return function(view) while true do end end",
			err:     "%s:1: context deadline exceeded",
			penalty: "bots: runaway (seat 1): %s:1: context deadline exceeded"},
		{name: "cheat", src: "return function(view) view.rack = 'J J' end",
			err:     "%s:1: attempt to change a read-only table (key rack)",
			penalty: "bots: cheat (seat 1): %s:1: attempt to change a read-only table (key rack)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".lua")
			require.NoError(t, os.WriteFile(path, []byte(tc.src), 0o644))
			fill := func(s string) string { return strings.ReplaceAll(s, "%s", path) }
			b, err := NewBot(path, 1)
			require.NoError(t, err)
			defer b.Close()
			g := botGame(t)
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			if tc.err != "" {
				_, err = b.Act(ctx, &g.Rules, g.View(0))
				assert.EqualError(t, err, fill(tc.err))
			}
			ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel2()
			res, err := bots.Turn(ctx2, g, b)
			require.NoError(t, err)
			assert.EqualError(t, res.Penalty, fill(tc.penalty))
			assert.Equal(t, core.ActTimeout, res.Kind)
			assert.Equal(t, 1, g.Current(), "the game goes on")
			rack := g.Rack(0)
			assert.Equal(t, 4, rack.Len(), "the rack as it was, and a penalty tile")
		})
	}
}

func TestBadBotFiles(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, src, err string
	}{
		{name: "nothing", src: "local x = 1",
			err: "scripts: %s: a bot file returns a function, or a table whose act is one; it returned nil"},
		{name: "no act", src: "return {name = 'x'}",
			err: "scripts: %s: a bot file returns a function, or a table whose act is one; it returned a table"},
		{name: "syntax", src: "return function(",
			err: "%s:1: syntax error at the end of the file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".lua")
			require.NoError(t, os.WriteFile(path, []byte(tc.src), 0o644))
			_, err := NewBot(path, 1)
			assert.EqualError(t, err, strings.ReplaceAll(tc.err, "%s", path))
		})
	}
	_, err := NewBot(filepath.Join(dir, "none.lua"), 1)
	assert.EqualError(t, err, "scripts: open "+filepath.Join(dir, "none.lua")+": no such file or directory")
}

// BenchmarkBotAct is one turn of each shipped bot, from the opening deal of
// a seeded game: the cost the simulation lab pays a Lua bot turn.
func BenchmarkBotAct(b *testing.B) {
	for _, name := range []string{"starter", "solver"} {
		b.Run(name, func(b *testing.B) {
			bot, err := NewBot("bots/"+name+".lua", 1)
			require.NoError(b, err)
			defer bot.Close()
			g, err := core.NewGame(core.Original(), []string{"a", "b"}, 1)
			require.NoError(b, err)
			v := g.View(g.Current())
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bot.Act(context.Background(), &g.Rules, v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewBot is loading a bot: a sandboxed state with the meld module
// and the bot's file run once.
func BenchmarkNewBot(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		bot, err := NewBot("bots/starter.lua", 1)
		if err != nil {
			b.Fatal(err)
		}
		bot.Close()
	}
}

// TestHoardingBot: a bot that keeps 12 MiB more in an upvalue on every turn,
// each turn far under its 64 MiB, is stopped by its own account within a few
// turns, and stays stopped (it then draws, as any failing bot).
func TestHoardingBot(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hoard.lua")
	require.NoError(t, os.WriteFile(path, []byte(`
local hoard = {}
return function(view)
	for i = 1, 12 do hoard[#hoard + 1] = string.rep("x", 1048000) .. #hoard end
	return "draw"
end`), 0o644))
	botLimits = func() sandbox.Limits { // only the memory limit may stop it
		lim := sandbox.DefaultLimits()
		lim.Timeout = 5 * time.Minute
		return lim
	}
	defer func() { botLimits = sandbox.DefaultLimits }()
	b, err := NewBot(path, 1)
	require.NoError(t, err)
	defer b.Close()
	g := botGame(t)
	var stopped error
	turns := 0
	for turns < 10 && stopped == nil {
		turns++
		_, stopped = b.Act(context.Background(), &g.Rules, g.View(0))
	}
	require.Error(t, stopped, "a bot that hoards 12 MiB a turn ran 10 turns")
	assert.LessOrEqual(t, turns, 7)
	assert.Contains(t, stopped.Error(), "memory limit of 64 MiB exceeded")
	for range 2 {
		_, err = b.Act(context.Background(), &g.Rules, g.View(0))
		require.Error(t, err)
	}
	assert.Contains(t, err.Error(), "unusable")
}

// TestBotCompiledOnce: a bot file is compiled once, however many seats and
// games load it; a changed file is compiled again.
func TestBotCompiledOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "once.lua")
	require.NoError(t, os.WriteFile(path, []byte(`return function(view) return "draw" end -- once`), 0o644))
	before := compiled.Compiles()
	for seed := range uint64(5) {
		b, err := NewBot(path, seed)
		require.NoError(t, err)
		b.Close()
	}
	assert.Equal(t, before+1, compiled.Compiles())
	require.NoError(t, os.WriteFile(path, []byte(`return function(view) return nil end -- twice`), 0o644))
	b, err := NewBot(path, 1)
	require.NoError(t, err)
	b.Close()
	assert.Equal(t, before+2, compiled.Compiles())
}

// TestQuadraticCompileRefused: the 450 KB chain of ".." that took gopher-lua
// 30 s to compile, as a bot, is refused before compiling.
func TestQuadraticCompileRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chain.lua")
	src := "local s = 'a'" + strings.Repeat(" .. 'a'", 450_000/7) + "\nreturn function() return 'draw' end"
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	_, err := NewBot(path, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "chain.lua:1: an expression of more than 1000 operators; split it (sandbox.MaxChain)")
}

// TestBotHasNoFolder: a bot cannot carry anything from one game to the next
// through files: it has no folder to write in (g:save) or read games from
// (meld.load); require still finds the .lua files beside it.
func TestBotHasNoFolder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "helper.lua"), []byte(`return {answer = "draw"}`), 0o644))
	path := filepath.Join(dir, "memo.lua")
	require.NoError(t, os.WriteFile(path, []byte(`
local helper = require("helper")
local ok = pcall(meld.load, "memo.json")
local memory = ok and "remembered" or "fresh"
local saved, why = pcall(function() meld.game{players = 2, seed = 1}:save("memo.json") end)
return {name = memory .. "/" .. tostring(saved) .. "/" .. tostring(why),
	act = function(view) return helper.answer end}`), 0o644))
	for game := range 2 {
		b, err := NewBot(path, uint64(game))
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(b.Name(), "fresh/false/"), "game %d: %s", game, b.Name())
		assert.Contains(t, b.Name(), "no directory", "game %d", game)
		g := botGame(t)
		act, err := b.Act(context.Background(), &g.Rules, g.View(0))
		require.NoError(t, err)
		assert.True(t, act.Draw)
		b.Close()
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "the bot wrote a file")
}
