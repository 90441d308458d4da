package view

// A game stepped through action by action, as the replay viewer shows it.

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

// Step is one action of a game, as the replay viewer steps
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

// Steps are the game at, as dealt, then after each action of hist, which
// they play on at: step 0 is the game as dealt, step k the game after its
// k-th action. at is the game replayed to its deal, so each step is the
// referee's own; the steps up to an action it refuses come with the error.
func (p Painter) Steps(at *core.Game, hist []core.Action) ([]Step, error) {
	steps := []Step{p.step(at, core.Action{Kind: core.ActSetup, Round: at.Round()}, nil)}
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
		steps = append(steps, p.step(at, a, lit))
	}
	return steps, nil
}

// step is the game g after action a, lit the sets it made or changed.
func (p Painter) step(g *core.Game, a core.Action, lit []int) Step {
	st := Step{Round: a.Round, Turn: a.Turn + 1, Kind: a.Kind.String(), Lit: lit, Table: TableStrings(g.Table())}
	if a.Kind != core.ActSetup && a.Kind != core.ActNextRound {
		st.Seat = g.Name(a.Seat)
		if a.Kind == core.ActPlay {
			st.Placed = TileStrings(a.Tiles)
		} else {
			st.Drawn = TileStrings(a.Tiles)
		}
	}
	for i := range g.Players() {
		st.Racks = append(st.Racks, TileStrings(g.Rack(i).Tiles()))
	}
	st.Text = p.actionWords(g, a)
	return st
}

// actionWords says an action in the painter's language.
func (p Painter) actionWords(g *core.Game, a core.Action) string {
	switch a.Kind {
	case core.ActPlay:
		return p.say(msg.ReplReplayPlay(g.Name(a.Seat), p.Tiles(a.Tiles)))
	case core.ActDraw, core.ActPass:
		return p.say(msg.ReplReplayDraw(g.Name(a.Seat), len(a.Tiles)))
	case core.ActTimeout, core.ActFailedPlay:
		return p.say(msg.ReplReplayPenalty(g.Name(a.Seat), len(a.Tiles)))
	case core.ActEndTurn:
		return p.say(msg.ReplReplayEnd(g.Name(a.Seat)))
	case core.ActNextRound:
		return p.say(msg.ReplReplayRound(a.Round))
	}
	return p.say(msg.ReplReplayDeal(a.Round))
}

// TableStrings is t's sets as lists of tiles in notation, as State gives
// the table; the lists share one array (two allocations a table, not one a
// set: a served table sends the table at every line).
func TableStrings(t core.Table) [][]string {
	out := make([][]string, 0, len(t))
	flat := make([]string, 0, t.Len())
	for _, set := range t {
		from := len(flat)
		for _, x := range set {
			flat = append(flat, x.String())
		}
		out = append(out, flat[from:len(flat):len(flat)])
	}
	return out
}

// TileStrings is tiles in notation.
func TileStrings(ts []core.Tile) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.String())
	}
	return out
}
