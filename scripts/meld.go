package scripts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/scripts/sandbox"
	"github.com/meldlab/meldlab/variants"
)

// moduleFuncs are the functions of the meld module, by name. The package
// documentation and API.md describe each; a test keeps the three in step.
func (e *env) moduleFuncs() map[string]lua.LGFunction {
	return map[string]lua.LGFunction{
		"check":       e.mCheck,
		"value":       e.mValue,
		"canonical":   e.mCanonical,
		"read":        e.mRead,
		"variants":    e.mVariants,
		"variant":     e.mVariant,
		"game":        e.mGame,
		"load":        e.mLoad,
		"solve":       e.mSolve,
		"read_record": e.mReadRecord,
	}
}

// openMeld builds the module table, read-only so that no script can
// change what another one it requires sees.
func (e *env) openMeld() *lua.LTable {
	L := e.st.L
	t := L.NewTable()
	for name, fn := range e.moduleFuncs() {
		t.RawSetString(name, L.NewFunction(fn))
	}
	e.gameMT = e.gameMetatable()
	view := e.st.ReadOnly(t)
	// A name the module does not have is an error that names the nearest
	// one, not a nil that fails later as "attempt to call a non-function
	// object". The view reads its contents with ordinary indexing, so
	// their metatable answers for what they lack.
	if mt, ok := view.Metatable.(*lua.LTable); ok {
		if data, ok := mt.RawGetString("__index").(*lua.LTable); ok {
			names := make([]string, 0, len(e.moduleFuncs()))
			for name := range e.moduleFuncs() {
				names = append(names, name)
			}
			missing := L.NewTable()
			missing.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
				name := lua.LVAsString(L.Get(2))
				if near := suggest.Nearest(name, names); near != "" {
					L.RaiseError("meld has no function %s; did you mean %s?", name, near)
				}
				L.RaiseError("meld has no function %s (scripts/API.md lists them)", name)
				return 0
			}))
			data.Metatable = missing
		}
	}
	return view
}

// meld.check(text [, variant]) -> true | false, reason
func (e *env) mCheck(L *lua.LState) int {
	a := fnArgs{L: L, name: "check"}
	text := a.str(1)
	r := e.variantArg(a, 2)
	return pushCheck(a, text, &r)
}

// pushCheck answers meld.check for text under r.
func pushCheck(a fnArgs, text string, r *core.Rules) int {
	L := a.L
	sets, single := setsArg(a, 1, text, r)
	sr := r.SetRules()
	var reasons []string
	for i, s := range sets {
		if _, err := sr.Validate(s); err != nil {
			var se *core.SetError
			if errors.As(err, &se) && !single {
				se.Index = i + 1
			}
			reasons = append(reasons, err.Error())
		}
	}
	if err := r.CheckBox(sets); err != nil {
		reasons = append(reasons, err.Error())
	}
	if len(reasons) > 0 {
		L.Push(lua.LFalse)
		L.Push(lua.LString(strings.Join(reasons, "; ")))
		return 2
	}
	L.Push(lua.LTrue)
	return 1
}

// meld.value(set [, variant]) -> number
func (e *env) mValue(L *lua.LState) int {
	a := fnArgs{L: L, name: "value"}
	text := a.str(1)
	r := e.variantArg(a, 2)
	return pushValue(a, text, &r)
}

// pushValue answers meld.value for text under r.
func pushValue(a fnArgs, text string, r *core.Rules) int {
	sets, _ := setsArg(a, 1, text, r)
	sr := r.SetRules()
	total := 0
	for _, s := range sets {
		info, err := sr.Validate(s)
		if err != nil {
			a.fail(1, "%s", err.Error())
		}
		total += info.Value
	}
	a.L.Push(lua.LNumber(total))
	return 1
}

// meld.canonical(text [, variant]) -> text
func (e *env) mCanonical(L *lua.LState) int {
	a := fnArgs{L: L, name: "canonical"}
	text := a.str(1)
	r := e.variantArg(a, 2)
	return pushCanonical(a, text, &r)
}

// pushCanonical answers meld.canonical for text under r.
func pushCanonical(a fnArgs, text string, r *core.Rules) int {
	L := a.L
	if !strings.ContainsAny(text, "[]") {
		tiles, err := r.Tiles.ParseTiles(text)
		if err != nil {
			a.fail(1, "%s", err.Error())
		}
		m := core.MultisetOf(tiles...)
		L.Push(lua.LString(m.String()))
		return 1
	}
	sets, _ := setsArg(a, 1, text, r)
	L.Push(lua.LString(r.SetRules().Canonical(sets).String()))
	return 1
}

// meld.read(set [, variant]) -> table | nil, reason
func (e *env) mRead(L *lua.LState) int {
	a := fnArgs{L: L, name: "read"}
	text := a.str(1)
	r := e.variantArg(a, 2)
	return pushRead(a, e.st.ReadOnly, text, &r)
}

// pushRead answers meld.read: what one set is, under r; frozen makes the
// answer read-only.
func pushRead(a fnArgs, readOnly func(*lua.LTable) *lua.LTable, text string, r *core.Rules) int {
	L := a.L
	sets, single := setsArg(a, 1, text, r)
	if !single {
		a.fail(1, "one set expected, got a table of %d", len(sets))
	}
	s := sets[0]
	sr := r.SetRules()
	info, err := sr.Validate(s)
	if err != nil {
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	t := L.CreateTable(0, 8)
	t.RawSetString("kind", lua.LString(info.Kind.String()))
	if info.Kind == core.Run {
		t.RawSetString("color", lua.LString(string(info.Color.Letter())))
	}
	t.RawSetString("number", lua.LNumber(info.Number))
	t.RawSetString("len", lua.LNumber(info.Len))
	t.RawSetString("value", lua.LNumber(info.Value))
	t.RawSetString("tiles", tilesValue(L, info.Canonical(s, r.Tiles.Numbers)))
	var missing []core.Tile // a group's missing colours, as tiles of its number
	if info.Kind == core.Group {
		letters := L.CreateTable(0, 0)
		for c := core.Color(0); int(c) < r.Tiles.Colors; c++ {
			if info.Missing&(1<<c) != 0 {
				letters.Append(lua.LString(string(c.Letter())))
				missing = append(missing, core.NewTile(c, info.Number))
			}
		}
		t.RawSetString("missing", letters)
	}
	jokers := L.CreateTable(info.Jokers, 0)
	for _, stands := range info.JokerTiles() {
		j := L.CreateTable(0, 2)
		j.RawSetString("stands", lua.LString(stands.String()))
		if info.Kind == core.Group {
			j.RawSetString("frees", tilesValue(L, missing))
		} else {
			j.RawSetString("frees", tilesValue(L, []core.Tile{stands}))
		}
		jokers.Append(j)
	}
	t.RawSetString("jokers", jokers)
	L.Push(readOnly(t))
	return 1
}

// meld.variants() -> {names...}
func (e *env) mVariants(L *lua.LState) int {
	t := L.NewTable()
	for _, n := range variantNames() {
		t.Append(lua.LString(n))
	}
	L.Push(e.st.ReadOnly(t))
	return 1
}

// meld.variant(name_or_path) -> read-only table of the rules
func (e *env) mVariant(L *lua.LState) int {
	a := fnArgs{L: L, name: "variant"}
	if a.get(1) == lua.LNil {
		a.fail(1, "a variant name, a path or a table of changes expected, got no value")
	}
	r := e.variantArg(a, 1)
	L.Push(e.st.ReadOnly(rulesTable(L, &r)))
	return 1
}

// meld.game{variant=, players=, seed=, rounds=} -> game
func (e *env) mGame(L *lua.LState) int {
	a := fnArgs{L: L, name: "game"}
	opts := a.optTable(1)
	if opts == nil {
		opts = L.NewTable()
	}
	a.fields(1, opts, "variant", "players", "seed", "rounds")
	vr := e.variantValue(a, 1, "variant: ", opts.RawGetString("variant"))
	r := vr.Rules
	var names []string
	switch p := opts.RawGetString("players").(type) {
	case *lua.LNilType:
		names = make([]string, 2)
	case lua.LNumber:
		n, err := luaInt(p, 1)
		if err != nil || n > 64 {
			a.fail(1, "players: a count 1..64 or a list of names expected, got %s", describe(p))
		}
		names = make([]string, n)
	case *lua.LTable:
		for i := 1; i <= p.Len(); i++ {
			s, ok := p.RawGetInt(i).(lua.LString)
			if !ok {
				a.fail(1, "players: name %d: a string expected, got %s", i, describe(p.RawGetInt(i)))
			}
			names = append(names, string(s))
		}
	default:
		a.fail(1, "players: a count or a list of names expected, got %s", describe(p))
	}
	var seed uint64
	if v := opts.RawGetString("seed"); v != lua.LNil {
		n, ok := v.(lua.LNumber)
		if !ok || float64(n) < 0 || float64(n) != float64(uint64(n)) {
			a.fail(1, "seed: a whole number 0 or more expected, got %s", describe(v))
		}
		seed = uint64(n)
	}
	if v := opts.RawGetString("rounds"); v != lua.LNil {
		n, err := luaInt(v, 1)
		if err != nil {
			a.fail(1, "rounds: %v", err)
		}
		r.Match.Rounds = n
	}
	game := *vr // the resolved variant is shared; this game's rules are its own
	game.Rules = r
	g, err := e.newCoreGame(&game, names, seed)
	if err != nil {
		a.fail(1, "%s", err.Error())
	}
	L.Push(e.wrapGame(g))
	return 1
}

// meld.load(path) -> game
func (e *env) mLoad(L *lua.LState) int {
	a := fnArgs{L: L, name: "load"}
	path, err := e.localPath(a.str(1), true)
	if err != nil {
		a.fail(1, "%s", err.Error())
	}
	g, err := e.loadGame(path)
	if err != nil {
		a.failErr(err)
	}
	L.Push(e.wrapGame(g))
	return 1
}

// meld.solve{table=, rack=, opened=, locked=, variant=, objective=} -> table, tiles | nil
func (e *env) mSolve(L *lua.LState) int {
	a := fnArgs{L: L, name: "solve"}
	opts := a.optTable(1)
	if opts == nil {
		a.fail(1, "table expected, got no value")
	}
	a.fields(1, opts, "table", "rack", "opened", "locked", "variant", "objective")
	vr := e.variantValue(a, 1, "variant: ", opts.RawGetString("variant"))
	r := vr.Rules
	p := readProblem(a, opts, r, nil)
	// The referee of this position, with the variant's hooks: the answer is
	// a play it accepts. Built for the call and closed after it.
	ref, err := e.opts.Games.NewGame(r, make([]string, r.Players.Min), 1, e.opts.Stdout)
	if err != nil {
		a.failErr(err)
	}
	defer ref.Close()
	if err := ref.Setup(core.Position(r.Players.Min, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
		a.failErr(err)
	}
	return e.pushSolution(a, p, ref)
}

// readProblem reads meld.solve's table of options (argument 1) as a
// problem under r: table, rack, opened, locked, objective; a bad one fails
// the call, its field named. With st, table and rack may also be Lua lists
// (a hook's view's, read through it: listText).
func readProblem(a fnArgs, opts *lua.LTable, r core.Rules, st *sandbox.State) solve.Problem {
	str := func(key string) string {
		switch v := opts.RawGetString(key).(type) {
		case *lua.LNilType:
			return ""
		case lua.LString:
			return string(v)
		case *lua.LTable:
			if st != nil {
				return listText(st, v)
			}
		}
		a.fail(1, "%s: a string expected, got %s", key, describe(opts.RawGetString(key)))
		return ""
	}
	table, err := r.Tiles.ParseTable(str("table"))
	if err != nil {
		a.fail(1, "table: %s", err.Error())
	}
	rack, err := r.Tiles.ParseTiles(str("rack"))
	if err != nil {
		a.fail(1, "rack: %s", err.Error())
	}
	if err := r.CheckBox(table, rack); err != nil {
		a.fail(1, "%s", err.Error())
	}
	obj, err := solve.ParseObjective(str("objective"))
	if err != nil {
		a.fail(1, "objective: %q: use \"tiles\" or \"points\"", str("objective"))
	}
	return solve.Problem{Rules: r, Table: table, Rack: core.MultisetOf(rack...),
		Opened: lua.LVAsBool(opts.RawGetString("opened")), Locked: lua.LVAsBool(opts.RawGetString("locked")),
		Objective: obj}
}

// pushSolution finds within the running call's deadline the best play ref
// accepts and pushes the table after it and the tiles it places, or nil
// for no play.
func (e *env) pushSolution(a fnArgs, p solve.Problem, ref solve.Referee) int {
	L := a.L
	ctx := e.st.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := solve.Legal(ctx, p, ref, solve.Limits{})
	if err != nil {
		a.failErr(err)
	}
	if ctx.Err() != nil {
		L.RaiseError("%s", ctx.Err().Error())
	}
	if len(res.Placed) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	sr := p.Rules.SetRules()
	L.Push(lua.LString(sr.Canonical(res.Table).String()))
	placed := core.MultisetOf(res.Placed...)
	L.Push(lua.LString(placed.String()))
	return 2
}

// setsArg reads text, argument n, as one set or a table of sets, in the
// tile box of r; single reports one set.
func setsArg(a fnArgs, n int, text string, r *core.Rules) (sets core.Table, single bool) {
	if strings.ContainsAny(text, "[]") {
		t, err := r.Tiles.ParseTable(text)
		if err != nil {
			a.fail(n, "%s", err.Error())
		}
		if len(t) == 0 {
			a.fail(n, "no set in %q", text)
		}
		return t, len(t) == 1
	}
	s, err := r.Tiles.ParseSet(text)
	if err != nil {
		a.fail(n, "%s", err.Error())
	}
	return core.Table{s}, true
}

// variantArg reads argument n as a variant: nil for "original", a name, a
// path to a variant file in the script's directory, or a table of changes.
func (e *env) variantArg(a fnArgs, n int) core.Rules {
	return e.variantValue(a, n, "", a.get(n)).Rules
}

func (e *env) variantValue(a fnArgs, n int, prefix string, v lua.LValue) *variants.Variant {
	vr, err := e.resolveVariant(v)
	if err != nil {
		a.fail(n, "%s%s", prefix, err.Error())
	}
	return vr
}

// resolveVariant turns a script's variant value into a variant: its rules
// and, through package variants, its hooks. A table of changes keeps the
// hooks of its base.
func (e *env) resolveVariant(v lua.LValue) (*variants.Variant, error) {
	// Resolving reads and checks YAML: remember the answers for values that
	// cannot change, nil, names and read-only tables (view.rules, a bot's
	// argument to meld.check on every call).
	cacheable := false
	switch v := v.(type) {
	case lua.LString, *lua.LNilType:
		cacheable = true
	case *lua.LTable:
		cacheable = e.st.IsReadOnly(v)
	}
	if vr, ok := e.variants[v]; ok && cacheable {
		return vr, nil
	}
	vr, err := e.resolveVariantOnce(v)
	if err == nil && cacheable {
		if e.variants == nil {
			e.variants = map[lua.LValue]*variants.Variant{}
		}
		e.variants[v] = vr
	}
	return vr, err
}

func (e *env) resolveVariantOnce(v lua.LValue) (*variants.Variant, error) {
	switch v := v.(type) {
	case *lua.LNilType:
		return e.opts.Games.Resolve("original")
	case lua.LString:
		return e.loadVariant(string(v))
	case *lua.LTable:
		t := readable(v)
		base := "original"
		if ext, ok := t.RawGetString("extends").(lua.LString); ok {
			base = string(ext)
		} else if ext := t.RawGetString("extends"); ext != lua.LNil {
			return nil, fmt.Errorf("extends: a variant name or path expected, got %s", describe(ext))
		}
		bv, err := e.resolveVariant(lua.LString(base))
		if err != nil {
			return nil, err
		}
		changed := *bv
		r := &changed.Rules
		r.Deal.Piles = append([]int(nil), r.Deal.Piles...)
		if err := applyOverrides(r, t); err != nil {
			return nil, err
		}
		if t.RawGetString("name") == lua.LNil {
			// Messages name the variant: changed rules are not the base's.
			r.Name = "custom"
			r.Title = bv.Rules.Title + ", with changes"
		}
		return &changed, nil
	}
	return nil, fmt.Errorf("a variant name, a path or a table of changes expected, got %s", describe(v))
}

// loadVariant resolves a shipped variant by name, or a variant file by a
// path inside the script's directory: a script reads no file outside it.
func (e *env) loadVariant(s string) (*variants.Variant, error) {
	if !slices.Contains(variantNames(), s) && looksLikePath(s) {
		path, err := e.localPath(s, true)
		if err != nil {
			return nil, err
		}
		// Its extends: and hooks: lines may not lead out of the directory either.
		return e.opts.Games.ResolveWithin(e.dir, path)
	}
	return e.opts.Games.Resolve(s)
}

// looksLikePath tells a variant file from a name, as package variants does.
func looksLikePath(s string) bool {
	return strings.ContainsAny(s, `/\`) || strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".yml")
}
