package solve

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
)

// The prices lower the root bound of the slowest known problems, never below
// their proven optimum: on these the plain bound says every rack tile goes
// down; priced (after the first pricing and a few sharpenings, as a long
// search gets them) it says what is true.
func TestPricesTightenTheRootBound(t *testing.T) {
	f, err := os.Open("testdata/solver-hard.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct {
			ID      string     `json:"id"`
			Variant string     `json:"variant"`
			Table   [][]string `json:"table"`
			Rack    []string   `json:"rack"`
			Tiles   int        `json:"tiles"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		rules := core.Original()
		if c.Variant == "xp" {
			rules.Tiles = core.XPTiles
		}
		var table core.Table
		for _, set := range c.Table {
			s, err := rules.Tiles.ParseSet(strings.Join(set, " "))
			require.NoError(t, err)
			table = append(table, s)
		}
		rack, err := rules.Tiles.ParseTiles(strings.Join(c.Rack, " "))
		require.NoError(t, err)
		p := Problem{Rules: rules, Table: table, Rack: core.MultisetOf(rack...), Opened: true}
		s, err := newSolver(context.Background(), &p, false)
		require.NoError(t, err)
		tiles := func() int { return int((s.bound(&node{n: 1}) - s.offset) / s.big) }
		plain := tiles()
		s.dive(s.offset + 1) // as topDown: the dive's play is what the bound need not go below
		require.True(t, s.stopped, "%s: the dive ends the search", c.ID)
		s.stopped = false
		s.splitJokers()
		s.tighten(max(s.offset, s.incVal), lagFirst, lagGiveUp)
		for range 10 { // and sharpened, as a long search does
			if tiles() < plain {
				break
			}
			s.tighten(max(s.offset, s.incVal), lagMore, 0)
		}
		priced := tiles()
		s.release()
		assert.Equal(t, len(c.Rack), plain, "%s: the plain bound places every rack tile", c.ID)
		assert.Less(t, priced, plain, "%s: the prices lower the bound", c.ID)
		assert.GreaterOrEqual(t, priced, c.Tiles, "%s: never below the optimum", c.ID)
	}
	require.NoError(t, sc.Err())
}
