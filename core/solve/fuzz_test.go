package solve_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// FuzzSolve: whatever table and rack notation parse to, Solve either refuses
// the problem (ErrBadProblem) or returns a play the rules engine accepts,
// also when its node budget (1 to a few thousand states) cuts it short; so
// does the rearranging pass, which never beats a play proven best.
func FuzzSolve(f *testing.F) {
	f.Add("[r3 r4 r5] [k8 b8 o8]", "r6 J b8", uint8(0), uint16(0))
	f.Add("[J J r3]", "r1 r2 J", uint8(1), uint16(3))
	f.Add("[r3 r4 r5] [r3 b3 o3]", "r3 r3", uint8(2), uint16(1))
	f.Add("[k12 k13 J]", "k1 k2 k11", uint8(7), uint16(20))
	f.Add("", "k10 k11 k12 J", uint8(4), uint16(2))
	f.Add("[o1 k1 b1 r1] [b3 b4 b5] [k11 k12 k13] [o2 o3 o4 o5 o6 o7 o8] [r7 J r9]",
		"J o10 b11 r8 o5 r7 o9 o10 b11 b9 b11 b13 r9 k8 r8 b10 k7 J k5 k5 r11 o8 r12", uint8(9), uint16(50))
	f.Add("[r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13]",
		"r1 r1 r1 r1 r1 r1 J J J J J J J J b5 b5 b5 b5 b5 k5 k5 k5 k5 k5 o5 o5 o5 o5 r13", uint8(33), uint16(7))
	f.Fuzz(func(t *testing.T, table, rack string, flags uint8, budget uint16) {
		rules := core.Original()
		if flags&8 != 0 {
			rules.Tiles = core.XPTiles
		}
		if flags&16 != 0 {
			rules.Sets.Wrap = core.WrapRound
		}
		if flags&32 != 0 { // the big box of the report: 8 copies, 8 jokers
			rules.Tiles.Copies, rules.Tiles.Jokers = 8, 8
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
			Opened: flags&1 == 0, Locked: flags&2 != 0, Objective: solve.Objective(flags >> 2 & 1), MaxNodes: 1 + int(budget)%5000}
		res, err := solve.Solve(context.Background(), p)
		if err != nil {
			if !errors.Is(err, solve.ErrBadProblem) {
				t.Fatalf("an error that is not ErrBadProblem: %v", err)
			}
			return
		}
		checkPlay(t, "fuzz", p, res)
		// the rearranging pass, on the same problem: legal, and never
		// better than a play proven best
		if r := solve.Repair(p, solve.RepairNodes); r.Tiles > 0 {
			checkPlay(t, "fuzz repair", p, r)
			if res.Optimal && p.Objective == solve.Tiles {
				assert.LessOrEqual(t, r.Tiles, res.Tiles, "the rearranging pass beat the proven best")
			}
		}
	})
}
