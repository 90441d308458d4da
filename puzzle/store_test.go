package puzzle

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A first attempt is rated, both ways, and kept across opens; a second is
// not; the next puzzle is the untried one nearest the solver's rating; the
// shown grade follows the rating once it is sure.
func TestStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "puzzles.json")
	ps := []Puzzle{
		{ID: "easy", Rating: Rating{1200, 60, 0.06}, Grade: 1},
		{ID: "mid", Rating: Rating{1450, 60, 0.06}, Grade: 4},
		{ID: "hard", Rating: Rating{1700, 60, 0.06}, Grade: 5},
	}
	s, err := OpenStore(path)
	require.NoError(t, err)
	assert.Equal(t, "mid", s.Next("ana", ps, 0).ID, "a newcomer (1500) gets the nearest")
	rated, err := s.Attempt("ana", &ps[1], true)
	require.NoError(t, err)
	assert.True(t, rated)
	assert.Greater(t, s.Solver("ana").R, 1500.0, "a win raises the solver")
	assert.Less(t, s.Rating(&ps[1]).R, 1450.0, "and lowers the puzzle")
	rated, err = s.Attempt("ana", &ps[1], false)
	require.NoError(t, err)
	assert.False(t, rated, "a later attempt does not count")
	res, tried := s.Tried("ana", "mid")
	assert.True(t, tried)
	assert.Equal(t, "solved", res)

	again, err := OpenStore(path)
	require.NoError(t, err)
	assert.Equal(t, s.Solver("ana"), again.Solver("ana"), "kept across opens")
	assert.NotEqual(t, "mid", again.Next("ana", ps, 0).ID, "tried puzzles are not offered again")
	assert.Equal(t, "hard", again.Next("ana", ps, 5).ID)

	// Many wins against it take the hard puzzle's rating down, and once
	// sure, its grade with it.
	for i := range 40 {
		_, err := again.Attempt(string(rune('a'+i%26))+string(rune('A'+i/26)), &ps[2], true)
		require.NoError(t, err)
	}
	r := again.Rating(&ps[2])
	assert.Less(t, r.RD, 100.0)
	assert.Equal(t, grade(r.R), again.Grade(&ps[2]))
	assert.Less(t, again.Grade(&ps[2]), 5)

	require.NoError(t, os.WriteFile(path, []byte(`{"version": 2}`), 0o644))
	_, err = OpenStore(path)
	assert.Error(t, err)
}
