package repl

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// A puzzle in the REPL: puzzle deals the shipped puzzle nearest the
// learner's rating (or of a grade, or by its id) as the game in play; the
// learner stages a play with the turn commands and done, and the puzzle
// judges it instead of the referee committing it: the first legal answer
// (or a draw) is the rated attempt, "legal, 5 tiles; the best places 7"
// says how near it came, and the answer is shown only after it.

// puzzleRun is the puzzle in progress.
type puzzleRun struct {
	p     puzzle.Puzzle
	rated bool // the first attempt has been rated
	hints int  // the hints shown, of three
	// What the page shows beside the table: the heading, the last
	// verdict, the hints shown, the answer once shown, the rating's move.
	heading, verdict, answer, rating string
	said                             []string
}

// solver is the learner's name in the store: one learner a REPL.
const solver = "me"

func cmdPuzzle(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplUsagePuzzle())
	}
	c := command.Puzzle{}
	if len(l.Args) == 1 {
		arg := strings.ToLower(l.Args[0])
		if g, err := strconv.Atoi(arg); err == nil {
			c.Grade = g
		} else if arg == "hint" || arg == "answer" {
			c.Ask = arg
		} else {
			c.ID = arg
		}
	}
	return s.perform(ctx, c)
}

// doPuzzle runs a typed puzzle command.
func (s *Session) doPuzzle(ctx context.Context, c command.Puzzle) error {
	switch c.Ask {
	case "hint":
		return s.puzzleHint()
	case "answer":
		return s.puzzleAnswer()
	}
	switch {
	case c.ID != "":
		return s.startPuzzle(ctx, c.ID)
	case c.Grade > 0:
		return s.startPuzzle(ctx, strconv.Itoa(c.Grade))
	}
	return s.startPuzzle(ctx, "")
}

// puzzleStore opens the learner's store, beside the lessons' file.
func (s *Session) puzzleStore() (*puzzle.Store, error) {
	path := ""
	if s.opt.CoursePath != "" {
		path = filepath.Join(filepath.Dir(s.opt.CoursePath), "puzzles.json")
	}
	return puzzle.OpenStore(path)
}

// startPuzzle deals a puzzle: "" the next at the learner's rating, "1" to
// "5" the next of that grade, else the puzzle of that id.
func (s *Session) startPuzzle(ctx context.Context, arg string) error {
	variant := "original"
	if v := s.tab.Variant(); v != nil && puzzle.Shipped(v.Rules.Name) != nil {
		variant = v.Rules.Name
	}
	ps := puzzle.Shipped(variant)
	if s.opt.Puzzles != nil {
		ps = append(slices.Clip(ps), s.opt.Puzzles(variant)...)
	}
	st, err := s.puzzleStore()
	if err != nil {
		return err
	}
	var p *puzzle.Puzzle
	if g, err := strconv.Atoi(arg); err == nil && g >= 1 && g <= 5 {
		p = st.Next(solver, ps, g)
	} else if arg == "" {
		p = st.Next(solver, ps, 0)
	} else {
		for i := range ps {
			if ps[i].ID == arg {
				p = &ps[i]
			}
		}
		if p == nil {
			return fail(msg.ReplPuzzleUnknown(arg))
		}
	}
	if p == nil {
		return fail(msg.ReplPuzzleNoneLeft())
	}
	rules, _, err := s.deal.Variant(variant)
	if err != nil {
		return err
	}
	g, err := p.Position(rules)
	if err != nil {
		return err
	}
	seats := make([]seat, g.Players())
	for i := range seats {
		name := s.say(msg.ReplNamePlayer(i + 1))
		if i == 0 {
			name = s.say(msg.ReplNameYou())
		}
		g.Rename(i, name)
		seats[i] = table.Human(name)
	}
	s.dropLesson(true)
	s.install(ctx, g, seats)
	s.tab.UseVariant(variant, s.tab.Variant())
	s.puzzle = &puzzleRun{p: *p}
	if res, tried := st.Tried(solver, p.ID); tried {
		s.puzzle.rated = true
		s.printf("%s\n", s.say(msg.ReplPuzzleAgain(res)))
	}
	themes := make([]string, len(p.Themes))
	for i, th := range p.Themes {
		themes[i] = s.say(core.Msg("repl.puzzle.theme." + th))
	}
	// The page shows what the puzzle is and asks; the terminal says its
	// commands too.
	s.puzzle.heading = s.say(msg.ReplPuzzleTitle(p.ID, st.Grade(p), int(st.Rating(p).R+0.5), strings.Join(themes, ", "), !p.Opened))
	s.printf("%s", wrap(s.puzzle.heading+" "+s.say(msg.ReplPuzzleHow()), view.Width, "  "))
	return nil
}

// checkPuzzle judges a play (or a draw, t nil) of the puzzle: the
// referee's refusal as ever, else how many tiles it placed against the
// best; the first legal answer is the rated attempt. The play is not
// committed: the puzzle stays for another try.
func (s *Session) checkPuzzle(t core.Table, draw bool) error {
	pz := s.puzzle
	g := s.tab.Game()
	placed := 0
	if !draw {
		rec, err := g.Check(t)
		if err != nil {
			return err
		}
		placed = len(rec.Placed)
	}
	best := pz.p.Best.Tiles
	solved := placed >= best
	if !pz.rated {
		st, err := s.puzzleStore()
		if err != nil {
			return err
		}
		before := st.Solver(solver).R
		if _, err := st.Attempt(solver, &pz.p, solved); err != nil {
			return err
		}
		pz.rated = true
		pz.rating = s.say(msg.ReplPuzzleRating(int(before+0.5), int(st.Solver(solver).R+0.5)))
		defer s.printf("%s\n", pz.rating)
	}
	switch {
	case solved:
		pz.verdict = s.say(msg.ReplPuzzleSolved(placed))
	case draw:
		pz.verdict = s.say(msg.ReplPuzzleDrew(best))
	default:
		pz.verdict = s.say(msg.ReplPuzzleShort(placed, best))
	}
	s.printf("%s\n", pz.verdict)
	s.tab.Stage().Reset()
	return nil
}

// puzzleHint shows the next of three hints: the rack tiles the best uses,
// the table's sets it changes, the table after it.
func (s *Session) puzzleHint() error {
	pz := s.puzzle
	if pz == nil {
		return fail(msg.ReplPuzzleNoPuzzle())
	}
	rules := s.tab.Game().Rules
	bestTable, err := rules.Tiles.ParseTable(pz.p.Best.Table)
	if err != nil {
		return err
	}
	var hint string
	switch pz.hints {
	case 0:
		hint = s.say(msg.ReplPuzzleHintTiles(pz.p.Best.Placed))
	case 1:
		var changed []string
		for _, set := range s.tab.Game().Table() {
			if !containsSet(bestTable, set) {
				changed = append(changed, set.String())
			}
		}
		if len(changed) == 0 {
			hint = s.say(msg.ReplPuzzleHintNoneChange())
		} else {
			hint = s.say(msg.ReplPuzzleHintSets(strings.Join(changed, " ")))
		}
	default:
		hint = s.say(msg.ReplPuzzleHintTable(bestTable.String()))
	}
	if len(pz.said) < 3 {
		pz.said = append(pz.said, hint)
	}
	s.printf("%s\n", hint)
	pz.hints = min(pz.hints+1, 2) // the last hint again, if asked again
	return nil
}

// puzzleAnswer shows the best play, once the attempt was rated.
func (s *Session) puzzleAnswer() error {
	pz := s.puzzle
	if pz == nil {
		return fail(msg.ReplPuzzleNoPuzzle())
	}
	if !pz.rated {
		return fail(msg.ReplPuzzleAnswerLater())
	}
	pz.answer = s.say(msg.ReplPuzzleAnswer(pz.p.Best.Tiles, pz.p.Best.Table))
	s.printf("%s\n", pz.answer)
	return nil
}

func containsSet(t core.Table, s core.Set) bool {
	for _, x := range t {
		if x.String() == s.String() {
			return true
		}
	}
	return false
}

// PuzzleState is the puzzle in play as the page shows it.
type PuzzleState struct {
	ID      string   `json:"id"`
	Heading string   `json:"heading"`
	Verdict string   `json:"verdict,omitempty"`
	Rating  string   `json:"rating,omitempty"`
	Hints   []string `json:"hints,omitempty"`
	Answer  string   `json:"answer,omitempty"`
	Rated   bool     `json:"rated"`
}

func (s *Session) puzzleState() *PuzzleState {
	pz := s.puzzle
	if pz == nil {
		return nil
	}
	return &PuzzleState{ID: pz.p.ID, Heading: pz.heading, Verdict: pz.verdict, Rating: pz.rating,
		Hints: slices.Clone(pz.said), Answer: pz.answer, Rated: pz.rated}
}
