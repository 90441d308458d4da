package repl

// The game in play with its seats: what a lesson puts aside and gives back.

import (
	"context"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/variants"
)

// seat is one player at the table: a person at the keyboard or a bot.
type seat = table.Seat

// play is a game with its seats, the turn being staged and the undo
// snapshots: everything a lesson puts aside and gives back untouched.
type play struct {
	variantRef string            // the name or file the variant came from, for new
	variant    *variants.Variant // the variant, to make hooks for new games; nil for none
	game       *core.Game
	seats      []seat
	undo       table.Undo
	ended      bool         // the current round's end has been announced
	laidOut    map[int]bool // seats whose rack a setup laid out this round
	last       *TurnReport  // the last turn played, for explain last
	savedHist  int          // the history's length when last dealt, saved or loaded
	turn                    // the person's turn being staged
}

// install puts a game in play with its seats: a fresh start (new, load,
// a lesson's scenario), so the undo snapshots go. The hooks of the game it
// replaces are closed.
func (s *Session) install(ctx context.Context, g *core.Game, seats []seat) {
	if old := s.game; old != nil && old.Hooks != g.Hooks {
		s.closeHooks(old)
	}
	s.game, s.seats = g, seats
	// What new deals next: a game from Lua or a lesson names its rules as
	// it likes, and that name is never read as a file; only a shipped
	// variant's own rules make new deal that variant (a file given to new
	// sets variantRef itself, after this).
	if v, _ := variants.Claim(g.Rules); v != nil {
		s.variantRef = g.Rules.Name
	}
	s.undo, s.ended = table.Undo{}, g.RoundOver()
	s.laidOut, s.last, s.savedHist = nil, nil, len(g.History())
	if g.Rules.Hooks != "" && g.Hooks == nil {
		s.printf("note: the %s variant's Lua hooks (%s) are not run in this build\n", g.Rules.Name, g.Rules.Hooks)
	}
	s.settle(ctx)
}

// record keeps a turn's report: the last one for explain last, and each
// in the reply of the line that caused it.
func (s *Session) record(r TurnReport) {
	s.last = &r
	s.turns = append(s.turns, r)
}

// closeHooks releases the Lua state of a game's hooks, if it has any.
func (s *Session) closeHooks(g *core.Game) {
	if g != nil {
		g.Close() // the game owns its hooks
	}
}

// settle brings the session up to date after the game changed: bots play
// until a person is to play or the round ends, the end of a round is
// announced, and a person's turn gets a fresh workspace, an undo snapshot,
// the timer and the view of the table and rack.
func (s *Session) settle(ctx context.Context) {
	g := s.game
	for !g.RoundOver() && !s.human(g.Current()) {
		if ctx.Err() != nil {
			s.printf("%s\n", s.say("repl.bots.stopped", "Name", g.Names()[g.Current()]))
			s.ws = nil
			return
		}
		if err := s.botTurn(ctx); err != nil {
			if ctx.Err() == nil {
				s.printError(err)
			}
			s.printf("%s\n", s.say("repl.bots.stopped", "Name", g.Names()[g.Current()]))
			s.ws = nil
			return
		}
		g = s.game
	}
	if g.RoundOver() {
		s.ws = nil
		if !s.ended {
			s.ended = true
			s.announceRoundEnd()
		}
		return
	}
	s.ended = false
	s.newTurn()
}

// resumeBots lets the bots finish turns that a Ctrl-C interrupted.
func (s *Session) resumeBots(ctx context.Context) {
	if s.game != nil && !s.game.RoundOver() && !s.human(s.game.Current()) {
		s.settle(ctx)
	}
}

// human reports whether a person plays seat i.
func (s *Session) human(i int) bool { return i >= 0 && i < len(s.seats) && s.seats[i].Bot == nil }

// humanTurn reports whether a person is to play now.
func (s *Session) humanTurn() bool {
	return s.game != nil && !s.game.RoundOver() && s.human(s.game.Current())
}

// announceRoundEnd prints who won the round, the scores, and what comes next.
func (s *Session) announceRoundEnd() {
	g := s.game
	names := g.Names()
	win := g.Winners()
	var who []any
	for _, w := range win {
		who = append(who, names[w])
	}
	var b strings.Builder
	if wr := g.Rack(win[0]); wr.Len() == 0 {
		b.WriteString(wrap(s.say("repl.round.out", "Round", g.Round(), "Who", core.List{Items: who}, "You", len(who) == 1 && s.isYou(names[win[0]])), Width, "  "))
	} else {
		b.WriteString(wrap(s.say("repl.round.blocked", "Round", g.Round(), "Who", core.List{Items: who},
			"Count", len(who), "You", len(who) == 1 && s.isYou(names[win[0]])), Width, "  "))
	}
	s.paint.Scores(&b, g)
	if g.MatchOver() {
		w := g.MatchWinner()
		b.WriteString(wrap(s.say("repl.match.over", "Name", names[w], "You", s.isYou(names[w]), "Highest", g.Rules.Match.Winner == core.HighestTotal), Width, "  "))
		b.WriteString(s.say("repl.match.new") + "\n")
	} else {
		b.WriteString(s.say("repl.round.next", "Next", g.Round()+1, "Rounds", s.rounds(g)) + "\n")
	}
	s.printf("%s", b.String())
}
