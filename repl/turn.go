package repl

// The person's turn as the session shows it, and its timer.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
)

// showTurn prints whose turn it is, the table and the rack.
func (s *Session) showTurn() {
	g, ws := s.tab.Game(), s.tab.Stage()
	cur := g.Current()
	var b strings.Builder
	name := g.Names()[cur]
	left, timed := s.timeLeft()
	b.WriteString(s.say("repl.turn", "Name", name, "Round", g.Round(), "Turn", g.Turn()+1,
		"Timed", timed, "Seconds", int(left.Round(time.Second).Seconds())) + "\n")
	if timed && g.Rules.TimeLimit.Mode != core.PerTurn {
		b.WriteString(wrap(s.say("repl.clocks", "Clocks", clocksText(g)), Width, "  "))
	}
	v := g.View(cur)
	switch {
	case !g.Opened(cur):
		b.WriteString(wrap(s.say("repl.not_opened", "You", name == "you", "Name", name, "Points", g.Rules.Opening.Points), Width, "  "))
	case v.Locked:
		b.WriteString(wrap(s.say("repl.locked"), Width, "  "))
	}
	if t := g.DrawnTile(); t != core.NoTile {
		b.WriteString(wrap(s.say("repl.drew", "Tile", s.paint.Tile(t)), Width, "  "))
	}
	s.paint.Table(&b, ws.Table(), g.Rules.SetRules())
	b.WriteString(s.paint.RackLine(s.say("repl.rack.label"), ws.Left(), g.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// showStaged prints the staged table and the rack left, after an edit.
func (s *Session) showStaged() {
	g, ws := s.tab.Game(), s.tab.Stage()
	var b strings.Builder
	s.paint.Table(&b, ws.Table(), g.Rules.SetRules())
	b.WriteString(s.paint.RackLine(s.say("repl.rack.label"), ws.Left(), g.Rules.Joker.Penalty))
	b.WriteByte('\n')
	s.printf("%s", b.String())
}

// timeLeft is the time the person to play has left, when the timer runs.
func (s *Session) timeLeft() (time.Duration, bool) { return s.tab.TimeLeft(s.timerOn()) }

// clockText is a time left as a clock shows it: "0:42" (never below 0:00).
func clockText(left time.Duration) string {
	left = max(left, 0).Round(time.Second)
	return fmt.Sprintf("%d:%02d", int(left.Minutes()), int(left.Seconds())%60)
}

// clocksText is every player's chess clock at the start of their turn:
// "ana 1:40, bob 2:00".
func clocksText(g *core.Game) string {
	parts := make([]string, g.Players())
	for i, name := range g.Names() {
		parts[i] = name + " " + clockText(g.Clock(i))
	}
	return strings.Join(parts, ", ")
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
	left, ok := s.timeLeft()
	if !ok || left >= 0 {
		s.tab.ChargeTurn(s.timerOn())
		return false
	}
	g := s.tab.Game()
	name := g.Names()[g.Current()]
	seconds := int(g.TimeForTurn().Round(time.Second).Seconds())
	drawn, err := g.Timeout()
	if err != nil {
		s.printError(err)
		return false
	}
	s.printf("%s", wrap(s.say("repl.time_up", "Name", name, "Seconds", seconds, "You", name == "you",
		"Penalty", len(drawn) > 0, "Tiles", s.paint.Tiles(drawn)), Width, "  "))
	s.settle(ctx)
	return true
}
