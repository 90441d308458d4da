package bots_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// TestTurnTally plays twin games, one by Turn (asking the referee for a
// play's record before it is made, with Check) and one by TurnTally, and
// checks every turn: the same action taken, a tally that says what the
// result says, and records alike. A play's record is worked out when
// LastTurn asks, after the play: it must be what Check said before it.
// (A draw that a French joker swap could follow is closed at once, so
// Turn's record of it is the draw's, marked ended, and LastTurn's the
// ending's: the games' LastTurn are compared.)
func TestTurnTally(t *testing.T) {
	keep := core.Original() // as the Italian edition: a freed joker may go to the rack
	keep.Opening.FirstRoundLocked, keep.Joker.ReplaceFrom, keep.Joker.Keep = true, core.FromRack, true
	french := core.Original() // a joker replaced by the tile just drawn
	french.Opening.FirstRoundLocked, french.Joker.ReplaceFrom = true, core.FromRack|core.FromDrawn
	charged := core.Original()
	charged.FailedPlay.PenaltyTiles = 2
	for _, c := range []struct {
		name  string
		rules core.Rules
	}{{"original", core.Original()}, {"keep", keep}, {"french", french}, {"charged", charged}} {
		kept := 0
		for seed := range uint64(20) {
			kept += twinGames(t, c.rules, seed)
		}
		if c.name == "keep" && kept == 0 {
			t.Errorf("%s: no joker kept in 20 games: the tally's count is not tried", c.name)
		}
	}
}

// twinGames plays a game of four bots both ways (see TestTurnTally) and
// returns the jokers kept.
func twinGames(t *testing.T, rules core.Rules, seed uint64) int {
	t.Helper()
	names := []string{"a", "b", "c", "d"}
	g1, err := core.NewGame(rules, names, seed)
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := core.NewGame(rules, names, seed)
	seats := func() []bots.Bot {
		return []bots.Bot{bots.NewGreedy(), bots.NewRandom(seed), bots.NewPoints(), bots.NewPatient()}
	}
	b1, b2 := seats(), seats()
	ctx := context.Background()
	kept := 0
	for turn := 0; !g1.RoundOver() && turn < 300; turn++ {
		seat := g1.Current()
		act, aerr := bots.Ask(ctx, g1, b1[seat])
		var want core.TurnRecord
		var cerr error = fmt.Errorf("not a play")
		if aerr == nil && !act.Draw {
			want, cerr = g1.Check(act.Table)
		}
		res, err := bots.Apply(g1, b1[seat], act, aerr)
		if err != nil {
			t.Fatal(err)
		}
		tally, err := bots.TurnTally(ctx, g2, b2[seat])
		if err != nil {
			t.Fatal(err)
		}
		if tally.Kind != res.Kind || tally.Refused != res.Refused || tally.Kept != res.Record.Kept ||
			fmt.Sprint(tally.Penalty) != fmt.Sprint(res.Penalty) {
			t.Fatalf("seed %d, turn %d: TurnTally %+v, Turn %+v", seed, turn, tally, res)
		}
		if got, want := g2.LastTurn(), g1.LastTurn(); !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d, turn %d: the records differ:\n%+v\n%+v", seed, turn, got, want)
		}
		if cerr == nil && res.Kind == core.ActPlay {
			rec := res.Record
			rec.Ended, rec.RoundOver = false, false
			if !reflect.DeepEqual(rec, want) {
				t.Fatalf("seed %d, turn %d: the play's record\n%+v\nwhat Check said before it\n%+v", seed, turn, rec, want)
			}
		}
		kept += tally.Kept
	}
	if !reflect.DeepEqual(g1.History(), g2.History()) {
		t.Errorf("seed %d: the games' histories differ", seed)
	}
	return kept
}
