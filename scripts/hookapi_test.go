package scripts

import (
	"bytes"
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

// hookedDir writes a variant (yaml) and its hook file (at hookPath, beside
// it or below) to a new folder and resolves the variant by its absolute
// path, as the command line may name it.
func hookedDir(t *testing.T, yaml, hookPath, src string) (*Games, *variants.Variant) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(hookPath)), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte(yaml), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, hookPath), []byte(src), 0o644))
	games := NewGames()
	games.Limits.Timeout = time.Second
	v, err := games.Resolve(filepath.Join(dir, "v.yaml"))
	require.NoError(t, err)
	return games, v
}

// A hook's error says once where it comes from (the variant and the hook),
// and names the Lua file as the variant's hooks: key does, relative to the
// variant's folder, never by the machine's absolute path.
func TestHookErrorSaysWhereOnce(t *testing.T) {
	games, v := hookedDir(t, "extends: original\nhooks: lua/h.lua\n", "lua/h.lua",
		"function check_play(view, after, placed)\n  error('boom')\nend\n")
	g, err := games.NewGame(v.Rules, []string{"ana", "ben"}, 1, nil)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12"), coretest.Tiles("k1")}}))
	err = g.Play(coretest.Table("[r10 r11 r12]"))
	require.Error(t, err)
	assert.Equal(t, "variant v, hook check_play: lua/h.lua:2: boom", err.Error())
	var he *HookError
	assert.ErrorAs(t, err, &he)

	// An error core finds in what a hook returned says it once too.
	games, v = hookedDir(t, "extends: original\nhooks: h.lua\n", "h.lua",
		"function first_player(view) return nil end\nfunction deal(view) return {{'r1', 'r1', 'r1'}, {}} end\n")
	_, err = games.NewGame(v.Rules, []string{"ana", "ben"}, 1, nil)
	require.Error(t, err)
	assert.Equal(t, "variant v, hook deal: the racks hold tiles the pool and racks do not: r1", err.Error())
}

// view.winners lists every winner of a shared round; view.winner stays the first.
func TestHookViewWinners(t *testing.T) {
	games, v := hookedVariant(t, "function on_turn_end(view)\n  print(view.winner, #view.winners, table.concat(view.winners, ','))\nend\n")
	var out bytes.Buffer
	h := testHooksOf(t, games, v, 1, &out)
	view := hookView(1)
	require.NoError(t, h.OnTurnEnd(view))
	view.Winner, view.Winners = 0, []int{0, 1}
	require.NoError(t, h.OnTurnEnd(view))
	assert.Equal(t, "nil\t0\t\n1\t2\t1,2\n", out.String())
}

// The deal hook's view shows the pool and every rack, tile by tile.
func TestDealViewShowsPoolAndRacks(t *testing.T) {
	games, v := hookedVariant(t, `function deal(view)
  print(view.pool, #view.pool_tiles, #view.rack_tiles, #view.rack_tiles[1], #view.rack_tiles[2], view.rack_tiles[1][1] ~= nil)
  local all = {}
  for _, t in ipairs(view.pool_tiles) do all[#all + 1] = t end
  for _, r in ipairs(view.rack_tiles) do for _, t in ipairs(r) do all[#all + 1] = t end end
  print(#all)
end
function check_play(view, after, placed)
  print(view.pool_tiles == nil, view.rack_tiles == nil)
end
`)
	var out bytes.Buffer
	g, err := games.NewGame(v.Rules, []string{"ana", "ben"}, 1, &out)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, "78\t78\t2\t14\t14\ttrue\n106\n", out.String())
	out.Reset()
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12"), coretest.Tiles("k1")}}))
	require.NoError(t, g.Play(coretest.Table("[r10 r11 r12]")))
	assert.Equal(t, "true\ttrue\n", out.String(), "only the deal sees the racks")
}

// Sets reach hooks in canonical order (core.SetRules.Canonical): a run
// ascending with each joker in its place, a group by colour k r b o with
// jokers last; the sets of a table in the order the table has them.
func TestHookSetsCanonical(t *testing.T) {
	games, v := hookedVariant(t, `function check_play(view, after, placed)
  local sets = {}
  for i, s in ipairs(after) do sets[i] = table.concat(s, " ") end
  print(table.concat(sets, " | "))
  print(table.concat(view.table[1], " "))
  return true
end`)
	var out bytes.Buffer
	h := testHooksOf(t, games, v, 1, &out)
	view := hookView(1)
	view.Table = coretest.Table("[k3 J k1]")
	_, _, err := h.CheckPlay(view, coretest.Table("[k3 J k1] [r5 r4 J] [o7 J k7 r7]"), coretest.Tiles("r4 r5 J o7 k7 r7 J"))
	require.NoError(t, err)
	assert.Equal(t, "k1 J k3 | r4 r5 J | k7 r7 o7 J\nk1 J k3\n", out.String())
}

// Inside hooks, the meld module reads sets under the game's rules, and can
// neither start games nor touch files.
func TestHookMeldModule(t *testing.T) {
	games, v := hookedVariant(t, `function on_turn_end(view)
  local s = meld.read("[r4 J r6]")
  print(s.kind, s.color, s.number, s.value, #s.jokers, s.jokers[1].stands, table.concat(s.jokers[1].frees, " "))
  local g = meld.read("[k7 r7 J]")
  print(g.kind, g.color, g.number, g.value, g.jokers[1].stands, table.concat(g.jokers[1].frees, " "), table.concat(g.missing, " "))
  print(meld.check("[r1 r2 r4]"))
  print(meld.check("[r12 r13 r1]"), meld.value("[r3 r4 r5] [k7 r7 J]"), meld.canonical("[r5 J r3]"))
  print(meld.read("[r1 r2]"))
end`)
	var out bytes.Buffer
	h := testHooksOf(t, games, v, 1, &out)
	require.NoError(t, h.OnTurnEnd(hookView(1)))
	assert.Equal(t, "run\tr\t4\t15\t1\tr5\tr5\n"+
		"group\tnil\t7\t21\tb7\tb7 o7\tb o\n"+
		"false\t[r1 r2 r4] is not a run: r3 is missing\n"+
		"false\t33\t[r3 J r5]\n"+
		"nil\t[r1 r2] is too short: a run needs at least 3 tiles\n", out.String())

	for _, tc := range []struct{ code, want string }{
		{"meld.game()", "variant v, hook on_turn_end: h.lua:1: meld.game is not available in a hook: hooks read sets, they cannot start games or read and write files"},
		{"meld.load('x.json')", "variant v, hook on_turn_end: h.lua:1: meld.load is not available in a hook: hooks read sets, they cannot start games or read and write files"},
		{"meld.check('[r1 r2 r3]', 'italian')", "variant v, hook on_turn_end: h.lua:1: bad argument #2 to 'check' (in a hook, sets are read under the game's rules: no variant argument)"},
		{"meld.read = nil", "variant v, hook on_turn_end: h.lua:1: attempt to change a read-only table (key read)"},
		{"meld.chek()", "variant v, hook on_turn_end: h.lua:1: meld has no function chek; did you mean check?"},
	} {
		games, v := hookedVariant(t, "function on_turn_end(view) "+tc.code+" end")
		h := testHooksOf(t, games, v, 1, nil)
		assert.EqualError(t, h.OnTurnEnd(hookView(1)), tc.want, tc.code)
	}
}

// params: in the YAML reach the hooks as a read-only table, view.params
// (also view.rules.params); a variant without them gives an empty table.
func TestHookParams(t *testing.T) {
	games, v := hookedDir(t, "extends: original\nhooks: h.lua\nparams:\n  seat: 2\n  name: ana\n  strict: true\n", "h.lua", `
function on_turn_end(view)
  print(view.params.seat, view.params.name, view.params.strict, view.params.nothing, view.rules.params.seat)
  view.params.seat = 3
end`)
	var out bytes.Buffer
	h := testHooksOf(t, games, v, 1, &out)
	assert.EqualError(t, h.OnTurnEnd(hookView(1)), "variant v, hook on_turn_end: h.lua:4: attempt to change a read-only table (key seat)")
	assert.Equal(t, "2\tana\ttrue\tnil\t2\n", out.String())

	games, v = hookedVariant(t, "function on_turn_end(view) print(next(view.params)) end")
	out.Reset()
	h = testHooksOf(t, games, v, 1, &out)
	require.NoError(t, h.OnTurnEnd(hookView(1)))
	assert.Equal(t, "nil\n", out.String())
}

// A Lua table of changes takes params as a variant file does.
func TestParamsFromLua(t *testing.T) {
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	out, err := e.run(t.Context(), "p.lua", []byte(`local v = meld.variant{params = {seat = 2, tag = "x"}}
return v.params.seat .. v.params.tag`))
	require.NoError(t, err)
	assert.Equal(t, "2x", out[0].String())
	_, err = e.run(t.Context(), "p.lua", []byte(`return meld.variant{params = {seat = 1.5}}`))
	assert.EqualError(t, err, "p.lua:1: bad argument #1 to 'variant' (params.seat must be text, a whole number, or true or false, not the number 1.5)")
}

// The shipped house/handicap: its deal hook reads its params and the
// deal's view of the pool and racks.
func TestHandicap(t *testing.T) {
	v := resolveHooked(t, "house/handicap")
	g, err := hookGames.NewGame(v.Rules, []string{"ana", "ben", "cy"}, 5, nil)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []int{16, 14, 14}, []int{g.Rack(0).Len(), g.Rack(1).Len(), g.Rack(2).Len()})
	assert.Equal(t, 106-44, g.Pool())

	r := v.Rules
	r.Params = core.Params{"seat": 3, "extra": 3}
	g, err = hookGames.NewGame(r, []string{"ana", "ben", "cy"}, 5, nil)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []int{14, 14, 17}, []int{g.Rack(0).Len(), g.Rack(1).Len(), g.Rack(2).Len()})
}

// The hooks keep the Lua view of a position and check_play's last verdict:
// a planner's Game.Check, then Play of the same table, runs the hook once,
// and further checks from one position share one view.
func TestCheckPlayAskedOnce(t *testing.T) {
	games, v := hookedVariant(t, `n = 0
local seen
function check_play(view, after, placed)
  n = n + 1
  print(n, view == seen, #after)
  seen = view
  return true
end`)
	var out bytes.Buffer
	g, err := games.NewGame(v.Rules, []string{"ana", "ben"}, 1, &out)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12 k5 k6 k7"), coretest.Tiles("k1")},
		Opened: []bool{true, true}}))
	_, err = g.Check(coretest.Table("[k5 k6 k7]"))
	require.NoError(t, err)
	_, err = g.Check(coretest.Table("[r10 r11 r12] [k5 k6 k7]"))
	require.NoError(t, err)
	require.NoError(t, g.Play(coretest.Table("[r10 r11 r12] [k5 k6 k7]")))
	assert.Equal(t, "1\tfalse\t1\n2\ttrue\t2\n", out.String())
}

// g:clock reads a player's chess clock from Lua.
func TestLuaClock(t *testing.T) {
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	out, err := e.run(t.Context(), "c.lua", []byte(`local g = meld.game{variant = "house/chess-clock"}
local p = g:current()
g:draw()
local before = g:clock()
g:timeout()
return g:clock(p) .. " " .. before .. " " .. meld.game():clock()`))
	require.NoError(t, err)
	assert.Equal(t, "610 600 60", out[0].String(), "p's move added 10 s; the other's bank before its timeout; the original: 60 s a turn")
}
