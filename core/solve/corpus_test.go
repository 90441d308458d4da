package solve_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// The tail corpora (solvelab.Corpora) guard the solver's answers against
// regressions; go run ./internal/corpus writes them again.

// tailCase is a corpus problem with its id and its answer.
type tailCase struct {
	id    string
	p     solve.Problem
	tiles int
	pts   int
}

func loadCorpus(t testing.TB, c solvelab.Corpus) []tailCase {
	t.Helper()
	f, err := os.Open(c.Path)
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	var out []tailCase
	for sc.Scan() {
		var cc solvelab.CorpusCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &cc))
		table, err := c.Rules.Tiles.ParseTable(cc.Table)
		require.NoError(t, err, cc.ID)
		rack, err := c.Rules.Tiles.ParseTiles(cc.Rack)
		require.NoError(t, err, cc.ID)
		obj, err := solve.ParseObjective(cc.Objective)
		require.NoError(t, err, cc.ID)
		out = append(out, tailCase{id: cc.ID, tiles: cc.Tiles, pts: cc.Points,
			p: solve.Problem{Rules: c.Rules, Table: table, Rack: core.MultisetOf(rack...), Opened: cc.Opened, Objective: obj}})
	}
	require.NoError(t, sc.Err())
	return out
}

// corpusAll is a flag so that only a deliberate run solves all 4,500
// problems.
var corpusAll = flag.Bool("corpus-all", false, "TestCorpus solves every problem of the tail corpora, not a sample")

// TestCorpus: the corpora are what their seeds deal (the generator is
// reproducible), and the solver still finds each stored answer: every
// problem with -corpus-all, a sample of one in twenty otherwise (one in a
// hundred with -short), so go test stays quick.
func TestCorpus(t *testing.T) {
	for _, c := range solvelab.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			cases := loadCorpus(t, c)
			require.Len(t, cases, c.Size)
			dealt := c.Deal()
			step := 20
			if testing.Short() {
				step = 100
			}
			if *corpusAll {
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
	for _, c := range solvelab.Corpora() {
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
			assert.True(t, k > n/10 && k < n*9/10, "%s: %d of %d problems with %s", c.Name, k, n, what)
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
	for _, c := range solvelab.Corpora() {
		for i, tc := range loadCorpus(t, c) {
			if i%step == 0 || slices.Contains(also, tc.id) {
				out = append(out, tc)
			}
		}
	}
	return out
}
