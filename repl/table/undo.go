package table

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// Undo keeps the game at the start of each person's turn, for undo. The
// zero Undo is empty.
type Undo struct{ snaps []snapshot }

// snapshot is the game at the start of a person's turn.
type snapshot struct {
	game *core.Game
	hist int // history length, which identifies the turn
}

// Len is the number of snapshots kept.
func (u *Undo) Len() int { return len(u.snaps) }

// Mark keeps a snapshot of g at the start of a person's turn, unless the
// last one is of this very turn (the turn shown again), and reports
// whether it kept one: a new turn.
func (u *Undo) Mark(g *core.Game) bool {
	hist := g.HistoryLen()
	if n := len(u.snaps); n > 0 && u.snaps[n-1].hist == hist {
		return false
	}
	u.snaps = append(u.snaps, snapshot{game: g.Clone(), hist: hist})
	return true
}

// Back is the game (a copy) at the start of the last person's turn before
// g's state. At the start of a person's turn the last snapshot is that very
// turn: it goes one further back. Otherwise (the round ended, or a bot was
// interrupted) it goes back to the last person's turn. The snapshots after
// it go.
func (u *Undo) Back(g *core.Game) (*core.Game, error) {
	if g == nil || len(u.snaps) == 0 {
		return nil, view.Fail(msg.ReplUndoNothing())
	}
	top := len(u.snaps) - 1
	if u.snaps[top].hist == g.HistoryLen() {
		if top == 0 {
			return nil, view.Fail(msg.ReplUndoFirst())
		}
		top--
	}
	snap := u.snaps[top]
	u.snaps = u.snaps[:top+1]
	return snap.game.Clone(), nil
}

// Clear drops every snapshot: the game no longer leads back to them.
func (u *Undo) Clear() { u.snaps = nil }
