package core_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestValidateSetValid(t *testing.T) {
	tests := []struct {
		name      string
		set       string
		kind      core.Kind
		value     int
		stands    string // what the jokers stand for
		canonical string
	}{
		{"short run", "[r3 r4 r5]", core.Run, 12, "", "[r3 r4 r5]"},
		{"order does not matter", "[r5 r3 r4]", core.Run, 12, "", "[r3 r4 r5]"},
		{"long run 1 to 13", "[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13]", core.Run, 91, "", "[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13]"},
		{"joker fills a gap", "[r4 J r6]", core.Run, 15, "r5", "[r4 J r6]"},
		{"joker written last goes above", "[r3 r4 J]", core.Run, 12, "r5", "[r3 r4 J]"},
		{"joker written first goes below", "[J r3 r4]", core.Run, 9, "r2", "[J r3 r4]"},
		{"joker above 13 impossible, goes below", "[r12 r13 J]", core.Run, 36, "r11", "[J r12 r13]"},
		{"joker below 1 impossible, goes above", "[J o1 o2]", core.Run, 6, "o3", "[o1 o2 J]"},
		{"two jokers before one tile", "[J J r3]", core.Run, 6, "r1 r2", "[J J r3]"},
		{"two jokers after one tile", "[r3 J J]", core.Run, 12, "r4 r5", "[r3 J J]"},
		{"jokers on both sides", "[J r3 J]", core.Run, 9, "r2 r4", "[J r3 J]"},
		{"jokers after 13 go below", "[r13 J J]", core.Run, 36, "r11 r12", "[J J r13]"},
		{"joker between spare", "[b3 J b4]", core.Run, 12, "b5", "[b3 b4 J]"},
		{"two gaps two jokers", "[b1 J b3 J b5]", core.Run, 15, "b2 b4", "[b1 J b3 J b5]"},
		{"one jokers fills, one spare below", "[J b3 b5 J]", core.Run, 14, "b2 b4", "[J b3 J b5]"},
		{"group of three", "[k8 r8 o8]", core.Group, 24, "", "[k8 r8 o8]"},
		{"group of four", "[o7 b7 r7 k7]", core.Group, 28, "", "[k7 r7 b7 o7]"},
		{"group with a joker", "[r3 b3 J]", core.Group, 9, "k3", "[r3 b3 J]"},
		{"group of four with two jokers", "[J r3 J b3]", core.Group, 12, "k3 o3", "[r3 b3 J J]"},
		{"group of one tile and two jokers reads as a run", "[k9 J J]", core.Run, 30, "k10 k11", "[k9 J J]"},
		{"yellow reads as orange", "[y5 Y6 o7]", core.Run, 18, "", "[o5 o6 o7]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := coretest.Set(tc.set)
			info, err := core.ValidateSet(s)
			require.NoError(t, err)
			assert.Equal(t, tc.kind, info.Kind)
			assert.Equal(t, tc.value, info.Value)
			assert.Equal(t, len(s), info.Len)
			assert.Equal(t, tc.stands, core.MultisetOf(info.JokerTiles()...).String())
			assert.Equal(t, tc.canonical, info.Canonical(s, 13).String())
		})
	}
}

func TestValidateSetInvalid(t *testing.T) {
	tests := []struct {
		set string
		err error
		msg string
	}{
		{"[r4 b5 r6]", core.ErrMixedColors, "[r4 b5 r6] is not a run: b5 is blue, the run is red"},
		{"[r3 r4 r6]", core.ErrGap, "[r3 r4 r6] is not a run: r5 is missing"},
		{"[r3 r7 J]", core.ErrGap, "[r3 r7 J] is not a run: r4 r5 r6 are missing and the set has only 1 joker"},
		{"[r3 r3 r4]", core.ErrRepeatedNumber, "[r3 r3 r4] is not a run: r3 appears twice"},
		{"[r12 r13 r1]", core.ErrWrap, "[r12 r13 r1] is not a run: 1 may not follow 13"},
		{"[r13 J r1]", core.ErrWrap, "[r13 J r1] is not a run: 1 may not follow 13"},
		{"[r3 r4]", core.ErrTooShort, "[r3 r4] is too short: a run needs at least 3 tiles"},
		{"[r3 J]", core.ErrTooShort, "[r3 J] is too short: a run needs at least 3 tiles"},
		{"[r3 b3]", core.ErrTooShort, "[r3 b3] is too short: a group needs at least 3 tiles"},
		{"[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13 J]", core.ErrTooLong, "[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13 J] is too long: a run has at most 13 tiles, 1 to 13"},
		{"[r4 b4 k5]", core.ErrMixedNumbers, "[r4 b4 k5] is not a group: k5 is a 5, the group is of 4s"},
		{"[r4 b4 r4]", core.ErrRepeatedColor, "[r4 b4 r4] is not a group: r4 appears twice; a group needs different colours"},
		{"[k4 r4 b4 o4 J]", core.ErrTooLong, "[k4 r4 b4 o4 J] is too long: a group has at most 4 tiles, one of each colour"},
		{"[J J J]", core.ErrNoNumberedTile, "[J J J] is not a set: a set needs a numbered tile to say what its jokers stand for"},
		{"[k1 r5 b9]", core.ErrMixedColors, "[k1 r5 b9] is not a run: r5 is red, the run is black"},
	}
	for _, tc := range tests {
		t.Run(tc.set, func(t *testing.T) {
			_, err := core.ValidateSet(coretest.Set(tc.set))
			require.Error(t, err)
			assert.Equal(t, tc.msg, err.Error())
			assert.ErrorIs(t, err, tc.err)
			var se *core.SetError
			require.True(t, errors.As(err, &se))
		})
	}
}

func TestSetRulesParameters(t *testing.T) {
	wrap := core.StandardSets
	wrap.Wrap = core.WrapRound
	info, err := wrap.Validate(coretest.Set("[r12 r13 r1]"))
	require.NoError(t, err)
	assert.Equal(t, 12, info.Number, "a wrapping run starts at 12")
	assert.Equal(t, 26, info.Value)
	info, err = wrap.Validate(coretest.Set("[r13 J J]"))
	require.NoError(t, err)
	assert.Equal(t, "[r13 J J]", info.Canonical(coretest.Set("[r13 J J]"), 13).String(), "with wrap a joker may stand above 13")
	assert.Equal(t, "r1 r2", core.MultisetOf(info.JokerTiles()...).String())
	_, err = wrap.Validate(coretest.Set("[r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 J]"))
	assert.ErrorIs(t, err, core.ErrTooLong)

	long := core.StandardSets
	long.MinRun, long.MinGroup = 4, 4
	_, err = long.Validate(coretest.Set("[r3 r4 r5]"))
	assert.EqualError(t, err, "[r3 r4 r5] is too short: a run needs at least 4 tiles")
	_, err = long.Validate(coretest.Set("[r3 b3 k3]"))
	assert.EqualError(t, err, "[r3 b3 k3] is too short: a group needs at least 4 tiles")

	three := core.StandardSets
	three.Colors = 3
	_, err = three.Validate(coretest.Set("[o3 o4 o5]"))
	assert.EqualError(t, err, "[o3 o4 o5] is not a set: o3 is not a tile of this box (colours k r b, numbers 1..13)")
	assert.ErrorIs(t, err, core.ErrUnknownTile)
	_, err = three.Validate(coretest.Set("[k3 r3 b3 J]"))
	assert.EqualError(t, err, "[k3 r3 b3 J] is too long: a group has at most 3 tiles, one of each colour")
}

func TestValidateTable(t *testing.T) {
	require.NoError(t, core.ValidateTable(coretest.Table("[r3 r4 r5] [k8 b8 o8] [J b10 b11]")))
	require.NoError(t, core.ValidateTable(nil), "an empty table is valid")
	err := core.ValidateTable(coretest.Table("[r3 r4 r5] [r4 b5 r6] [k8 b8] [o1 o2 o3]"))
	require.Error(t, err)
	assert.Equal(t, "set 2 [r4 b5 r6] is not a run: b5 is blue, the run is red\n"+
		"set 3 [k8 b8] is too short: a group needs at least 3 tiles", err.Error())
	var se *core.SetError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 2, se.Index)
	assert.ErrorIs(t, err, core.ErrTooShort)
}

func TestDiff(t *testing.T) {
	before := coretest.Table("[b8 b9 b10] [k1 r1 o1]")
	after := coretest.Table("[b9 b10 b11] [b8 k8 o8] [k1 r1 o1]")
	c := core.Diff(before, after)
	assert.Equal(t, "k8 b11 o8", c.Added.String())
	assert.Equal(t, 0, c.Missing.Len())
	assert.Equal(t, "added k8 b11 o8", c.String())

	c = core.Diff(coretest.Table("[r3 b3 J] [o5 o6 o7]"), coretest.Table("[r3 b3 k3] [o5 o6 o7]"))
	assert.Equal(t, "k3", c.Added.String())
	assert.Equal(t, "J", c.Missing.String(), "the joker left the table")
	assert.Equal(t, "added k3; missing J", c.String())
	assert.Equal(t, "no change", core.Diff(before, before).String())
}

func TestCanonicalTable(t *testing.T) {
	got := core.StandardSets.Canonical(coretest.Table("[r5 r3 r4] [o8 k8 b8] [J r12 r13] [r1 b5 r6]"))
	assert.Equal(t, "[r3 r4 r5] [k8 b8 o8] [J r12 r13] [r1 b5 r6]", got.String())
}
