package solve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// sharedCase is one line of testdata/solver-cases.jsonl: an instance and its
// optimum, proven by three integer-programming solvers that agree.
type sharedCase struct{ solvelab.Case }

func loadCases(t testing.TB, path string) []sharedCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []sharedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c sharedCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// problem turns a case into a Problem under the given rules.
func (c sharedCase) problem(t testing.TB, rules core.Rules, obj solve.Objective) solve.Problem {
	t.Helper()
	p, err := c.Problem(rules, obj)
	require.NoError(t, err)
	return p
}

// checkPlay re-validates a result with the rules engine: every set valid,
// no table tile lost, the placed tiles came from the rack and are counted right.
func checkPlay(t testing.TB, name string, p solve.Problem, res solve.Result) {
	t.Helper()
	sr := p.Rules.SetRules()
	require.NoError(t, sr.ValidateTable(res.Table), "%s: %s", name, res.Table)
	ch := core.Diff(p.Table, res.Table)
	assert.Zero(t, ch.Missing.Len(), "%s: table tiles lost: %s", name, ch)
	placed := core.MultisetOf(res.Placed...)
	assert.Equal(t, placed.String(), ch.Added.String(), "%s: placed tiles", name)
	assert.True(t, p.Rack.Includes(&placed), "%s: placed %s not all from rack %s", name, placed.String(), p.Rack.String())
	assert.Equal(t, placed.Len(), res.Tiles, name)
	if !p.Opened || p.Locked {
		require.GreaterOrEqual(t, len(res.Table), len(p.Table), name)
		for i, s := range p.Table {
			assert.Equal(t, s.String(), res.Table[i].String(), "%s: set %d of a locked table changed", name, i+1)
		}
	}
	if !p.Opened && res.Tiles > 0 {
		v := 0
		for _, s := range res.Table[len(p.Table):] {
			info, err := sr.Validate(s)
			require.NoError(t, err)
			if p.Rules.Opening.JokerValue == core.Represented {
				v += info.Value
			} else {
				for _, x := range s {
					v += x.Number()
				}
			}
		}
		assert.GreaterOrEqual(t, v, p.Rules.Opening.Points, "%s: opening below the threshold", name)
		assert.Equal(t, v, res.Points, "%s: opening points", name)
	} else {
		assert.Equal(t, placed.Value(p.Rules.Joker.Penalty), res.Points, "%s: points", name)
	}
}

func TestSharedCases(t *testing.T) {
	t.Parallel()
	cases := loadCases(t, "testdata/solver-cases.jsonl")
	require.Len(t, cases, 70)
	rules := core.Original()
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			p := c.problem(t, rules, solve.Tiles)
			res, err := solve.Solve(context.Background(), p)
			require.NoError(t, err)
			assert.True(t, res.Optimal)
			assert.Equal(t, c.Tiles, res.Tiles, "tiles")
			checkPlay(t, c.ID, p, res)
			if c.Points != nil {
				p.Objective = solve.Points
				res, err := solve.Solve(context.Background(), p)
				require.NoError(t, err)
				assert.True(t, res.Optimal)
				assert.Equal(t, *c.Points, res.Points, "points")
				checkPlay(t, c.ID, p, res)
			}
		})
	}
}
