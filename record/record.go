package record

import (
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Record is a parsed record: its tags in order, then its moves.
type Record struct {
	Name  string // the file, as errors name it
	Tags  []Tag
	Moves []Move
}

// Tag is one tag pair, [Name "Value"].
type Tag struct {
	Name, Value string
	Pos         Pos
}

// Pos is where something is written: line and column, from 1 (a column
// counts characters).
type Pos struct{ Line, Col int }

// Kind is what a move does. The turn actions are core's; a record adds
// the round's start and its setup.
type Kind uint8

const (
	Play       Kind = iota // "Ana: r6 r7 => TABLE": the tiles placed and the table after
	Draw                   // "Ana: draw r5", "Ana: draw" when the tile is not known
	Pass                   // "Ana: pass": nothing to draw from an empty pool
	Timeout                // "Ana: timeout r5": the time ran out; the penalty drawn
	EndTurn                // "Ana: end": a turn left open by a draw ends
	FailedPlay             // "Ana: refused TABLE penalty r5": a refused play that cost tiles
	NextRound              // "Round 2": the next round is dealt
	SetUp                  // "Setup ... End": a position laid out
)

var kindWords = [...]string{"play", "draw", "pass", "timeout", "end", "refused", "round", "setup"}

func (k Kind) String() string { return kindWords[k] }

// Move is one line of the moves: a turn action, a round's start or a
// setup. Tiles and tables are kept as written (notation) with their
// positions, and read under the record's rules when it is replayed.
type Move struct {
	Pos   Pos
	Kind  Kind
	Turn  int  // the move number written (from 1); 0: none
	More  bool // written "N...": the turn's action after its first
	Seat  string
	Tiles Notation // placed (Play), drawn (Draw) or the penalty (Timeout, FailedPlay); empty when not known
	Table Notation // the table after (Play) or the play refused (FailedPlay)
	Round int      // NextRound: the round dealt
	Setup *Setup
	Used  int // milliseconds the turn had taken (a chess clock), from {[%used N]}; -1: not written

	Marks      []string // annotation marks: "!", "?", "!!", "??", "!?", "?!", "$n"
	Comment    string
	Variations [][]Move // alternatives to this move, one level deep
}

// Notation is tiles or sets as written, and where.
type Notation struct {
	Text string
	Pos  Pos
}

// Setup is a position laid out: each seat's rack (or how many tiles it
// holds, when not known), the table, who has opened, the pool, the next
// tiles drawn, the turns already ended and who plays.
type Setup struct {
	Racks   []SetupRack
	Table   Notation
	Opened  []string
	Pool    int // tiles left in the pool; -1: every tile not on a rack or the table
	Next    Notation
	Turn    int
	Current string
	Pos     Pos
}

// SetupRack is one seat's rack in a setup: its tiles, or Hidden tiles not
// known (written "?14").
type SetupRack struct {
	Seat   string
	Tiles  Notation
	Hidden int
	Pos    Pos
}

// Tag returns the value of the tag name and whether it is there.
func (r *Record) Tag(name string) (string, bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

func (r *Record) tagPos(name string) Pos {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Pos
		}
	}
	return Pos{}
}

// Seats are the names of the Seats tag, in seat order.
func (r *Record) Seats() []string { return splitList(r.tagOr("Seats", "")) }

// View is whose view the record is: "all", or a seat's name.
func (r *Record) View() string { return r.tagOr("View", "all") }

func (r *Record) tagOr(name, def string) string {
	if v, ok := r.Tag(name); ok {
		return v
	}
	return def
}

// splitList splits "Ana, Bob" into its names.
func splitList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// action is core's kind of a record's turn move.
func (k Kind) action() core.ActionKind {
	switch k {
	case Draw:
		return core.ActDraw
	case Pass:
		return core.ActPass
	case Timeout:
		return core.ActTimeout
	case EndTurn:
		return core.ActEndTurn
	case FailedPlay:
		return core.ActFailedPlay
	case NextRound:
		return core.ActNextRound
	case SetUp:
		return core.ActSetup
	}
	return core.ActPlay
}
