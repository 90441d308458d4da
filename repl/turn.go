package repl

// The person's turn as the session shows it, and its timer.

import (
	"context"
	"time"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// showTurn prints whose turn it is, the table and the rack.
func (s *Session) showTurn() {
	left, timed := s.TimeLeft()
	ws := s.tab.Stage()
	s.printf("%s", s.paint.Turn(s.tab.Game(), ws.Shown(), ws.Left(), left, timed))
}

// showStaged prints the staged table and the rack left, after an edit.
func (s *Session) showStaged() {
	ws := s.tab.Stage()
	s.printf("%s", s.paint.Staged(s.tab.Game(), ws.Shown(), ws.Left()))
}

// timerOn reports whether turns are timed: the timer is on, the variant
// has a time limit, and no lesson runs (a lesson is not timed, and the
// game's clock waits for it).
func (s *Session) timerOn() bool {
	g := s.tab.Game()
	return s.timer && s.lesson == nil && g != nil && g.Rules.HasClock()
}

// timeUp ends the turn of a person whose time ran out, with the variant's
// penalty, and reports whether it did. The clock is read when the player
// acts: a turn cannot end while nobody types.
func (s *Session) timeUp(ctx context.Context) bool {
	left, ok := s.TimeLeft()
	if !ok || left >= 0 {
		s.tab.ChargeTurn(s.timerOn())
		return false
	}
	g := s.tab.Game()
	name := g.Name(g.Current())
	seconds := int(g.TimeForTurn().Round(time.Second).Seconds())
	drawn, err := g.Timeout()
	if err != nil {
		s.printError(err)
		return false
	}
	s.ranOut = &TimeUp{Name: name, You: s.isYou(name), Seconds: seconds, Drawn: drawn}
	s.printf("%s", wrap(s.say(msg.ReplTimeUp(name, seconds, len(drawn) > 0, s.isYou(name), s.paint.Tiles(drawn))), view.Width, "  "))
	s.settle(ctx)
	return true
}
