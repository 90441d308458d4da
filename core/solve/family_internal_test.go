package solve

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// legalSearch.bounded drops a restriction of a problem already solved to
// its best when that best does not beat the play in hand: sound only if
// every play of a family is one of each family said to hold it
// (family.holds). So on the turns of BenchmarkHintTail's games whose table
// holds a joker, each family's own problem, solved to its best, is never
// better than that of a family that holds it.
func TestFamilyHolds(t *testing.T) {
	t.Parallel()
	text, err := os.ReadFile("testdata/hint-tail.txt")
	require.NoError(t, err)
	fams := []family{famAll, famAddOnly, famGrow, famNewSets, famAddLoose, famGrowLoose, famJokersGrow}
	n, compared := 0, 0
	for line := range strings.Lines(string(text)) {
		f := strings.Split(strings.TrimSpace(line), " | ")
		if !strings.HasPrefix(f[0], "true") || !strings.Contains(f[1], "J") {
			continue
		}
		if n++; n > 200 || testing.Short() && n > 30 {
			break
		}
		table, err := core.ParseTable(f[1])
		require.NoError(t, err)
		rack, err := core.ParseTable(f[2])
		require.NoError(t, err)
		p := Problem{Rules: core.Original(), Table: table, Rack: core.MultisetOf(rack[0]...), Opened: true, MaxNodes: familyNodes}
		best := map[family]Result{}
		for _, fam := range fams {
			q := p
			fam.restrict(&q)
			res, err := printedTables.solve(context.Background(), q, false)
			require.NoError(t, err)
			if res.Optimal {
				best[fam] = res
			}
		}
		for _, f := range fams {
			for _, g := range fams {
				rf, okf := best[f]
				rg, okg := best[g]
				if f.holds(g) && f != g && okf && okg {
					compared++
					require.False(t, p.better(rg, rf), "%s: family %d holds %d, yet %d tiles %d points beat %d tiles %d points", line, f, g, rg.Tiles, rg.Points, rf.Tiles, rf.Points)
				}
			}
		}
	}
	t.Logf("%d turns, %d pairs of families compared", n-1, compared)
	require.Positive(t, compared)
}
