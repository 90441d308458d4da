package repl

// The session's state as plain values, read-only: what a page draws (the
// web face, meldlab serve). Nothing here changes the session.

import (
	"errors"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/view"
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
	// Indicator and Okey: under Okey's deal (deal.indicator), the tile
	// turned up and the round's wild tile; empty otherwise.
	Indicator string     `json:"indicator,omitempty"`
	Okey      string     `json:"okey,omitempty"`
	Table     [][]string `json:"table"` // the table as staged by the person to play
	Start     [][]string `json:"start"` // the table as the turn began
	Rack      []string   `json:"rack"`  // the rack of the person to play, less what is staged
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
	Puzzle    *PuzzleState `json:"puzzle,omitempty"`
	Done      bool         `json:"done"` // the session has ended (quit)

	// Clock: the edition has a turn clock; TimerOn: it is switched on.
	Clock   bool `json:"clock"`
	TimerOn bool `json:"timerOn"`
	// Meld is the initial meld staged so far, while the person to play
	// has not opened: its points and the points the edition needs.
	Meld *MeldState `json:"meld,omitempty"`
	// Round is the round's end: who went out, each rack, the scores.
	Round *RoundState `json:"round,omitempty"`
	// Round and Rounds: the round in play, and the match's rounds (0: no
	// set number).
	RoundN int `json:"roundN"`
	Rounds int `json:"rounds"`
	// Edits is how many staged edits undo edit can take back.
	Edits int `json:"edits"`
}

// MeldState is the initial meld staged so far.
type MeldState struct {
	Points int `json:"points"`
	Need   int `json:"need"`
}

// RoundState is a round that is over.
type RoundState struct {
	Out   []int      `json:"out"` // the seats that went out (or won it)
	Racks [][]string `json:"racks"`
	Score []int      `json:"score"` // each seat's points this round
	Total []int      `json:"total"`
	Won   []int      `json:"won"`
	Match bool       `json:"match"` // the match is over too
	Names []string   `json:"names"`
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
	st := State{Lang: string(s.tell.Lang.Lang()), Prompt: s.lua.Prompt(s.tell.Prompt(s.desk.Tab, false)), Done: s.quit, Table: [][]string{}, Start: [][]string{}, Rack: []string{}, Why: []string{}}
	if s.desk.Run != nil {
		ls := s.desk.Run.Lesson()
		st.Lesson = &LessonState{N: ls.N, Title: ls.TitleIn(s.tell.Lang.Lang()), Hints: s.desk.Run.HintsShown(),
			Goal: s.desk.Run.Goal(), Of: len(s.desk.Run.Hints()), Intro: s.desk.Run.Intro()}
	}
	st.Puzzle = s.puzzle.State()
	g := s.desk.Tab.Game()
	if g == nil {
		return st
	}
	st.Game = true
	st.Variant = g.Rules.Name
	st.Current = g.Current()
	st.Pool = g.Pool()
	if ind := g.Indicator(); ind != core.NoTile {
		st.Indicator, st.Okey = ind.String(), g.Rules.Wild.String()
	}
	st.RoundOver, st.MatchOver = g.RoundOver(), g.MatchOver()
	st.Winners = g.Winners()
	st.CanUndo = s.desk.Tab.CanUndo()
	totals, names := g.Totals(), g.Names()
	st.Players = make([]PlayerState, 0, len(names))
	for i, name := range names {
		p := PlayerState{Name: name, Tiles: g.Rack(i).Len(), Opened: g.Opened(i)}
		if i < len(s.desk.Tab.Seats()) {
			p.Bot = s.desk.Tab.Seats()[i].Bot != nil
		}
		if i < len(totals) {
			p.Total = totals[i]
		}
		st.Players = append(st.Players, p)
	}
	table := g.Table() // read only: one copy serves
	st.Start = TableStrings(table)
	st.Table = st.Start
	if ws := s.desk.Tab.Stage(); ws != nil {
		st.MyTurn = true
		staged := ws.Shown()      // read only, as g's copy
		if !staged.Equal(table) { // often the same: its lists serve both
			st.Table = TableStrings(staged)
		}
		table = staged
		st.Rack = view.TileStrings(ws.Left().Tiles())
		st.Staged = ws.Changed()
		// the player's own seat counts the rack as they see it, the staged
		// tiles off it (the game counts them until the turn is done)
		if cur := g.Current(); cur < len(st.Players) {
			st.Players[cur].Tiles = len(st.Rack)
		}
	}
	st.Why = make([]string, len(table))
	for i, set := range table {
		if _, err := g.ValidateSet(set); err != nil {
			if se, ok := err.(*core.SetError); ok {
				st.Why[i] = s.tell.Lang.Message(se.Reason())
			} else {
				st.Why[i] = s.tell.Lang.Error(err)
			}
		}
	}
	if left, ok := s.TimeLeft(); ok {
		st.Timed, st.TimeLeft = true, max(left, 0).Seconds()
	}
	st.Clock, st.TimerOn = g.Rules.HasClock() && s.desk.Run == nil, s.desk.Timer
	st.RoundN, st.Rounds = g.Round(), g.Rounds()
	if ws := s.desk.Tab.Stage(); ws != nil {
		st.Edits = ws.Edits()
		if !g.Opened(g.Current()) {
			st.Meld = &MeldState{Points: meldPoints(g.Rules, ws), Need: g.Rules.Opening.Points}
		}
	}
	if g.RoundOver() {
		st.Round = &RoundState{Out: st.Winners, Score: g.RoundScores(), Total: totals, Won: g.RoundsWon(), Match: g.MatchOver(), Names: names}
		for i := range names {
			r := g.Rack(i)
			st.Round.Racks = append(st.Round.Racks, view.TileStrings(r.Tiles()))
		}
	}
	return st
}

// meldPoints is what the staged sets the turn made count toward the
// initial meld, the valid ones only, as the referee counts them: each
// joker as the tile it stands for, or nothing where the edition says so.
func meldPoints(r core.Rules, ws *stage.Workspace) int {
	sr := r.SetRules()
	sum := 0
	for n := 1; n <= ws.Sets(); n++ {
		if ws.Untouched(n) {
			continue
		}
		info, err := sr.Validate(ws.SetAt(n))
		if err != nil {
			continue
		}
		sum += info.Value
		if r.Opening.JokerValue == core.Zero {
			for _, t := range info.JokerTiles() {
				sum -= t.Number()
			}
		}
	}
	return sum
}

// TableStrings is t's sets as lists of tiles in notation, as State gives
// the table (view.TableStrings).
func TableStrings(t core.Table) [][]string { return view.TableStrings(t) }

// ErrorText is an error as the session says it, in its language, without
// the "error:" the terminal puts before it.
func (s *Session) ErrorText(err error) string {
	return s.tell.ErrorText(err)
}

// LessonItem is one lesson of the course, as a page lists them.
type LessonItem struct {
	N      int    `json:"n"`
	Title  string `json:"title"`
	Passed bool   `json:"passed"`
}

// Lessons lists the course's lessons, marking those passed; none without
// Lua.
func (s *Session) Lessons() []LessonItem {
	if s.opt.Lua == nil {
		return nil
	}
	lessons, err := s.opt.Lua.Lessons()
	if err != nil {
		return nil
	}
	out := make([]LessonItem, len(lessons))
	for i, ls := range lessons {
		out[i] = LessonItem{N: ls.N, Title: ls.TitleIn(s.tell.Lang.Lang()), Passed: s.course.Passed(ls.N)}
	}
	return out
}

// PageError is an error as a page says it, in the session's language: a
// refused play is the referee's reason alone, without the terminal's
// advice, which names its commands ("keep editing, reset, or draw").
func (s *Session) PageError(err error) string {
	var m core.Messager
	if errors.As(err, &m) && m.Message().ID == "repl.refused.keep" {
		if inner, ok := m.Message().Args["Error"].(error); ok {
			return s.ErrorText(inner)
		}
	}
	return s.ErrorText(err)
}
