package core

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ActionKind is what an action did.
type ActionKind uint8

const (
	ActPlay       ActionKind = iota // placed tiles: Tiles placed, Table after
	ActDraw                         // drew Tiles; the turn ended, or stays open for a joker swap
	ActPass                         // drew nothing from an empty pool
	ActTimeout                      // ran out of time and drew Tiles as the penalty
	ActSetup                        // a scenario replaced the round's layout (Setup)
	ActNextRound                    // the next round was dealt
	ActEndTurn                      // ended a turn left open by a draw
	ActFailedPlay                   // a refused play (Table) cost the penalty Tiles
)

var actionNames = [...]string{"play", "draw", "pass", "timeout", "setup", "next_round", "end_turn", "failed_play"}

func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return fmt.Sprintf("action(%d)", k)
}

// MarshalText writes the kind's name, as "play".
func (k ActionKind) MarshalText() ([]byte, error) {
	if int(k) >= len(actionNames) {
		return nil, fmt.Errorf("core: unknown action kind %d", k)
	}
	return []byte(actionNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *ActionKind) UnmarshalText(b []byte) error {
	i := slices.Index(actionNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown action %q (known: %s)", b, strings.Join(actionNames[:], ", "))
	}
	*k = ActionKind(i)
	return nil
}

// Action is one entry of a game's history: who did what, the tiles placed
// or drawn, and the table after it. The history of a match, with its rules,
// players and seed, replays it exactly (Replay).
type Action struct {
	Round, Turn, Seat int // Turn: turns ended before it this round, so an open turn's actions share it
	Kind              ActionKind
	Tiles             []Tile // placed (ActPlay) or drawn
	Table             Table  // the table after the action (ActFailedPlay: the play refused)
	Setup             *Setup // the scenario of an ActSetup
	// Used is the time the turn had taken, in milliseconds, when the
	// action was made, under a chess clock (TimeLimit.Mode fischer or
	// bronstein; 0 otherwise): the action that ends a turn charges it to
	// the player's clock.
	Used int
}

func (a Action) clone() Action {
	c := a
	c.Tiles = cloneSlice(a.Tiles)
	c.Table = a.Table.Clone()
	if a.Setup != nil {
		c.Setup = a.Setup.clone()
	}
	return c
}

// String describes an action for messages and logs:
// "round 1, turn 3, seat 2 plays r6: [r4 r5 r6]".
func (a Action) String() string {
	who := sprintf("round %d, turn %d, seat %d", a.Round, a.Turn+1, a.Seat+1)
	switch a.Kind {
	case ActPlay:
		return sprintf("%s plays %s: %s", who, tilesText(a.Tiles), a.Table)
	case ActDraw:
		return sprintf("%s draws %s", who, tilesText(a.Tiles))
	case ActTimeout:
		return sprintf("%s runs out of time and draws %s", who, tilesText(a.Tiles))
	case ActFailedPlay:
		return sprintf("%s fails to play %s and draws %s", who, a.Table, tilesText(a.Tiles))
	case ActSetup:
		return sprintf("round %d: a scenario is set up, seat %d to play: %s", a.Round, a.Seat+1, a.Table)
	case ActNextRound:
		return sprintf("round %d is dealt, seat %d to play", a.Round, a.Seat+1)
	case ActPass:
		return who + " passes"
	case ActEndTurn:
		return who + " ends the turn"
	}
	return who + ": " + a.Kind.String()
}

// tilesText is tiles in rack notation, "nothing" for none.
func tilesText(ts []Tile) string {
	if len(ts) == 0 {
		return "nothing"
	}
	return string(AppendTiles(make([]byte, 0, 4*len(ts)), ts))
}

// record appends an action of the current seat to the history.
func (g *Game) record(a Action) {
	a.Round, a.Turn = g.s.round, g.s.turn
	if a.Kind != ActSetup && a.Kind != ActNextRound {
		a.Seat = g.s.current
		if g.s.clocks != nil {
			a.Used = g.s.used
		}
	}
	g.history = append(g.history, a)
}

// History is every action of the match so far, oldest first (a copy).
func (g *Game) History() []Action {
	out := make([]Action, len(g.history))
	for i := range g.history {
		out[i] = g.history[i].clone()
	}
	return out
}

// Apply performs a recorded action again: the play, draw, scenario or deal
// it records. A turn action must be the current seat's in the current round
// (ErrNotYourTurn), and what it draws must be what the record says: a
// mismatch means the record belongs to another game.
func (g *Game) Apply(a Action) error {
	switch a.Kind {
	case ActNextRound:
		return g.NextRound()
	case ActSetup:
		if a.Setup == nil {
			return fmt.Errorf("core: a setup action without its scenario")
		}
		return g.Setup(*a.Setup)
	}
	if a.Round != g.s.round || a.Seat != g.s.current {
		return g.Rules.ruleErr(ErrNotYourTurn, 0, "the action is seat %d's in round %d; it is %s's turn in round %d",
			a.Seat+1, a.Round, g.seatName(g.s.current), g.s.round)
	}
	var (
		drawn []Tile
		err   error
	)
	if g.s.clocks != nil {
		g.s.used = max(a.Used, 0)
	}
	switch a.Kind {
	case ActPlay:
		return g.Play(a.Table)
	case ActDraw, ActPass:
		drawn, err = g.Draw()
	case ActTimeout:
		drawn, err = g.Timeout()
	case ActEndTurn:
		return g.EndTurn()
	case ActFailedPlay:
		err = g.Play(a.Table)
		re, ok := err.(*RuleError)
		if !ok || g.Rules.FailedPlay.PenaltyTiles == 0 {
			return fmt.Errorf("core: the record says this play failed and cost a penalty; here: %v", err)
		}
		drawn, err = re.Penalty, nil
	default:
		return fmt.Errorf("core: unknown action %s", a.Kind)
	}
	if err != nil {
		return err
	}
	if !slices.Equal(drawn, a.Tiles) && !(len(drawn) == 0 && len(a.Tiles) == 0) {
		return fmt.Errorf("core: drew %s; the record says %s", tilesText(drawn), tilesText(a.Tiles))
	}
	return nil
}

// Replay plays a recorded match again from its rules, players and seed: the
// game it returns is, tile for tile, the one that made the record. On error
// it returns the game as far as it got and says which action failed.
func Replay(rules Rules, players []string, seed uint64, actions []Action) (*Game, error) {
	return ReplayWithHooks(rules, nil, players, seed, actions)
}

// ReplayWithHooks is Replay for a game whose variant has hooks: they take
// part from the first deal, as in NewGameWithHooks.
func ReplayWithHooks(rules Rules, hooks Hooks, players []string, seed uint64, actions []Action) (*Game, error) {
	g, err := NewGameWithHooks(rules, hooks, players, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if err := g.Apply(a); err != nil {
			return g, fmt.Errorf("core: replay: action %d (%s): %w", i+1, a, err)
		}
	}
	return g, nil
}

// actionJSON is an Action as saved: tiles and tables in notation.
type actionJSON struct {
	Round int        `json:"round"`
	Turn  int        `json:"turn"`
	Seat  int        `json:"seat"`
	Kind  ActionKind `json:"kind"`
	Tiles string     `json:"tiles,omitempty"`
	Table string     `json:"table,omitempty"`
	Setup *setupJSON `json:"setup,omitempty"`
	Used  int        `json:"used,omitempty"`
}

type setupJSON struct {
	Racks   []string `json:"racks"`
	Table   string   `json:"table"`
	Current int      `json:"current"`
	Opened  []bool   `json:"opened,omitempty"`
	Pool    int      `json:"pool"`
	Next    string   `json:"next,omitempty"`
	Turn    int      `json:"turn,omitempty"`
}

// noteBox reads any tile notation can write; the game's box is checked
// where it matters.
var noteBox = TileSet{Colors: MaxColors, Numbers: MaxNumber, Copies: 1, Jokers: 1}

// MarshalJSON writes the action with tiles and tables in notation:
// {"round":1,"turn":0,"seat":0,"kind":"play","tiles":"r3 r4 r5","table":"[r3 r4 r5]"}.
func (a Action) MarshalJSON() ([]byte, error) {
	j := actionJSON{Round: a.Round, Turn: a.Turn, Seat: a.Seat, Kind: a.Kind,
		Tiles: tilesNote(a.Tiles), Table: a.Table.String(), Used: a.Used}
	if s := a.Setup; s != nil {
		j.Setup = &setupJSON{Table: s.Table.String(), Current: s.Current, Opened: s.Opened, Pool: s.Pool,
			Next: tilesNote(s.Next), Turn: s.Turn}
		for _, r := range s.Racks {
			j.Setup.Racks = append(j.Setup.Racks, tilesNote(r))
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (a *Action) UnmarshalJSON(b []byte) error {
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	out := Action{Round: j.Round, Turn: j.Turn, Seat: j.Seat, Kind: j.Kind, Used: j.Used}
	var err error
	if out.Tiles, err = parseTilesNote(j.Tiles); err != nil {
		return fmt.Errorf("history: tiles: %w", err)
	}
	if out.Table, err = noteBox.ParseTable(j.Table); err != nil {
		return fmt.Errorf("history: table: %w", err)
	}
	if s := j.Setup; s != nil {
		out.Setup = &Setup{Current: s.Current, Opened: s.Opened, Pool: s.Pool, Turn: s.Turn}
		if out.Setup.Next, err = parseTilesNote(s.Next); err != nil {
			return fmt.Errorf("history: setup next: %w", err)
		}
		if out.Setup.Table, err = noteBox.ParseTable(s.Table); err != nil {
			return fmt.Errorf("history: setup table: %w", err)
		}
		for i, r := range s.Racks {
			rack, err := parseTilesNote(r)
			if err != nil {
				return fmt.Errorf("history: setup rack %d: %w", i+1, err)
			}
			if rack == nil {
				rack = []Tile{}
			}
			out.Setup.Racks = append(out.Setup.Racks, rack)
		}
	}
	*a = out
	return nil
}

func tilesNote(ts []Tile) string {
	if len(ts) == 0 {
		return ""
	}
	return tilesText(ts)
}

// parseTilesNote reads tiles in notation; nothing reads as nil.
func parseTilesNote(s string) ([]Tile, error) {
	ts, err := noteBox.ParseTiles(s)
	if len(ts) == 0 {
		ts = nil
	}
	return ts, err
}
