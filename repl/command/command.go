// Package command is the closed set of things a person may ask of a
// session: the terminal's parser (repl.ParseCommand) and the browser's JSON
// decoder (Decode) both produce these types, and repl.Session.Do runs them.
//
// The set is closed by an unexported method: a package outside cannot add
// a command. The browser's decoder knows fewer of them than the terminal
// (no save, load, Lua, script or setup is a type here at all): what a
// served session can do is what these types say, not what a filter lets
// through.
package command

import (
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/stage"
)

// Command is one typed command: one of the types of this package.
type Command interface {
	// String is the command as the terminal writes it ("put r7 3").
	String() string
	command()
}

// Put moves rack tiles onto the staged table, into To.
type Put struct {
	Tiles []core.Tile
	To    stage.Target
}

// Move moves tiles of the staged table into To.
type Move struct {
	Tiles []stage.TileRef
	To    stage.Target
}

// Split cuts staged set Set before its tile at Pos (both from 1).
type Split struct{ Set, Pos int }

// Declare says how a staged set of one tile and jokers is read: as the
// group of its tile's number (Group: its jokers become J=13), or as the run
// plain jokers make.
type Declare struct {
	Set   int
	Group bool
}

// Join merges the staged sets into the first of them, in order.
type Join struct{ Sets []int }

// Take puts tiles of the staged table back on the rack.
type Take struct{ Tiles []stage.TileRef }

// Done plays the staged table.
type Done struct{}

// Play plays Table as the whole table after the turn.
type Play struct{ Table core.Table }

// Draw draws a tile and ends the turn.
type Draw struct{}

// End ends a turn whose tile was drawn (the variants that draw first).
type End struct{}

// UndoEdit takes back the staged turn's last edit.
type UndoEdit struct{}

// RestartTurn puts every tile back where it was when the turn began.
type RestartTurn struct{}

// UndoTurn goes back to the start of a person's previous turn, the bots'
// turns since with it: the terminal's undo, not the browser's.
type UndoTurn struct{}

// Hint shows the best turn; with Step, only its next move from the staged
// table as it is.
type Hint struct{ Step bool }

// Lesson starts lesson N; with Next, the first lesson not passed; with
// neither, lists the lessons.
type Lesson struct {
	N    int
	Next bool
}

// Back leaves the lesson in progress for the game it set aside.
type Back struct{}

// Puzzle deals a shipped puzzle: the one of ID, else the next of Grade (1
// to 5), else the next at the learner's rating; with Ask "hint" or
// "answer", the puzzle in play's next hint or its answer.
type Puzzle struct {
	Grade int
	ID    string
	Ask   string
}

// Review looks back at the game in play: each of the person's turns
// against the best legal play. With N (from 1), the N-th turn of the
// review's list, short of the best, is played again, judged as a puzzle is.
type Review struct{ N int }

// NewGame deals a new game: Variant ("": the one in play), Players (a
// count: you and bots) or Seats (seat specs, the terminal's), and Seed
// when HasSeed.
type NewGame struct {
	Variant string
	Players int
	Seats   []string
	Seed    uint64
	HasSeed bool
}

// NextRound deals the match's next round.
type NextRound struct{}

// Timer turns the turn clock on or off.
type Timer struct{ On bool }

// Tick does nothing but what every command of the game does first: the
// clock is read (a turn whose time ran out ends, with its penalty) and
// bots a stop left waiting play on. A page sends it when its countdown
// reaches zero, so that the penalty is said at once.
type Tick struct{}

func (Put) command()         {}
func (Move) command()        {}
func (Split) command()       {}
func (Join) command()        {}
func (Declare) command()     {}
func (Take) command()        {}
func (Done) command()        {}
func (Play) command()        {}
func (Draw) command()        {}
func (End) command()         {}
func (UndoEdit) command()    {}
func (RestartTurn) command() {}
func (UndoTurn) command()    {}
func (Hint) command()        {}
func (Lesson) command()      {}
func (Back) command()        {}
func (Puzzle) command()      {}
func (Review) command()      {}
func (NewGame) command()     {}
func (NextRound) command()   {}
func (Timer) command()       {}
func (Tick) command()        {}

func (c Put) String() string {
	return "put " + join(c.Tiles, func(t core.Tile) string { return t.String() }) + " " + c.To.String()
}

func (c Move) String() string {
	return "move " + join(c.Tiles, func(r stage.TileRef) string { return fmt.Sprintf("%d:%d", r.Set, r.Pos) }) + " " + c.To.String()
}

func (c Split) String() string { return fmt.Sprintf("split %d at %d", c.Set, c.Pos) }

func (c Declare) String() string {
	if c.Group {
		return fmt.Sprintf("declare %d group", c.Set)
	}
	return fmt.Sprintf("declare %d run", c.Set)
}

func (c Join) String() string {
	return "join " + join(c.Sets, func(n int) string { return fmt.Sprint(n) })
}

func (c Take) String() string {
	return "take " + join(c.Tiles, func(r stage.TileRef) string { return fmt.Sprintf("%d:%d", r.Set, r.Pos) })
}

func (Done) String() string        { return "done" }
func (c Play) String() string      { return "play " + c.Table.String() }
func (Draw) String() string        { return "draw" }
func (End) String() string         { return "end" }
func (UndoEdit) String() string    { return "undo edit" }
func (RestartTurn) String() string { return "reset" }
func (UndoTurn) String() string    { return "undo" }
func (Back) String() string        { return "back" }
func (NextRound) String() string   { return "next" }
func (Tick) String() string        { return "tick" }

func (c Hint) String() string {
	if c.Step {
		return "hint step"
	}
	return "hint"
}

func (c Puzzle) String() string {
	switch {
	case c.Ask != "":
		return "puzzle " + c.Ask
	case c.ID != "":
		return "puzzle " + c.ID
	case c.Grade > 0:
		return fmt.Sprintf("puzzle %d", c.Grade)
	}
	return "puzzle"
}

func (c Review) String() string {
	if c.N > 0 {
		return fmt.Sprintf("review %d", c.N)
	}
	return "review"
}

func (c Lesson) String() string {
	switch {
	case c.Next:
		return "lesson next"
	case c.N > 0:
		return fmt.Sprintf("lesson %d", c.N)
	}
	return "lesson"
}

func (c NewGame) String() string {
	w := []string{"new"}
	if c.Variant != "" {
		w = append(w, c.Variant)
	}
	if c.Players > 0 {
		w = append(w, fmt.Sprint(c.Players))
	}
	w = append(w, c.Seats...)
	if c.HasSeed {
		w = append(w, fmt.Sprint(c.Seed))
	}
	return strings.Join(w, " ")
}

func (c Timer) String() string {
	if c.On {
		return "timer on"
	}
	return "timer off"
}

func join[T any](xs []T, f func(T) string) string {
	w := make([]string, len(xs))
	for i, x := range xs {
		w[i] = f(x)
	}
	return strings.Join(w, " ")
}

// Edits reports whether c edits the staged turn (or plays or draws it):
// such a command waits for the bots and is dropped when the turn's clock
// ran out before it.
func Edits(c Command) bool {
	switch c.(type) {
	case Put, Move, Split, Join, Declare, Take, Done, Play, Draw, End, UndoEdit, RestartTurn:
		return true
	}
	return false
}

// Meta reports whether c is about the session, not the game: it never
// waits for the bots or reads the clock.
func Meta(c Command) bool {
	switch c.(type) {
	case Lesson, Back, Timer, Puzzle, Review:
		return true
	}
	return false
}
