package scripts

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/internal/suggest"
)

// gameMethods are the methods of a game value (g:play ...), by name. The
// package documentation and API.md describe each; a test keeps the three
// in step.
func (e *env) gameMethods() map[string]lua.LGFunction {
	return map[string]lua.LGFunction{
		"players":      e.gPlayers,
		"names":        e.gNames,
		"current":      e.gCurrent,
		"round":        e.gRound,
		"turn":         e.gTurn,
		"rack":         e.gRack,
		"table":        e.gTable,
		"pool":         e.gPool,
		"set_aside":    e.gSetAside,
		"opened":       e.gOpened,
		"clock":        e.gClock,
		"setup":        e.gSetup,
		"play":         e.gPlay,
		"draw":         e.gDraw,
		"end_turn":     e.gEndTurn,
		"drawn_tile":   e.gDrawnTile,
		"timeout":      e.gTimeout,
		"hint":         e.gHint,
		"over":         e.gOver,
		"winner":       e.gWinner,
		"scores":       e.gScores,
		"next_round":   e.gNextRound,
		"totals":       e.gTotals,
		"rounds_won":   e.gRoundsWon,
		"match_over":   e.gMatchOver,
		"match_winner": e.gMatchWinner,
		"history":      e.gHistory,
		"save":         e.gSave,
		"record":       e.gRecord,
		"view":         e.gView,
		"variant":      e.gVariant,
		"clone":        e.gClone,
	}
}

// gameMetatable is shared by every game value of the state.
func (e *env) gameMetatable() *lua.LTable {
	L := e.st.L
	methods := map[string]lua.LValue{}
	names := make([]string, 0, len(methods))
	for name, fn := range e.gameMethods() {
		methods[name] = L.NewFunction(fn)
		names = append(names, name)
	}
	slices.Sort(names)
	mt := L.NewTable()
	// A name that is no method is an error that says so, with the nearest
	// one, rather than a nil that fails later as "attempt to call a
	// non-function object".
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key := L.Get(2)
		if m, ok := methods[lua.LVAsString(key)]; ok && key.Type() == lua.LTString {
			L.Push(m)
			return 1
		}
		name := lua.LVAsString(key)
		if near := suggest.Nearest(name, names); near != "" {
			L.RaiseError("a game has no method %s; did you mean %s?", name, near)
		}
		L.RaiseError("a game has no method %s; its methods are %s", name, strings.Join(names, ", "))
		return 0
	}))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("a game cannot be changed directly (key %s); use its methods, as g:play", lua.LVAsString(L.Get(2)))
		return 0
	}))
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		g := e.game(L, "tostring")
		L.Push(lua.LString(fmt.Sprintf("game (%s, %d players, round %d, player %d to play)",
			g.Rules.Name, g.Players(), g.Round(), g.Current()+1)))
		return 1
	}))
	mt.RawSetString("__metatable", lua.LString("meld.game"))
	return mt
}

// wrapGame makes g a Lua value. Scripts share g: a change through the value
// is a change to g.
func (e *env) wrapGame(g *core.Game) *lua.LUserData {
	ud := e.st.L.NewUserData()
	ud.Value = g
	ud.Metatable = e.gameMT
	return ud
}

// game is the self of a method call, or an error as Lua words it.
func (e *env) game(L *lua.LState, method string) *core.Game {
	if ud, ok := L.Get(1).(*lua.LUserData); ok && ud.Metatable == e.gameMT {
		return ud.Value.(*core.Game)
	}
	L.RaiseError("calling '%s' on bad self (a game expected, got %s); call it as g:%s(...)", method, typeName(L.Get(1)), method)
	return nil
}

func method(L *lua.LState, name string) fnArgs { return fnArgs{L: L, name: name, self: 1} }

func pushInts(L *lua.LState, xs []int, plus int) {
	if xs == nil {
		L.Push(lua.LNil)
		return
	}
	t := L.NewTable()
	for _, x := range xs {
		t.Append(lua.LNumber(x + plus))
	}
	L.Push(t)
}

// pushSeat pushes a 0-based seat as a 1-based index, or nil for -1.
func pushSeat(L *lua.LState, seat int) {
	if seat < 0 {
		L.Push(lua.LNil)
		return
	}
	L.Push(lua.LNumber(seat + 1))
}

func (e *env) gPlayers(L *lua.LState) int {
	L.Push(lua.LNumber(e.game(L, "players").Players()))
	return 1
}

func (e *env) gNames(L *lua.LState) int {
	t := L.NewTable()
	for _, n := range e.game(L, "names").Names() {
		t.Append(lua.LString(n))
	}
	L.Push(t)
	return 1
}

func (e *env) gCurrent(L *lua.LState) int {
	pushSeat(L, e.game(L, "current").Current())
	return 1
}

func (e *env) gRound(L *lua.LState) int {
	L.Push(lua.LNumber(e.game(L, "round").Round()))
	return 1
}

func (e *env) gTurn(L *lua.LState) int {
	L.Push(lua.LNumber(e.game(L, "turn").Turn()))
	return 1
}

func (e *env) gRack(L *lua.LState) int {
	g := e.game(L, "rack")
	p := method(L, "rack").seat(1, g.Players(), g.Current()+1)
	rack := g.Rack(p)
	L.Push(lua.LString(rack.String()))
	return 1
}

func (e *env) gTable(L *lua.LState) int {
	g := e.game(L, "table")
	sr := g.Rules.SetRules()
	L.Push(lua.LString(sr.Canonical(g.Table()).String()))
	return 1
}

// g:drawn_tile() -> tile | nil: the tile a draw left waiting to free a joker
func (e *env) gDrawnTile(L *lua.LState) int {
	if t := e.game(L, "drawn_tile").DrawnTile(); t != core.NoTile {
		L.Push(lua.LString(t.String()))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

func (e *env) gPool(L *lua.LState) int {
	L.Push(lua.LNumber(e.game(L, "pool").Pool()))
	return 1
}

func (e *env) gSetAside(L *lua.LState) int {
	aside := e.game(L, "set_aside").SetAside()
	L.Push(lua.LString(aside.String()))
	return 1
}

func (e *env) gOpened(L *lua.LState) int {
	g := e.game(L, "opened")
	p := method(L, "opened").seat(1, g.Players(), g.Current()+1)
	L.Push(lua.LBool(g.Opened(p)))
	return 1
}

// g:clock([p]) -> seconds on p's clock at the start of their turn
func (e *env) gClock(L *lua.LState) int {
	g := e.game(L, "clock")
	p := method(L, "clock").seat(1, g.Players(), g.Current()+1)
	L.Push(lua.LNumber(g.Clock(p).Seconds()))
	return 1
}

// g:setup{racks=, table=, current=, opened=, pool=}
func (e *env) gSetup(L *lua.LState) int {
	g := e.game(L, "setup")
	a := method(L, "setup")
	t := a.optTable(1)
	if t == nil {
		a.fail(1, "table expected, got no value")
	}
	a.fields(1, t, "racks", "table", "current", "opened", "pool")
	box := g.Rules.Tiles
	n := g.Players()
	s := core.Setup{Racks: make([][]core.Tile, n), Pool: -1}
	switch racks := t.RawGetString("racks").(type) {
	case *lua.LNilType:
	case *lua.LTable:
		if racks.Len() > n {
			a.fail(1, "racks: %d racks for %d players", racks.Len(), n)
		}
		for i := 1; i <= racks.Len(); i++ {
			text, ok := racks.RawGetInt(i).(lua.LString)
			if !ok {
				a.fail(1, "racks: rack %d: a string expected, got %s", i, describe(racks.RawGetInt(i)))
			}
			tiles, err := box.ParseTiles(string(text))
			if err != nil {
				a.fail(1, "racks: rack %d: %s", i, err.Error())
			}
			s.Racks[i-1] = tiles
		}
	default:
		a.fail(1, "racks: a list of racks expected, got %s", describe(racks))
	}
	switch table := t.RawGetString("table").(type) {
	case *lua.LNilType:
	case lua.LString:
		tt, err := box.ParseTable(string(table))
		if err != nil {
			a.fail(1, "table: %s", err.Error())
		}
		s.Table = tt
	default:
		a.fail(1, "table: a string expected, got %s", describe(table))
	}
	if v := t.RawGetString("current"); v != lua.LNil {
		k, err := luaInt(v, 1)
		if err != nil || k > n {
			a.fail(1, "current: a player 1..%d expected, got %s", n, describe(v))
		}
		s.Current = k - 1
	}
	switch op := t.RawGetString("opened").(type) {
	case *lua.LNilType:
	case lua.LBool:
		s.Opened = make([]bool, n)
		for i := range s.Opened {
			s.Opened[i] = bool(op)
		}
	case *lua.LTable:
		if op.Len() > n {
			a.fail(1, "opened: %d flags for %d players", op.Len(), n)
		}
		s.Opened = make([]bool, n)
		for i := range op.Len() {
			s.Opened[i] = lua.LVAsBool(op.RawGetInt(i + 1))
		}
	default:
		a.fail(1, "opened: true, false or a list of them expected, got %s", describe(op))
	}
	if v := t.RawGetString("pool"); v != lua.LNil {
		k, err := luaInt(v, 0)
		if err != nil {
			a.fail(1, "pool: %v", err)
		}
		s.Pool = k
	}
	if err := g.Setup(s); err != nil {
		a.fail(1, "%s", err.Error())
	}
	return 0
}

// ruleResult pushes true, or false and the reason for a rule the action
// broke; any other error (a variant hook's) is raised.
func ruleResult(L *lua.LState, a fnArgs, err error) int {
	if err == nil {
		L.Push(lua.LTrue)
		return 1
	}
	var re *core.RuleError
	if !errors.As(err, &re) {
		a.failErr(err)
	}
	L.Push(lua.LFalse)
	L.Push(lua.LString(re.Error()))
	return 2
}

// tilesResult pushes tiles drawn in rack notation, nil for none, or false
// and the reason when the rules refused the action.
func tilesResult(L *lua.LState, a fnArgs, tiles []core.Tile, err error) int {
	if err != nil {
		return ruleResult(L, a, err)
	}
	if len(tiles) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	m := core.MultisetOf(tiles...)
	L.Push(lua.LString(m.String()))
	return 1
}

func (e *env) gPlay(L *lua.LState) int {
	g := e.game(L, "play")
	a := method(L, "play")
	after, err := g.Rules.Tiles.ParseTable(a.str(1))
	if err != nil {
		a.fail(1, "%s", err.Error())
	}
	return ruleResult(L, a, g.Play(after))
}

func (e *env) gDraw(L *lua.LState) int {
	g := e.game(L, "draw")
	tiles, err := g.Draw()
	return tilesResult(L, method(L, "draw"), tiles, err)
}

func (e *env) gEndTurn(L *lua.LState) int {
	return ruleResult(L, method(L, "end_turn"), e.game(L, "end_turn").EndTurn())
}

func (e *env) gTimeout(L *lua.LState) int {
	g := e.game(L, "timeout")
	tiles, err := g.Timeout()
	return tilesResult(L, method(L, "timeout"), tiles, err)
}

// g:hint([objective]) -> table, tiles | nil
func (e *env) gHint(L *lua.LState) int {
	g := e.game(L, "hint")
	a := method(L, "hint")
	obj, err := solve.ParseObjective(a.optStr(1, "tiles"))
	if err != nil {
		a.fail(1, "objective %q: use \"tiles\" or \"points\"", a.optStr(1, ""))
	}
	if g.RoundOver() {
		L.Push(lua.LNil)
		return 1
	}
	cur := g.Current()
	// The game is the referee: after a draw that may free a joker (the
	// French editions) only the swap it allows is suggested.
	return e.pushSolution(a, solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(cur),
		Opened: g.Opened(cur), Locked: g.Locked(), Objective: obj}, g)
}

func (e *env) gOver(L *lua.LState) int {
	L.Push(lua.LBool(e.game(L, "over").RoundOver()))
	return 1
}

func (e *env) gWinner(L *lua.LState) int {
	pushSeat(L, e.game(L, "winner").Winner())
	return 1
}

func (e *env) gScores(L *lua.LState) int {
	pushInts(L, e.game(L, "scores").RoundScores(), 0)
	return 1
}

func (e *env) gNextRound(L *lua.LState) int {
	return ruleResult(L, method(L, "next_round"), e.game(L, "next_round").NextRound())
}

func (e *env) gTotals(L *lua.LState) int {
	pushInts(L, e.game(L, "totals").Totals(), 0)
	return 1
}

func (e *env) gRoundsWon(L *lua.LState) int {
	pushInts(L, e.game(L, "rounds_won").RoundsWon(), 0)
	return 1
}

func (e *env) gMatchOver(L *lua.LState) int {
	L.Push(lua.LBool(e.game(L, "match_over").MatchOver()))
	return 1
}

func (e *env) gMatchWinner(L *lua.LState) int {
	pushSeat(L, e.game(L, "match_winner").MatchWinner())
	return 1
}

// MaxHistory is the most actions one call of g:history returns: a longer
// history is read a page at a time, g:history(from, count). A round has
// at most core.MaxTurns turns, but a match has many rounds.
const MaxHistory = 5000

// g:history([from [, count]]) -> {{round=, turn=, player=, kind=, tiles=, table=, text=}, ...}
// The size is checked before anything is built, and what is built is
// charged to the state's memory account.
func (e *env) gHistory(L *lua.LState) int {
	g := e.game(L, "history")
	a := method(L, "history")
	n := g.HistoryLen()
	from, count := 1, n
	if v := a.get(1); v != lua.LNil {
		f, ok := v.(lua.LNumber)
		if !ok || f != lua.LNumber(int(f)) {
			a.fail(1, "from: a whole number expected, got %s", typeName(v))
		}
		if f < 1 {
			a.fail(1, "from %v: the first action is 1", f)
		}
		from = int(min(f, lua.LNumber(n+1)))
		count = n - from + 1
	}
	if v := a.get(2); v != lua.LNil {
		c, ok := v.(lua.LNumber)
		if !ok || c != lua.LNumber(int(c)) || c < 0 {
			a.fail(2, "count: a whole number from 0 expected, got %s", lua.LVAsString(v))
		}
		if c > MaxHistory {
			a.fail(2, "count %v: at most %d at a time (scripts.MaxHistory)", c, MaxHistory)
		}
		count = min(int(c), n-from+1)
	} else if count > MaxHistory {
		what := fmt.Sprintf("the game has %d actions", count)
		if from > 1 {
			what = fmt.Sprintf("there are %d actions from %d on", count, from)
		}
		a.fail(1, "%s, more than %d at once; read them a page at a time: g:history(from, count), count at most %d (scripts.MaxHistory)",
			what, MaxHistory, MaxHistory)
	}
	page := g.HistoryRange(from-1, from-1+count)
	sr := g.Rules.SetRules()
	out := L.NewTable()
	for _, act := range page {
		e.st.Charge(512 + 4*len(act.Table)*16)
		t := L.NewTable()
		t.RawSetString("round", lua.LNumber(act.Round))
		t.RawSetString("turn", lua.LNumber(act.Turn+1))
		t.RawSetString("player", lua.LNumber(act.Seat+1))
		t.RawSetString("kind", lua.LString(act.Kind.String()))
		tiles := core.MultisetOf(act.Tiles...)
		t.RawSetString("tiles", lua.LString(tiles.String()))
		t.RawSetString("table", lua.LString(sr.Canonical(act.Table).String()))
		t.RawSetString("text", lua.LString(act.String()))
		out.Append(t)
	}
	L.Push(e.st.ReadOnly(out))
	return 1
}

func (e *env) gSave(L *lua.LState) int {
	g := e.game(L, "save")
	a := method(L, "save")
	path, err := e.localPath(a.str(1), false)
	if err != nil {
		a.fail(1, "%s", err.Error())
	}
	if err := files.SaveGame(g, path, nil); err != nil {
		a.failErr(err)
	}
	return 0
}

// g:view([p]) -> the read-only view a bot in seat p gets
func (e *env) gView(L *lua.LState) int {
	g := e.game(L, "view")
	p := method(L, "view").seat(1, g.Players(), g.Current()+1)
	v := g.View(p)
	L.Push(e.viewTable(&g.Rules, v))
	return 1
}

func (e *env) gVariant(L *lua.LState) int {
	g := e.game(L, "variant")
	L.Push(e.st.ReadOnly(rulesTable(L, &g.Rules)))
	return 1
}

func (e *env) gClone(L *lua.LState) int {
	L.Push(e.wrapGame(e.game(L, "clone").Clone()))
	return 1
}

// rulesView is r as a read-only rules table, the same table while the
// rules are the same: a bot gets one each turn, and a table already seen
// is a variant already resolved (see resolveVariant).
func (e *env) rulesView(r *core.Rules) *lua.LTable {
	if e.lastRulesView == nil || !reflect.DeepEqual(*r, e.lastRules) {
		e.lastRules = *r
		e.lastRules.Deal.Piles = slices.Clone(r.Deal.Piles)
		e.lastRulesView = e.st.ReadOnly(rulesTable(e.st.L, r))
	}
	return e.lastRulesView
}

// viewTable is v as the read-only table a Lua bot gets (see the package
// documentation, "Lua bots").
func (e *env) viewTable(r *core.Rules, v *core.View) *lua.LTable {
	L := e.st.L
	t := L.NewTable()
	t.RawSetString("variant", lua.LString(v.Variant))
	t.RawSetString("rules", e.rulesView(r))
	t.RawSetString("round", lua.LNumber(v.Round))
	t.RawSetString("turn", lua.LNumber(v.Turn))
	if v.Seat >= 0 {
		t.RawSetString("player", lua.LNumber(v.Seat+1))
	}
	t.RawSetString("current", lua.LNumber(v.Current+1))
	rack := core.MultisetOf(v.Rack...)
	t.RawSetString("rack", lua.LString(rack.String()))
	racks := L.NewTable()
	for _, n := range v.Racks {
		racks.Append(lua.LNumber(n))
	}
	t.RawSetString("racks", racks)
	opened := L.NewTable()
	for _, o := range v.Opened {
		opened.Append(lua.LBool(o))
	}
	t.RawSetString("opened", opened)
	t.RawSetString("locked", lua.LBool(v.Locked))
	sr := r.SetRules()
	t.RawSetString("table", lua.LString(sr.Canonical(v.Table).String()))
	t.RawSetString("pool", lua.LNumber(v.Pool))
	scores := L.NewTable()
	for _, s := range v.Scores {
		scores.Append(lua.LNumber(s))
	}
	t.RawSetString("scores", scores)
	last := core.MultisetOf(v.LastPlay...)
	t.RawSetString("last_play", lua.LString(last.String()))
	// What the bot cannot see: the box less the table and its rack (the
	// other racks and the pool together), counted, never their order.
	unseen := r.Tiles.Full()
	onTable := v.Table.Tiles()
	unseen = unseen.Minus(&onTable)
	unseen = unseen.Minus(&rack)
	t.RawSetString("unseen", lua.LString(unseen.String()))
	return e.st.ReadOnly(t)
}
