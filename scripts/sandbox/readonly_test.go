package sandbox

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

func TestReadOnly(t *testing.T) {
	s := New(Options{Limits: testLimits()})
	defer s.Close()
	L := s.L
	rack := L.NewTable()
	for _, tile := range []string{"r3", "r4", "J"} {
		rack.Append(lua.LString(tile))
	}
	view := L.NewTable()
	view.RawSetString("round", lua.LNumber(2))
	view.RawSetString("rack", rack)
	ro := s.ReadOnly(view)
	require.True(t, s.IsReadOnly(ro))
	assert.False(t, s.IsReadOnly(view))
	rack.Append(lua.LString("k9")) // the view is a copy: later changes do not show
	L.SetGlobal("view", ro)

	for _, tc := range []struct{ src, want string }{
		// reading works as for a table
		{"return view.round, view.rack[1], #view.rack, type(view)", "2 r3 3 table"},
		{"local n = 0 for k, v in pairs(view) do n = n + 1 end return n", "2"},
		{"local t = {} for i, v in ipairs(view.rack) do t[i] = v end return table.concat(t, ' ')", "r3 r4 J"},
		{"return table.concat(view.rack, ','), unpack(view.rack)", "r3,r4,J r3 r4 J"},
		{"return next(view.rack), table.getn(view.rack), table.maxn(view.rack)", "1 3 3"},
		{"return getmetatable(view), rawget(view, 'round')", "read-only nil"},
		// every way of writing fails
		{"view.round = 3", "error: t.lua:1: attempt to change a read-only table (key round)"},
		{"view.rack[4] = 'k1'", "error: t.lua:1: attempt to change a read-only table (key 4)"},
		{"rawset(view, 'round', 3)", "error: t.lua:1: bad argument #1 to rawset (a read-only table cannot be changed by rawset)"},
		{"table.insert(view.rack, 'k1')", "error: t.lua:1: bad argument #1 to insert (a read-only table cannot be changed by insert)"},
		{"table.remove(view.rack)", "error: t.lua:1: bad argument #1 to remove (a read-only table cannot be changed by remove)"},
		{"table.sort(view.rack)", "error: t.lua:1: bad argument #1 to sort (a read-only table cannot be changed by sort)"},
		{"setmetatable(view, nil)", "error: t.lua:1: cannot change a protected metatable"},
		{"local f, s = pairs(view) s.round = 9", "error: t.lua:1: attempt to change a read-only table (key round)"},
		// and a normal table is still a normal table
		{"local t = {} rawset(t, 1, 'x') table.insert(t, 'y') return table.concat(t)", "xy"},
	} {
		proto, err := Compile("t.lua", []byte(tc.src))
		require.NoError(t, err)
		out, err := s.Run(context.Background(), proto)
		got := show(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		assert.Equal(t, tc.want, got, tc.src)
	}
	assert.Equal(t, lua.LNumber(2), view.RawGetString("round"), "the table viewed is unchanged")
}
