package solve_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// FuzzLegal: whatever table and rack notation parse to, under the joker
// keys the solver does not model and a check_play hook, with a budget of a
// few states or a deadline already past, solve.Legal either refuses the
// problem (ErrBadProblem) or answers with a play the referee accepts, its
// placed tiles and kept jokers as the referee counts them, or no play.
func FuzzLegal(f *testing.F) {
	f.Add("[r3 r4 J] [k7 b7 o7]", "r5 k1", uint8(0), uint16(0))
	f.Add("[r4 J r6] [k2 k3 k4]", "r5 o9", uint8(1), uint16(3))
	f.Add("[o4 o5 o6 o7 o8]", "o6 k1 k2 k3", uint8(6), uint16(20))
	f.Add("", "k10 k11 k12 J", uint8(8), uint16(2))
	f.Add("[b3 b4 b5 b6] [r6 o6 k6] [k7 k8 k9]", "k5 J", uint8(17), uint16(1))
	f.Fuzz(func(t *testing.T, table, rack string, flags uint8, budget uint16) {
		rules := core.Original()
		if flags&1 != 0 {
			rules.Joker.Keep = true
		}
		if flags&2 != 0 {
			rules.Joker.ReplaceFrom = core.FromRack
		}
		if flags&4 != 0 {
			rules.Joker.TakeBeforeOpening = true
		}
		if flags&8 != 0 {
			rules.Tiles = core.XPTiles
		}
		if flags&16 != 0 {
			rules.Sets.Wrap = core.WrapRound
		}
		tb, err := rules.Tiles.ParseTable(table)
		if err != nil {
			return
		}
		rk, err := rules.Tiles.ParseTiles(rack)
		if err != nil || len(rk) == 0 {
			return
		}
		var hooks core.Hooks
		if flags&32 != 0 {
			hooks = coretest.Veto(coretest.JokerSetsOnlyGrow)
		}
		opened := flags&64 == 0
		g, err := core.NewGameWithHooks(rules, hooks, []string{"ana", "ben"}, 1)
		if err != nil {
			return
		}
		defer g.Close()
		if err := g.Setup(core.Position(2, tb, rk, opened, false)); err != nil {
			return // a position the referee refuses (a bad table, too many tiles)
		}
		p := solve.Problem{Rules: rules, Table: tb, Rack: core.MultisetOf(rk...), Opened: opened,
			Locked: g.Locked(), Objective: solve.Objective(flags >> 7 & 1)}
		ctx := context.Background()
		if budget%2 == 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, time.Now().Add(-time.Second))
			defer cancel()
		} else {
			p.MaxNodes = 1 + int(budget)%500
		}
		res, err := solve.Legal(ctx, p, g, solve.Limits{})
		if err != nil {
			if !errors.Is(err, solve.ErrBadProblem) {
				t.Fatalf("an error that is not ErrBadProblem: %v", err)
			}
			return
		}
		refereeAccepts(t, "fuzz", p, g, res)
	})
}
