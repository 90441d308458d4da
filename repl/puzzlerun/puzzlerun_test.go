package puzzlerun

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
)

// dealt puts the puzzle arg names in play on a table of its own.
func dealt(t *testing.T, sh Shelf, arg string) (*Dealt, *table.Table, *tell.Teller) {
	t.Helper()
	tl := tell.New("", false, io.Discard, func() bool { return false })
	tab := table.New(time.Now, 0)
	dl, err := sh.Deal(arg, tab, table.Dealer{}, tl)
	require.NoError(t, err)
	tl.Install(context.Background(), tab, dl.Game, dl.Seats)
	tl.Reply.Reset()
	return dl, tab, tl
}

// A puzzle asked for by a wrong name or grade is refused in full.
func TestDealRefused(t *testing.T) {
	sh := Shelf{CoursePath: filepath.Join(t.TempDir(), "lessons")}
	tl := tell.New("", false, io.Discard, func() bool { return false })
	_, err := sh.Deal("nosuch", table.New(time.Now, 0), table.Dealer{}, tl)
	require.Error(t, err)
	assert.Equal(t, "no puzzle nosuch among the shipped puzzles", tl.ErrorText(err))
}

// The first try is rated, a draw a loss; the answer only after it; the
// hints one by one, the last again; nothing is committed.
func TestRun(t *testing.T) {
	sh := Shelf{CoursePath: filepath.Join(t.TempDir(), "lessons")}
	dl, tab, tl := dealt(t, sh, "1")
	r := dl.Run
	p := r.Puzzle()
	assert.Equal(t, 1, p.Grade)
	dl.Announce(tab, tl)
	assert.True(t, strings.HasPrefix(tl.Reply.String(), "Puzzle "+p.ID+", grade 1"), tl.Reply.String())

	tl.Reply.Reset()
	err := r.Answer(tl)
	require.Error(t, err)
	assert.Equal(t, "the answer comes after your first try: play, or draw to give up", tl.ErrorText(err))

	hist := len(tab.Game().History())
	require.NoError(t, r.Check(tab, nil, true, sh, tl))
	assert.True(t, strings.HasPrefix(tl.Reply.String(), fmt.Sprintf("You drew: a play places %d tiles here.\nyour puzzle rating: 1500 -> ", p.Best.Tiles)),
		tl.Reply.String())
	assert.Equal(t, hist, len(tab.Game().History()), "the puzzle judges; nothing is committed")

	tl.Reply.Reset()
	best, err := tab.Game().Rules.Tiles.ParseTable(p.Best.Table)
	require.NoError(t, err)
	require.NoError(t, r.Check(tab, best, false, sh, tl))
	assert.True(t, strings.HasPrefix(tl.Reply.String(), "Solved! "), tl.Reply.String())
	assert.NotContains(t, tl.Reply.String(), "rating", "a later try is not rated")

	tl.Reply.Reset()
	require.NoError(t, r.Answer(tl))
	for range 4 {
		require.NoError(t, r.Hint(tab.Game(), tl))
	}
	lines := strings.Split(strings.TrimSuffix(tl.Reply.String(), "\n"), "\n")
	require.Len(t, lines, 5)
	assert.Equal(t, fmt.Sprintf("The best places %d tiles: %s", p.Best.Tiles, p.Best.Table), lines[0])
	assert.Equal(t, "Hint 1 of 3: the best play places "+p.Best.Placed+".", lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "Hint 2 of 3: "), lines[2])
	assert.Equal(t, "Hint 3 of 3: the table after the best play: "+p.Best.Table+".", lines[3])
	assert.Equal(t, lines[3], lines[4], "the last hint again")
	st := r.State()
	assert.Equal(t, p.ID, st.ID)
	assert.True(t, st.Rated)
	assert.Len(t, st.Hints, 3)

	store, err := puzzle.OpenStore(filepath.Join(filepath.Dir(sh.CoursePath), "puzzles.json"))
	require.NoError(t, err)
	res, tried := store.Tried(solver, p.ID)
	assert.True(t, tried)
	assert.Equal(t, "failed", res)
}

// No puzzle in play: hint and answer are refused, and a page sees none.
func TestNoRun(t *testing.T) {
	var r *Run
	tl := tell.New("", false, io.Discard, func() bool { return false })
	assert.Equal(t, "no puzzle in play: start one with puzzle", tl.ErrorText(r.Hint(nil, tl)))
	assert.Equal(t, "no puzzle in play: start one with puzzle", tl.ErrorText(r.Answer(tl)))
	assert.Nil(t, r.State())
}
