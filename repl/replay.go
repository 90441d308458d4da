package repl

import (
	"context"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

// Step is one action of the game in play, as the replay viewer steps
// through it: who did what, and the table and racks after it.
type Step struct {
	Round  int        `json:"round"`
	Turn   int        `json:"turn"` // from 1
	Seat   string     `json:"seat"`
	Kind   string     `json:"kind"` // play, draw, pass, timeout, end_turn, failed_play, next_round, setup
	Placed []string   `json:"placed,omitempty"`
	Drawn  []string   `json:"drawn,omitempty"`
	Table  [][]string `json:"table"`
	// Lit are the sets of Table the action made or changed: what the viewer
	// highlights.
	Lit   []int      `json:"lit,omitempty"`
	Racks [][]string `json:"racks"`
	Text  string     `json:"text"` // the action in words, in the session's language
}

// Replay is the game in play as steps, from the deal: step 0 is the game as
// dealt, step k the game after its k-th action. The game is replayed from
// its seed with its variant's hooks, so each step is the referee's own.
func (s *Session) Replay() ([]Step, error) {
	g := s.tab.Game()
	if g == nil {
		return nil, nil
	}
	hist := g.History()
	at, err := s.replayed(hist[:0])
	if err != nil {
		return nil, err
	}
	defer at.Close()
	steps := []Step{s.stepOf(at, core.Action{Kind: core.ActSetup, Round: at.Round()}, nil)}
	steps[0].Kind = "deal"
	for _, a := range hist {
		if err := at.Apply(a); err != nil {
			return steps, err
		}
		var lit []int
		if a.Kind == core.ActPlay {
			rec := at.LastTurn()
			lit = append(lit, rec.Made...)
			for _, ch := range rec.Changed {
				lit = append(lit, ch.After)
			}
		}
		steps = append(steps, s.stepOf(at, a, lit))
	}
	return steps, nil
}

// PlayOnFrom makes the game as it stood after its first k actions the
// game in play, the seats as they are: "play on from here". The game it
// came from is left as it was in the record or save it came from.
func (s *Session) PlayOnFrom(ctx context.Context, k int) error {
	g := s.tab.Game()
	if g == nil {
		return fail(msg.ReplNoGame())
	}
	hist := g.History()
	k = min(max(k, 0), len(hist))
	at, err := s.replayed(hist[:k])
	if err != nil {
		return err
	}
	seats := s.tab.Seats()
	s.dropLesson(true)
	s.install(ctx, at, seats)
	return nil
}

// replayed is the game in play replayed from its seed through actions,
// with fresh hooks of its variant.
func (s *Session) replayed(actions []core.Action) (*core.Game, error) {
	g := s.tab.Game()
	hooks, err := s.deal.Hooks(s.tab.Variant(), g.Seed())
	if err != nil {
		return nil, err
	}
	return core.ReplayWithHooks(g.Rules, hooks, g.Names(), g.Seed(), actions)
}

func (s *Session) stepOf(g *core.Game, a core.Action, lit []int) Step {
	st := Step{Round: a.Round, Turn: a.Turn + 1, Kind: a.Kind.String(), Lit: lit, Table: TableStrings(g.Table())}
	if a.Kind != core.ActSetup && a.Kind != core.ActNextRound {
		st.Seat = g.Name(a.Seat)
		if a.Kind == core.ActPlay {
			st.Placed = tileStrings(a.Tiles)
		} else {
			st.Drawn = tileStrings(a.Tiles)
		}
	}
	for i := range g.Players() {
		st.Racks = append(st.Racks, tileStrings(g.Rack(i).Tiles()))
	}
	st.Text = s.actionWords(g, a)
	return st
}

// actionWords says an action in the session's language.
func (s *Session) actionWords(g *core.Game, a core.Action) string {
	switch a.Kind {
	case core.ActPlay:
		return s.say(msg.ReplReplayPlay(g.Name(a.Seat), s.paint.Tiles(a.Tiles)))
	case core.ActDraw, core.ActPass:
		return s.say(msg.ReplReplayDraw(g.Name(a.Seat), len(a.Tiles)))
	case core.ActTimeout, core.ActFailedPlay:
		return s.say(msg.ReplReplayPenalty(g.Name(a.Seat), len(a.Tiles)))
	case core.ActEndTurn:
		return s.say(msg.ReplReplayEnd(g.Name(a.Seat)))
	case core.ActNextRound:
		return s.say(msg.ReplReplayRound(a.Round))
	}
	return s.say(msg.ReplReplayDeal(a.Round))
}
