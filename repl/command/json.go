package command

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/stage"
)

// Wire is a command as the browser sends it, in JSON:
//
//	{"do": "put", "tiles": ["r7"], "to": {"set": 3}}
//	{"do": "move", "refs": [{"set": 2, "pos": 1}], "to": {"set": 0}}
//	{"do": "split", "set": 1, "pos": 4}
//	{"do": "join", "sets": [1, 2]}
//	{"do": "new", "variant": "original", "players": 3, "seed": 7}
//
// A target's set 0 is a new set. Its field names are the browser's; the
// command a hint shows is sent in the same shape.
type Wire struct {
	Do      string     `json:"do"`
	Tiles   []string   `json:"tiles,omitempty"` // put: rack tiles in notation
	Refs    []Ref      `json:"refs,omitempty"`  // move, take: tiles of the table
	To      *Ref       `json:"to,omitempty"`    // put, move: the target
	Set     int        `json:"set,omitempty"`   // split
	Pos     int        `json:"pos,omitempty"`   // split
	Sets    []int      `json:"sets,omitempty"`  // join
	Table   [][]string `json:"table,omitempty"` // play
	N       int        `json:"n,omitempty"`     // lesson; review: the turn to retry
	Next    bool       `json:"next,omitempty"`  // lesson
	Step    bool       `json:"step,omitempty"`  // hint
	On      bool       `json:"on,omitempty"`    // timer
	Variant string     `json:"variant,omitempty"`
	Players int        `json:"players,omitempty"`
	Seed    uint64     `json:"seed,omitempty"`   // 0: a new seed
	Grade   int        `json:"grade,omitempty"`  // puzzle: 1 to 5
	Puzzle  string     `json:"puzzle,omitempty"` // puzzle: its id
	Ask     string     `json:"ask,omitempty"`    // puzzle: "hint" or "answer"
	As      string     `json:"as,omitempty"`     // declare: "group" or "run"
}

// Ref is a set (Pos 0) or a tile of it, both from 1; as a target, set 0 is
// a new set and Pos the tile it goes before (0: at the end).
type Ref struct {
	Set int `json:"set"`
	Pos int `json:"pos,omitempty"`
}

// MaxPlayers is the most seats the browser may ask a game for.
const MaxPlayers = 8

// ErrUnknown is a command the browser may not send (or no command at all).
var ErrUnknown = errors.New("no such command here")

// Decode reads the browser's command, its tiles from box. It has no case
// for what a served session may not do: saving or loading a file, Lua, a
// script, a setup, a seat played by a script, the whole-turn undo. names
// are the variants a new game may name (the shipped ones).
func Decode(w Wire, box core.TileSet, names func(string) bool) (Command, error) {
	switch w.Do {
	case "put":
		tiles := make([]core.Tile, len(w.Tiles))
		for i, s := range w.Tiles {
			t, err := box.ParseTile(s)
			if err != nil {
				return nil, err
			}
			tiles[i] = t
		}
		return Put{Tiles: tiles, To: target(w.To)}, nil
	case "move":
		return Move{Tiles: refs(w.Refs), To: target(w.To)}, nil
	case "take":
		return Take{Tiles: refs(w.Refs)}, nil
	case "split":
		return Split{Set: w.Set, Pos: w.Pos}, nil
	case "join":
		return Join{Sets: w.Sets}, nil
	case "declare":
		if w.As != "group" && w.As != "run" {
			return nil, fmt.Errorf("declare as %q: %w", w.As, ErrUnknown)
		}
		return Declare{Set: w.Set, Group: w.As == "group"}, nil
	case "done":
		return Done{}, nil
	case "play":
		t := make(core.Table, len(w.Table))
		for i, set := range w.Table {
			for _, s := range set {
				tile, err := box.ParseTile(s)
				if err != nil {
					return nil, err
				}
				t[i] = append(t[i], tile)
			}
		}
		return Play{Table: t}, nil
	case "draw":
		return Draw{}, nil
	case "end":
		return End{}, nil
	case "undo-edit":
		return UndoEdit{}, nil
	case "restart-turn":
		return RestartTurn{}, nil
	case "hint":
		return Hint{Step: w.Step}, nil
	case "lesson":
		if w.N < 0 {
			return nil, fmt.Errorf("lesson %d: %w", w.N, ErrUnknown)
		}
		return Lesson{N: w.N, Next: w.Next}, nil
	case "back":
		return Back{}, nil
	case "puzzle":
		if w.Grade < 0 || w.Grade > 5 || len(w.Puzzle) > 32 || (w.Ask != "" && w.Ask != "hint" && w.Ask != "answer") {
			return nil, fmt.Errorf("puzzle: %w", ErrUnknown)
		}
		return Puzzle{Grade: w.Grade, ID: w.Puzzle, Ask: w.Ask}, nil
	case "review":
		if w.N < 0 {
			return nil, fmt.Errorf("review %d: %w", w.N, ErrUnknown)
		}
		return Review{N: w.N}, nil
	case "new":
		if w.Variant != "" && !names(w.Variant) {
			return nil, fmt.Errorf("variant %q: %w", w.Variant, ErrUnknown)
		}
		if w.Players < 0 || w.Players > MaxPlayers {
			return nil, fmt.Errorf("%d players: %w", w.Players, ErrUnknown)
		}
		return NewGame{Variant: w.Variant, Players: w.Players, Seed: w.Seed, HasSeed: w.Seed != 0}, nil
	case "next":
		return NextRound{}, nil
	case "timer":
		return Timer{On: w.On}, nil
	case "tick":
		return Tick{}, nil
	}
	return nil, fmt.Errorf("%q: %w", w.Do, ErrUnknown)
}

func target(r *Ref) stage.Target {
	if r == nil {
		return stage.Target{}
	}
	return stage.Target{Set: r.Set, Pos: r.Pos}
}

func refs(rs []Ref) []stage.TileRef {
	out := make([]stage.TileRef, len(rs))
	for i, r := range rs {
		out[i] = stage.TileRef{Set: r.Set, Pos: r.Pos}
	}
	return out
}

// Encode is a command's wire form, as Decode reads it back (a hint sends
// its steps to the browser so); the terminal's UndoTurn has none the
// decoder takes.
func Encode(c Command) Wire {
	to := func(t stage.Target) *Ref { return &Ref{Set: t.Set, Pos: t.Pos} }
	out := func(rs []stage.TileRef) []Ref {
		w := make([]Ref, len(rs))
		for i, r := range rs {
			w[i] = Ref{Set: r.Set, Pos: r.Pos}
		}
		return w
	}
	names := func(ts []core.Tile) []string {
		w := make([]string, len(ts))
		for i, t := range ts {
			w[i] = t.String()
		}
		return w
	}
	switch c := c.(type) {
	case Put:
		return Wire{Do: "put", Tiles: names(c.Tiles), To: to(c.To)}
	case Move:
		return Wire{Do: "move", Refs: out(c.Tiles), To: to(c.To)}
	case Take:
		return Wire{Do: "take", Refs: out(c.Tiles)}
	case Split:
		return Wire{Do: "split", Set: c.Set, Pos: c.Pos}
	case Join:
		return Wire{Do: "join", Sets: c.Sets}
	case Declare:
		as := "run"
		if c.Group {
			as = "group"
		}
		return Wire{Do: "declare", Set: c.Set, As: as}
	case Play:
		t := make([][]string, len(c.Table))
		for i, set := range c.Table {
			t[i] = names(set)
		}
		return Wire{Do: "play", Table: t}
	case Hint:
		return Wire{Do: "hint", Step: c.Step}
	case Lesson:
		return Wire{Do: "lesson", N: c.N, Next: c.Next}
	case Review:
		return Wire{Do: "review", N: c.N}
	case NewGame:
		return Wire{Do: "new", Variant: c.Variant, Players: c.Players, Seed: c.Seed}
	case Timer:
		return Wire{Do: "timer", On: c.On}
	case UndoEdit:
		return Wire{Do: "undo-edit"}
	case RestartTurn:
		return Wire{Do: "restart-turn"}
	case UndoTurn:
		return Wire{Do: "undo"}
	case NextRound:
		return Wire{Do: "next"}
	}
	return Wire{Do: c.String()} // done, draw, end, back, tick
}

// MarshalJSON writes an edit as Encode does.
func (c Put) MarshalJSON() ([]byte, error)  { return json.Marshal(Encode(c)) }
func (c Move) MarshalJSON() ([]byte, error) { return json.Marshal(Encode(c)) }
