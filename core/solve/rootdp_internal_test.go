package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// The relaxation worked out flat (rootdp.go) has the values computeBound's
// recursion has, for any prices: the same root bound and play behind it,
// and in the memo the same states with the same values. Each problem gets
// random prices five times over (the first laid out and worked out at once,
// the others by flatPass), each followed by a subgradient step that changes
// the prices of the low numbers only (a pass of those numbers), on boxes
// with and without jokers told apart and with wrap, whose guess of the
// crossing runs changes the layout.
func TestFlatRelaxationMatchesRecursion(t *testing.T) {
	t.Parallel()
	xp := core.Original()
	xp.Tiles = core.XPTiles
	wrap := core.Original()
	wrap.Sets.Wrap = core.WrapRound
	for _, tc := range []struct {
		name  string
		rules core.Rules
		table string
		rack  int // random rack tiles besides the table's
		split bool
		guess bool
	}{
		{name: "original", rules: core.Original(), table: "[r3 r4 r5] [k7 b7 o7] [J b10 b11] [o1 o2 o3 o4]", rack: 24},
		{name: "original, jokers told apart", rules: core.Original(), table: "[r3 r4 r5] [k7 b7 o7 r7] [J b10 b11]", rack: 30, split: true},
		{name: "original, empty table", rules: core.Original(), rack: 40},
		{name: "xp", rules: xp, table: "[r3 r4 r5] [k7 b7 o7] [J b10 b11] [o1 o2 o3 o4]", rack: 30, split: true},
		{name: "wrap", rules: wrap, table: "[r12 r13 r1] [k7 b7 o7]", rack: 26, guess: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(tc.name))))
			p := dealtAround(rng, tc.rules, tc.table, tc.rack)
			s, err := printedTables.newSolver(context.Background(), &p, false)
			require.NoError(t, err)
			defer s.release()
			if tc.split {
				prm := *s.prm
				prm.splitFrom = 1
				s.prm = &prm
				s.splitJokers()
				require.Greater(t, s.jdim, 1, "the jokers told apart")
			}
			var wmax int32
			for n := 1; n <= s.N; n++ {
				for c := range s.C {
					wmax = max(wmax, s.wt[n][c])
				}
			}
			flat, rec := *s.prm, *s.prm
			rec.noFlat = true
			for round := range 5 {
				if tc.guess && round == 3 { // another guess of the crossing runs: laid out again
					s.guessBound(0, 1)
				}
				var mu [maxN + 2][4]int32
				for n := 1; n <= s.N; n++ {
					for c := range s.C {
						if rng.IntN(2) == 0 {
							mu[n][c] = rng.Int32N(2 * wmax)
						}
					}
				}
				s.setMultipliers(&mu)
				var x1, x2 [maxN + 2][4]uint8
				var j1, j2 [maxN + 2]int
				s.prm = &flat
				b1, ok1 := s.rootLag(&x1, &j1, true)
				require.True(t, s.flat.ok, "round %d: laid out", round)
				vals := make(map[int32]int32, len(s.flat.nodes))
				for _, nd := range s.flat.nodes {
					e := s.hmemo[nd.hidx]
					require.Equal(t, s.hcur, e.gen, "round %d: a state laid out is in the memo", round)
					vals[nd.hidx] = e.val
				}

				s.prm = &rec
				s.nextGen()
				b2, ok2 := s.rootLag(&x2, &j2, true)
				assert.Equal(t, b2, b1, "round %d: the root bound", round)
				assert.Equal(t, ok2, ok1)
				assert.Equal(t, x2, x1, "round %d: the tiles grouped", round)
				assert.Equal(t, j2, j1, "round %d: the jokers grouped", round)
				met := 0
				for i, e := range s.hmemo {
					if e.gen != s.hcur {
						continue
					}
					met++
					v, ok := vals[int32(i)]
					if assert.True(t, ok, "round %d: entry %d met by the recursion, not laid out", round, i) {
						assert.Equal(t, e.val, v, "round %d: entry %d", round, i)
					}
				}
				assert.Equal(t, len(vals), met, "round %d: the states met", round)
				s.prm = &flat

				// a subgradient step: the prices of the numbers up to h
				// change, the pass works out only theirs, and the memo
				// stays empty
				h := 1 + rng.IntN(s.N)
				step := mu
				for n := 1; n <= h; n++ {
					for c := range s.C {
						step[n][c] = rng.Int32N(2 * wmax)
					}
				}
				s.priceStep(&step, false)
				b1, ok1 = s.rootLag(&x1, &j1, true)
				s.prm = &rec
				s.nextGen()
				b2, ok2 = s.rootLag(&x2, &j2, true)
				assert.Equal(t, b2, b1, "round %d, a step: the root bound", round)
				assert.Equal(t, ok2, ok1)
				assert.Equal(t, x2, x1, "round %d, a step: the tiles grouped", round)
				assert.Equal(t, j2, j1, "round %d, a step: the jokers grouped", round)
				for i, nd := range s.flat.nodes {
					v := s.flat.vals[i]
					if e := s.hmemo[nd.hidx]; e.gen == s.hcur && e.val != neg {
						assert.Equal(t, int64(e.val), v, "round %d, a step: node %d (number %d)", round, i, nd.n)
					} else {
						assert.False(t, flatReal(v), "round %d, a step: node %d (number %d) has no value", round, i, nd.n)
					}
				}
				s.prm = &flat
			}
		})
	}
}

// Subgradient steps that find no better prices leave the relaxation as
// they found it: the prices they began with, and the memo's generation of
// their values, so that nothing is worked out again (a give-up, or the
// deadline: the search after it would work the whole relaxation out blind
// to the deadline). Steps far too long (the best play known taken as far
// below the bound) make every bound worse here.
func TestPricesGivenUpKeepTheMemo(t *testing.T) {
	t.Parallel()
	p := Problem{Rules: core.Original(), Table: coretest.Table("[r3 r4 r5] [k7 b7 o7] [J b10 b11] [o1 o2 o3 o4]"),
		Rack: coretest.Rack("r1 r2 k2 b2 o5 o6 r9 k9 b12 o12 k13 J"), Opened: true}
	s, err := printedTables.newSolver(context.Background(), &p, false)
	require.NoError(t, err)
	defer s.release()
	root := s.bound(&node{n: 1})
	gen, mu := s.hcur, s.mu
	idx := s.hIndex(0, 1, s.crossSt[0], s.jTotal, s.jTotal)
	require.Equal(t, gen, s.hmemo[idx].gen, "the root's values in the memo")

	s.tighten(-(1 << 29), 3, 0)
	assert.Equal(t, mu, s.mu, "the prices it began with")
	assert.Equal(t, gen, s.hcur, "the memo's generation it began with")
	assert.Greater(t, s.hmax, gen, "steps were taken")
	assert.Equal(t, root, s.bound(&node{n: 1}))

	// and a step after it starts a generation never used
	var step [maxN + 2][4]int32
	step[5][1] = 3
	s.setMultipliers(&step)
	assert.Greater(t, s.hcur, gen)
	assert.Equal(t, s.hmax, s.hcur)
}

// dealtAround is an opened player's problem on table (tile notation) under
// rules, with rack tiles dealt at random by rng from the rest of the box.
func dealtAround(rng *rand.Rand, rules core.Rules, table string, rack int) Problem {
	t := coretest.Table(table)
	left := rules.Tiles.Full()
	for _, set := range t {
		for _, tile := range set {
			left.Remove(tile)
		}
	}
	pool := left.Tiles()
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return Problem{Rules: rules, Table: t, Rack: core.MultisetOf(pool[:rack]...), Opened: true}
}
