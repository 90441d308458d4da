package repl

// The game in play (package table) as the session tells it.

import (
	"context"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// seat is one player at the table: a person at the keyboard or a bot.
type seat = table.Seat

// install puts a game in play with its seats (table.Install) and tells
// what follows: the bots' turns, the person's turn.
func (s *Session) install(ctx context.Context, g *core.Game, seats []seat) {
	s.desk.Drop(s.tell, true)
	s.puzzle = nil // a puzzle is its own game: another game ends it
	s.tell.Install(ctx, s.desk.Tab, g, seats)
}

// TurnReport is what one turn did (view.TurnReport), as Reply.Turns lists
// them.
type TurnReport = view.TurnReport
