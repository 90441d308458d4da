package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/puzzle"
)

// A puzzle in the REPL: the answer is refused before a try; a draw is the
// rated try (a loss); the best play is then "solved" but not rated again,
// and the game is not committed; the answer and the three hints; the
// rating kept beside the history file, and the puzzle not offered again.
func TestPuzzleInTheREPL(t *testing.T) {
	dir := t.TempDir()
	s, out := newSession(t, Options{CoursePath: filepath.Join(dir, "lessons")}, "[k1 k2 k3]", "r10 r11 r12", "b1 b2", true)
	run(t, s, "puzzle 1")
	require.NotNil(t, s.puzzle)
	p := s.puzzle.Puzzle()
	assert.Equal(t, 1, p.Grade)
	assert.Contains(t, out.String(), "Puzzle "+p.ID+", grade 1")
	assert.Equal(t, p.Table, s.desk.Tab.Game().Table().String(), "the puzzle's table is the game's")

	err := s.Exec(t.Context(), "puzzle answer")
	require.Error(t, err)
	assert.Contains(t, s.ErrorText(err), "the answer comes after your first try")

	out.Reset()
	run(t, s, "draw")
	assert.Contains(t, out.String(), "You drew: a play places")
	assert.Contains(t, out.String(), "your puzzle rating: 1500 -> ")
	hist := len(s.desk.Tab.Game().History())

	out.Reset()
	run(t, s, "play "+p.Best.Table)
	assert.Contains(t, out.String(), "Solved! ")
	assert.NotContains(t, out.String(), "your puzzle rating", "a later try is not rated")
	assert.Equal(t, hist, len(s.desk.Tab.Game().History()), "the puzzle judges; nothing is committed")

	out.Reset()
	run(t, s, "puzzle answer", "puzzle hint", "puzzle hint", "puzzle hint")
	text := strings.Join(strings.Fields(out.String()), " ") // lines wrap at 80 columns
	assert.Contains(t, text, "The best places ")
	assert.Contains(t, text, "Hint 1 of 3: the best play places ")
	assert.Contains(t, text, "Hint 3 of 3: the table after the best play: "+p.Best.Table)

	st, err := puzzle.OpenStore(filepath.Join(dir, "puzzles.json"))
	require.NoError(t, err)
	res, tried := st.Tried("me", p.ID)
	assert.True(t, tried)
	assert.Equal(t, "failed", res)
	assert.Less(t, st.Solver("me").R, 1500.0)
	_, err = os.Stat(filepath.Join(dir, "puzzles.json"))
	require.NoError(t, err)

	// The next grade-1 puzzle is another; a new game ends the puzzle.
	run(t, s, "puzzle 1")
	assert.NotEqual(t, p.ID, s.puzzle.Puzzle().ID)
	run(t, s, "new original 2")
	assert.Nil(t, s.puzzle)
	err = s.Exec(t.Context(), "puzzle nosuch")
	require.Error(t, err)
	assert.True(t, strings.Contains(s.ErrorText(err), "no puzzle nosuch among the shipped puzzles"))
}
