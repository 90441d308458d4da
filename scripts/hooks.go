package scripts

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// The Lua side of hooks. A variant's Lua file (hooks: in the YAML) may
// define any of these global functions; one it leaves out keeps the YAML
// rules:
//
//	deal(view)                    -> racks, one list of tiles a seat, or nil
//	first_player(view)            -> the seat that starts, or nil
//	check_play(view, after, placed) -> true, or false and a reason to refuse
//	check_set(view, set)          -> the value of a set the built-in check
//	                                 refuses (a shape of the house's), or nil
//	score_round(view, scores)     -> new scores, one a seat, summing to 0
//	                                 (unless scoring.zero_sum: false), or nil
//	on_turn_end(view)             -> nothing
//
// Seats count from 1, as Lua lists do. Tiles are strings in notation ("r7",
// "J"); a set is a list of tiles and a table a list of sets. view is
// read-only (writing to it is an error) and has these fields:
//
//	variant   the variant's name         rules     the variant's rules, keyed as in YAML
//	round     the round, from 1          turn      turns played this round, from 0
//	current   the seat to play           seat      nil (a referee's view)
//	rack      the current player's rack  racks     tiles on each rack
//	opened    who has made the initial meld, a boolean a seat
//	locked    true when the current player may only add new sets (first round)
//	table     the sets on the table      pool      tiles left in the pool
//	scores    match totals, one a seat   winner    this round's winner, or nil
//	winners   every winner of the round (a shared round has more than one)
//	params    the variant's params:, read-only
//	last_play the tiles of the last play
//	pool_tiles  deal's view only: the pool (sorted)
//	rack_tiles  deal's and score_round's views only: every rack, tile by tile
//
// Sets reach hooks in canonical order (core.SetRules.Canonical), the sets
// in the table's order. The global meld is a read-only module that reads
// sets under the game's rules (hookMeld): check, value, canonical, read, and
// searches them by the variant's keys (solve).
// scripts/API.md ("Hooks") documents all this, with an example a hook.
//
// Each hook runs in the sandbox of package scripts/sandbox, with
// Games.Limits: no io, os or file loading, print to the game's writer,
// math.random from the game's seed, and a deadline and memory watchdog on
// every call.

// HookError is a hook that failed: a Lua error, a limit broken, or a value
// the engine cannot use (core.HookError: it says once where it comes
// from). The game is unchanged.
type HookError = core.HookError

// Hooks are a game's Lua hooks; they implement core.Hooks.
type Hooks struct {
	variant    string
	rules      *core.Rules
	code       *compiledHooks
	st         *sandbox.State
	fns        map[string]*lua.LFunction
	rulesTable *lua.LTable
	params     *lua.LTable // view.params
	sets       core.SetRules
	// The last view built and its read-only table: a legal search asks
	// check_play about many plays from one position, and the view is the
	// same for each.
	lastView  core.View
	lastViewT *lua.LTable
	setCache  map[string]*lua.LTable // read-only sets, by notation (canonicalValue)
	// The last play check_play accepted, and in which view.
	lastCheck struct {
		view   *lua.LTable
		after  core.Table
		placed []core.Tile
		ok     bool
	}
}

var _ core.Hooks = (*Hooks)(nil)

// Close releases the Lua state; the game that owns the hooks calls it
// (core.Game.Close).
func (h *Hooks) Close() error {
	h.st.Close()
	return nil
}

// has reports whether the file defines the hook: a view is built only for
// a hook that will read it.
func (h *Hooks) has(name string) bool {
	_, ok := h.fns[name]
	return ok
}

// call runs one hook; ok is false when the file does not define it.
func (h *Hooks) call(name string, args ...lua.LValue) (out []lua.LValue, ok bool, err error) {
	fn, ok := h.fns[name]
	if !ok {
		return nil, false, nil
	}
	out, err = h.st.Call(context.Background(), fn, args...)
	if err != nil {
		return nil, true, &HookError{Variant: h.variant, Hook: name, Err: err}
	}
	return out, true, nil
}

// bad is a hook's return value the engine cannot use, placed at the hook's
// definition.
func (h *Hooks) bad(name, format string, args ...any) error {
	where := h.code.chunk
	if line := h.code.funcs[name]; line > 0 {
		where += fmt.Sprintf(":%d", line)
	}
	return &HookError{Variant: h.variant, Hook: name, Err: errors.New(where + ": " + fmt.Sprintf(format, args...))}
}

func first(out []lua.LValue) lua.LValue {
	if len(out) == 0 {
		return lua.LNil
	}
	return out[0]
}

// Deal may replace the racks after the variant's own deal.
func (h *Hooks) Deal(v *core.View) ([][]core.Tile, bool, error) {
	if !h.has("deal") {
		return nil, false, nil
	}
	out, ok, err := h.call("deal", h.view(v))
	if !ok || err != nil || first(out) == lua.LNil {
		return nil, false, err
	}
	t, isTable := first(out).(*lua.LTable)
	if !isTable || t.Len() != len(v.Racks) {
		return nil, false, h.bad("deal", "deal returned %s; it returns nil, or a list of %d racks, one a seat", luaType(first(out)), len(v.Racks))
	}
	racks := make([][]core.Tile, t.Len())
	for i := range racks {
		rack, isTable := t.RawGetInt(i + 1).(*lua.LTable)
		if !isTable {
			return nil, false, h.bad("deal", "deal returned %s as rack %d; a rack is a list of tiles, as {\"r7\", \"J\"}", luaType(t.RawGetInt(i+1)), i+1)
		}
		for j := 1; j <= rack.Len(); j++ {
			tile, err := h.tile(rack.RawGetInt(j))
			if err != nil {
				return nil, false, h.bad("deal", "deal returned a bad tile in rack %d: %v", i+1, err)
			}
			racks[i] = append(racks[i], tile)
		}
	}
	return racks, true, nil
}

// FirstPlayer may choose the seat that starts.
func (h *Hooks) FirstPlayer(v *core.View) (int, bool, error) {
	if !h.has("first_player") {
		return 0, false, nil
	}
	out, ok, err := h.call("first_player", h.view(v))
	if !ok || err != nil || first(out) == lua.LNil {
		return 0, false, err
	}
	n, isNum := first(out).(lua.LNumber)
	seat := int(n)
	if !isNum || lua.LNumber(seat) != n || seat < 1 || seat > len(v.Racks) {
		return 0, false, h.bad("first_player", "first_player returned %s; it returns nil, or a seat from 1 to %d", luaValue(first(out)), len(v.Racks))
	}
	return seat - 1, true, nil
}

// CheckPlay may refuse a play the rules accept.
func (h *Hooks) CheckPlay(v *core.View, after core.Table, placed []core.Tile) (bool, string, error) {
	if !h.has("check_play") {
		return true, "", nil
	}
	// The referee asks again about the play a planner was just told it
	// accepts (Game.Check, then Game.Play): the same view and the same
	// table get the same verdict, without running the hook twice.
	vt := h.view(v)
	if vt == h.lastCheck.view && h.lastCheck.ok && slices.Equal(placed, h.lastCheck.placed) &&
		reflect.DeepEqual(after, h.lastCheck.after) {
		return true, "", nil
	}
	ok, reason, err := h.checkPlay(vt, after, placed)
	h.lastCheck.view, h.lastCheck.ok = vt, ok && err == nil
	h.lastCheck.after, h.lastCheck.placed = after.Clone(), slices.Clone(placed)
	return ok, reason, err
}

func (h *Hooks) checkPlay(view *lua.LTable, after core.Table, placed []core.Tile) (bool, string, error) {
	out, ok, err := h.call("check_play", view, h.st.Freeze(h.canonicalValue(after)), h.st.Freeze(tilesValue(h.st.L, placed)))
	if !ok || err != nil {
		return err == nil, "", err
	}
	switch verdict := first(out); verdict {
	case lua.LTrue, lua.LNil:
		return true, "", nil
	case lua.LFalse:
		reason := "the variant " + h.variant + " refuses this play"
		if len(out) > 1 {
			s, isStr := out[1].(lua.LString)
			if !isStr {
				return false, "", h.bad("check_play", "check_play returned false and %s; the reason must be a string", luaType(out[1]))
			}
			reason = string(s)
		}
		return false, reason, nil
	default:
		return false, "", h.bad("check_play", "check_play returned %s; it returns true, or false and a reason", luaValue(verdict))
	}
}

// ScoreRound may replace the round's scores.
func (h *Hooks) ScoreRound(v *core.View, scores []int) ([]int, bool, error) {
	if !h.has("score_round") {
		return nil, false, nil
	}
	out, ok, err := h.call("score_round", h.view(v), h.st.Freeze(intsValue(h.st.L, scores)))
	if !ok || err != nil || first(out) == lua.LNil {
		return nil, false, err
	}
	t, isTable := first(out).(*lua.LTable)
	if !isTable || t.Len() != len(scores) {
		return nil, false, h.bad("score_round", "score_round returned %s; it returns nil, or a list of %d scores, one a seat", luaType(first(out)), len(scores))
	}
	newScores := make([]int, len(scores))
	sum := 0
	for i := range newScores {
		n, isNum := t.RawGetInt(i + 1).(lua.LNumber)
		if !isNum || lua.LNumber(int(n)) != n {
			return nil, false, h.bad("score_round", "score_round returned %s for seat %d; a score is a whole number", luaValue(t.RawGetInt(i+1)), i+1)
		}
		newScores[i] = int(n)
		sum += int(n)
	}
	if sum != 0 && !h.rules.FreeSum() {
		return nil, false, h.bad("score_round", "score_round returned scores that add up to %d; they must add up to 0 (unless the variant says scoring.zero_sum: false)", sum)
	}
	return newScores, true, nil
}

// CheckSet asks check_set about a set the built-in check refused: a whole
// number is the set's value (it is valid, a shape of the house's own);
// nil or false leaves it refused.
func (h *Hooks) CheckSet(v *core.View, set core.Set) (int, bool, error) {
	if !h.has("check_set") {
		return 0, false, nil
	}
	out, ok, err := h.call("check_set", h.view(v), h.st.Freeze(tilesValue(h.st.L, set)))
	if !ok || err != nil {
		return 0, false, err
	}
	switch x := first(out).(type) {
	case *lua.LNilType:
		return 0, false, nil
	case lua.LBool:
		if !bool(x) {
			return 0, false, nil
		}
	case lua.LNumber:
		if lua.LNumber(int(x)) == x && x >= 0 {
			return int(x), true, nil
		}
	}
	return 0, false, h.bad("check_set", "check_set returned %s; it returns the set's value (a whole number, 0 or more), or nil to refuse it", luaValue(first(out)))
}

// OnTurnEnd tells the hooks that a turn ended.
func (h *Hooks) OnTurnEnd(v *core.View) error {
	if !h.has("on_turn_end") {
		return nil
	}
	_, _, err := h.call("on_turn_end", h.view(v))
	return err
}

// tile reads a tile a hook returned, in the variant's box.
func (h *Hooks) tile(v lua.LValue) (core.Tile, error) {
	s, ok := v.(lua.LString)
	if !ok {
		return core.NoTile, fmt.Errorf("%s is not a tile; a tile is a string, as \"r7\"", luaValue(v))
	}
	t, err := h.rules.Tiles.ParseTile(string(s))
	if err != nil {
		var pe *core.ParseError
		if errors.As(err, &pe) {
			return core.NoTile, fmt.Errorf("%q: %s", string(s), pe.Reason())
		}
		return core.NoTile, err
	}
	return t, nil
}

func luaType(v lua.LValue) string {
	switch v.Type() {
	case lua.LTNil:
		return "nil"
	case lua.LTTable:
		if t := v.(*lua.LTable); t.Len() > 0 {
			return fmt.Sprintf("a list of %d", t.Len())
		}
		return "a table"
	}
	return "a " + v.Type().String()
}

func luaValue(v lua.LValue) string {
	switch v := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q", string(v))
	case lua.LNumber, lua.LBool:
		return v.String()
	}
	return luaType(v)
}

// view builds the read-only Lua view of a game, or gives the last one
// again when the game has not changed since.
func (h *Hooks) view(v *core.View) *lua.LTable {
	if h.lastViewT != nil && v.Check == nil && v.Judge == nil && reflect.DeepEqual(*v, h.lastView) {
		return h.lastViewT
	}
	t := h.buildView(v)
	h.lastView, h.lastViewT = *v, t
	h.lastView.Check, h.lastView.Judge = nil, nil
	return t
}

func (h *Hooks) buildView(v *core.View) *lua.LTable {
	L := h.st.L
	t := L.CreateTable(0, 16)
	seat := func(s int) lua.LValue {
		if s < 0 {
			return lua.LNil
		}
		return lua.LNumber(s + 1)
	}
	t.RawSetString("variant", lua.LString(v.Variant))
	t.RawSetString("rules", h.rulesTable)
	t.RawSetString("params", h.params)
	t.RawSetString("round", lua.LNumber(v.Round))
	t.RawSetString("turn", lua.LNumber(v.Turn))
	t.RawSetString("current", seat(v.Current))
	t.RawSetString("seat", seat(v.Seat))
	t.RawSetString("rack", tilesValue(L, v.Rack))
	t.RawSetString("racks", intsValue(L, v.Racks))
	opened := L.CreateTable(len(v.Opened), 0)
	for _, o := range v.Opened {
		opened.Append(lua.LBool(o))
	}
	t.RawSetString("opened", opened)
	t.RawSetString("locked", lua.LBool(v.Locked))
	t.RawSetString("table", h.canonicalValue(v.Table))
	t.RawSetString("pool", lua.LNumber(v.Pool))
	t.RawSetString("scores", intsValue(L, v.Scores))
	t.RawSetString("winner", seat(v.Winner))
	winners := L.CreateTable(len(v.Winners), 0)
	for _, w := range v.Winners {
		winners.Append(seat(w))
	}
	t.RawSetString("winners", winners)
	if v.PoolTiles != nil {
		t.RawSetString("pool_tiles", tilesValue(L, v.PoolTiles))
	}
	if v.RackTiles != nil {
		racks := L.CreateTable(len(v.RackTiles), 0)
		for _, r := range v.RackTiles {
			racks.Append(tilesValue(L, r))
		}
		t.RawSetString("rack_tiles", racks)
	}
	t.RawSetString("last_play", tilesValue(L, v.LastPlay))
	return h.st.Freeze(t)
}

// canonicalValue is a table as hooks get it: each set in canonical order
// (core.SetRules.Canonical: a run ascending with each joker in its place,
// a group by colour k r b o with its jokers last), the sets in the table's
// order.
//
// Each set is a read-only table shared by every value that holds the same
// set: a legal search asks check_play about many tables that differ in a
// set or two, and the view's table is mostly the table after; building
// each set once keeps a check cheap. The cache is dropped past maxSetCache.
func (h *Hooks) canonicalValue(table core.Table) *lua.LTable {
	L := h.st.L
	canon := h.sets.Canonical(table)
	t := L.CreateTable(len(canon), 0)
	if h.setCache == nil || len(h.setCache) > maxSetCache {
		h.setCache = map[string]*lua.LTable{}
	}
	for _, s := range canon {
		k := s.String()
		v := h.setCache[k]
		if v == nil {
			v = h.st.Freeze(tilesValue(L, s))
			h.setCache[k] = v
		}
		t.Append(v)
	}
	return t
}

// maxSetCache bounds the sets kept built (see canonicalValue): a round's
// tables hold a few dozen.
const maxSetCache = 1024

func tilesValue(L *lua.LState, tiles []core.Tile) *lua.LTable {
	t := L.CreateTable(len(tiles), 0)
	for _, x := range tiles {
		t.Append(lua.LString(x.String()))
	}
	return t
}

func intsValue(L *lua.LState, ns []int) *lua.LTable {
	t := L.CreateTable(len(ns), 0)
	for _, n := range ns {
		t.Append(lua.LNumber(n))
	}
	return t
}
