package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The box bounds every table (docs/rules.md, "The box bounds every table").
func TestCheckBox(t *testing.T) {
	noJokers := core.Original()
	noJokers.Name, noJokers.Tiles.Jokers = "house/no-jokers", 0
	unnamed := core.Original()
	unnamed.Name = ""
	for _, tc := range []struct {
		name  string
		rules core.Rules
		table string
		racks []string
		err   string
	}{
		{name: "two of each is the box", table: "[r5 b5 k5] [r5 b5 k5] [J J r1]"},
		{name: "a third r5", table: "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]",
			err: "the table uses 3 × r5; the original box has 2"},
		{name: "the first tile over, in the order written", table: "[k2 k3 k4] [o7 o8 o9] [o7 o8 o9] [o7 o8 o9] [k1 k2 k3] [k1 k2 k3]",
			err: "the table uses 3 × k2; the original box has 2"},
		{name: "four jokers in one run", table: "[k5 k6 J J J J]",
			err: "the table uses 4 jokers; the original box has 2"},
		{name: "four jokers in the XP box", rules: core.XP(), table: "[k5 k6 J J J J]"},
		{name: "three copies in the XP box", rules: core.XP(), table: "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]"},
		{name: "a fourth copy in the XP box", rules: core.XP(), table: "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5] [r5 r6 r7]",
			err: "the table uses 4 × r5; the xp box has 3"},
		{name: "a fifth joker in the XP box", rules: core.XP(), table: "[k5 k6 J J J J] [r1 r2 J]",
			err: "the table uses 5 jokers; the xp box has 4"},
		{name: "a joker in a box without", rules: noJokers, table: "[r1 r2 J]",
			err: "the table uses 1 joker; the house/no-jokers box has none"},
		{name: "an unnamed box", rules: unnamed, table: "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]",
			err: "the table uses 3 × r5; the box has 2"},
		{name: "the table and a rack", table: "[r3 r4 r5] [r3 b3 o3]", racks: []string{"r3"},
			err: "the table and the rack use 3 × r3; the original box has 2"},
		{name: "the table and racks", table: "[r1 r2 J]", racks: []string{"J", "J"},
			err: "the table and the racks use 3 jokers; the original box has 2"},
		{name: "the table is named when it alone is over", table: "[r1 r2 J J] [k1 k2 J]", racks: []string{"J"},
			err: "the table uses 3 jokers; the original box has 2"},
		{name: "the table and racks within the box", table: "[r1 r2 J]", racks: []string{"r1 J", "r2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules := tc.rules
			if rules.Tiles.Copies == 0 {
				rules = core.Original()
			}
			var racks [][]core.Tile
			for _, r := range tc.racks {
				racks = append(racks, coretest.Tiles(r))
			}
			err := rules.CheckBox(coretest.Table(tc.table), racks...)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			assert.ErrorIs(t, err, core.ErrOverBox)
			var be *core.BoxError
			require.ErrorAs(t, err, &be)
			assert.Greater(t, be.Uses, be.Box)
		})
	}
}

// A count a byte could not hold does not wrap round to a legal one.
func TestCheckBoxCountsWithoutBound(t *testing.T) {
	rules := core.Original()
	table := coretest.Table(strings.Repeat("[r5 b5 k5] ", 256))
	err := rules.CheckBox(table)
	require.Error(t, err)
	assert.Equal(t, "the table uses 256 × r5; the original box has 2", err.Error())
}

func ExampleRules_CheckBox() {
	rules := core.Original()
	table, _ := core.ParseTable("[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]")
	fmt.Println(rules.CheckBox(table))
	table, _ = core.ParseTable("[k5 k6 J J J J]")
	fmt.Println(rules.CheckBox(table))
	xp := rules
	xp.Name, xp.Tiles = "xp", core.XPTiles
	fmt.Println(xp.CheckBox(table))
	// Output:
	// the table uses 3 × r5; the original box has 2
	// the table uses 4 jokers; the original box has 2
	// <nil>
}
