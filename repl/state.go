package repl

// The session's state as plain values, read-only: what a page draws (the
// web face, meldlab serve). Nothing here changes the session.

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
)

// State is the session at a glance, as plain JSON-able values: tiles in
// notation ("r7", "J"), sets as lists of tiles.
type State struct {
	Lang    string        `json:"lang"`
	Variant string        `json:"variant,omitempty"` // the rules' name
	Prompt  string        `json:"prompt"`            // as a terminal shows it, without the clock
	Game    bool          `json:"game"`              // a game is in play
	Players []PlayerState `json:"players,omitempty"`
	Current int           `json:"current"` // the seat to play
	Pool    int           `json:"pool"`    // tiles left to draw
	Table   [][]string    `json:"table"`   // the table as staged by the person to play
	Start   [][]string    `json:"start"`   // the table as the turn began
	Rack    []string      `json:"rack"`    // the rack of the person to play, less what is staged
	// Why is, for each set of Table, why it is not a valid set, in the
	// session's language ("" for a valid one): what the REPL's table shows
	// beside a set, so that a page shows it beside the set too.
	Why       []string     `json:"why"`
	Staged    bool         `json:"staged"` // the staged table differs from the turn's start
	MyTurn    bool         `json:"myTurn"` // a person is to play (the table and rack are theirs)
	CanUndo   bool         `json:"canUndo"`
	RoundOver bool         `json:"roundOver"`
	MatchOver bool         `json:"matchOver"`
	Winners   []int        `json:"winners,omitempty"`
	TimeLeft  float64      `json:"timeLeft,omitempty"` // seconds, when the turn is timed
	Timed     bool         `json:"timed"`
	Lesson    *LessonState `json:"lesson,omitempty"`
	Done      bool         `json:"done"` // the session has ended (quit)
}

// PlayerState is one seat.
type PlayerState struct {
	Name   string `json:"name"`
	Bot    bool   `json:"bot"`
	Tiles  int    `json:"tiles"` // on the rack
	Opened bool   `json:"opened"`
	Total  int    `json:"total"` // the match's points so far
}

// LessonState is the lesson in progress.
type LessonState struct {
	N     int    `json:"n"`
	Title string `json:"title"`
	Goal  string `json:"goal,omitempty"`
	Hints int    `json:"hints"` // hints shown so far
	Of    int    `json:"of"`    // hints it has
	Intro string `json:"intro,omitempty"`
}

// State reads the session; it changes nothing.
func (s *Session) State() State {
	st := State{Lang: string(s.lang.Lang()), Prompt: s.prompt(false), Done: s.quit, Table: [][]string{}, Start: [][]string{}, Rack: []string{}, Why: []string{}}
	if s.lesson != nil {
		ls := s.lesson.Lesson()
		st.Lesson = &LessonState{N: ls.N, Title: ls.TitleIn(s.lang.Lang()), Hints: s.lesson.HintsShown(),
			Goal: s.lesson.Goal(), Of: len(s.lesson.Hints()), Intro: s.lesson.Intro()}
	}
	g := s.tab.Game()
	if g == nil {
		return st
	}
	st.Game = true
	st.Variant = g.Rules.Name
	st.Current = g.Current()
	st.Pool = g.Pool()
	st.RoundOver, st.MatchOver = g.RoundOver(), g.MatchOver()
	st.Winners = g.Winners()
	st.CanUndo = s.tab.CanUndo()
	totals, names := g.Totals(), g.Names()
	st.Players = make([]PlayerState, 0, len(names))
	for i, name := range names {
		p := PlayerState{Name: name, Tiles: g.Rack(i).Len(), Opened: g.Opened(i)}
		if i < len(s.tab.Seats()) {
			p.Bot = s.tab.Seats()[i].Bot != nil
		}
		if i < len(totals) {
			p.Total = totals[i]
		}
		st.Players = append(st.Players, p)
	}
	table := g.Table() // read only: one copy serves
	st.Start = TableStrings(table)
	st.Table = st.Start
	if ws := s.tab.Stage(); ws != nil {
		st.MyTurn = true
		staged := ws.Shown()      // read only, as g's copy
		if !staged.Equal(table) { // often the same: its lists serve both
			st.Table = TableStrings(staged)
		}
		table = staged
		st.Rack = tileStrings(ws.Left().Tiles())
		st.Staged = ws.Changed()
	}
	rules := g.Rules.SetRules()
	st.Why = make([]string, len(table))
	for i, set := range table {
		if _, err := rules.Validate(set); err != nil {
			if se, ok := err.(*core.SetError); ok {
				st.Why[i] = s.lang.Message(se.Reason())
			} else {
				st.Why[i] = s.lang.Error(err)
			}
		}
	}
	if left, ok := s.TimeLeft(); ok {
		st.Timed, st.TimeLeft = true, max(left, 0).Seconds()
	}
	return st
}

// TableStrings is t's sets as lists of tiles in notation, as State gives
// the table; the lists share one array (two allocations a table, not one a
// set: a served table sends the table at every line).
func TableStrings(t core.Table) [][]string {
	out := make([][]string, 0, len(t))
	flat := make([]string, 0, t.Len())
	for _, set := range t {
		from := len(flat)
		for _, x := range set {
			flat = append(flat, x.String())
		}
		out = append(out, flat[from:len(flat):len(flat)])
	}
	return out
}

func tileStrings(ts []core.Tile) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.String())
	}
	return out
}

// ErrorText is an error as the session says it, in its language, without
// the "error:" the terminal puts before it.
func (s *Session) ErrorText(err error) string {
	return escape.String(userWords(s.lang.Error(err)))
}
