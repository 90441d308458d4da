package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// Past a colour's last rack tile the relaxation's values come from the
// fewest jokers its runs need (bareBound), and a state worth its colour's
// ceiling is not worked out further (ceilGains): the values are those
// computeBound's recursion works out whole for each number of jokers, in
// every state of every colour, on boxes with and without jokers told apart
// and with wrap, on racks small enough that most colours end early.
func TestBareMatchesRecursion(t *testing.T) {
	t.Parallel()
	xp := core.Original()
	xp.Tiles = core.XPTiles
	wrap := core.Original()
	wrap.Sets.Wrap = core.WrapRound
	for _, tc := range []struct {
		name  string
		rules core.Rules
		table string
		split bool
		guess bool
	}{
		{name: "original", rules: core.Original(), table: "[r3 r4 r5] [k7 b7 o7] [J b10 b11] [o1 o2 o3 o4] [J k12 k13]"},
		{name: "original, jokers told apart", rules: core.Original(), table: "[r3 r4 r5] [k7 b7 o7 r7] [J b10 b11] [r9 r10 J r12]", split: true},
		{name: "xp", rules: xp, table: "[r3 r4 r5] [k7 b7 o7] [J b10 b11] [o1 o2 o3 o4] [J J r9]", split: true},
		{name: "wrap", rules: wrap, table: "[r12 r13 r1] [k7 b7 o7] [J o5 o6]", guess: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(len(tc.name))))
			ended := 0 // the problems with a colour whose rack tiles end before the last number
			for round := range 40 {
				p := dealtAround(rng, tc.rules, tc.table, 3+rng.IntN(10))
				var vals [4][]int32
				for k, off := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					noBare, noCeil := off[0], off[1]
					s, err := printedTables.newSolver(context.Background(), &p, false)
					require.NoError(t, err)
					prm := *s.prm
					prm.noBare, prm.noCeil, prm.splitFrom = noBare, noCeil, 1
					s.prm = &prm
					s.resetBound()
					if tc.split {
						s.splitJokers()
					}
					if tc.guess {
						s.guessBound(0, uint16(round%len(s.cfg.counts)))
					}
					if k == 0 {
						for c := range s.C {
							if int(s.bare[c]) <= s.N {
								ended++
								break
							}
						}
					}
					for c := range s.C {
						for n := s.N + 1; n >= 1; n-- {
							for st := range len(s.cfg.counts) {
								for J := range s.jTotal + 1 {
									for jl := range J + 1 {
										vals[k] = append(vals[k], s.colourBound(c, n, uint16(st), jl, J))
									}
								}
							}
						}
					}
					s.release()
				}
				for k := 1; k < len(vals); k++ {
					require.Equal(t, vals[3], vals[k-1], fmt.Sprintf("round %d (%d): rack %s", round, k-1, p.Rack))
				}
			}
			require.Greater(t, ended, 30, "problems with a colour ended early")
		})
	}
}
