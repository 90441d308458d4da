package core_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// setRules is the original's set rules with the keys of the set shapes
// (sets.group_colors, sets.wrap) set, as a variant file writes them.
func setRules(t *testing.T, colors, wrap string) core.SetRules {
	t.Helper()
	r := core.Original()
	for path, v := range map[string]string{"sets.group_colors": colors, "sets.wrap": wrap} {
		k := core.LookupRuleKey(path)
		require.NotNil(t, k, path)
		require.NoError(t, k.Check(v))
		k.Set(&r, v)
	}
	require.NoError(t, r.Validate())
	return r.SetRules()
}

// sets.group_colors and sets.wrap, each value, in tile notation: what is
// valid (its kind, value, what the jokers stand for, its canonical order)
// and the full error of what is not.
func TestSetShapes(t *testing.T) {
	tests := []struct {
		colors, wrap string
		set          string
		err          string // "" for valid
		value        int
		stands       string
		canonical    string
	}{
		// group_colors: distinct, the books.
		{"distinct", "false", "[r1 b1 k1]", "", 3, "", "[k1 r1 b1]"},
		{"distinct", "false", "[r1 r1 b1]", "[r1 r1 b1] is not a group: r1 appears twice; a group needs different colours", 0, "", ""},
		{"distinct", "false", "[k4 r4 b4 o4 J]", "[k4 r4 b4 o4 J] is too long: a group has at most 4 tiles, one of each colour", 0, "", ""},
		// group_colors: any, a beginners' rule.
		{"any", "false", "[r1 r1 b1]", "", 3, "", "[r1 r1 b1]"},
		{"any", "false", "[b5 r5 b5 r5]", "", 20, "", "[r5 r5 b5 b5]"},
		{"any", "false", "[r1 r1 J]", "", 3, "k1", "[r1 r1 J]"},
		{"any", "false", "[k4 r4 b4 o4 J]", "", 20, "k4", "[k4 r4 b4 o4 J]"},
		{"any", "false", "[k4 k4 r4 r4 b4 b4 o4 o4]", "", 32, "", "[k4 k4 r4 r4 b4 b4 o4 o4]"},
		{"any", "false", "[k4 k4 r4 r4 b4 b4 o4 o4 J]", "[k4 k4 r4 r4 b4 b4 o4 o4 J] is too long: a group has at most 8 tiles, 2 of each colour", 0, "", ""},
		{"any", "false", "[r7 r7 r7]", "[r7 r7 r7] is not a group: r7 appears 3 times; the box has 2 of each tile", 0, "", ""},
		{"any", "false", "[r1 r1]", "[r1 r1] is too short: a group needs at least 3 tiles", 0, "", ""},
		{"any", "false", "[r1 r1 b2]", "[r1 r1 b2] is not a group: b2 is a 2, the group is of 1s", 0, "", ""},
		{"any", "false", "[r3 r4 r5]", "", 12, "", "[r3 r4 r5]"},
		{"any", "false", "[r3 J J]", "", 12, "r4 r5", "[r3 J J]"},
		// wrap: false, true (as before).
		{"distinct", "false", "[r12 r13 r1]", "[r12 r13 r1] is not a run: 1 may not follow 13", 0, "", ""},
		{"distinct", "true", "[r12 r13 r1]", "", 26, "", "[r12 r13 r1]"},
		{"distinct", "true", "[r13 r1 r2]", "", 16, "", "[r13 r1 r2]"},
		{"distinct", "true", "[J r1 r2]", "", 16, "r13", "[J r1 r2]"},
		// wrap: ace_high, from tournament and online rules.
		{"distinct", "ace_high", "[r12 r13 r1]", "", 26, "", "[r12 r13 r1]"},
		{"distinct", "ace_high", "[r1 r11 r12 r13]", "", 37, "", "[r11 r12 r13 r1]"},
		{"distinct", "ace_high", "[r13 r1 r2]", "[r13 r1 r2] is not a run: 1 after 13 is the highest: nothing may follow it", 0, "", ""},
		{"distinct", "ace_high", "[r12 r13 r1 r2]", "[r12 r13 r1 r2] is not a run: 1 after 13 is the highest: nothing may follow it", 0, "", ""},
		{"distinct", "ace_high", "[r13 J r2]", "[r13 J r2] is not a run: 1 after 13 is the highest: nothing may follow it", 0, "", ""},
		{"distinct", "ace_high", "[J r1 r2]", "", 6, "r3", "[r1 r2 J]"},
		{"distinct", "ace_high", "[r1 r2 J]", "", 6, "r3", "[r1 r2 J]"},
		{"distinct", "ace_high", "[r12 r13 J]", "", 26, "r1", "[r12 r13 J]"},
		{"distinct", "ace_high", "[J r12 r13]", "", 36, "r11", "[J r12 r13]"},
		{"distinct", "ace_high", "[r13 J J]", "", 26, "r12 r1", "[J r13 J]"},
		{"distinct", "ace_high", "[r1 J r13]", "", 26, "r12", "[J r13 r1]"},
		{"distinct", "ace_high", "[r1 r2 r3]", "", 6, "", "[r1 r2 r3]"},
		{"distinct", "ace_high", "[r3 r4 r6]", "[r3 r4 r6] is not a run: r5 is missing", 0, "", ""},
		// Both at once.
		{"any", "ace_high", "[r1 r1 k1]", "", 3, "", "[k1 r1 r1]"},
		{"any", "ace_high", "[r12 r13 r1]", "", 26, "", "[r12 r13 r1]"},
	}
	for _, tc := range tests {
		t.Run(tc.colors+"/"+tc.wrap+"/"+tc.set, func(t *testing.T) {
			sr := setRules(t, tc.colors, tc.wrap)
			s := coretest.Set(tc.set)
			info, err := sr.Validate(s)
			ok := sr.ValidateTable(core.Table{s}) == nil
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				assert.False(t, ok, "ValidateTable agrees")
				return
			}
			require.NoError(t, err)
			assert.True(t, ok, "ValidateTable agrees")
			assert.Equal(t, tc.value, info.Value)
			assert.Equal(t, len(s), info.Len)
			assert.Equal(t, tc.stands, core.Set(info.JokerTiles()).String()[1:len(core.Set(info.JokerTiles()).String())-1])
			assert.Equal(t, tc.canonical, info.Canonical(s, 13).String())
		})
	}
}

// A variant file's sets.wrap: true still loads, and a save writes the
// values as before (false, true) and ace_high as a word; group_colors is
// left out at its default.
func TestSetShapesSave(t *testing.T) {
	for _, tc := range []struct {
		wrap, colors string
		json         string
	}{
		{"false", "distinct", `{"min_run":3,"min_group":3,"wrap":false}`},
		{"true", "distinct", `{"min_run":3,"min_group":3,"wrap":true}`},
		{"ace_high", "any", `{"min_run":3,"min_group":3,"wrap":"ace_high","group_colors":"any"}`},
	} {
		r := core.Original()
		core.LookupRuleKey("sets.wrap").Set(&r, tc.wrap)
		core.LookupRuleKey("sets.group_colors").Set(&r, tc.colors)
		b, err := json.Marshal(r.Sets)
		require.NoError(t, err)
		assert.Equal(t, tc.json, string(b))
		var back core.SetShape
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, r.Sets, back)
	}
	var s core.SetShape
	assert.EqualError(t, json.Unmarshal([]byte(`{"wrap":"round"}`), &s), `sets.wrap "round": it must be one of false, true, ace_high`)
	assert.EqualError(t, json.Unmarshal([]byte(`{"group_colors":"all"}`), &s), `sets.group_colors "all": it must be one of distinct, any`)
}

// Under group_colors: any a group may be larger than the colours: a box of
// 2 colours makes groups of 3 and 4; one copy of each makes none.
func TestMinGroupUnderAnyColours(t *testing.T) {
	r := core.Original()
	r.Tiles.Colors, r.Sets.MinGroup, r.Players.Max = 2, 3, 2
	assert.EqualError(t, r.Validate(), "sets.min_group is 3 but the tiles come in 2 colours: no group could be made")
	r.Sets.GroupColors = core.AnyColors
	require.NoError(t, r.Validate())
	info, err := r.SetRules().Validate(coretest.Set("[k5 k5 r5]"))
	require.NoError(t, err)
	assert.Equal(t, 15, info.Value)
	r.Tiles.Copies = 1
	assert.EqualError(t, r.Validate(), "sets.min_group is 3 but the tiles come in 2 colours of 1 copy each: no group could be made")
}
