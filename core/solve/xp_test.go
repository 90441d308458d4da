package solve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// XP instances: the shared cases are all of the standard box, so these deal
// the XP box (3 copies, 4 jokers) the same way: a table of random valid sets,
// a rack from the tiles left. Their answers come from this solver (checked by
// the rules engine here, and the solver checked against the brute force on
// small boxes of up to 3 copies and 4 jokers); they guard against regressions.
// Regenerate with MELDLAB_WRITE_XP=1 go test ./core/solve -run XPCases.

func xpRules() core.Rules {
	r := core.Original()
	r.Tiles = core.XPTiles
	return r
}

// dealXP deals one instance: about tableSize tiles on the table in valid
// sets, rackSize tiles on the rack, of which (if the pool has them) jokers.
func dealXP(rng *rand.Rand, id string, tableSize, rackSize, jokers int) sharedCase {
	rules := xpRules()
	pool := rules.Tiles.Full()
	sr := rules.SetRules()
	var table [][]string
	placed := 0
	for tries := 0; placed < tableSize && tries < 10000; tries++ {
		var set core.Set
		if rng.IntN(2) == 0 { // a run
			c := core.Color(rng.IntN(4))
			l := 3 + rng.IntN(4)
			start := 1 + rng.IntN(13-l+1)
			for i := range l {
				set = append(set, core.NewTile(c, start+i))
			}
		} else { // a group
			n := 1 + rng.IntN(13)
			for _, c := range rng.Perm(4)[:3+rng.IntN(2)] {
				set = append(set, core.NewTile(core.Color(c), n))
			}
		}
		if rng.IntN(8) == 0 { // a joker stands in for one tile
			set[rng.IntN(len(set))] = core.Joker
		}
		need := core.MultisetOf(set...)
		if _, err := sr.Validate(set); err != nil || !pool.Includes(&need) {
			continue
		}
		for _, t := range set {
			pool.Remove(t)
		}
		var s []string
		for _, t := range set {
			s = append(s, t.String())
		}
		table = append(table, s)
		placed += len(set)
	}
	var rack []string
	for ; jokers > 0 && pool.Remove(core.Joker); jokers-- {
		rack = append(rack, "J")
		rackSize--
	}
	for pool.Remove(core.Joker) { // the other jokers stay in the pool
	}
	left := pool.Tiles()
	rng.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	for _, t := range left[:rackSize] {
		rack = append(rack, t.String())
	}
	slices.Sort(rack)
	return sharedCase{ID: id, Opened: true, Table: table, Rack: rack}
}

func TestXPCases(t *testing.T) {
	const path = "testdata/xp-cases.jsonl"
	if os.Getenv("MELDLAB_WRITE_XP") != "" {
		rng := rand.New(rand.NewPCG(160, 2026))
		f, err := os.Create(path)
		require.NoError(t, err)
		for _, ts := range []int{30, 45, 60, 80} {
			for _, rs := range []int{10, 15, 20} {
				for k := range 2 {
					c := dealXP(rng, fmt.Sprintf("XP_T%d_R%d_%d", ts, rs, k), ts, rs, (ts/15+rs/5+k)%3)
					res, err := solve.Solve(context.Background(), c.problem(t, xpRules(), solve.Tiles))
					require.NoError(t, err)
					require.True(t, res.Optimal)
					pres, err := solve.Solve(context.Background(), c.problem(t, xpRules(), solve.Points))
					require.NoError(t, err)
					c.Tiles, c.Points = res.Tiles, &pres.Points
					b, err := json.Marshal(c)
					require.NoError(t, err)
					fmt.Fprintf(f, "%s\n", b)
				}
			}
		}
		require.NoError(t, f.Close())
	}
	cases := loadCases(t, path)
	require.Len(t, cases, 24)
	for _, c := range cases {
		for _, obj := range []solve.Objective{solve.Tiles, solve.Points} {
			p := c.problem(t, xpRules(), obj)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.True(t, res.Optimal, c.ID)
			if obj == solve.Tiles {
				assert.Equal(t, c.Tiles, res.Tiles, c.ID)
			} else {
				assert.Equal(t, *c.Points, res.Points, c.ID)
			}
			checkPlay(t, c.ID, p, res)
		}
	}
}
