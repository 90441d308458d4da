package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// setup's arguments read into the round's layout: each changes one part
// of it, and a refusal says what was wrong in full.
func TestParseSetup(t *testing.T) {
	tests := []struct {
		line   string
		racks  []string // the racks after, in notation
		table  string
		turn   int
		opened []bool
		pool   int
		laying int
		err    string
	}{
		{line: "rack r1 r2 r3", racks: []string{"r1 r2 r3", "o1 o2"}, table: "[k3 k4 k5]", opened: []bool{true, true}, pool: -1, laying: 0},
		{line: "rack 2 b7", racks: []string{"k1 k2 r6", "b7"}, table: "[k3 k4 k5]", opened: []bool{true, true}, pool: -1, laying: 1},
		{line: "table [r1 r2 r3] [o9 b9 k9]", racks: []string{"k1 k2 r6", "o1 o2"}, table: "[r1 r2 r3] [o9 b9 k9]", opened: []bool{true, true}, pool: -1, laying: -1},
		{line: "turn 2", racks: []string{"k1 k2 r6", "o1 o2"}, table: "[k3 k4 k5]", turn: 1, opened: []bool{true, true}, pool: -1, laying: -1},
		{line: "opened none", racks: []string{"k1 k2 r6", "o1 o2"}, table: "[k3 k4 k5]", opened: []bool{false, false}, pool: -1, laying: -1},
		{line: "opened 2", racks: []string{"k1 k2 r6", "o1 o2"}, table: "[k3 k4 k5]", opened: []bool{false, true}, pool: -1, laying: -1},
		{line: "pool 0", racks: []string{"k1 k2 r6", "o1 o2"}, table: "[k3 k4 k5]", opened: []bool{true, true}, pool: 0, laying: -1},
		{line: "", err: "usage: setup rack [SEAT] TILES | table TABLE | turn SEAT | opened SEAT...|none | pool N (help setup)"},
		{line: "rack 3 r1", err: `"3" is not a seat: seats are 1 to 2 (who lists them)`},
		{line: "rack x9", err: `"x9" is not a tile: unknown colour "x": colours are k, r, b, o, and J is a joker`},
		{line: "table [r1 r2", err: "table: set 1: the \"[\" at column 1 is never closed with \"]\""},
		{line: "turn", err: "usage: setup turn SEAT"},
		{line: "opened", err: "usage: setup opened SEAT... | none"},
		{line: "pool -1", err: `"-1": the pool is a number of tiles, 0 or more`},
		{line: "deck", err: "setup deck: say rack, table, turn, opened or pool (help setup)"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			tab := seated(t, core.Original(), "[k3 k4 k5]", "k1 k2 r6", "o1 o2")
			sc, laying, err := tab.ParseSetup(strings.Fields(tc.line), tc.line)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, i18n.New(i18n.English).Error(err))
				return
			}
			require.NoError(t, err)
			var racks []string
			for _, r := range sc.Racks {
				racks = append(racks, core.MultisetOf(r...).String())
			}
			assert.Equal(t, tc.racks, racks)
			assert.Equal(t, tc.table, sc.Table.String())
			assert.Equal(t, tc.turn, sc.Current)
			assert.Equal(t, tc.opened, sc.Opened)
			assert.Equal(t, tc.pool, sc.Pool)
			assert.Equal(t, tc.laying, laying)
		})
	}
}
