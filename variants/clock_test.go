package variants

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// time_limit.mode, bank and increment: each value, and each bad one placed
// in the file with the loader's words.
func TestClockKeys(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		show       map[string]string
		err        string
	}{
		{name: "per_turn", yaml: "extends: original\ntime_limit: {mode: per_turn}\n",
			show: map[string]string{"time_limit.mode": "per_turn", "time_limit.seconds": "60", "time_limit.bank": "0", "time_limit.increment": "0"}},
		{name: "fischer", yaml: "extends: original\ntime_limit: {mode: fischer, bank: 600, increment: 10}\n",
			show: map[string]string{"time_limit.mode": "fischer", "time_limit.bank": "600", "time_limit.increment": "10"}},
		{name: "bronstein", yaml: "extends: original\ntime_limit: {mode: bronstein, bank: 300, increment: 5}\n",
			show: map[string]string{"time_limit.mode": "bronstein", "time_limit.bank": "300", "time_limit.increment": "5"}},
		{name: "delay", yaml: "extends: original\ntime_limit: {mode: delay, bank: 300, increment: 5}\n",
			show: map[string]string{"time_limit.mode": "delay", "time_limit.bank": "300", "time_limit.increment": "5"}},
		{name: "a misspelt mode", yaml: "extends: original\ntime_limit:\n  mode: fisher\n",
			err: "v.yaml:3:9: time_limit.mode is \"fisher\"; it must be one of per_turn, fischer, bronstein, delay (did you mean \"fischer\"?)\n |   mode: fisher\n |         ^"},
		{name: "a bank out of range", yaml: "extends: original\ntime_limit:\n  mode: fischer\n  bank: -5\n",
			err: "v.yaml:4:9: time_limit.bank is -5; it must be 0..36000\n |   bank: -5\n |         ^"},
		{name: "an increment that is no number", yaml: "extends: original\ntime_limit:\n  mode: fischer\n  bank: 60\n  increment: ten\n",
			err: "v.yaml:5:14: time_limit.increment must be a whole number, not \"ten\"\n |   increment: ten\n |              ^"},
		{name: "a chess clock with no bank", yaml: "extends: original\ntime_limit:\n  mode: bronstein\n",
			err: "v.yaml:3:9: time_limit.mode is bronstein but time_limit.bank is 0; a chess clock needs the seconds each player starts with, as bank: 600\n |   mode: bronstein\n |         ^"},
		{name: "a misspelt key", yaml: "extends: original\ntime_limit:\n  incremnt: 5\n",
			err: "v.yaml:3:3: unknown key \"incremnt\" in time_limit; did you mean \"increment\"?\n |   incremnt: 5\n |   ^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := resolveYAML(t, tc.yaml, tc.err)
			if !ok {
				return
			}
			for k, want := range tc.show {
				got, _ := v.Value(k)
				assert.Equal(t, want, got, k)
			}
		})
	}
}

func TestClockDiff(t *testing.T) {
	a, err := Resolve("house/chess-clock")
	require.NoError(t, err)
	b, err := Resolve("original")
	require.NoError(t, err)
	var said []string
	for _, m := range Diff(a, b) {
		said = append(said, m.String())
	}
	assert.Equal(t, []string{"in house/chess-clock each player has a chess clock (Fischer): 600 seconds a round, and 10 more a move; " +
		"in original each turn has its own time limit"}, said)
	c := *a
	c.Rules.Name = "bronstein"
	c.Rules.TimeLimit.Mode, c.Rules.TimeLimit.Bank = 2, 300
	said = nil
	for _, m := range Diff(&c, a) {
		said = append(said, m.String())
	}
	assert.Equal(t, []string{
		"in bronstein each player has a chess clock (Bronstein): 300 seconds a round, the time a move takes given back after it, up to 10 seconds; in house/chess-clock each player has a chess clock (Fischer): 600 seconds a round, and 10 more a move",
		"in bronstein each player's clock starts a round with 300 seconds; in house/chess-clock each player's clock starts a round with 600 seconds",
	}, said, "the same increment is one value, said with the mode")
}
