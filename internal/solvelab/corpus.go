// Package solvelab holds what core/solve's tests and the measurement
// commands beside them (internal/corpus, internal/abrun, internal/band,
// internal/firstsolve, internal/oldnew) share: the problem generator, the
// committed and the fresh corpora, and the solving thread's CPU clock. It
// lives outside the tests so that a measurement is a command one runs on
// purpose, never something go test does.
package solvelab

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// The tail corpora: problems dealt like games in progress, to find the slow
// searches that the 70 shared cases never meet. genProblem makes them from a
// seed: a table of 0-100 tiles cut from the box in runs and groups (a joker
// standing in now and then), a rack of 1-30 tiles, random or built to
// interlock with the table (the tiles that extend, split or complete its
// sets) or clustered in a few colours and numbers, jokers on the rack, both
// objectives, opened and not. Their answers come from this solver (exact:
// checked against the brute force and the proven optima) and guard against
// regressions; the corpora are there above all for BenchmarkTail.
// go run ./internal/corpus writes them again.

// CorpusCase is one line of a corpus, compact: table and rack in notation.
type CorpusCase struct {
	ID        string `json:"id"`
	Opened    bool   `json:"opened"`
	Objective string `json:"objective"`
	Table     string `json:"table"`
	Rack      string `json:"rack"`
	Tiles     int    `json:"tiles"`
	Points    int    `json:"points"`
}

// Corpus is one of the committed corpora: its rules, its file (under
// core/solve) and size, and the seed that deals it.
type Corpus struct {
	Name  string
	Rules core.Rules
	Path  string
	Size  int
	Seed  uint64
}

// Corpora are the committed tail corpora.
func Corpora() []Corpus {
	return []Corpus{
		{Name: "original", Rules: core.Original(), Path: "testdata/tail-original.jsonl.gz", Size: 3000, Seed: 1},
		{Name: "xp", Rules: XPRules(), Path: "testdata/tail-xp.jsonl.gz", Size: 1500, Seed: 2},
	}
}

// XPRules are the original rules on the XP box (3 copies, 4 jokers).
func XPRules() core.Rules {
	r := core.Original()
	r.Tiles = core.XPTiles
	return r
}

// GenProblem deals one problem under rules from rng.
func GenProblem(rng *rand.Rand, id string, rules core.Rules) solve.Problem {
	ts, sr := rules.Tiles, rules.SetRules()
	pool := ts.Full()
	var table core.Table
	target := rng.IntN(101)
	for tries := 0; table.Len() < target && tries < 2000; tries++ {
		var set core.Set
		if rng.IntN(2) == 0 { // a run of 3 to 9
			c := core.Color(rng.IntN(ts.Colors))
			l := 3 + rng.IntN(7)
			if rng.IntN(3) > 0 {
				l = 3 + rng.IntN(3)
			}
			l = min(l, ts.Numbers)
			start := 1 + rng.IntN(ts.Numbers-l+1)
			for i := range l {
				set = append(set, core.NewTile(c, start+i))
			}
		} else { // a group of 3 or 4
			n := 1 + rng.IntN(ts.Numbers)
			for _, c := range rng.Perm(ts.Colors)[:3+rng.IntN(ts.Colors-2)] {
				set = append(set, core.NewTile(core.Color(c), n))
			}
		}
		if rng.IntN(10) == 0 {
			set[rng.IntN(len(set))] = core.Joker
		}
		need := core.MultisetOf(set...)
		if _, err := sr.Validate(set); err != nil || !pool.Includes(&need) {
			continue
		}
		for _, t := range set {
			pool.Remove(t)
		}
		table = append(table, set)
	}
	var rack core.Multiset
	size := 1 + rng.IntN(30)
	jokers := 0
	if rng.IntN(3) > 0 {
		jokers = rng.IntN(pool.Jokers() + 1)
	}
	for range min(jokers, size) {
		pool.Remove(core.Joker)
		rack.Add(core.Joker)
	}
	for pool.Remove(core.Joker) { // the jokers not dealt stay in the box
	}
	take := func(t core.Tile) bool {
		if rack.Len() < size && pool.Remove(t) {
			rack.Add(t)
			return true
		}
		return false
	}
	switch rng.IntN(3) {
	case 0: // interlocking: tiles next to the table's runs, beside its groups, inside its runs
		var near []core.Tile
		for _, set := range table {
			for _, t := range set {
				if t == core.Joker {
					continue
				}
				near = append(near, t)
				for _, d := range []int{-2, -1, 1, 2} {
					if n := t.Number() + d; n >= 1 && n <= ts.Numbers {
						near = append(near, core.NewTile(t.Color(), n))
					}
				}
				for c := range ts.Colors {
					near = append(near, core.NewTile(core.Color(c), t.Number()))
				}
			}
		}
		for range 4 * size {
			if len(near) == 0 || rack.Len() >= size*4/5 {
				break
			}
			take(near[rng.IntN(len(near))])
		}
	case 1: // clustered: a few colours, a window of numbers
		cols := rng.Perm(ts.Colors)[:1+rng.IntN(2)]
		lo := 1 + rng.IntN(ts.Numbers)
		hi := min(ts.Numbers, lo+3+rng.IntN(6))
		for range 6 * size {
			c := core.Color(cols[rng.IntN(len(cols))])
			take(core.NewTile(c, lo+rng.IntN(hi-lo+1)))
		}
	}
	left := pool.Tiles()
	rng.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	for _, t := range left {
		if rack.Len() >= size {
			break
		}
		take(t)
	}
	rng.Shuffle(len(table), func(i, j int) { table[i], table[j] = table[j], table[i] })
	return solve.Problem{Rules: rules, Table: table, Rack: rack, Opened: rng.IntN(5) > 0,
		Objective: solve.Objective(rng.IntN(2))}
}

// Deal deals the whole corpus from its seed.
func (c Corpus) Deal() []solve.Problem {
	rng := rand.New(rand.NewPCG(c.Seed, 2026))
	out := make([]solve.Problem, c.Size)
	for i := range out {
		out[i] = GenProblem(rng, fmt.Sprintf("%s-%d", c.Name, i), c.Rules)
	}
	return out
}

// Write deals the corpus, solves each problem and writes the lines, gzipped,
// to w: the answers a regression must keep.
func (c Corpus) Write(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	for i, p := range c.Deal() {
		res, err := solve.Solve(context.Background(), p)
		if err != nil {
			return err
		}
		if !res.Optimal {
			return fmt.Errorf("%s-%d: no proven optimum", c.Name, i)
		}
		b, err := json.Marshal(CorpusCase{ID: fmt.Sprintf("%s-%d", c.Name, i), Opened: p.Opened,
			Objective: p.Objective.String(), Table: p.Table.String(), Rack: p.Rack.String(),
			Tiles: res.Tiles, Points: res.Points})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(zw, "%s\n", b); err != nil {
			return err
		}
	}
	return zw.Close()
}
