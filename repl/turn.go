package repl

// The staged turn of the person to play, and its timer.

import (
	"context"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
)

// turn is the turn a person is staging: the workspace of their edits and
// when the turn began, for the timer.
type turn struct {
	ws    *Workspace // nil when no person is to play
	since time.Time  // when the turn began (for the timer)
}

// needTurn refuses a turn action when no person is to play.
func (s *Session) needTurn() error {
	switch {
	case s.game == nil:
		return fail("repl.no_game")
	case s.game.MatchOver():
		return fail("repl.match.is_over")
	case s.game.RoundOver():
		return fail("repl.round.is_over", "Round", s.game.Round(), "Next", s.game.Round()+1)
	case !s.human(s.game.Current()):
		return fail("repl.bot_turn", "Name", s.game.Names()[s.game.Current()])
	}
	return nil
}

// newTurn starts a person's turn: workspace, snapshot, timer, and the view.
func (s *Session) newTurn() {
	g := s.game
	cur := g.Current()
	var keep func(core.Table) error
	if g.Rules.Joker.Keep {
		keep = g.CheckKeptJokers
	}
	s.ws = NewWorkspace(g.Rules.SetRules(), g.Table(), g.Rack(cur), keep)
	if s.undo.Mark(g) {
		s.since = s.clock.Now()
	}
	s.showTurn()
}

// showTurn prints whose turn it is, the table and the rack.
func (s *Session) showTurn() {
	g := s.game
	cur := g.Current()
	var b strings.Builder
	name := g.Names()[cur]
	left, timed := s.timeLeft()
	b.WriteString(s.say("repl.turn", "Name", name, "You", s.isYou(name), "Round", g.Round(), "Turn", g.Turn()+1,
		"Timed", timed, "Seconds", int(left.Round(time.Second).Seconds())) + "\n")
	if timed && g.Rules.TimeLimit.Mode != core.PerTurn {
		b.WriteString(wrap(s.say("repl.clocks", "Clocks", s.clocksText()), Width, "  "))
	}
	v := g.View(cur)
	switch {
	case !g.Opened(cur):
		b.WriteString(wrap(s.say("repl.not_opened", "You", s.isYou(name), "Name", name, "Points", g.Rules.Opening.Points), Width, "  "))
	case v.Locked:
		b.WriteString(wrap(s.say("repl.locked"), Width, "  "))
	}
	if t := g.DrawnTile(); t != core.NoTile {
		b.WriteString(wrap(s.say("repl.drew", "Tile", s.paint.Tile(t)), Width, "  "))
	}
	s.paint.Table(&b, s.ws.Table(), s.setRules())
	b.WriteString(s.paint.RackLine(s.say("repl.rack.label"), s.ws.Left(), g.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// showStaged prints the staged table and the rack left, after an edit.
func (s *Session) showStaged() {
	var b strings.Builder
	s.paint.Table(&b, s.ws.Table(), s.setRules())
	b.WriteString(s.paint.RackLine(s.say("repl.rack.label"), s.ws.Left(), s.game.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// timeLeft is the time the person to play has left, when the timer runs.
func (s *Session) timeLeft() (time.Duration, bool) {
	if !s.timerOn() || !s.humanTurn() {
		return 0, false
	}
	return s.game.TimeForTurn() - s.clock.Now().Sub(s.since), true
}

// clocksText is every player's chess clock at the start of their turn:
// "ana 1:40, bob 2:00".
func (s *Session) clocksText() string {
	g := s.game
	parts := make([]string, g.Players())
	for i, name := range g.Names() {
		parts[i] = name + " " + clockText(g.Clock(i))
	}
	return strings.Join(parts, ", ")
}

// chargeTurn tells the referee how long the person's turn has taken, for a
// chess clock (core.Game.SetTurnTime): the action that ends the turn
// charges it.
func (s *Session) chargeTurn() {
	if s.timerOn() && s.humanTurn() {
		s.game.SetTurnTime(s.clock.Now().Sub(s.since))
	}
}

// timerOn reports whether turns are timed: the timer is on, the variant
// has a time limit, and no lesson runs (a lesson is not timed, and the
// game's clock waits for it).
func (s *Session) timerOn() bool {
	return s.timer && s.lesson == nil && s.game != nil && s.game.Rules.HasClock()
}

// timeUp ends the turn of a person whose time ran out, with the variant's
// penalty, and reports whether it did. The clock is read when the player
// acts: a turn cannot end while nobody types.
func (s *Session) timeUp(ctx context.Context) bool {
	left, ok := s.timeLeft()
	if !ok || left >= 0 {
		s.chargeTurn()
		return false
	}
	g := s.game
	name := g.Names()[g.Current()]
	seconds := int(g.TimeForTurn().Round(time.Second).Seconds())
	drawn, err := g.Timeout()
	if err != nil {
		s.printError(err)
		return false
	}
	s.printf("%s", wrap(s.say("repl.time_up", "Name", name, "Seconds", seconds, "You", s.isYou(name),
		"Penalty", len(drawn) > 0, "Tiles", s.paint.Tiles(drawn)), Width, "  "))
	s.settle(ctx)
	return true
}
