package command_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/command"
)

// The arguments of new as the terminal types them, and the refusals in
// full.
func TestParseNew(t *testing.T) {
	tests := []struct {
		args string
		want command.NewGame
		err  string
	}{
		{args: "", want: command.NewGame{}},
		{args: "house/fifty", want: command.NewGame{Variant: "house/fifty"}},
		{args: "original 2 7", want: command.NewGame{Variant: "original", Players: 2, Seed: 7, HasSeed: true}},
		{args: "ana:human bot:greedy 9", want: command.NewGame{Seats: []string{"ana:human", "bot:greedy"}, Seed: 9, HasSeed: true}},
		{args: "0", err: "0 players? give a count from 1 (as the variant allows) or a seat for each player"},
		// A number past any seed is not a number to new: a seat, then.
		{args: "3 99999999999999999999", err: `seat "99999999999999999999": write NAME:human or NAME:BOT, as ana:human or bot:greedy`},
		{args: "3 7 ana", err: `seat "ana": write NAME:human or NAME:BOT, as ana:human or bot:greedy`},
		{args: "3 7 8", err: `new: "8" is not a variant, a player count, a seat (NAME:human, NAME:BOT) or a seed: usage: new [VARIANT] [PLAYERS] [SEED]`},
	}
	for _, tc := range tests {
		t.Run(tc.args, func(t *testing.T) {
			c, err := command.ParseNew(strings.Fields(tc.args))
			if tc.err != "" {
				assert.Equal(t, tc.err, i18n.New(i18n.English).Error(err))
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.want, c)
		})
	}
}
