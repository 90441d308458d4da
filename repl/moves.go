package repl

import (
	"errors"

	"github.com/meldlab/meldlab/repl/view"
)

// TurnReport is what one turn did (view.TurnReport).
type TurnReport = view.TurnReport

// JokerMove is a joker freed from a set and played again (view.JokerMove).
type JokerMove = view.JokerMove

// explainLast tells the last turn played in words.
func (s *Session) explainLast() error {
	last, ok := s.tab.Last()
	if !ok {
		return errors.New("no turn has been played in this game yet")
	}
	s.printf("%s", s.paint.ExplainTurn(last))
	return nil
}
