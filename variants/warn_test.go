package variants

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each key that has no effect given the others gets a warning at its place
// in the file, in full; the shipped variants get none.
func TestWarnings(t *testing.T) {
	const head = "name: house/x\nextends: original\n"
	tests := []struct{ name, yaml, want string }{
		{"lock_ends without the lock", "opening:\n  lock_ends: all_opened\n",
			"x.yaml:4:3: warning: opening.lock_ends has no effect: opening.first_round_locked is false, so there is no lock to lift\n |   lock_ends: all_opened\n |   ^"},
		{"lock_turns without the lock", "opening:\n  lock_turns: 3\n",
			"x.yaml:4:3: warning: opening.lock_turns has no effect: opening.first_round_locked is false, so there is no lock\n |   lock_turns: 3\n |   ^"},
		{"lock_turns with lock_ends other than turns", "opening:\n  first_round_locked: true\n  lock_ends: all_opened\n  lock_turns: 3\n",
			"x.yaml:6:3: warning: opening.lock_turns has no effect: opening.lock_ends is all_opened, not turns\n |   lock_turns: 3\n |   ^"},
		{"a bank and an increment under per_turn", "time_limit:\n  bank: 600\n  increment: 10\n",
			"x.yaml:4:3: warning: time_limit.bank has no effect under time_limit.mode: per_turn; it is a chess clock's (fischer, bronstein or delay)\n |   bank: 600\n |   ^\n" +
				"x.yaml:5:3: warning: time_limit.increment has no effect under time_limit.mode: per_turn; it is a chess clock's (fischer, bronstein or delay)\n |   increment: 10\n |   ^"},
		{"seconds under a chess clock", "time_limit:\n  mode: fischer\n  bank: 600\n  seconds: 30\n",
			"x.yaml:6:3: warning: time_limit.seconds has no effect under a chess clock (time_limit.mode: fischer): each player has time_limit.bank\n |   seconds: 30\n |   ^"},
		{"penalty tiles with no clock", "time_limit:\n  seconds: 0\n  penalty_tiles: 3\n",
			"x.yaml:5:3: warning: time_limit.penalty_tiles has no effect: time_limit.seconds is 0 and there is no chess clock, so no turn runs out of time\n |   penalty_tiles: 3\n |   ^"},
		{"piles with method draw", "deal:\n  piles: [7, 7]\n  take: 1\n",
			"x.yaml:4:3: warning: deal.piles has no effect with deal.method: draw; it is the pile deal's (method: piles)\n |   piles: [7, 7]\n |   ^\n" +
				"x.yaml:5:3: warning: deal.take has no effect with deal.method: draw; it is the pile deal's (method: piles)\n |   take: 1\n |   ^"},
		{"keep with replace_from [table]", "joker:\n  replace_from: [table]\n  keep: true\n",
			"x.yaml:5:3: warning: joker.keep has no effect: joker.replace_from has no rack, and only a joker replaced from the player's own rack may be kept\n |   keep: true\n |   ^"},
		{"joker keys with no jokers", "tiles:\n  jokers: 0\njoker:\n  penalty: 50\n  keep: true\n",
			"x.yaml:6:3: warning: joker.penalty has no effect: the box has no jokers (tiles.jokers: 0)\n |   penalty: 50\n |   ^\n" +
				"x.yaml:7:3: warning: joker.keep has no effect: the box has no jokers (tiles.jokers: 0)\n |   keep: true\n |   ^"},
		{"keep under add_only", "table:\n  manipulation: add_only\njoker:\n  keep: true\n",
			"x.yaml:6:3: warning: joker.keep has no effect under table.manipulation: add_only: no joker is ever taken from a set on the table\n |   keep: true\n |   ^"},
		{"zero_sum without hooks", "scoring:\n  zero_sum: false\n",
			"x.yaml:4:3: warning: scoring.zero_sum: false has no effect: the variant has no score_round hook whose scores it frees (the books' scores always add up to 0)\n |   zero_sum: false\n |   ^"},
		{"params without hooks", "params: {seat: 2}\n",
			"x.yaml:3:1: warning: params has no effect: the variant has no hooks to read them\n | params: {seat: 2}\n | ^"},
		{"a target in a match of one round", "match:\n  rounds: 1\n  target: 50\n",
			"x.yaml:5:3: warning: match.target has no effect: match.rounds is 1, so the match ends after its one round\n |   target: 50\n |   ^"},
		{"the trap: a target won by rounds", "match:\n  target: 50\n",
			"x.yaml:4:3: warning: match.target ends the match when a total reaches 50, but match.winner: most_rounds gives it to whoever won most rounds, whatever the totals (a player on -73 can win over one on 73); write match.winner: highest_total\n |   target: 50\n |   ^"},
		{"an off value is no warning", "time_limit:\n  mode: fischer\n  bank: 600\n  seconds: 0\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "x.yaml"), []byte(head+tc.yaml), 0o644))
			t.Chdir(dir)
			v, err := Resolve("x.yaml")
			require.NoError(t, err)
			text, err := v.Text()
			require.NoError(t, err)
			ws := Warnings(v, text)
			if tc.want == "" {
				assert.Empty(t, ws)
				return
			}
			assert.Equal(t, tc.want, ws.Error())
		})
	}
	for _, name := range Names() {
		v, err := Resolve(name)
		require.NoError(t, err)
		text, err := v.Text()
		require.NoError(t, err)
		assert.Empty(t, Warnings(v, text), name)
	}
}
