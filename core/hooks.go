package core

import (
	"fmt"
	"io"
)

// Hooks are a variant's answers at fixed moments of a game, for what the
// YAML rules cannot say (package scripts runs them from the variant's Lua
// file). Each method reports handled=false to leave the YAML rules in charge.
// A hook's error stops the action it was called for and leaves the game
// exactly as it was. Hooks never sit on the per-set hot path: set validation
// and the solver stay in Go.
type Hooks interface {
	// Deal may replace the deal: it gets the view after the variant's own
	// deal, with the pool and every rack tile by tile (View.PoolTiles,
	// View.RackTiles), and returns the racks to use instead (tiles move
	// between the pool and the racks; the total is checked by the engine).
	Deal(v *View) (racks [][]Tile, handled bool, err error)
	// FirstPlayer may choose the seat (from 0) that starts the round.
	FirstPlayer(v *View) (seat int, handled bool, err error)
	// CheckPlay may veto a play the rules accept: ok=false with a reason that
	// reaches the player like any rule error. after is the proposed table.
	CheckPlay(v *View, after Table, placed []Tile) (ok bool, reason string, err error)
	// ScoreRound may replace the round's scores (one a seat; they must sum to
	// zero unless the variant says scoring.zero_sum: false). It sees the
	// scores before the variant's scoring keys (Rules.Scoring:
	// unopened_penalty, round_to), which apply after it to whatever it
	// returns, and make the final scores need not sum to zero; its view
	// holds every rack tile by tile (View.RackTiles).
	ScoreRound(v *View, scores []int) (newScores []int, handled bool, err error)
	// OnTurnEnd is told that a turn ended; it changes nothing.
	OnTurnEnd(v *View) error
}

// SetChecker is Hooks that may also accept a set the built-in check refuses
// (a variant's check_set hook: runs of pairs, a mirror run, a shape of the
// house's own). CheckSet is asked only about such a set, of a play or of
// the table; ok with the set's value (what it counts in an initial meld)
// makes it valid, its kind Shaped. Its jokers stand for nothing the referee
// can free, and the solver leaves such a set as it lies (see solve.Legal).
type SetChecker interface {
	CheckSet(v *View, set Set) (value int, ok bool, err error)
}

// View is a read-only snapshot of a game for hooks and bots: what a player
// at the table could know. Slices are copies; changing them changes nothing.
type View struct {
	Variant string
	Round   int    // from 1
	Turn    int    // turns played this round, from 0
	Current int    // seat to play, from 0
	Seat    int    // the seat the view is for (bots); -1 for a referee's view (hooks)
	Rack    []Tile // the rack of Seat; for a referee's view, the current player's rack
	Racks   []int  // tiles on each rack
	Opened  []bool // who has made the initial meld
	// Locked: the current player may not change the table's sets this turn,
	// only add new sets (Opening.FirstRoundLocked during the first round).
	Locked   bool
	Table    Table
	Pool     int   // tiles left in the pool
	Scores   []int // match totals so far, one a seat
	Winner   int   // this round's winner (the first in seat order), -1 while it goes on
	Winners  []int // every winner of this round (more than one when it is shared); nil while it goes on
	LastPlay []Tile
	// Check asks the referee whether the seat may play a table now (see
	// Game.Check): set in the view a bot gets for its own turn, so it plans
	// by the rules the referee enforces, hooks included; nil elsewhere.
	Check func(after Table) (TurnRecord, error) `json:"-"`
	// Judge is Check without the turn's record (see Game.Judge), set
	// where Check is: what a search asks of each play it proposes.
	Judge func(after Table) (Verdict, error) `json:"-"`
	// Plain is Game.Plain of the position, set where Check is: the
	// solver's answer to the seat's own problem needs no judging.
	Plain bool `json:"-"`
	// PoolTiles and RackTiles are the pool, tile by tile (sorted: the
	// order of the draws is not shown), and every rack: set in the view
	// the deal hook gets (the referee dealing), RackTiles also in the
	// score_round hook's (the racks left at the round's end); nil
	// elsewhere.
	PoolTiles []Tile
	RackTiles [][]Tile
}

// HookError is a hook that failed: its error, said once with the variant
// and the hook it comes from ("variant house/x, hook deal: ..."). The
// action it was called for changed nothing.
type HookError struct {
	Variant string
	Hook    string // "" while the hook file's top level runs
	Err     error
}

func (e *HookError) Error() string {
	where := "hook file"
	if e.Hook != "" {
		where = "hook " + e.Hook
	}
	if e.Variant == "" {
		return where + ": " + e.Err.Error()
	}
	return "variant " + e.Variant + ", " + where + ": " + e.Err.Error()
}

func (e *HookError) Unwrap() error { return e.Err }

// GameFactory starts games with their variant's hooks attached (package
// scripts builds the one meldlab uses, from Rules.Hooks); print in the
// hooks writes to out. The game owns the hooks (see Game.Close).
type GameFactory interface {
	NewGame(rules Rules, players []string, seed uint64, out io.Writer) (*Game, error)
}

// PlainGames is a GameFactory without Lua: it refuses rules that name hooks.
type PlainGames struct{}

// NewGame starts a game without hooks.
func (PlainGames) NewGame(rules Rules, players []string, seed uint64, _ io.Writer) (*Game, error) {
	if rules.Hooks != "" {
		return nil, fmt.Errorf("the %s rules have Lua hooks (%s), and this game factory runs no Lua", rules.Name, rules.Hooks)
	}
	return NewGame(rules, players, seed)
}
