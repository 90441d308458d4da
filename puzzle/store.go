package puzzle

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/meldlab/meldlab/internal/files"
)

// Store keeps puzzle ratings and attempts: each puzzle's rating (from its
// prior), each solver's, and which puzzles each solver has tried. A first
// attempt is one rated game between the solver and the puzzle (solved: the
// best number of tiles placed, whatever the table; a legal but worse play
// is a loss); a later attempt is not rated. It is kept in a JSON file (a
// learner's own, beside the REPL's history), written atomically after each
// attempt; the class room keeps the same data in its database.
type Store struct {
	path string
	data storeData
}

type storeData struct {
	Version int                          `json:"version"`
	Puzzles map[string]Rating            `json:"puzzles"`
	Solvers map[string]Rating            `json:"solvers"`
	Tried   map[string]map[string]string `json:"tried"` // solver -> puzzle -> "solved" or "failed"
}

// MaxStore is the largest store file read.
const MaxStore = 16 << 20

// OpenStore reads the store at path; a missing file is an empty store,
// and path "" keeps it in memory only.
func OpenStore(path string) (*Store, error) {
	s := &Store{path: path, data: storeData{Version: 1, Puzzles: map[string]Rating{}, Solvers: map[string]Rating{},
		Tried: map[string]map[string]string{}}}
	if path == "" {
		return s, nil
	}
	b, err := files.Read(path, files.Limit{Kind: "a puzzle store", Max: MaxStore})
	if os.IsNotExist(err) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	var d storeData
	if err := json.Unmarshal(b, &d); err != nil || d.Version != 1 {
		return nil, fmt.Errorf("%s is not a puzzle store: %v", path, err)
	}
	if d.Puzzles == nil || d.Solvers == nil || d.Tried == nil {
		return nil, fmt.Errorf("%s is not a puzzle store", path)
	}
	s.data = d
	return s, nil
}

// Rating is the puzzle's rating: the stored one, or its prior.
func (s *Store) Rating(p *Puzzle) Rating {
	if r, ok := s.data.Puzzles[p.ID]; ok {
		return r
	}
	return p.Rating
}

// Grade is the grade shown: the prior's, until the rating from attempts is
// sure enough (a deviation below 100) to give its own band.
func (s *Store) Grade(p *Puzzle) int {
	if r, ok := s.data.Puzzles[p.ID]; ok && r.RD < 100 {
		return grade(r.R)
	}
	return p.Grade
}

// Solver is a solver's rating (a newcomer's until their first attempt).
func (s *Store) Solver(name string) Rating {
	if r, ok := s.data.Solvers[name]; ok {
		return r
	}
	return NewRating()
}

// Tried reports whether the solver has tried the puzzle, and with what
// result.
func (s *Store) Tried(solver, id string) (result string, tried bool) {
	result, tried = s.data.Tried[solver][id]
	return result, tried
}

// Attempt records a solver's attempt at p: the first is rated (both sides'
// ratings move) and saved; a later one changes nothing. It reports whether
// the attempt was rated.
func (s *Store) Attempt(solver string, p *Puzzle, solved bool) (bool, error) {
	if _, done := s.Tried(solver, p.ID); done {
		return false, nil
	}
	me, it := s.Solver(solver), s.Rating(p)
	score := 0.0
	word := "failed"
	if solved {
		score, word = 1, "solved"
	}
	s.data.Solvers[solver] = me.Update([]Result{{it, score}})
	s.data.Puzzles[p.ID] = it.Update([]Result{{me, 1 - score}})
	if s.data.Tried[solver] == nil {
		s.data.Tried[solver] = map[string]string{}
	}
	s.data.Tried[solver][p.ID] = word
	return true, s.save()
}

// Next is the puzzle for solver: of those not tried yet, the one whose
// rating is nearest the solver's; grade > 0 keeps to that grade. nil when
// none is left.
func (s *Store) Next(solver string, ps []Puzzle, grade int) *Puzzle {
	me := s.Solver(solver).R
	var best *Puzzle
	bestGap := 0.0
	for i := range ps {
		p := &ps[i]
		if _, done := s.Tried(solver, p.ID); done || (grade > 0 && s.Grade(p) != grade) {
			continue
		}
		gap := s.Rating(p).R - me
		if gap < 0 {
			gap = -gap
		}
		if best == nil || gap < bestGap {
			best, bestGap = p, gap
		}
	}
	return best
}

func (s *Store) save() error {
	if s.path == "" {
		return nil
	}
	return files.WriteAtomic(s.path, 0o644, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(s.data) // maps in key order: the same attempts, the same file
	})
}
