package repl

// The game in play (package table) as the session tells it.

import (
	"context"
	"slices"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// seat is one player at the table: a person at the keyboard or a bot.
type seat = table.Seat

// install puts a game in play with its seats (table.Install) and tells
// what follows: the bots' turns, the person's turn.
func (s *Session) install(ctx context.Context, g *core.Game, seats []seat) {
	s.puzzle = nil // a puzzle is its own game: another game ends it
	s.tab.Install(g, seats)
	if g.Rules.Hooks != "" && g.Hooks == nil {
		s.printf("%s\n", s.say(msg.ReplHooksNotRun(core.VariantName(g.Rules.Name), g.Rules.Hooks)))
	}
	s.settle(ctx)
}

// settle lets the table catch up after the game changed (table.Settle) and
// tells each thing that happened: the bots' turns, a stop, the round's
// end, the person's turn with the table and rack.
func (s *Session) settle(ctx context.Context) {
	evs := s.tab.Settle(ctx)
	played := 0
	for _, ev := range evs {
		if ev.Kind == table.BotPlayed {
			played++
		}
	}
	if played > 0 { // room for the bots' turns at once: a report is large
		s.turns = slices.Grow(s.turns, played)
	}
	for _, ev := range evs {
		switch ev.Kind {
		case table.BotPlayed:
			s.turns = append(s.turns, ev.Report)
			s.printf("%s", s.paint.BotTurn(ev.Report, ev.Tiles))
		case table.BotsStopped:
			if ev.Err != nil {
				s.printError(ev.Err)
			}
			s.printf("%s\n", s.say(msg.ReplBotsStopped(ev.Name)))
		case table.RoundEnded:
			s.printf("%s", s.paint.RoundEnd(s.tab.Game()))
		case table.TurnBegan:
			s.showTurn()
		}
	}
}

// TurnReport is what one turn did (view.TurnReport), as Reply.Turns lists
// them.
type TurnReport = view.TurnReport
