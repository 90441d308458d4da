package reviewrun

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/table/tabletest"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/review"
)

func teller() *tell.Teller { return tell.New("", false, io.Discard, func() bool { return false }) }

// The sets a play made or changed, each compared as the tiles it holds.
func TestNewSets(t *testing.T) {
	tests := []struct {
		start, after [][]string
		want         [][]string
	}{
		{[][]string{{"r3", "r4", "r5"}}, [][]string{{"r5", "r4", "r3"}}, [][]string{}},
		{[][]string{{"r3", "r4", "r5"}}, [][]string{{"r3", "r4", "r5", "r6"}}, [][]string{{"r3", "r4", "r5", "r6"}}},
		{[][]string{{"k1", "k2", "k3"}, {"k1", "k2", "k3"}}, [][]string{{"k1", "k2", "k3"}, {"b7", "o7", "r7"}},
			[][]string{{"b7", "o7", "r7"}}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, newSets(tc.start, tc.after))
	}
}

// The best play's moves in words, the sets numbered as the page numbers
// them at each step.
func TestStepWords(t *testing.T) {
	turn := review.Turn{Start: [][]string{{"r3", "r4", "r5", "r6"}}}
	turn.Best.Table = [][]string{{"r3", "r4", "r5"}, {"r6", "k6", "b6"}}
	assert.Equal(t, []string{"move r6 of set 1 to a new set", "put k6, b6 on set 2"}, stepWords(teller(), core.StandardTiles, turn))
}

// A review lists the turns short of the best, most lost first; each can be
// played again from where it began; a turn not listed is refused.
func TestReviewAndRetry(t *testing.T) {
	tab := tabletest.Opened(t, core.Original(), "[r3 r4 r5]", "r6 k1", "o9 o10")
	tl := teller()
	_, _, _, err := tab.Draw()
	require.NoError(t, err)
	tl.Settle(context.Background(), tab)
	tl.Reply.Reset()
	run, page, err := Review(context.Background(), tab, table.Dealer{}, tl)
	require.NoError(t, err)
	require.Equal(t, 1, run.Count())
	assert.Equal(t, "1. round 1, turn 1: held back (the planner would too): you played nothing (a\n"+
		"  draw); the best was r6 (1 more)\n"+
		"ana: the best play in 0 of 1 turns (0%). review N plays turn N of the list\n"+
		"  again. 1 tile and 6 points fewer than the best plays; the initial meld at your\n"+
		"  turn 0 (0: never).\n", tl.Reply.String())
	assert.Equal(t, "ana", page.Seat)
	require.Len(t, page.Turns, 1)
	assert.Equal(t, []string{"r6"}, page.Turns[0].Best)
	assert.NotEmpty(t, run.Record())

	dl, err := run.Retry(1, table.Dealer{}, tl)
	require.NoError(t, err)
	assert.Equal(t, "[r3 r4 r5]", dl.Game.Table().String(), "the game back where the turn began")
	assert.Equal(t, "r6", dl.Run.Puzzle().Best.Placed)
	_, err = run.Retry(2, table.Dealer{}, tl)
	assert.Equal(t, "no turn 2 to retry: review lists 1", tl.ErrorText(err))

	var none *Run
	assert.Zero(t, none.Count())
	assert.Nil(t, none.Record())
}
