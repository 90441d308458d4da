package solve_test

import (
	"bufio"
	"compress/gzip"
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

// The tail corpora: problems dealt like games in progress, to find the slow
// searches that the 70 shared cases never meet. genProblem makes them from a
// seed: a table of 0-100 tiles cut from the box in runs and groups (a joker
// standing in now and then), a rack of 1-30 tiles, random or built to
// interlock with the table (the tiles that extend, split or complete its
// sets) or clustered in a few colours and numbers, jokers on the rack, both
// objectives, opened and not. Their answers come from this solver (exact:
// checked against the brute force and the proven optima) and guard against
// regressions; the corpora are there above all for BenchmarkTail.
//
// Regenerate with MELDLAB_WRITE_CORPUS=1 go test ./core/solve -run TestCorpus

// corpusCase is one line of a corpus, compact: table and rack in notation.
type corpusCase struct {
	ID        string `json:"id"`
	Opened    bool   `json:"opened"`
	Objective string `json:"objective"`
	Table     string `json:"table"`
	Rack      string `json:"rack"`
	Tiles     int    `json:"tiles"`
	Points    int    `json:"points"`
}

// corpus is one of the committed corpora: its rules, its file and size.
type corpus struct {
	name  string
	rules core.Rules
	path  string
	size  int
	seed  uint64
}

func corpora() []corpus {
	return []corpus{
		{name: "original", rules: core.Original(), path: "testdata/tail-original.jsonl.gz", size: 3000, seed: 1},
		{name: "xp", rules: xpRules(), path: "testdata/tail-xp.jsonl.gz", size: 1500, seed: 2},
	}
}

// genProblem deals one problem under rules from rng.
func genProblem(rng *rand.Rand, id string, rules core.Rules) solve.Problem {
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

// genCorpus deals a whole corpus from its seed.
func genCorpus(c corpus) []solve.Problem {
	rng := rand.New(rand.NewPCG(c.seed, 2026))
	out := make([]solve.Problem, c.size)
	for i := range out {
		out[i] = genProblem(rng, fmt.Sprintf("%s-%d", c.name, i), c.rules)
	}
	return out
}

// tailCase is a corpus problem with its id and its answer.
type tailCase struct {
	id    string
	p     solve.Problem
	tiles int
	pts   int
}

func loadCorpus(t testing.TB, c corpus) []tailCase {
	t.Helper()
	f, err := os.Open(c.path)
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	var out []tailCase
	for sc.Scan() {
		var cc corpusCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &cc))
		table, err := c.rules.Tiles.ParseTable(cc.Table)
		require.NoError(t, err, cc.ID)
		rack, err := c.rules.Tiles.ParseTiles(cc.Rack)
		require.NoError(t, err, cc.ID)
		obj, err := solve.ParseObjective(cc.Objective)
		require.NoError(t, err, cc.ID)
		out = append(out, tailCase{id: cc.ID, tiles: cc.Tiles, pts: cc.Points,
			p: solve.Problem{Rules: c.rules, Table: table, Rack: core.MultisetOf(rack...), Opened: cc.Opened, Objective: obj}})
	}
	require.NoError(t, sc.Err())
	return out
}

func writeCorpus(t *testing.T, c corpus) {
	f, err := os.Create(c.path)
	require.NoError(t, err)
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	require.NoError(t, err)
	for i, p := range genCorpus(c) {
		res, err := solve.Solve(context.Background(), p)
		require.NoError(t, err)
		require.True(t, res.Optimal)
		b, err := json.Marshal(corpusCase{ID: fmt.Sprintf("%s-%d", c.name, i), Opened: p.Opened,
			Objective: p.Objective.String(), Table: p.Table.String(), Rack: p.Rack.String(),
			Tiles: res.Tiles, Points: res.Points})
		require.NoError(t, err)
		_, err = fmt.Fprintf(zw, "%s\n", b)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
}

// TestCorpus: the corpora are what their seeds deal (the generator is
// reproducible), and the solver still finds each stored answer: every
// problem with -corpus-all or MELDLAB_CORPUS_ALL=1, a sample of one in
// twenty otherwise (one in a hundred with -short), so go test stays quick.
func TestCorpus(t *testing.T) {
	for _, c := range corpora() {
		t.Run(c.name, func(t *testing.T) {
			if os.Getenv("MELDLAB_WRITE_CORPUS") != "" {
				writeCorpus(t, c)
			}
			cases := loadCorpus(t, c)
			require.Len(t, cases, c.size)
			dealt := genCorpus(c)
			step := 20
			if testing.Short() {
				step = 100
			}
			if os.Getenv("MELDLAB_CORPUS_ALL") != "" {
				step = 1
			}
			for i, tc := range cases {
				require.Equal(t, dealt[i].Table.String(), tc.p.Table.String(), tc.id)
				require.Equal(t, dealt[i].Rack.String(), tc.p.Rack.String(), tc.id)
				if i%step != 0 {
					continue
				}
				res, err := solve.Solve(context.Background(), tc.p)
				require.NoError(t, err, tc.id)
				assert.True(t, res.Optimal, tc.id)
				assert.Equal(t, tc.tiles, res.Tiles, "%s tiles", tc.id)
				assert.Equal(t, tc.pts, res.Points, "%s points", tc.id)
				checkPlay(t, tc.id, tc.p, res)
			}
		})
	}
}

// TestCorpusShape sums up a corpus: how many problems have jokers, are initial
// melds, maximise points; so a change of the generator shows.
func TestCorpusShape(t *testing.T) {
	t.Parallel()
	for _, c := range corpora() {
		cases := loadCorpus(t, c)
		var jokers, opening, points, bigTable, bigRack int
		for _, tc := range cases {
			if tc.p.Rack.Jokers() > 0 || tc.p.Table.Tiles().Jokers() > 0 {
				jokers++
			}
			if !tc.p.Opened {
				opening++
			}
			if tc.p.Objective == solve.Points {
				points++
			}
			if tc.p.Table.Len() >= 60 {
				bigTable++
			}
			if tc.p.Rack.Len() >= 20 {
				bigRack++
			}
		}
		n := len(cases)
		for what, k := range map[string]int{"jokers": jokers, "opening": opening, "points": points,
			"table of 60+": bigTable, "rack of 20+": bigRack} {
			assert.True(t, k > n/10 && k < n*9/10, "%s: %d of %d problems with %s", c.name, k, n, what)
		}
	}
}

// sampleCorpora is every step-th problem of the committed corpora (every
// short-th with -short), and the problems named in also.
func sampleCorpora(t testing.TB, step, short int, also ...string) []tailCase {
	if testing.Short() {
		step = short
	}
	var out []tailCase
	for _, c := range corpora() {
		for i, tc := range loadCorpus(t, c) {
			if i%step == 0 || slices.Contains(also, tc.id) {
				out = append(out, tc)
			}
		}
	}
	return out
}
