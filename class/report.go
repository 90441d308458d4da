package class

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the teacher's view of the class: a grid of pupils by lessons,
// who is online and what they are doing, the refusals most common in the
// class and for each pupil (what to reteach), and the scores of the class's
// deal.
type Report struct {
	Settings Settings    `json:"settings"`
	Lessons  []int       `json:"lessons"` // the grid's columns: every lesson someone began
	Pupils   []PupilRow  `json:"pupils"`
	Refusals []Refusal   `json:"refusals"` // the class's, most common first
	Scores   []ScoreLine `json:"scores"`   // the class's deal (Settings.Seed), best first
	Homework []string    `json:"homework"` // the homework's puzzles (Settings.Homework)
	Moves    int         `json:"moves"`    // the events kept, all pupils
}

// PupilRow is one pupil's line of the grid.
type PupilRow struct {
	Pupil
	Online bool      `json:"online"` // seen in the last Online
	Seen   time.Time `json:"seen"`
	Doing  string    `json:"doing"`
	Cells  []Cell    `json:"cells"` // one a column of Report.Lessons
	Passed int       `json:"passed"`
	// Puzzles: how many the pupil tried, and solved at the first try (the
	// rated attempt).
	PuzzlesTried  int `json:"puzzlesTried"`
	PuzzlesSolved int `json:"puzzlesSolved"`
	// Homework is the pupil's result for each puzzle of the homework:
	// "solved" or "failed" (the first try's), "" not tried.
	Homework []string  `json:"homework"`
	Hints    int       `json:"hints"` // all hints: lessons' and games'
	Refusals []Refusal `json:"refusals"`
}

// Cell is what a pupil did in one lesson.
type Cell struct {
	Lesson  int  `json:"lesson"`
	Begun   bool `json:"begun"`
	Passed  bool `json:"passed"`
	Tries   int  `json:"tries"`
	Hints   int  `json:"hints"`
	Seconds int  `json:"seconds"` // from the first event to the pass (or the last event)
}

// Refusal is a rule refused, with how often and the learner's words for
// its last refusal.
type Refusal struct {
	Rule  string `json:"rule"`
	Words string `json:"words"`
	Count int    `json:"count"`
}

// ScoreLine is a pupil's round of the class's deal.
type ScoreLine struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
	Won    bool   `json:"won"`
}

// Online is how recently a pupil must have done something to be online.
const Online = 2 * time.Minute

// Report reads the teacher's view as of now.
func (db *DB) Report(ctx context.Context, now time.Time) (any, error) { return db.Read(ctx, now) }

// Read is Report, typed.
func (db *DB) Read(ctx context.Context, now time.Time) (*Report, error) {
	s, err := db.Settings(ctx)
	if err != nil {
		return nil, err
	}
	s.JoinCode, s.TeacherCode = "", ""
	rep := &Report{Settings: s, Lessons: []int{}, Pupils: []PupilRow{}, Refusals: []Refusal{}, Scores: []ScoreLine{},
		Homework: append([]string{}, s.Homework...)}
	// One read transaction: the grid is one moment of the class.
	tx, err := db.r.BeginTx(ctx, nil)
	if err != nil {
		return nil, classify(db.path, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, name, seen, doing, puzzles FROM pupils ORDER BY name COLLATE NOCASE`)
	if err != nil {
		return nil, err
	}
	at := map[int64]int{}
	for rows.Next() {
		var r PupilRow
		var seen int64
		var puzzles []byte
		if err := rows.Scan(&r.ID, &r.Name, &seen, &r.Doing, &puzzles); err != nil {
			rows.Close()
			return nil, err
		}
		tried := puzzlesOf(puzzles)
		r.Homework = []string{}
		for _, id := range s.Homework {
			r.Homework = append(r.Homework, tried[id])
		}
		for _, res := range tried {
			r.PuzzlesTried++
			if res == "solved" {
				r.PuzzlesSolved++
			}
		}
		r.Seen = time.Unix(seen, 0).UTC()
		r.Online = now.Sub(r.Seen) <= Online
		r.Refusals = []Refusal{}
		at[r.ID] = len(rep.Pupils)
		rep.Pupils = append(rep.Pupils, r)
	}
	rows.Close()

	cells := map[int64]map[int]Cell{}
	seenLesson := map[int]bool{}
	rows, err = tx.QueryContext(ctx, `SELECT pupil, lesson, tries, hints, passed, last - started FROM lessons`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		c := Cell{Begun: true}
		if err := rows.Scan(&id, &c.Lesson, &c.Tries, &c.Hints, &c.Passed, &c.Seconds); err != nil {
			rows.Close()
			return nil, err
		}
		if cells[id] == nil {
			cells[id] = map[int]Cell{}
		}
		cells[id][c.Lesson] = c
		seenLesson[c.Lesson] = true
	}
	rows.Close()
	for n := range seenLesson {
		rep.Lessons = append(rep.Lessons, n)
	}
	sort.Ints(rep.Lessons)
	for i := range rep.Pupils {
		r := &rep.Pupils[i]
		for _, n := range rep.Lessons {
			c, ok := cells[r.ID][n]
			if !ok {
				c = Cell{Lesson: n}
			}
			if c.Passed {
				r.Passed++
			}
			r.Cells = append(r.Cells, c)
		}
	}

	rows, err = tx.QueryContext(ctx, `SELECT pupil, COUNT(*) FROM moves WHERE kind = 'hint' GROUP BY pupil`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := at[id]; ok {
			rep.Pupils[i].Hints = n
		}
	}
	rows.Close()

	// The refusals by rule: per pupil, and summed for the class. The words
	// are the last refusal's.
	rows, err = tx.QueryContext(ctx, `SELECT pupil, rule, COUNT(*), (SELECT words FROM refusals f
		WHERE f.pupil = r.pupil AND f.rule = r.rule ORDER BY f.id DESC LIMIT 1)
		FROM refusals r GROUP BY pupil, rule`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var f Refusal
		if err := rows.Scan(&id, &f.Rule, &f.Count, &f.Words); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := at[id]; ok {
			rep.Pupils[i].Refusals = append(rep.Pupils[i].Refusals, f)
		}
	}
	rows.Close()
	rows, err = tx.QueryContext(ctx, `SELECT rule, COUNT(*), (SELECT words FROM refusals f
		WHERE f.rule = r.rule ORDER BY f.id DESC LIMIT 1) FROM refusals r GROUP BY rule`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var f Refusal
		if err := rows.Scan(&f.Rule, &f.Count, &f.Words); err != nil {
			rows.Close()
			return nil, err
		}
		rep.Refusals = append(rep.Refusals, f)
	}
	rows.Close()
	byCount(rep.Refusals)
	for i := range rep.Pupils {
		byCount(rep.Pupils[i].Refusals)
	}

	rows, err = tx.QueryContext(ctx, `SELECT p.name, s.points, s.won FROM scores s JOIN pupils p ON p.id = s.pupil
		WHERE s.round = ? ORDER BY s.points DESC, p.name`, s.Round)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var l ScoreLine
		if err := rows.Scan(&l.Name, &l.Points, &l.Won); err != nil {
			rows.Close()
			return nil, err
		}
		rep.Scores = append(rep.Scores, l)
	}
	rows.Close()
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves`).Scan(&rep.Moves); err != nil {
		return nil, err
	}
	return rep, nil
}

// puzzlesOf is what a pupil's puzzle store says of the puzzles tried:
// "solved" or "failed" by puzzle id; a store it cannot read says none.
func puzzlesOf(store []byte) map[string]string {
	var s struct {
		Tried map[string]map[string]string `json:"tried"` // solver -> puzzle -> "solved" or "failed"
	}
	out := map[string]string{}
	if len(store) == 0 || json.Unmarshal(store, &s) != nil {
		return out
	}
	for _, byPuzzle := range s.Tried {
		for id, res := range byPuzzle {
			out[id] = res
		}
	}
	return out
}

// byCount sorts refusals most common first, then by rule.
func byCount(fs []Refusal) {
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].Count != fs[j].Count {
			return fs[i].Count > fs[j].Count
		}
		return fs[i].Rule < fs[j].Rule
	})
}

// CSV writes the grid: a line a pupil and lesson begun (pupil, lesson,
// passed, tries, hints, seconds), for a spreadsheet.
func (db *DB) CSV(ctx context.Context, w io.Writer) error {
	rep, err := db.Read(ctx, time.Now())
	if err != nil {
		return err
	}
	return rep.WriteCSV(w)
}

// WriteCSV writes the report's grid as CSV.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"pupil", "lesson", "passed", "tries", "hints", "seconds"})
	for _, p := range rep.Pupils {
		for _, c := range p.Cells {
			if !c.Begun {
				continue
			}
			cw.Write([]string{p.Name, strconv.Itoa(c.Lesson), strconv.FormatBool(c.Passed),
				strconv.Itoa(c.Tries), strconv.Itoa(c.Hints), strconv.Itoa(c.Seconds)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the report for a terminal: the grid (✓ passed, a
// number of tries otherwise, · not begun), then the refusals.
func (rep *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"pupil"}
	for _, n := range rep.Lessons {
		head = append(head, "L"+strconv.Itoa(n))
	}
	fmt.Fprintln(tw, strings.Join(append(head, "hints", "puzzles", "doing"), "\t"))
	for _, p := range rep.Pupils {
		line := []string{p.Name}
		for _, c := range p.Cells {
			switch {
			case c.Passed:
				line = append(line, fmt.Sprintf("✓%d", c.Tries))
			case c.Begun:
				line = append(line, fmt.Sprintf("%d", c.Tries))
			default:
				line = append(line, "·")
			}
		}
		fmt.Fprintln(tw, strings.Join(append(line, strconv.Itoa(p.Hints), fmt.Sprintf("%d/%d", p.PuzzlesSolved, p.PuzzlesTried), p.Doing), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(rep.Refusals) > 0 {
		fmt.Fprintln(w, "\nmost common refusals:")
		for _, f := range rep.Refusals {
			fmt.Fprintf(w, "  %3d  %s\n", f.Count, f.Words)
		}
	}
	if len(rep.Scores) > 0 {
		fmt.Fprintf(w, "\nthe class's deal (seed %d):\n", rep.Settings.Seed)
		for _, l := range rep.Scores {
			fmt.Fprintf(w, "  %-20s %5d\n", l.Name, l.Points)
		}
	}
	return nil
}

// Reset erases every pupil and what they did, keeping the class's codes
// and switches (a new school year).
func (db *DB) Reset(ctx context.Context) error {
	defer db.forget()
	return db.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM shared_tables`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM pupils`)
		return err
	})
}
