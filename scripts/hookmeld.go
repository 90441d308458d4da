package scripts

import (
	"slices"
	"sort"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// hookMeldFuncs are the functions of the meld module a hook may call: they
// read sets, under the game's rules. A hook cannot start games (meld.game),
// read or write files (meld.load, meld.variant with a path), or search
// (meld.solve, which asks the referee, and so the hooks themselves).
var hookMeldFuncs = []string{"canonical", "check", "read", "value"}

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
