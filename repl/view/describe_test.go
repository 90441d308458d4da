package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// DescribeSet on Twist's sets: the double joker takes two places (2-JD-5
// runs to 5, [b3 r3 JD] is four 3s), a colour-change run says both its
// colours, written up or down, and a mirror set says its half; the
// printed sets are said as before.
func TestDescribeTwistSets(t *testing.T) {
	box := core.TileSet{Colors: 4, Numbers: 13, Copies: 2, Jokers: 2, DoubleJokers: 2, MirrorJokers: 2, ColorChangeJokers: 2}
	rules := core.SetRules{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Copies: 2, Twist: true}
	tests := []struct {
		lang      i18n.Lang
		set, want string
	}{
		{i18n.English, "[r3 r4 r5]", "a run, red 3 to 5, 12 points"},
		{i18n.English, "[r2 JD r5]", "a run, red 2 to 5, 14 points"},
		{i18n.English, "[r9 JD r6]", "a run, red 6 to 9, 30 points"},
		{i18n.English, "[r5 JD J r9]", "a run, red 5 to 9, 35 points; J is r8"},
		{i18n.English, "[b3 r3 JD]", "a group of 4 3s, 12 points"},
		{i18n.English, "[r3 r4 JC b6 b7]", "a run, 3 to 7, red then blue, 25 points"},
		{i18n.English, "[b7 b6 JC r4 r3]", "a run, 3 to 7, red then blue, 25 points"},
		{i18n.English, "[r2 r3 JM r3 r2]", "a mirror: [r2 r3], the mirror joker, then the same in reverse, 10 points"},
		{i18n.Spanish, "[r3 r4 JC b6 b7]", "una escalera del 3 al 7, roja y luego azul, 25 puntos"},
		{i18n.Italian, "[r2 r3 JM r3 r2]", "uno specchio: [r2 r3], il Jolly specchio e lo stesso al contrario, 10 punti"},
		{i18n.French, "[b3 r3 JD]", "une série de 4 plaques de 3, 12 points"},
	}
	for _, tc := range tests {
		s, err := box.ParseSet(tc.set)
		require.NoError(t, err)
		info, err := rules.Validate(s)
		require.NoError(t, err, tc.set)
		assert.Equal(t, tc.want, Painter{Lang: i18n.New(tc.lang)}.DescribeSet(rules, s, &info), "%s in %s", tc.set, tc.lang)
	}
}
