package solvelab

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Case is one line of the shared cases' files (testdata/*.jsonl): a problem
// in notation, set by set, with its optimum.
type Case struct {
	ID      string     `json:"id"`
	Opened  bool       `json:"opened"`
	Table   [][]string `json:"table"`
	Rack    []string   `json:"rack"`
	Tiles   int        `json:"tiles"`
	Points  *int       `json:"points,omitempty"`
	Variant string     `json:"variant,omitempty"`
}

// Problem turns a case into a Problem under the given rules.
func (c Case) Problem(rules core.Rules, obj solve.Objective) (solve.Problem, error) {
	var table core.Table
	for _, s := range c.Table {
		set, err := rules.Tiles.ParseSet(strings.Join(s, " "))
		if err != nil {
			return solve.Problem{}, fmt.Errorf("%s: %w", c.ID, err)
		}
		table = append(table, set)
	}
	rack, err := rules.Tiles.ParseTiles(strings.Join(c.Rack, " "))
	if err != nil {
		return solve.Problem{}, fmt.Errorf("%s: %w", c.ID, err)
	}
	return solve.Problem{Rules: rules, Table: table, Rack: core.MultisetOf(rack...),
		Opened: c.Opened, Objective: obj}, nil
}

// XP instances: the shared cases are all of the standard box, so these deal
// the XP box (3 copies, 4 jokers) the same way: a table of random valid sets,
// a rack from the tiles left. Their answers come from this solver (checked by
// the rules engine in core/solve's tests, and the solver checked against the
// brute force on small boxes of up to 3 copies and 4 jokers); they guard
// against regressions.

// DealXP deals one instance: about tableSize tiles on the table in valid
// sets, rackSize tiles on the rack, of which (if the pool has them) jokers.
func DealXP(rng *rand.Rand, id string, tableSize, rackSize, jokers int) Case {
	rules := XPRules()
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
	return Case{ID: id, Opened: true, Table: table, Rack: rack}
}

// WriteXP deals the 24 XP instances (testdata/xp-cases.jsonl), solves each
// for tiles and for points, and writes the lines to w.
func WriteXP(w io.Writer) error {
	rng := rand.New(rand.NewPCG(160, 2026))
	solved := func(c Case, obj solve.Objective) (solve.Result, error) {
		p, err := c.Problem(XPRules(), obj)
		if err != nil {
			return solve.Result{}, err
		}
		res, err := solve.Solve(context.Background(), p)
		if err == nil && !res.Optimal {
			err = fmt.Errorf("%s: no proven optimum", c.ID)
		}
		return res, err
	}
	for _, ts := range []int{30, 45, 60, 80} {
		for _, rs := range []int{10, 15, 20} {
			for k := range 2 {
				c := DealXP(rng, fmt.Sprintf("XP_T%d_R%d_%d", ts, rs, k), ts, rs, (ts/15+rs/5+k)%3)
				res, err := solved(c, solve.Tiles)
				if err != nil {
					return err
				}
				pres, err := solved(c, solve.Points)
				if err != nil {
					return err
				}
				c.Tiles, c.Points = res.Tiles, &pres.Points
				b, err := json.Marshal(c)
				if err != nil {
					return err
				}
				if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
