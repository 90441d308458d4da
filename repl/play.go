package repl

// The game in play (package table) as the session tells it.

import (
	"context"
	"errors"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
)

// seat is one player at the table: a person at the keyboard or a bot.
type seat = table.Seat

// install puts a game in play with its seats (table.Install) and tells
// what follows: the bots' turns, the person's turn.
func (s *Session) install(ctx context.Context, g *core.Game, seats []seat) {
	s.tab.Install(g, seats)
	if g.Rules.Hooks != "" && g.Hooks == nil {
		s.printf("note: the %s variant's Lua hooks (%s) are not run in this build\n", g.Rules.Name, g.Rules.Hooks)
	}
	s.settle(ctx)
}

// settle lets the table catch up after the game changed (table.Settle) and
// tells each thing that happened: the bots' turns, a stop, the round's
// end, the person's turn with the table and rack.
func (s *Session) settle(ctx context.Context) {
	for _, ev := range s.tab.Settle(ctx) {
		switch ev.Kind {
		case table.BotPlayed:
			s.turns = append(s.turns, ev.Report)
			s.tellBotTurn(ev)
		case table.BotsStopped:
			if ev.Err != nil {
				s.printError(ev.Err)
			}
			s.printf("(stopped: %s is to play; any turn command lets the bots go on)\n", ev.Name)
		case table.RoundEnded:
			s.announceRoundEnd()
		case table.TurnBegan:
			s.showTurn()
		}
	}
}

// resumeBots lets the bots finish turns that a Ctrl-C interrupted.
func (s *Session) resumeBots(ctx context.Context) {
	if s.tab.BotsWaiting() {
		s.settle(ctx)
	}
}

// tellBotTurn says what a bot's turn did. Its opponents see how many tiles
// it drew, never which.
func (s *Session) tellBotTurn(ev table.Event) {
	r, n := ev.Report, len(ev.Tiles)
	name := r.Player
	switch {
	case r.Penalty != nil && (r.Kind == core.ActDraw || r.Kind == core.ActPass):
		// No clock in this variant: the bot's turn ends the ordinary way.
		s.printf("%s\n", s.say("repl.bot.could_not_play", "Name", name, "Why", botWhy(r.Penalty), "Count", n))
	case r.Penalty != nil:
		s.printf("%s\n", s.say("repl.bot.loses_turn", "Name", name, "Why", botWhy(r.Penalty), "Count", n))
	case r.Kind == core.ActPlay:
		s.printf("%s\n%s", s.say("repl.bot.plays", "Name", name, "Tiles", s.paint.Tiles(ev.Tiles)), s.paint.TableLines(r))
	case r.Kind == core.ActPass:
		s.printf("%s\n", s.say("repl.bot.passes", "Name", name))
	case r.Kind == core.ActDraw:
		s.printf("%s\n", s.say("repl.bot.draws", "Name", name, "Count", n))
	case r.Kind == core.ActTimeout:
		s.printf("%s\n", s.say("repl.bot.timeout", "Name", name, "Count", n))
	default:
		s.printf("%s: %s\n", name, r.Kind)
	}
}

// botWhy says why a bot lost its turn, in the player's words: "out of
// time" rather than the context's error, and no package prefix.
func botWhy(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "out of time"
	}
	return strings.TrimPrefix(err.Error(), "bots: ")
}

// announceRoundEnd prints who won the round, the scores, and what comes next.
func (s *Session) announceRoundEnd() {
	g := s.tab.Game()
	names := g.Names()
	win := g.Winners()
	var who []any
	for _, w := range win {
		who = append(who, names[w])
	}
	var b strings.Builder
	if wr := g.Rack(win[0]); wr.Len() == 0 {
		b.WriteString(wrap(s.say("repl.round.out", "Round", g.Round(), "Who", core.List{Items: who}), Width, "  "))
	} else {
		b.WriteString(wrap(s.say("repl.round.blocked", "Round", g.Round(), "Who", core.List{Items: who},
			"Count", len(who), "You", len(who) == 1 && who[0] == "you"), Width, "  "))
	}
	s.paint.Scores(&b, g)
	if g.MatchOver() {
		w := g.MatchWinner()
		b.WriteString(wrap(s.say("repl.match.over", "Name", names[w], "Highest", g.Rules.Match.Winner == core.HighestTotal), Width, "  "))
		b.WriteString(s.say("repl.match.new") + "\n")
	} else {
		b.WriteString(s.say("repl.round.next", "Next", g.Round()+1, "Rounds", s.rounds(g)) + "\n")
	}
	s.printf("%s", b.String())
}
