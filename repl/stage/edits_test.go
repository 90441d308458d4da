package stage

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
)

// run runs one edit written as the terminal writes it, its references
// read by a Reader as the commands read them.
func run(w *Workspace, line string) error {
	r := Reader{Box: core.StandardTiles, WS: w}
	f := strings.Fields(line)
	op, args := f[0], f[1:]
	last := len(args) - 1
	switch op {
	case "put":
		tiles, err := r.Tiles(args[:last])
		if err != nil {
			return err
		}
		to, err := r.Target(args[last])
		if err != nil {
			return err
		}
		return w.Put(tiles, to)
	case "move", "take":
		var refs []TileRef
		toks := args
		if op == "move" {
			toks = args[:last]
		}
		for _, tok := range toks {
			read := r.TakeTile
			if op == "move" {
				read = func(tok string) (TileRef, error) { return r.TableTile(tok, 0) }
			}
			ref, err := read(tok)
			if err != nil {
				return err
			}
			refs = append(refs, ref)
		}
		if op == "take" {
			return w.Take(refs)
		}
		to, err := r.Target(args[last])
		if err != nil {
			return err
		}
		return w.Move(refs, to)
	case "join":
		var sets []int
		for _, tok := range args {
			n, err := r.SetRef(tok)
			if err != nil {
				return err
			}
			sets = append(sets, n)
		}
		return w.Join(sets)
	}
	n, err := r.SetRef(args[0])
	if err != nil {
		return err
	}
	if op == "declare" {
		return w.Declare(n, args[1] == "group")
	}
	pos, err := strconv.Atoi(args[1])
	if err != nil {
		return err
	}
	return w.Split(n, pos)
}

// Each edit, from a table and a rack in notation: the staged table and the
// rack left after it, or its refusal in full, which changes nothing.
func TestEdits(t *testing.T) {
	tests := []struct {
		name, table, rack, edit string
		want, left              string // after the edit
		err                     string
	}{
		{name: "put on a set", table: "[r3 r4 r5]", rack: "r6 k1", edit: "put r6 1",
			want: "[r3 r4 r5 r6]", left: "k1"},
		{name: "put before a tile", table: "[r3 r4 r5]", rack: "r2 k1", edit: "put r2 1:1",
			want: "[r2 r3 r4 r5]", left: "k1"},
		{name: "put as a new set", table: "[r3 r4 r5]", rack: "k7 b7 o7", edit: "put k7 b7 o7 new",
			want: "[r3 r4 r5] [k7 b7 o7]", left: ""},
		{name: "put a tile not on the rack", table: "[r3 r4 r5]", rack: "k1", edit: "put r6 1",
			err: "r6 is not on your rack (rack: k1)"},
		{name: "put on no such set", table: "[r3 r4 r5]", rack: "r6", edit: "put r6 4",
			err: "there is no set 4: the table has set 1 only"},
		{name: "move by set and tile", table: "[r3 r4 r5 r6] [k6 b6]", rack: "", edit: "move 1:r6 2",
			want: "[r3 r4 r5] [k6 r6 b6]", left: ""},
		{name: "move by a tile once on the table", table: "[r3 r4 r5 r6] [k6 b6]", rack: "", edit: "move r6 2",
			want: "[r3 r4 r5] [k6 r6 b6]", left: ""},
		{name: "move a tile in two sets", table: "[r3 r4 r5] [r5 k5 b5]", rack: "", edit: "move r5 new",
			err: "r5 is in sets 1 and 2: say which, as 1:r5"},
		{name: "move a tile not on the table", table: "[r3 r4 r5]", rack: "", edit: "move o9 new",
			err: "o9 is not on the table"},
		{name: "move past a set's end", table: "[r3 r4 r5]", rack: "", edit: "move 1:4 new",
			err: `"1:4": set 1 [r3 r4 r5] has tiles 1 to 3`},
		{name: "an emptied set leaves the table", table: "[k1] [r3 r4 r5] [k2 k3]", rack: "", edit: "move 1:1 3:1",
			want: "[r3 r4 r5] [k1 k2 k3]", left: ""},
		{name: "take back a tile placed", table: "[r3 r4 r5] [k6 r6 b6 o6]", rack: "", edit: "take 2:r6",
			err: "r6 was on the table before your turn: a tile on the table stays there"},
		{name: "take a tile that was on the table", table: "[r3 r4 r5 r6]", rack: "k1", edit: "take 1:r6",
			err: "r6 was on the table before your turn: a tile on the table stays there"},
		{name: "take back a tile put this turn", table: "[r3 r4 r5]", rack: "r6 k1", edit: "put r6 1; take r6",
			want: "[r3 r4 r5]", left: "k1 r6"},
		{name: "declare jokers a group", table: "[r5 J J]", rack: "", edit: "declare 1 group",
			want: "[r5 J=5 J=5]", left: ""},
		{name: "declare a set of one tile and jokers", table: "[r5 J o5]", rack: "", edit: "declare 1 group",
			err: "set 1 [r5 o5 J] is not one tile and jokers: only such a set is declared"},
		{name: "split a run", table: "[r3 r4 r5 r6 r7 r8]", rack: "", edit: "split 1 4",
			want: "[r3 r4 r5] [r6 r7 r8]", left: ""},
		{name: "split at the first tile", table: "[r3 r4 r5]", rack: "", edit: "split 1 1",
			err: "r3 is the first tile of set 1 [r3 r4 r5]: split at a later tile, as split 1 at r4"},
		{name: "join two sets", table: "[r3 r4 r5] [r6 r7 r8]", rack: "", edit: "join 1 2",
			want: "[r3 r4 r5 r6 r7 r8]", left: ""},
		{name: "join one set", table: "[r3 r4 r5]", rack: "", edit: "join 1",
			err: "name two sets or more to join, as join 2 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWorkspace(core.StandardSets, coretest.Table(tc.table), coretest.Rack(tc.rack), nil)
			var err error
			edits := strings.Split(tc.edit, ";")
			for _, e := range edits {
				if err = run(w, e); err != nil {
					break
				}
			}
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, i18n.New(i18n.English).Error(err))
				assert.Equal(t, core.StandardSets.Canonical(coretest.Table(tc.table)).String(), w.Table().String(), "a refused edit changes nothing")
				assert.Equal(t, coretest.Rack(tc.rack), w.Left())
				assert.Equal(t, 0, w.Edits())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, w.Table().String())
			assert.Equal(t, tc.left, w.Left().String())
			assert.Equal(t, len(edits), w.Edits())
			for range edits {
				require.True(t, w.UndoEdit())
			}
			assert.Equal(t, core.StandardSets.Canonical(coretest.Table(tc.table)).String(), w.Table().String(), "undo edit takes them back")
		})
	}
}

// The references the commands take, each read alone: what it names, or
// the refusal in full.
func TestReader(t *testing.T) {
	w := NewWorkspace(core.StandardSets, coretest.Table("[r3 r4 r5] [k7 b7 o7] [r9 r10 r11]"), coretest.Rack("r6"), nil)
	r := Reader{Box: core.StandardTiles, WS: w}
	show := func(v any, err error) string {
		if err != nil {
			return "error: " + i18n.New(i18n.English).Error(err)
		}
		return fmt.Sprint(v)
	}
	tests := []struct{ read, tok, want string }{
		{"tile", "r6", "r6"},
		{"tile", "q6", `error: "q6" is not a tile: unknown colour "q": colours are k, r, b, o, and J is a joker`},
		{"set", "2", "2"},
		{"set", "[o7 b7 k7]", "2"},
		{"set", "[k1 k2 k3]", "error: no set on the table is [k1 k2 k3]"},
		{"set", "4", "error: there is no set 4: the sets are 1 to 3"},
		{"target", "new", "new"},
		{"target", "3", "3"},
		{"target", "3:2", "3:2"},
		{"target", "5", "error: there is no set 5: the sets are 1 to 3"},
		{"tile on table", "b7", "{2 2}"},
		{"tile on table", "3:r10", "{3 2}"},
		{"tile on table", "1:k7", "error: set 1 [r3 r4 r5] has no k7"},
	}
	for _, tc := range tests {
		var got string
		switch tc.read {
		case "tile":
			got = show(r.Tile(tc.tok))
		case "set":
			got = show(r.SetRef(tc.tok))
		case "target":
			got = show(r.Target(tc.tok))
		default:
			got = show(r.TableTile(tc.tok, 0))
		}
		assert.Equal(t, tc.want, got, "%s %s", tc.read, tc.tok)
	}
}
