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

// install puts a game in play with its seats in place of the game in
// play, and of a lesson or a puzzle, and tells it: words first (what the
// game is), then what follows, the bots' turns, the person's turn.
func (s *Session) install(ctx context.Context, words string, g *core.Game, seats []seat) {
	s.desk.Drop(s.tell, true)
	s.tell.Printf("%s", words)
	s.puzzle = nil // a puzzle is its own game: another game ends it
	s.tell.Install(ctx, s.desk.Tab, g, seats)
}

// TurnReport is what one turn did (view.TurnReport), as Reply.Turns lists
// them.
type TurnReport = view.TurnReport
