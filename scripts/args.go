package scripts

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/internal/suggest"
)

// fnArgs reads the arguments of one module function or game method and
// raises Lua's own kind of error when one is wrong:
//
//	x.lua:3: bad argument #1 to 'check' (set 1, tile 2 "r14": numbers run 1..13)
//
// Arguments count from 1 after self for a method (g:play(t): t is #1), as
// Lua 5.1 counts them.
type fnArgs struct {
	L    *lua.LState
	name string
	self int // 1 for a method, whose arguments start at stack index 2
}

// fail raises "bad argument #n to 'name' (message)" at the caller's line.
func (a fnArgs) fail(n int, format string, args ...any) {
	a.L.RaiseError("bad argument #%d to '%s' (%s)", n, a.name, fmt.Sprintf(format, args...))
}

// failErr raises an error that is not about one argument: "name: message".
func (a fnArgs) failErr(err error) {
	a.L.RaiseError("%s: %s", a.name, err.Error())
}

func (a fnArgs) get(n int) lua.LValue { return a.L.Get(n + a.self) }

func (a fnArgs) str(n int) string {
	v := a.get(n)
	if s, ok := v.(lua.LString); ok {
		return string(s)
	}
	a.fail(n, "string expected, got %s", typeName(v))
	return ""
}

func (a fnArgs) optStr(n int, def string) string {
	if a.get(n) == lua.LNil {
		return def
	}
	return a.str(n)
}

func (a fnArgs) optTable(n int) *lua.LTable {
	switch v := a.get(n).(type) {
	case *lua.LNilType:
		return nil
	case *lua.LTable:
		return readable(v)
	default:
		a.fail(n, "table expected, got %s", typeName(v))
	}
	return nil
}

// seat reads a 1-based player index of g's players (def when absent and def
// > 0) and returns it 0-based.
func (a fnArgs) seat(n, players, def int) int {
	v := a.get(n)
	if v == lua.LNil && def > 0 {
		return def - 1
	}
	k, err := luaInt(v, 1)
	if err != nil {
		a.fail(n, "player expected: %v", err)
	}
	if k > players {
		a.fail(n, "player %d of %d", k, players)
	}
	return k - 1
}

// fields checks that every key of an options table is known, with a
// suggestion for a misspelt one.
func (a fnArgs) fields(n int, t *lua.LTable, known ...string) {
	var bad []string
	t.ForEach(func(k, _ lua.LValue) {
		s, ok := k.(lua.LString)
		if !ok {
			bad = append(bad, fmt.Sprintf("unexpected key %s; the keys are %s", lua.LVAsString(k), strings.Join(known, ", ")))
			return
		}
		for _, name := range known {
			if string(s) == name {
				return
			}
		}
		if near := suggest.Nearest(string(s), append([]string(nil), known...)); near != "" {
			bad = append(bad, fmt.Sprintf("unknown key %q; did you mean %q?", string(s), near))
		} else {
			bad = append(bad, fmt.Sprintf("unknown key %q; the keys are %s", string(s), strings.Join(known, ", ")))
		}
	})
	if len(bad) > 0 {
		sort.Strings(bad)
		a.fail(n, "%s", strings.Join(bad, "; "))
	}
}

// typeName is a value's type for "x expected, got y": "no value" for nil,
// as Lua says.
func typeName(v lua.LValue) string {
	if v == lua.LNil {
		return "no value"
	}
	return v.Type().String()
}
