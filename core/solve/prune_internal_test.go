package solve

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// A rack tile that fits no set, even with every other tile and joker at
// hand, is dropped before the search (pruneDead); the others stay.
func TestPruneDead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		table, rack string
		dropped     string
	}{
		{"", "r1 k7 b12", "r1 k7 b12"},
		{"", "r1 r2 r3 k9", "k9"},
		{"", "r5 k5 b5 o9", "o9"},
		{"", "r5 k5", "k5 r5"},                   // a group needs three
		{"", "r1 r3 J", ""},                      // r1 J r3
		{"", "r1 r4 J", "r1 r4"},                 // two gaps, one joker
		{"[k4 k5 k6]", "k7 r11", "r11"},          // k4-k7 on the table's run
		{"[k4 k5 k6]", "k9 b9", "k9 b9"},         // no third colour at 9
		{"[r9 k9 b9]", "o9 o11", "o11"},          // o9 joins the table's group
		{"", "r12 r13 J", ""},                    // r12 r13 J: the run ends at 13
		{"", "r12 r13 r1", "r1 r12 r13"},         // no wrap in the original rules
		{"", "o2 o3 o4 o6 o7 o9 k9 b9", "o6 o7"}, // o6 o7 lack o5 or o8
	} {
		p := Problem{Rules: core.Original(), Table: coretest.Table(tc.table), Rack: coretest.Rack(tc.rack), Opened: true}
		s, err := printedTables.newSolver(context.Background(), &p, false)
		require.NoError(t, err, tc.rack)
		var dropped []string
		for n := 1; n <= s.N; n++ {
			for c := range s.C {
				tile := core.NewTile(core.Color(c), s.face(n))
				if p.Rack.Count(tile) > 0 && s.avail[n][c] == s.must[n][c] {
					dropped = append(dropped, tile.String())
				}
			}
		}
		s.release()
		assert.Equal(t, tc.dropped, strings.Join(dropped, " "), "table %q, rack %q", tc.table, tc.rack)
	}
}
