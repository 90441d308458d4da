package scripts

import (
	"context"
	"slices"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// hookMeldFuncs are the functions of the meld module a hook may call: they
// read sets, under the game's rules, and search them (meld.solve, by the
// variant's keys without its hooks: a search that asked the referee would
// ask the hooks themselves). A hook cannot start games (meld.game) or read
// or write files (meld.load, meld.variant with a path).
var hookMeldFuncs = []string{"canonical", "check", "read", "solve", "value"}

// HookSolveNodes bounds a meld.solve in a hook, in search states: a hook
// is called on the referee's path (a score at the end of every round), so
// its search is cut short the same way on every machine, and says so.
const HookSolveNodes = 200_000

// hookMeld builds the read-only meld module of a hook file's state, whose
// functions read sets under r.
func hookMeld(st *sandbox.State, r *core.Rules) *lua.LTable {
	L := st.L
	t := L.NewTable()
	fn := func(name string, f func(a fnArgs, text string) int) {
		t.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			a := fnArgs{L: L, name: name}
			text := a.str(1)
			if L.GetTop() > 1 && L.Get(2) != lua.LNil {
				a.fail(2, "in a hook, sets are read under the game's rules: no variant argument")
			}
			return f(a, text)
		}))
	}
	fn("check", func(a fnArgs, text string) int { return pushCheck(a, text, r) })
	fn("value", func(a fnArgs, text string) int { return pushValue(a, text, r) })
	fn("canonical", func(a fnArgs, text string) int { return pushCanonical(a, text, r) })
	fn("read", func(a fnArgs, text string) int { return pushRead(a, st.ReadOnly, text, r) })
	t.RawSetString("solve", L.NewFunction(func(L *lua.LState) int { return hookSolve(st, r, fnArgs{L: L, name: "solve"}) }))
	view := st.ReadOnly(t)
	var others []string
	for name := range (&env{}).moduleFuncs() {
		if !slices.Contains(hookMeldFuncs, name) {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	if mt, ok := view.Metatable.(*lua.LTable); ok {
		if data, ok := mt.RawGetString("__index").(*lua.LTable); ok {
			missing := L.NewTable()
			missing.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
				name := lua.LVAsString(L.Get(2))
				if slices.Contains(others, name) {
					L.RaiseError("meld.%s is not available in a hook: hooks read sets, they cannot start games or read and write files", name)
				}
				if near := suggest.Nearest(name, hookMeldFuncs); near != "" {
					L.RaiseError("meld has no function %s; did you mean %s?", name, near)
				}
				L.RaiseError("meld has no function %s (in a hook: %s; see scripts/API.md, Hooks)", name, joinNames(hookMeldFuncs))
				return 0
			}))
			data.Metatable = missing
		}
	}
	return view
}

// hookSolve is meld.solve{table=, rack=, opened=, locked=, objective=} in
// a hook -> table, tiles, optimal | nil: the best play by the variant's
// keys (no hook is asked), within HookSolveNodes and the call's deadline;
// optimal is false when either cut it short. "Could this player have
// opened?" at the end of a round is meld.solve{rack = ..., opened = false}.
func hookSolve(st *sandbox.State, r *core.Rules, a fnArgs) int {
	L := a.L
	opts := a.optTable(1)
	if opts == nil {
		a.fail(1, "table expected, got no value")
	}
	a.fields(1, opts, "table", "rack", "opened", "locked", "objective")
	rules := *r
	rules.Hooks = ""
	p := readProblem(a, opts, rules, st)
	p.MaxNodes = HookSolveNodes
	ctx := st.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := solve.Solve(ctx, p)
	if err != nil && ctx.Err() == nil {
		a.failErr(err)
	}
	if len(res.Placed) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LString(rules.SetRules().Canonical(res.Table).String()))
	L.Push(lua.LString(core.MultisetOf(res.Placed...).String()))
	L.Push(lua.LBool(res.Optimal && err == nil))
	return 3
}

// listText writes a Lua list as notation: tiles ({"r7", "J"}) as a rack,
// sets ({{"r3", "r4", "r5"}, ...}) as a table. A view's lists are read
// through it.
func listText(st *sandbox.State, t *lua.LTable) string {
	t = st.Contents(t)
	var b strings.Builder
	for i := 1; i <= t.Len(); i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		switch v := t.RawGetInt(i).(type) {
		case *lua.LTable:
			b.WriteByte('[')
			b.WriteString(listText(st, v))
			b.WriteByte(']')
		default:
			b.WriteString(lua.LVAsString(v))
		}
	}
	return b.String()
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
