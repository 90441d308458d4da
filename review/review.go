// Package review looks back at a game, turn by turn: for each turn of one
// seat, the best play the referee would have accepted (solve.Legal) beside
// the one played, and a verdict, as chess sites review a game. It is what
// meldlab review prints, and what the annotated record it writes says.
package review

import (
	"context"
	"slices"
	"time"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Verdict is what a turn was, against the best play there.
type Verdict string

const (
	Best       Verdict = "best"        // as many tiles as the best play
	OneFewer   Verdict = "one_fewer"   // one tile fewer than the best play
	Mistake    Verdict = "mistake"     // two or more tiles fewer
	MissedMeld Verdict = "missed_meld" // a draw when an initial meld was there
	HeldBack   Verdict = "held_back"   // a draw when a play was there, as the planner bot would hold back too: strategy
	Missed     Verdict = "missed"      // a draw when a play was there, which the planner bot would have made
)

// Play is a play as the review shows it: the tiles placed and what they
// are worth (a joker at the variant's penalty; in an initial meld, the
// meld's value), and the table after.
type Play struct {
	Tiles  int        `json:"tiles"`
	Points int        `json:"points"`
	Placed []string   `json:"placed"`
	Table  [][]string `json:"table,omitempty"`
}

// Turn is one reviewed turn.
type Turn struct {
	Round      int     `json:"round"`
	Turn       int     `json:"turn"` // from 1, as a record numbers it
	Seat       string  `json:"seat"`
	Action     int     `json:"action"` // the index of the turn's first action in the history
	Opened     bool    `json:"opened"` // the seat had made its initial meld before the turn
	Played     Play    `json:"played"`
	Best       Play    `json:"best"`
	Optimal    bool    `json:"optimal"` // the best play is proven the best the referee accepts
	LostTiles  int     `json:"lost_tiles"`
	LostPoints int     `json:"lost_points"`
	Verdict    Verdict `json:"verdict"`
	// Start is the table as the turn began: Best.Table is what the best
	// play makes of it (a page shows the moves from one to the other).
	Start [][]string `json:"start,omitempty"`
}

// Summary is the review in one line's figures.
type Summary struct {
	Turns      int `json:"turns"`
	BestTurns  int `json:"best_turns"`
	BestShare  int `json:"best_percent"` // of the turns, rounded
	LostTiles  int `json:"lost_tiles"`
	LostPoints int `json:"lost_points"`
	// OpenTurns is, per round, the turn of the seat's initial meld (its own
	// turns counted from 1); 0 when it never opened.
	OpenTurns []int `json:"open_turns"`
	// JokersLeft is how many rounds ended with a joker on the seat's rack.
	JokersLeft int `json:"jokers_left"`
}

// Report is a seat's review.
type Report struct {
	Seat    string  `json:"seat"`
	Turns   []Turn  `json:"turns"`
	Summary Summary `json:"summary"`
}

// Options bound a review.
type Options struct {
	// PerTurn is the time each turn's search may take; 0: 2 s.
	PerTurn time.Duration
	// Planner, when set, is asked what it would do where the seat drew
	// with a play on its rack (held back or missed); nil: a planner bot.
	Planner bots.Bot
}

// Review replays history on start (the game as dealt, hooks attached) and
// reviews every turn of seat. start is played on: pass a fresh game.
func Review(ctx context.Context, start *core.Game, history []core.Action, seat int, opt Options) (Report, error) {
	if opt.PerTurn <= 0 {
		opt.PerTurn = 2 * time.Second
	}
	if opt.Planner == nil {
		opt.Planner = bots.NewPlanner(start.Seed())
	}
	g := start
	rep := Report{Seat: g.Name(seat)}
	var cur *Turn
	ownTurns, opened := 0, false
	finish := func() {
		if cur != nil {
			judge(cur)
			rep.Turns = append(rep.Turns, *cur)
			cur = nil
		}
	}
	rep.Summary.OpenTurns = []int{0}
	for i, a := range history {
		if a.Kind == core.ActNextRound || a.Kind == core.ActSetup {
			finish()
			if a.Kind == core.ActNextRound {
				if r := g.Rack(seat); g.RoundOver() && r.Jokers() > 0 {
					rep.Summary.JokersLeft++
				}
				rep.Summary.OpenTurns = append(rep.Summary.OpenTurns, 0)
				ownTurns = 0
			}
		} else if a.Seat == seat && (cur == nil || cur.Round != a.Round || cur.Turn != a.Turn+1) {
			finish()
			ownTurns++
			opened = g.Opened(seat)
			t, err := consider(ctx, g, seat, opt)
			if err != nil {
				return rep, err
			}
			t.Round, t.Turn, t.Action, t.Opened = a.Round, a.Turn+1, i, opened
			cur = &t
		}
		if err := g.Apply(a); err != nil {
			return rep, err
		}
		if cur != nil && a.Seat == seat && a.Kind == core.ActPlay {
			rec := g.LastTurn()
			cur.Played.Placed = append(cur.Played.Placed, tileNames(rec.Placed)...)
			cur.Played.Tiles += len(rec.Placed)
			cur.Played.Points += worth(&g.Rules, rec, !opened)
			cur.Played.Table = sets(g.Table())
		}
		if !opened && g.Opened(seat) && rep.Summary.OpenTurns[len(rep.Summary.OpenTurns)-1] == 0 {
			rep.Summary.OpenTurns[len(rep.Summary.OpenTurns)-1] = ownTurns
		}
	}
	finish()
	if r := g.Rack(seat); g.RoundOver() && r.Jokers() > 0 {
		rep.Summary.JokersLeft++
	}
	s := &rep.Summary
	for _, t := range rep.Turns {
		s.Turns++
		if t.Verdict == Best {
			s.BestTurns++
		}
		s.LostTiles += t.LostTiles
		s.LostPoints += t.LostPoints
	}
	if s.Turns > 0 {
		s.BestShare = (200*s.BestTurns + s.Turns) / (2 * s.Turns)
	}
	return rep, nil
}

// consider finds the best play for seat on g as it stands: the turn's
// start, before anything is played.
func consider(ctx context.Context, g *core.Game, seat int, opt Options) (Turn, error) {
	t := Turn{Seat: g.Name(seat)}
	if g.RoundOver() {
		return t, nil
	}
	sctx, cancel := context.WithTimeout(ctx, opt.PerTurn)
	defer cancel()
	res, err := solve.Legal(sctx, solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(seat),
		Opened: g.Opened(seat), Locked: g.View(seat).Locked, Objective: solve.Tiles}, g, solve.Limits{})
	if err != nil {
		return t, err
	}
	t.Optimal = res.Optimal
	res = fewestChanges(sctx, g, seat, res)
	t.Start = sets(g.Table())
	if res.Tiles > 0 {
		t.Best = Play{Tiles: res.Tiles, Points: res.Points, Placed: tileNames(res.Placed), Table: sets(res.Table)}
		// Where a play was there and the seat drew: would the planner have
		// held back too?
		act, err := bots.Ask(sctx, g, opt.Planner)
		t.Verdict = Missed
		if err == nil && act.Draw {
			t.Verdict = HeldBack
		}
	}
	return t, nil
}

// fewestChanges is, among the best plays, one that changes as few of the
// table's sets as it can: the search's own arrangement may rebuild sets
// the play does not need to touch, which teaches needless moves. The same
// search with the table's sets left as they are (new sets only) is asked
// too, and its play taken when it places as many tiles.
func fewestChanges(ctx context.Context, g *core.Game, seat int, res solve.Result) solve.Result {
	if res.Tiles == 0 || !g.Opened(seat) || g.View(seat).Locked {
		return res
	}
	alt, err := solve.Legal(ctx, solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(seat),
		Opened: true, Locked: true, Objective: solve.Tiles}, g, solve.Limits{})
	if err != nil || ctx.Err() != nil || alt.Tiles < res.Tiles {
		return res
	}
	alt.Optimal = res.Optimal
	return alt
}

// judge sets a turn's losses and verdict once its play is known.
func judge(t *Turn) {
	t.LostTiles = max(t.Best.Tiles-t.Played.Tiles, 0)
	t.LostPoints = max(t.Best.Points-t.Played.Points, 0)
	switch {
	case t.LostTiles == 0:
		t.Verdict = Best
	case t.Played.Tiles == 0 && !t.Opened:
		t.Verdict = MissedMeld
	case t.Played.Tiles == 0 && t.Verdict == HeldBack:
	case t.Played.Tiles == 0:
		t.Verdict = Missed
	case t.LostTiles == 1:
		t.Verdict = OneFewer
	default:
		t.Verdict = Mistake
	}
}

// worth is what a play placed, as the solver counts it: face values, a
// joker at the penalty; in an initial meld, the meld's value (a joker as
// the tile it stands for, or 0 where the rules say so).
func worth(r *core.Rules, rec core.TurnRecord, meld bool) int {
	if meld {
		sr := r.SetRules()
		v := 0
		for _, i := range rec.Made {
			if info, err := sr.Validate(rec.Table[i]); err == nil {
				v += info.Value
				if r.Opening.JokerValue == core.Zero {
					for _, j := range info.JokerTiles() {
						v -= j.Number()
					}
				}
			}
		}
		return v
	}
	v := 0
	for _, t := range rec.Placed {
		if t.IsJoker() {
			v += r.Joker.Penalty
		} else {
			v += t.Number()
		}
	}
	return v
}

func tileNames(ts []core.Tile) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out
}

func sets(t core.Table) [][]string {
	out := make([][]string, len(t))
	for i, s := range t {
		out[i] = tileNames(s)
	}
	return out
}

var _ = slices.Equal[[]int]
