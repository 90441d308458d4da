package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

func TestRuleKeyParse(t *testing.T) {
	for _, tc := range []struct {
		key, text string
		want      any
		err       string
	}{
		{key: "opening.points", text: "50", want: 50},
		{key: "opening.points", text: "fifty", err: `opening.points must be a whole number, not "fifty"`},
		{key: "players.min", text: "0", err: "players.min is 0; it must be 2..16"},
		{key: "joker.keep", text: "true", want: true},
		{key: "joker.keep", text: "yes", err: `joker.keep must be true or false, not "yes"`},
		{key: "joker.keep", text: "1", err: `joker.keep must be true or false, not "1"`},
		{key: "direction", text: "right", want: "right"},
		{key: "direction", text: "up", err: `direction is "up"; it must be one of left, right`},
		{key: "sets.wrap", text: "true", want: core.LookupRuleKey("sets.wrap").Words[1]},
		{key: "sets.wrap", text: "ace_high", want: "ace_high"},
		{key: "deal.piles", text: "7", err: `deal.piles must be a list of whole numbers, as [7, 7, 8], not "7"`},
	} {
		k := core.LookupRuleKey(tc.key)
		require.NotNil(t, k, tc.key)
		v, err := k.Parse(tc.text)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, "%s=%s", tc.key, tc.text)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, v)
	}
}
