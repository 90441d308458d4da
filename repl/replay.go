package repl

import (
	"context"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// Step is one action of the game in play, as the replay viewer steps
// through it (view.Step).
type Step = view.Step

// Replay is the game in play as steps, from the deal: step 0 is the game as
// dealt, step k the game after its k-th action. The game is replayed from
// its seed with its variant's hooks, so each step is the referee's own.
func (s *Session) Replay() ([]Step, error) {
	g := s.desk.Tab.Game()
	if g == nil {
		return nil, nil
	}
	at, err := s.deal.Replay(s.desk.Tab, nil)
	if err != nil {
		return nil, err
	}
	defer at.Close()
	return s.tell.Paint.Steps(at, g.History())
}

// PlayOnFrom makes the game as it stood after its first k actions the
// game in play, the seats as they are: "play on from here". The game it
// came from is left as it was in the record or save it came from.
func (s *Session) PlayOnFrom(ctx context.Context, k int) error {
	g := s.desk.Tab.Game()
	if g == nil {
		return fail(msg.ReplNoGame())
	}
	hist := g.History()
	k = min(max(k, 0), len(hist))
	at, err := s.deal.Replay(s.desk.Tab, hist[:k])
	if err != nil {
		return err
	}
	s.install(ctx, "", at, s.desk.Tab.Seats())
	return nil
}
