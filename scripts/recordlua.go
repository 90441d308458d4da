package scripts

import (
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/record"
)

// g:record([p]) -> the game's record (.mgn text): every seat's view, or
// player p's own (the others' tiles left out)
func (e *env) gRecord(L *lua.LState) int {
	g := e.game(L, "record")
	a := method(L, "record")
	view := -1
	if a.get(1) != lua.LNil {
		view = a.seat(1, g.Players(), 0)
	}
	text := record.Write(g, record.Options{View: view})
	e.st.Charge(len(text))
	L.Push(lua.LString(text))
	return 1
}

// meld.read_record(text) -> {tags=, moves=} | nil, errors
func (e *env) mReadRecord(L *lua.LState) int {
	a := fnArgs{L: L, name: "read_record"}
	text := a.str(1)
	rec, err := record.Parse("record", []byte(text))
	if err != nil {
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	e.st.Charge(4 * len(text))
	out := L.NewTable()
	tags := L.NewTable()
	for _, t := range rec.Tags {
		tags.RawSetString(t.Name, lua.LString(t.Value))
	}
	out.RawSetString("tags", tags)
	moves := L.NewTable()
	for _, m := range rec.Moves {
		mt := L.NewTable()
		mt.RawSetString("line", lua.LNumber(m.Pos.Line))
		mt.RawSetString("kind", lua.LString(m.Kind.String()))
		switch m.Kind {
		case record.NextRound:
			mt.RawSetString("round", lua.LNumber(m.Round))
		case record.SetUp:
		default:
			mt.RawSetString("turn", lua.LNumber(m.Turn))
			mt.RawSetString("seat", lua.LString(m.Seat))
			if m.Tiles.Text != "" {
				mt.RawSetString("tiles", lua.LString(m.Tiles.Text))
			}
			if m.Table.Text != "" {
				mt.RawSetString("table", lua.LString(m.Table.Text))
			}
		}
		if m.Comment != "" {
			mt.RawSetString("comment", lua.LString(m.Comment))
		}
		if len(m.Marks) > 0 {
			mt.RawSetString("marks", lua.LString(strings.Join(m.Marks, " ")))
		}
		moves.Append(mt)
	}
	out.RawSetString("moves", moves)
	L.Push(e.st.ReadOnly(out))
	return 1
}
