package scripts

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/variants"
)

// runLua runs code as the chunk "t.lua" in a fresh environment whose
// directory is dir ("" for none) and returns what it printed.
func runLua(t *testing.T, dir, code string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	e, err := newEnv(Options{Dir: dir, Stdout: &out})
	require.NoError(t, err)
	defer e.close()
	_, err = e.run(context.Background(), "t.lua", []byte(code))
	return out.String(), err
}

type luaCase struct {
	name string
	code string
	out  string // what the code prints
	err  string // the whole error, "" for none
}

func runCases(t *testing.T, dir string, tests []luaCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runLua(t, dir, tc.code)
			if tc.err == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
			}
			assert.Equal(t, tc.out, out)
		})
	}
}

func TestCheck(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "valid set", code: `print(meld.check("[r3 r4 J]"))`, out: "true\n"},
		{name: "without brackets", code: `print(meld.check("o12 o13 J"))`, out: "true\n"},
		{name: "invalid set", code: `print(meld.check("[r4 b5 r6]"))`,
			out: "false\t[r4 b5 r6] is not a run: b5 is blue, the run is red\n"},
		{name: "a table names each invalid set", code: `print(meld.check("[r4 b5 r6] [k1 k2 k3] [o1 o1 o3]"))`,
			out: "false\tset 1 [r4 b5 r6] is not a run: b5 is blue, the run is red; set 3 [o1 o1 o3] is not a run: o1 appears twice\n"},
		{name: "under a variant", code: `local ok, why = meld.check("[r12 r13 r1]")
print(ok, why, meld.check("[r12 r13 r1]", {sets = {wrap = true}}))`,
			out: "false\t[r12 r13 r1] is not a run: 1 may not follow 13\ttrue\n"},
		{name: "a table over the box", code: `print(meld.check("[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]"))`,
			out: "false\tthe table uses 3 × r5; the original box has 2\n"},
		{name: "four jokers: original, then xp", code: `print(meld.check("[k5 k6 J J J J]"))
print(meld.check("[k5 k6 J J J J]", "xp"))`,
			out: "false\tthe table uses 4 jokers; the original box has 2\ntrue\n"},
		{name: "bad notation", code: `meld.check("[r3 r14]")`,
			err: `t.lua:1: bad argument #1 to 'check' (set 1, tile 2 "r14": numbers run 1..13)`},
		{name: "no text", code: `meld.check()`,
			err: "t.lua:1: bad argument #1 to 'check' (string expected, got no value)"},
		{name: "bad variant", code: `meld.check("[r3 r4 r5]", 7)`,
			err: "t.lua:1: bad argument #2 to 'check' (a variant name, a path or a table of changes expected, got 7)"},
		{name: "unknown variant", code: `meld.check("[r3 r4 r5]", "nope")`,
			err: `t.lua:1: bad argument #2 to 'check' (no variant "nope"; the shipped variants are ` +
				strings.Join(variants.Names(), ", ") + `, or name a .yaml file)`},
	})
}

func TestValue(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "jokers at their tiles", code: `print(meld.value("[J J r3]"), meld.value("[r3 J J]"), meld.value("[J r3 J]"), meld.value("[r13 J J]"))`,
			out: "6\t12\t9\t36\n"},
		{name: "a group", code: `print(meld.value("k8 b8 J"))`, out: "24\n"},
		{name: "a table sums", code: `print(meld.value("[r3 r4 J] [k8 b8 o8]"))`, out: "36\n"},
		{name: "invalid set", code: `meld.value("[k7 o7]")`,
			err: "t.lua:1: bad argument #1 to 'value' ([k7 o7] is too short: a group needs at least 3 tiles)"},
	})
}

func TestCanonical(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "table", code: `print(meld.canonical("[k8 r8 o8 b8] [r5 r3 r4] [J r12 r13]"))`,
			out: "[k8 r8 b8 o8] [r3 r4 r5] [J r12 r13]\n"},
		{name: "rack", code: `print(meld.canonical("J o1 k13 r3 k1"))`, out: "k1 k13 r3 o1 J\n"},
		{name: "invalid sets stay as written", code: `print(meld.canonical("[r5 r3] [b1 b2 b3]"))`, out: "[r5 r3] [b1 b2 b3]\n"},
		{name: "bad notation", code: `meld.canonical("x1")`,
			err: `t.lua:1: bad argument #1 to 'canonical' (tile 1 "x1": unknown colour "x": colours are k, r, b, o, and J is a joker)`},
	})
}

func TestVariants(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "names", code: `local n = meld.variants() print(#n > 0, n[1] ~= nil)
local found = false
for _, v in ipairs(n) do if v == "original" then found = true end end
print(found)`, out: "true\ttrue\ntrue\n"},
		{name: "read-only", code: `meld.variants()[1] = "x"`,
			err: "t.lua:1: attempt to change a read-only table (key 1)"},
	})
}

func TestVariant(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "original", code: `local v = meld.variant("original")
print(v.name, v.players.min, v.players.max, v.tiles.jokers, v.sets.min_run, v.sets.wrap)
print(v.deal.method, v.deal.tiles, #v.deal.piles, v.first_player, v.direction)
print(v.opening.points, v.opening.joker_value, v.opening.first_round_locked)
print(v.joker.penalty, v.joker.take_before_opening, table.concat(v.joker.replace_from, ","), v.joker.keep)
print(v.draw.tiles, v.time_limit.seconds, v.time_limit.penalty_tiles, v.failed_play.penalty_tiles)
print(v.end_of_pool.losers_score, v.match.rounds, v.match.winner, v.hooks)`,
			out: "original\t2\t4\t2\t3\tfalse\n" +
				"draw\t14\t0\thighest_tile\tleft\n" +
				"30\trepresented\tfalse\n" +
				"30\tfalse\track,table\tfalse\n" +
				"1\t60\t1\t0\n" +
				"difference\t0\tmost_rounds\tnil\n"},
		{name: "changes on top of original", code: `local v = meld.variant{opening = {points = 50, joker_value = "zero"}, joker = {replace_from = {"drawn"}}}
print(v.name, v.title, v.opening.points, v.opening.joker_value, v.joker.replace_from[1], #v.joker.replace_from)`,
			out: "custom\tRummikub, the original rules, with changes\t50\tzero\tdrawn\t1\n"},
		{name: "extends another base", code: `local v = meld.variant{extends = "novelty", name = "mine", draw = {tiles = 2}}
print(v.name, v.opening.joker_value, v.draw.tiles)`, out: "mine\tzero\t2\n"},
		{name: "read-only", code: `meld.variant("original").opening.points = 10`,
			err: "t.lua:1: attempt to change a read-only table (key points)"},
		{name: "a rules table read back is the same variant", code: `local v = meld.variant("original-fr")
local w = meld.variant(v)
for _, k in ipairs({"name", "title", "source"}) do assert(v[k] == w[k], k) end
print(w.opening.first_round_locked, w.time_limit.penalty_tiles, table.concat(w.joker.replace_from, ","))`,
			out: "true\t3\track,table,drawn\n"},
		{name: "misspelt key", code: `meld.variant{opening = {pionts = 50}}`,
			err: `t.lua:1: bad argument #1 to 'variant' (unknown key "pionts" in opening; did you mean "points"?)`},
		{name: "every problem at once", code: `meld.variant{opening = {points = "many"}, sets = {wrap = 1}, joker = {replace_from = {"hand"}}, deal = {method = "piles", piles = {7, 0}}}`,
			err: `t.lua:1: bad argument #1 to 'variant' (deal.piles has 0; each must be 1..255; ` +
				`joker.replace_from has "hand"; it may list rack, table, drawn; ` +
				`opening.points must be a whole number, not "many"; sets.wrap must be one of false, true, ace_high, not the number 1)`},
		{name: "a section that is not a table", code: `meld.variant{opening = 50}`,
			err: "t.lua:1: bad argument #1 to 'variant' (opening: a table expected, got 50)"},
		{name: "hooks come from files", code: `meld.variant{hooks = "x.lua"}`,
			err: "t.lua:1: bad argument #1 to 'variant' (hooks: hooks are set in a variant file, not from a script)"},
		{name: "a tile box out of range", code: `meld.variant{tiles = {colors = 7}}`,
			err: "t.lua:1: bad argument #1 to 'variant' (tiles.colors is 7; it must be 1..6)"},
		{name: "no argument", code: `meld.variant()`,
			err: "t.lua:1: bad argument #1 to 'variant' (a variant name, a path or a table of changes expected, got no value)"},
	})
}

func TestGame(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "defaults", code: `local g = meld.game()
print(g:players(), g:round(), g:turn(), g:pool(), #g:rack(1) > 0, g:table() == "", g:opened(1))
print(g)`,
			out: "2\t1\t0\t78\ttrue\ttrue\tfalse\ngame (original, 2 players, round 1, player 1 to play)\n"},
		{name: "names and seed", code: `local a = meld.game{players = {"ann", "bob", "cy"}, seed = 7}
local b = meld.game{players = 3, seed = 7}
print(table.concat(a:names(), ","), table.concat(b:names(), ","), a:rack(2) == b:rack(2), a:current() == b:current())`,
			out: "ann,bob,cy\tplayer 1,player 2,player 3\ttrue\ttrue\n"},
		{name: "rounds", code: `local g = meld.game{rounds = 3}
print(g:variant().match.rounds)`, out: "3\n"},
		{name: "too many players", code: `meld.game{players = 5}`,
			err: "t.lua:1: bad argument #1 to 'game' (the original rules are for 2 to 4 players, not 5)"},
		{name: "misspelt key", code: `meld.game{seeds = 3}`,
			err: `t.lua:1: bad argument #1 to 'game' (unknown key "seeds"; did you mean "seed"?)`},
		{name: "bad seed", code: `meld.game{seed = -1}`,
			err: "t.lua:1: bad argument #1 to 'game' (seed: a whole number 0 or more expected, got -1)"},
		{name: "bad players", code: `meld.game{players = {"a", 2}}`,
			err: "t.lua:1: bad argument #1 to 'game' (players: name 2: a string expected, got 2)"},
		{name: "bad variant", code: `meld.game{variant = {opening = {points = -5}}}`,
			err: "t.lua:1: bad argument #1 to 'game' (variant: opening.points is -5; it must be 0..1000)"},
		{name: "method on a bad self", code: `local g = meld.game() g.rack()`,
			err: "t.lua:1: calling 'rack' on bad self (a game expected, got no value); call it as g:rack(...)"},
		{name: "a game is not a table", code: `local g = meld.game() g.x = 1`,
			err: "t.lua:1: a game cannot be changed directly (key x); use its methods, as g:play"},
		{name: "bad player", code: `meld.game():rack(3)`,
			err: "t.lua:1: bad argument #1 to 'rack' (player 3 of 2)"},
	})
}

// scenario is a set-up most game tests share: player 1 opened with b3 b8
// against the book's first rearrangement.
const scenario = `local g = meld.game{players = {"ann", "bob"}, seed = 1}
g:setup{racks = {"b3 b8", "k1 k2"}, table = "[b4 b5 b6] [k8 r8 o8]", opened = true, pool = 10}
`

func TestSetup(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "lays out the scenario", code: scenario + `print(g:table(), g:rack(1), g:rack(2), g:current(), g:opened(1), g:opened(2), g:pool())
print(#meld.canonical(g:set_aside()) > 0, select(2, g:set_aside():gsub("%S+", "")))`,
			out: "[b4 b5 b6] [k8 r8 o8]\tb3 b8\tk1 k2\t1\ttrue\ttrue\t10\ntrue\t86\n"},
		{name: "missing racks are empty, opened per player", code: `local g = meld.game{players = 3}
g:setup{racks = {"r1"}, opened = {false, true}, current = 2}
print(g:rack(1), g:rack(2) == "", g:opened(1), g:opened(2), g:opened(3), g:current(), g:pool())`,
			out: "r1\ttrue\tfalse\ttrue\tfalse\t2\t105\n"},
		{name: "tiles are conserved", code: `meld.game():setup{racks = {"r5 r5", "r5"}}`,
			err: "t.lua:1: bad argument #1 to 'setup' (scenario: the table and the racks use 3 × r5; the original box has 2)"},
		{name: "the table within the box", code: `meld.game():setup{table = "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]"}`,
			err: "t.lua:1: bad argument #1 to 'setup' (scenario: the table uses 3 × r5; the original box has 2)"},
		{name: "four jokers: xp", code: `local g = meld.game{variant = "xp", players = 5}
g:setup{table = "[k5 k6 J J J J]"}
print(g:table())`, out: "[k5 k6 J J J J]\n"},
		{name: "the table's sets must be valid", code: `meld.game():setup{table = "[r1 r2]"}`,
			err: "t.lua:1: bad argument #1 to 'setup' (scenario: set 1 [r1 r2] is too short: a run needs at least 3 tiles)"},
		{name: "too many racks", code: `meld.game():setup{racks = {"r1", "r2", "r3"}}`,
			err: "t.lua:1: bad argument #1 to 'setup' (racks: 3 racks for 2 players)"},
		{name: "bad rack", code: `meld.game():setup{racks = {"r1 z2"}}`,
			err: `t.lua:1: bad argument #1 to 'setup' (racks: rack 1: tile 2 "z2": unknown colour "z": colours are k, r, b, o, and J is a joker)`},
		{name: "bad current", code: `meld.game():setup{current = 3}`,
			err: "t.lua:1: bad argument #1 to 'setup' (current: a player 1..2 expected, got 3)"},
		{name: "pool too big", code: `meld.game():setup{racks = {"r1"}, pool = 200}`,
			err: "t.lua:1: bad argument #1 to 'setup' (scenario: the pool cannot hold 200 tiles: only 105 are off the racks and the table)"},
		{name: "misspelt key", code: `meld.game():setup{rack = {"r1"}}`,
			err: `t.lua:1: bad argument #1 to 'setup' (unknown key "rack"; did you mean "racks"?)`},
	})
}

func TestPlay(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "refused: a reason, nothing changes", code: scenario + `print(g:play("[b3 b4 b5 b6 b8] [k8 r8 o8]"))
print(g:table(), g:rack(1), g:current())`,
			out: "false\tset 1 [b3 b4 b5 b6 b8] is not a run: b7 is missing\n[b4 b5 b6] [k8 r8 o8]\tb3 b8\t1\n"},
		{name: "a tile not on the rack", code: scenario + `print(g:play("[b3 b4 b5 b6] [k8 r8 o8] [o11 o12 o13]"))`,
			out: "false\to11, o12 and o13 are not on your rack\n"},
		{name: "accepted: the round ends", code: scenario + `print(g:play("[b3 b4 b5 b6] [k8 r8 o8 b8]"))
print(g:table(), g:over(), g:winner(), table.concat(g:scores(), " "), table.concat(g:totals(), " "), table.concat(g:rounds_won(), " "))
print(g:match_over(), g:match_winner())`,
			out: "true\n[b3 b4 b5 b6] [k8 r8 b8 o8]\ttrue\t1\t3 -3\t3 -3\t1 0\nfalse\tnil\n"},
		{name: "bad notation", code: scenario + `g:play("[b3 b4")`,
			err: `t.lua:3: bad argument #1 to 'play' (set 1: the "[" at column 1 is never closed with "]")`},
		{name: "after the round", code: scenario + `g:play("[b3 b4 b5 b6] [k8 r8 o8 b8]")
print(g:play("[b3 b4 b5 b6] [k8 r8 o8 b8]"))
print(g:draw())`,
			out: "false\tround 1 is over: ann (seat 1) won it\nfalse\tround 1 is over: ann (seat 1) won it\n"},
	})
}

func TestDrawAndTimeout(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "draw passes the turn", code: scenario + `local tile = g:draw()
print(#tile > 0, g:rack(1) ~= "b3 b8", g:current(), g:pool(), g:turn())`,
			out: "true\ttrue\t2\t9\t1\n"},
		{name: "an empty pool: a pass", code: `local g = meld.game()
g:setup{racks = {"r1", "r2"}, pool = 0}
print(g:draw(), g:current())
print(g:draw(), g:over(), g:winner())`,
			out: "nil\t2\nnil\ttrue\t1\n"},
		{name: "timeout draws the penalty", code: scenario + `local t = g:timeout()
print(#t, g:current(), g:pool())`, out: "2\t2\t9\n"},
		{name: "the French penalty", code: `local g = meld.game{variant = "original-fr", seed = 2}
local before = g:pool()
local t = g:timeout()
print(select(2, t:gsub("%S+", "")), before - g:pool())`, out: "3\t3\n"},
		{name: "end_turn without an open turn", code: scenario + `print(g:end_turn())`,
			out: "false\tno turn is left open: EndTurn follows a draw that could free a joker\n"},
	})
}

func TestNextRound(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "not before the round is over", code: scenario + `print(g:next_round())`,
			out: "false\tround 1 is not over yet\n"},
		{name: "a whole match", code: `local g = meld.game{rounds = 2, seed = 5}
for r = 1, 2 do
  g:setup{racks = {"r1 r2 r3", "k5"}, current = 1, opened = {false, false}}
  assert(g:play("[r1 r2 r3]") == false)
  g:setup{racks = {"r10 r11 r12", "k5"}, current = 1}
  assert(g:play("[r10 r11 r12]"))
  if r == 1 then assert(g:next_round()) end
end
print(g:round(), g:match_over(), g:match_winner(), table.concat(g:totals(), " "))
print(g:next_round())`,
			out: "2\ttrue\t1\t10 -10\nfalse\tthe match is over: player 1 (seat 1) won after 2 rounds\n"},
	})
}

func TestHint(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "the solver's play", code: scenario + `print(g:hint())`,
			out: "[b3 b4 b5 b6] [k8 r8 b8 o8]\tb3 b8\n"},
		{name: "nothing to play", code: `local g = meld.game()
g:setup{racks = {"r1 k5"}}
print(g:hint())`, out: "nil\n"},
		{name: "by points", code: `local g = meld.game()
g:setup{racks = {"r1 r2 r3 k1 b1 o1 k11 k12 k13"}, opened = true}
print(g:hint("points"))`, out: "[k1 b1 o1] [r1 r2 r3] [k11 k12 k13]\tk1 k11 k12 k13 r1 r2 r3 b1 o1\n"},
		{name: "bad objective", code: `meld.game():hint("speed")`,
			err: `t.lua:1: bad argument #1 to 'hint' (objective "speed": use "tiles" or "points")`},
		{name: "solve, the same from notation", code: `print(meld.solve{table = "[b4 b5 b6] [k8 r8 o8]", rack = "b3 b8", opened = true})
print(meld.solve{rack = "r7 r8 r9"})
print(meld.solve{rack = "r7 r8 r9", variant = {opening = {points = 20}}})`,
			out: "[b3 b4 b5 b6] [k8 r8 b8 o8]\tb3 b8\nnil\n[r7 r8 r9]\tr7 r8 r9\n"},
		{name: "solve: a table over the box", code: `meld.solve{table = "[k5 k6 J J J J]", rack = "r1", opened = true}`,
			err: `t.lua:1: bad argument #1 to 'solve' (the table uses 4 jokers; the original box has 2)`},
		{name: "solve: the table and the rack over the box", code: `meld.solve{table = "[r3 r4 r5] [r3 b3 o3]", rack = "r3", opened = true}`,
			err: `t.lua:1: bad argument #1 to 'solve' (the table and the rack use 3 × r3; the original box has 2)`},
		{name: "solve: bad rack", code: `meld.solve{rack = "r7 r8 r99"}`,
			err: `t.lua:1: bad argument #1 to 'solve' (rack: tile 3 "r99": numbers run 1..13)`},
	})
}

func TestHistory(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "every action", code: scenario + `g:draw()
g:draw()
for _, h in ipairs(g:history()) do print(h.round, h.turn, h.player, h.kind, h.table) end
print(g:history()[3].text:match("^round 1, turn 2, seat 2 draws"))`,
			out: "1\t1\t1\tsetup\t[b4 b5 b6] [k8 r8 o8]\n" +
				"1\t1\t1\tdraw\t[b4 b5 b6] [k8 r8 o8]\n" +
				"1\t2\t2\tdraw\t[b4 b5 b6] [k8 r8 o8]\n" +
				"round 1, turn 2, seat 2 draws\n"},
	})
}

func TestViewAndClone(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "a bot's view", code: scenario + `local v = g:view(2)
print(v.player, v.current, v.rack, v.table, table.concat(v.racks, " "), v.opened[1], v.locked, v.pool, v.variant, v.rules.opening.points)`,
			out: "2\t1\tk1 k2\t[b4 b5 b6] [k8 r8 o8]\t2 2\ttrue\tfalse\t10\toriginal\t30\n"},
		{name: "the view is read-only", code: scenario + `g:view().rack = "J J"`,
			err: "t.lua:3: attempt to change a read-only table (key rack)"},
		{name: "the first-round lock", code: `local g = meld.game{variant = "italian", seed = 1}
print(g:view().locked)`, out: "true\n"},
		{name: "a clone is independent", code: scenario + `local c = g:clone()
assert(c:play("[b3 b4 b5 b6] [k8 r8 o8 b8]"))
print(c:over(), g:over(), g:rack(1))`, out: "true\tfalse\tb3 b8\n"},
	})
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "games"), 0o755))
	// A save that claims original with runs of 2 (it replays legally).
	forged := core.Original()
	forged.Sets.MinRun = 2
	fg, err := core.NewGame(forged, []string{"ann", "bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, files.SaveGame(fg, filepath.Join(dir, "games", "forged.json"), nil))
	runCases(t, dir, []luaCase{
		{name: "round trip", code: scenario + `g:save("games/one.json")
local h = meld.load("games/one.json")
print(h:table(), h:rack(1), h:pool(), table.concat(h:names(), ","), h:draw() == g:draw())`,
			out: "[b4 b5 b6] [k8 r8 o8]\tb3 b8\t10\tann,bob\ttrue\n"},
		{name: "a shipped name means its rules", code: `print(meld.load("games/forged.json"):view().variant)
meld.game{variant = "original", seed = 1}:save("games/three.json")
print(meld.load("games/three.json"):view().variant)`,
			out: "custom, based on original\noriginal\n"},
		{name: "no such file", code: `meld.load("none.json")`,
			err: `t.lua:1: bad argument #1 to 'load' (path "none.json": no such file in the script's directory)`},
		{name: "not a game", code: `meld.load("games")`,
			err: "t.lua:1: load: " + filepath.Join(dir, "games") + " is a directory, not a regular file"},
		{name: "outside the directory", code: `meld.load("../x.json")`,
			err: `t.lua:1: bad argument #1 to 'load' (path "../x.json" is outside the script's directory; scripts read and write files only there)`},
		{name: "an absolute path", code: `meld.game():save("/tmp/x.json")`,
			err: `t.lua:1: bad argument #1 to 'save' (path "/tmp/x.json" is outside the script's directory; scripts read and write files only there)`},
	})
	runCases(t, "", []luaCase{
		{name: "no directory", code: `meld.game():save("x.json")`,
			err: `t.lua:1: bad argument #1 to 'save' (path "x.json": this script has no directory to read or write files in)`},
	})
}

func TestRequireMeld(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "the same module", code: `print(require("meld") == meld)`, out: "true\n"},
		{name: "read-only", code: `meld.check = nil`,
			err: "t.lua:1: attempt to change a read-only table (key check)"},
	})
}

func TestVariantFilesAndHooks(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.yaml"),
		[]byte("name: mine\ntitle: Forty to open\nsource: a test\nextends: original\nopening:\n  points: 40\n"), 0o644))
	const veto = `g:setup{racks = {"r10 r11 J k1", "k2"}, opened = false}
print(g:play("[r10 r11 J]"))
`
	runCases(t, dir, []luaCase{
		{name: "a variant file of the script's directory", code: `local v = meld.variant("mine.yaml")
print(v.name, v.opening.points, meld.game{variant = "mine.yaml"}:variant().title)`,
			out: "mine\t40\tForty to open\n"},
		{name: "a missing variant file", code: `meld.variant("none.yaml")`,
			err: `t.lua:1: bad argument #1 to 'variant' (path "none.yaml": no such file in the script's directory)`},
		{name: "the hooks of a shipped variant", code: `local g = meld.game{variant = "house/clean-opening"}
` + veto,
			out: "false\tthe house/clean-opening rules refuse this play: house rule: the initial meld must be made without jokers\n"},
		{name: "changes keep their base's hooks", code: `local g = meld.game{variant = {extends = "house/clean-opening", opening = {points = 20}}}
` + veto + `print(g:play("[r10 r11 r12]"))`,
			out: "false\tthe custom rules refuse this play: house rule: the initial meld must be made without jokers\n" +
				"false\tr12 is not on your rack\n"},
		{name: "a loaded game gets its hooks back", code: `local g = meld.game{variant = "house/clean-opening"}
g:save("h.json")
g = meld.load("h.json")
` + veto,
			out: "false\tthe house/clean-opening rules refuse this play: house rule: the initial meld must be made without jokers\n"},
		{name: "rounds change one game only", code: `local a = meld.game{rounds = 3}
print(a:variant().match.rounds, meld.game():variant().match.rounds)`, out: "3\t0\n"},
	})
}

// Issue 21: in the French editions, after a draw that may free a joker,
// g:hint() suggests only what the referee accepts there (the swap of the
// drawn tile, or nothing). Every hint of many French games is played, and
// none is refused.
func TestHintAfterADrawThatMayFreeAJoker(t *testing.T) {
	out, err := runLua(t, "", `
local open, refused, hinted = 0, 0, 0
for seed = 1, 40 do
  local g = meld.game{variant = "original-fr", players = 4, seed = seed}
  local turns = 0
  while not g:over() and turns < 400 do
    turns = turns + 1
    local t = g:hint()
    if t then
      local ok, why = g:play(t)
      if not ok then refused = refused + 1; g:draw() end
    else
      g:draw()
    end
    if g:drawn_tile() then
      open = open + 1
      local t2 = g:hint()
      if t2 then
        hinted = hinted + 1
        local ok = g:play(t2)
        if not ok then refused = refused + 1; g:end_turn() end
      else
        g:end_turn()
      end
    end
  end
end
print(open > 0, hinted > 0, refused)`)
	require.NoError(t, err)
	assert.Equal(t, "true\ttrue\t0\n", out)
}

// meld.solve under a variant with a check_play hook answers with the best
// play the hook accepts (house/joker-grows: a set with a joker may only
// grow).
func TestSolveFollowsTheHook(t *testing.T) {
	out, err := runLua(t, "", `
print(meld.solve{table = "[r3 r4 J] [k7 b7 o7]", rack = "r5 k1", opened = true})
print(meld.solve{table = "[r3 r4 J] [k7 b7 o7]", rack = "r5 k1", opened = true, variant = "house/joker-grows"})`)
	require.NoError(t, err)
	assert.Equal(t, "[r3 r4 r5] [k7 b7 o7 J]\tr5\n[r3 r4 r5 J] [k7 b7 o7]\tr5\n", out)
}

// The set shapes from Lua: sets.wrap reads false and true as booleans, as
// before ace_high, and ace_high as a word; meld.check judges by them.
func TestSetShapesInLua(t *testing.T) {
	runCases(t, "", []luaCase{
		{name: "wrap stays a boolean", code: `print(meld.variant("original").sets.wrap, meld.variant("house/wrap").sets.wrap, meld.variant("house/ace-high").sets.wrap)`,
			out: "false\ttrue\tace_high\n"},
		{name: "group_colors", code: `print(meld.variant("original").sets.group_colors, meld.variant("house/any-colours").sets.group_colors)`,
			out: "distinct\tany\n"},
		{name: "a boolean or a word goes in", code: `print(meld.variant{sets = {wrap = true}}.sets.wrap, meld.variant{sets = {wrap = "ace_high"}}.sets.wrap)`,
			out: "true\tace_high\n"},
		{name: "ace_high", code: `print(meld.check("[r12 r13 r1]", "house/ace-high"), meld.check("[r13 r1 r2]", "house/ace-high"))`,
			out: "true\tfalse\t[r13 r1 r2] is not a run: 1 after 13 is the highest: nothing may follow it\n"},
		{name: "any colours", code: `print(meld.check("[r1 r1 b1]", "house/any-colours"), meld.check("[r1 r1 b1]"))`,
			out: "true\tfalse\t[r1 r1 b1] is not a group: r1 appears twice; a group needs different colours\n"},
		{name: "meld.read under any: a joker may be another copy", code: `local s = meld.read("[r1 r1 J]", "house/any-colours")
print(s.kind, table.concat(s.missing, ","), s.jokers[1].stands, table.concat(s.jokers[1].frees, ","))`,
			out: "group\tk,b,o\tk1\tk1,b1,o1\n"},
		{name: "meld.read under ace_high", code: `local a = meld.read("[r1 r11 r12 r13]", "house/ace-high")
print(a.kind, a.number, table.concat(a.tiles, " "))`,
			out: "run\t11\tr11 r12 r13 r1\n"},
		{name: "a bad word", code: `meld.variant{sets = {group_colors = "distinc"}}`,
			err: "t.lua:1: bad argument #1 to 'variant' (sets.group_colors is \"distinc\"; it must be one of distinct, any (did you mean \"distinct\"?))"},
	})
}
