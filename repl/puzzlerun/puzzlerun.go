// Package puzzlerun is a puzzle played in the REPL and the browser: puzzle
// deals the shipped puzzle nearest the learner's rating (or of a grade, or
// by its id) as the game in play; the learner stages a play with the turn
// commands and done, and the puzzle judges it instead of the referee
// committing it: the first legal answer (or a draw) is the rated attempt,
// "legal, 5 tiles; the best places 7" says how near it came, and the answer
// is shown only after it. A reviewed turn played again is a Run too, never
// rated.
package puzzlerun

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/variants"
)

// solver is the learner's name in the store: one learner a REPL.
const solver = "me"

// Shelf is where puzzles come from and where their ratings are kept.
type Shelf struct {
	// Extra gives the puzzles of a variant besides the shipped ones (a
	// class's puzzles, made by its teacher); nil: the shipped ones only.
	Extra func(variant string) []puzzle.Puzzle
	// CoursePath is the lessons' file; the ratings are kept beside it
	// ("": the session's own memory only).
	CoursePath string
}

// Store opens the learner's store, beside the lessons' file.
func (sh Shelf) Store() (*puzzle.Store, error) {
	path := ""
	if sh.CoursePath != "" {
		path = filepath.Join(filepath.Dir(sh.CoursePath), "puzzles.json")
	}
	return puzzle.OpenStore(path)
}

// Run is the puzzle in progress.
type Run struct {
	p     puzzle.Puzzle
	rated bool // the first attempt has been rated
	hints int  // the hints shown, of three
	// What the page shows beside the table: the heading, the last
	// verdict, the hints shown, the answer once shown, the rating's move.
	heading, verdict, answer, rating string
	said                             []string
}

// Puzzle is the puzzle played.
func (r *Run) Puzzle() puzzle.Puzzle { return r.p }

// Dealt is a puzzle's position, for the session to put in play (its seats
// all people), then to Announce.
type Dealt struct {
	Run   *Run
	Game  *core.Game
	Seats []table.Seat
	ref   string            // what new deals next
	v     *variants.Variant // its file, unless keep
	keep  bool              // the table's variant file stays
	again string            // a puzzle tried before: its result, unrated now
}

// Deal chooses a puzzle of the variant in play on tab (original when it
// ships none): arg "" the next at the learner's rating, "1" to "5" the
// next of that grade, else the puzzle of that id.
func (sh Shelf) Deal(arg string, tab *table.Table, d table.Dealer, t *tell.Teller) (*Dealt, error) {
	variant := "original"
	if v := tab.Variant(); v != nil && puzzle.Shipped(v.Rules.Name) != nil {
		variant = v.Rules.Name
	}
	ps := puzzle.Shipped(variant)
	if sh.Extra != nil {
		ps = append(slices.Clip(ps), sh.Extra(variant)...)
	}
	st, err := sh.Store()
	if err != nil {
		return nil, err
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
			return nil, view.Fail(msg.ReplPuzzleUnknown(arg))
		}
	}
	if p == nil {
		return nil, view.Fail(msg.ReplPuzzleNoneLeft())
	}
	rules, _, err := d.Variant(variant)
	if err != nil {
		return nil, err
	}
	g, err := p.Position(rules)
	if err != nil {
		return nil, err
	}
	seats := make([]table.Seat, g.Players())
	for i := range seats {
		name := t.Say(msg.ReplNamePlayer(i + 1))
		if i == 0 {
			name = t.Say(msg.ReplNameYou())
		}
		g.Rename(i, name)
		seats[i] = table.Human(name)
	}
	dl := &Dealt{Run: &Run{p: *p}, Game: g, Seats: seats, ref: variant, keep: true}
	if res, tried := st.Tried(solver, p.ID); tried {
		dl.Run.rated = true
		dl.again = t.Say(msg.ReplPuzzleAgain(res))
	}
	themes := make([]string, len(p.Themes))
	for i, th := range p.Themes {
		themes[i] = t.Say(core.Msg("repl.puzzle.theme." + th))
	}
	// The page shows what the puzzle is and asks; the terminal says its
	// commands too.
	dl.Run.heading = t.Say(msg.ReplPuzzleTitle(p.ID, st.Grade(p), int(st.Rating(p).R+0.5), strings.Join(themes, ", "), !p.Opened))
	return dl, nil
}

// Retry is a position to play again, judged as a puzzle and not rated: a
// reviewed turn (p its best play), the game of ref (its file v) replayed
// to it.
func Retry(p puzzle.Puzzle, heading string, g *core.Game, seats []table.Seat, ref string, v *variants.Variant) *Dealt {
	return &Dealt{Run: &Run{p: p, rated: true, heading: heading}, Game: g, Seats: seats, ref: ref, v: v}
}

// Announce tells the puzzle now in play on tab, and makes new deal its
// variant next.
func (dl *Dealt) Announce(tab *table.Table, t *tell.Teller) {
	v := dl.v
	if dl.keep {
		v = tab.Variant()
	}
	tab.UseVariant(dl.ref, v)
	if dl.again != "" {
		t.Printf("%s\n", dl.again)
	}
	t.Printf("%s", view.Wrap(dl.Run.heading+" "+t.Say(msg.ReplPuzzleHow()), view.Width, "  "))
}

// Check judges a play (or a draw, draw set) of the puzzle on tab: the
// referee's refusal as ever, else how many tiles it placed against the
// best; the first legal answer is the rated attempt. The play is not
// committed: the puzzle stays for another try.
func (r *Run) Check(tab *table.Table, after core.Table, draw bool, sh Shelf, t *tell.Teller) error {
	placed := 0
	if !draw {
		rec, err := tab.Game().Check(after)
		if err != nil {
			return err
		}
		placed = len(rec.Placed)
	}
	best := r.p.Best.Tiles
	solved := placed >= best
	if !r.rated {
		st, err := sh.Store()
		if err != nil {
			return err
		}
		before := st.Solver(solver).R
		if _, err := st.Attempt(solver, &r.p, solved); err != nil {
			return err
		}
		r.rated = true
		r.rating = t.Say(msg.ReplPuzzleRating(int(before+0.5), int(st.Solver(solver).R+0.5)))
		defer t.Printf("%s\n", r.rating)
	}
	switch {
	case solved:
		r.verdict = t.Say(msg.ReplPuzzleSolved(placed))
	case draw:
		r.verdict = t.Say(msg.ReplPuzzleDrew(best))
	default:
		r.verdict = t.Say(msg.ReplPuzzleShort(placed, best))
	}
	t.Printf("%s\n", r.verdict)
	tab.Stage().Reset()
	return nil
}

// Hint tells the next of three hints on the game g: the rack tiles the
// best uses, the table's sets it changes, the table after it.
func (r *Run) Hint(g *core.Game, t *tell.Teller) error {
	if r == nil {
		return view.Fail(msg.ReplPuzzleNoPuzzle())
	}
	bestTable, err := g.Rules.Tiles.ParseTable(r.p.Best.Table)
	if err != nil {
		return err
	}
	var hint string
	switch r.hints {
	case 0:
		hint = t.Say(msg.ReplPuzzleHintTiles(r.p.Best.Placed))
	case 1:
		var changed []string
		for _, set := range g.Table() {
			if !containsSet(bestTable, set) {
				changed = append(changed, set.String())
			}
		}
		if len(changed) == 0 {
			hint = t.Say(msg.ReplPuzzleHintNoneChange())
		} else {
			hint = t.Say(msg.ReplPuzzleHintSets(strings.Join(changed, " ")))
		}
	default:
		hint = t.Say(msg.ReplPuzzleHintTable(bestTable.String()))
	}
	if len(r.said) < 3 {
		r.said = append(r.said, hint)
	}
	t.Printf("%s\n", hint)
	r.hints = min(r.hints+1, 2) // the last hint again, if asked again
	return nil
}

// Answer tells the best play, once the attempt was rated.
func (r *Run) Answer(t *tell.Teller) error {
	if r == nil {
		return view.Fail(msg.ReplPuzzleNoPuzzle())
	}
	if !r.rated {
		return view.Fail(msg.ReplPuzzleAnswerLater())
	}
	r.answer = t.Say(msg.ReplPuzzleAnswer(r.p.Best.Tiles, r.p.Best.Table))
	t.Printf("%s\n", r.answer)
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

// State is the puzzle in play as the page shows it.
type State struct {
	ID      string   `json:"id"`
	Heading string   `json:"heading"`
	Verdict string   `json:"verdict,omitempty"`
	Rating  string   `json:"rating,omitempty"`
	Hints   []string `json:"hints,omitempty"`
	Answer  string   `json:"answer,omitempty"`
	Rated   bool     `json:"rated"`
}

// State reads the run; nil when no puzzle is in play.
func (r *Run) State() *State {
	if r == nil {
		return nil
	}
	return &State{ID: r.p.ID, Heading: r.heading, Verdict: r.verdict, Rating: r.rating,
		Hints: slices.Clone(r.said), Answer: r.answer, Rated: r.rated}
}
