package solve_test

import (
	"context"
	"errors"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// FuzzSolve: whatever table and rack notation parse to, Solve either refuses
// the problem (ErrBadProblem) or returns a play the rules engine accepts.
func FuzzSolve(f *testing.F) {
	f.Add("[r3 r4 r5] [k8 b8 o8]", "r6 J b8", uint8(0))
	f.Add("[J J r3]", "r1 r2 J", uint8(1))
	f.Add("[r3 r4 r5] [r3 b3 o3]", "r3 r3", uint8(2))
	f.Add("[k12 k13 J]", "k1 k2 k11", uint8(7))
	f.Add("", "k10 k11 k12 J", uint8(4))
	f.Fuzz(func(t *testing.T, table, rack string, flags uint8) {
		rules := core.Original()
		if flags&8 != 0 {
			rules.Tiles = core.XPTiles
		}
		if flags&16 != 0 {
			rules.Sets.Wrap = true
		}
		tb, err := rules.Tiles.ParseTable(table)
		if err != nil {
			return
		}
		rk, err := rules.Tiles.ParseTiles(rack)
		if err != nil {
			return
		}
		p := solve.Problem{Rules: rules, Table: tb, Rack: core.MultisetOf(rk...),
			Opened: flags&1 == 0, Locked: flags&2 != 0, Objective: solve.Objective(flags >> 2 & 1), MaxNodes: 20000}
		res, err := solve.Solve(context.Background(), p)
		if err != nil {
			if !errors.Is(err, solve.ErrBadProblem) {
				t.Fatalf("an error that is not ErrBadProblem: %v", err)
			}
			return
		}
		checkPlay(t, "fuzz", p, res)
	})
}
