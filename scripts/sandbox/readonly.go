package sandbox

import (
	"errors"
	"io/fs"

	lua "github.com/yuin/gopher-lua"
)

// ReadOnly returns a read-only view of t: an empty table whose metatable
// reads through to a copy of t, so that every write raises an error. Nested
// tables are viewed read-only too. Within the sandbox #, pairs, ipairs, next,
// unpack, table.concat, table.getn and table.maxn see through a view;
// rawset, table.insert, table.remove and table.sort refuse it, and its
// metatable is protected. rawget reads the (empty) view itself.
//
// The copy is taken now: changing t later does not change the view.
func (s *State) ReadOnly(t *lua.LTable) *lua.LTable {
	return s.readOnly(t, map[*lua.LTable]*lua.LTable{}, true)
}

// Freeze is ReadOnly without the copy, for a table built to be viewed: the
// view reads t itself, and t's nested tables are replaced by their views.
// The caller must not change t afterwards.
func (s *State) Freeze(t *lua.LTable) *lua.LTable {
	return s.readOnly(t, map[*lua.LTable]*lua.LTable{}, false)
}

func (s *State) readOnly(t *lua.LTable, seen map[*lua.LTable]*lua.LTable, copy bool) *lua.LTable {
	if s.IsReadOnly(t) {
		return t
	}
	if p, ok := seen[t]; ok {
		return p
	}
	L := s.L
	data := t
	if copy {
		data = L.CreateTable(t.Len(), 4)
	}
	mt := L.CreateTable(0, 4)
	mt.RawSetString("__index", data)
	mt.RawSetString("__newindex", s.roNewIndex)
	mt.RawSetString("__len", s.roLen)
	mt.RawSetString("__metatable", lua.LString("read-only"))
	p := L.CreateTable(0, 0)
	p.Metatable = mt
	seen[t] = p
	var nested []lua.LValue // keys of nested tables, replaced after the walk
	t.ForEach(func(k, v lua.LValue) {
		if _, ok := v.(*lua.LTable); ok {
			nested = append(nested, k)
		} else if copy {
			data.RawSet(k, v)
		}
	})
	for _, k := range nested {
		data.RawSet(k, s.readOnly(t.RawGet(k).(*lua.LTable), seen, copy))
	}
	return p
}

// IsReadOnly reports whether t is a view made by ReadOnly.
func (s *State) IsReadOnly(t *lua.LTable) bool {
	mt, ok := t.Metatable.(*lua.LTable)
	return ok && mt.RawGetString("__newindex") == s.roNewIndex
}

// Contents is what a table reads as: a view's data (read it, never write
// it), or the table itself. Go code that walks a table a script passed
// (RawGetInt, Len) needs it: a view's own slots are empty.
func (s *State) Contents(t *lua.LTable) *lua.LTable { return s.contents(t) }

// contents is what a table reads as: a view's data, or the table itself.
func (s *State) contents(t *lua.LTable) *lua.LTable {
	if s.IsReadOnly(t) {
		return t.Metatable.(*lua.LTable).RawGetString("__index").(*lua.LTable)
	}
	return t
}

func roNewIndex(L *lua.LState) int {
	L.RaiseError("attempt to change a read-only table (key %s)", lua.LVAsString(L.ToStringMeta(L.Get(2))))
	return 0
}

func (s *State) roLength(L *lua.LState) int {
	L.Push(lua.LNumber(s.contents(L.CheckTable(1)).Len()))
	return 1
}

// readTable is argument n as a table to read, seeing through a view.
func (s *State) readTable(L *lua.LState, n int) *lua.LTable { return s.contents(L.CheckTable(n)) }

// writing wraps a table function that changes its argument n: a view is refused.
func (s *State) writing(n int, name string, fn lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if s.IsReadOnly(L.CheckTable(n)) {
			L.ArgError(n, "a read-only table cannot be changed by "+name)
		}
		return fn(L)
	}
}

func (s *State) rawset(L *lua.LState) int {
	t := L.CheckTable(1)
	if s.IsReadOnly(t) {
		L.ArgError(1, "a read-only table cannot be changed by rawset")
	}
	k := L.CheckAny(2)
	if k == lua.LNil {
		L.ArgError(2, "table index is nil")
	}
	t.RawSet(k, L.CheckAny(3))
	L.SetTop(1)
	return 1
}

func (s *State) next(L *lua.LState) int {
	t := s.readTable(L, 1)
	k, v := t.Next(L.Get(2))
	if k == lua.LNil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(k)
	L.Push(v)
	return 2
}

func (s *State) pairs(L *lua.LState) int {
	L.CheckTable(1)
	L.Push(s.nextFn)
	L.Push(L.Get(1))
	L.Push(lua.LNil)
	return 3
}

func (s *State) ipairs(L *lua.LState) int {
	L.CheckTable(1)
	L.Push(s.ipairsFn)
	L.Push(L.Get(1))
	L.Push(lua.LNumber(0))
	return 3
}

func (s *State) ipairsStep(L *lua.LState) int {
	t := s.readTable(L, 1)
	i := L.CheckInt(2) + 1
	v := t.RawGetInt(i)
	if v == lua.LNil {
		return 0
	}
	L.Push(lua.LNumber(i))
	L.Push(v)
	return 2
}

func (s *State) unpack(L *lua.LState) int {
	t := s.readTable(L, 1)
	i := L.OptInt(2, 1)
	j := L.OptInt(3, t.Len())
	if i > j {
		return 0
	}
	n := j - i + 1
	if n <= 0 || n > maxResults {
		L.RaiseError("too many results to unpack")
	}
	for k := i; k <= j; k++ {
		L.Push(t.RawGetInt(k))
	}
	return n
}

func (s *State) tblGetn(L *lua.LState) int {
	L.Push(lua.LNumber(s.readTable(L, 1).Len()))
	return 1
}

func (s *State) tblMaxn(L *lua.LState) int {
	max := 0.0
	s.readTable(L, 1).ForEach(func(k, _ lua.LValue) {
		if n, ok := k.(lua.LNumber); ok && float64(n) > max {
			max = float64(n)
		}
	})
	L.Push(lua.LNumber(max))
	return 1
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
