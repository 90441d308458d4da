package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// jokerSetsStay is a shortcut of freedJokers: where it says every joker
// set of the table stayed as it was, the full reading frees no joker
// either. Random tables of runs and groups holding jokers, each turned
// into random tables after that keep the joker sets (and shuffle, grow,
// split and spoil the rest), under several set shapes.
func TestJokerSetsStayFreeNone(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 2026))
	shapes := []SetShape{
		{MinRun: 3, MinGroup: 3},
		{MinRun: 3, MinGroup: 3, Wrap: WrapRound},
		{MinRun: 3, MinGroup: 3, Wrap: AceHigh},
		{MinRun: 2, MinGroup: 2},
	}
	stayed := 0
	for i := range 4000 {
		r := Original()
		r.Sets = shapes[i%len(shapes)]
		r.Tiles.Jokers = 4
		g := &Game{Rules: r}
		g.s.racks = []Multiset{{}}
		before := randomJokerTable(rng, r)
		after := before.Clone()
		rng.Shuffle(len(after), func(a, b int) { after[a], after[b] = after[b], after[a] })
		for k := range after {
			if containsTile(after[k], Joker) || rng.IntN(2) == 0 {
				continue
			}
			switch rng.IntN(3) {
			case 0: // grown by a tile, valid or not
				after[k] = append(after[k], NewTile(Color(rng.IntN(4)), 1+rng.IntN(13)))
			case 1: // split in two
				if n := len(after[k]); n > 1 {
					cut := 1 + rng.IntN(n-1)
					after = append(after, after[k][cut:])
					after[k] = after[k][:cut]
				}
			default: // reversed
				for a, b := 0, len(after[k])-1; a < b; a, b = a+1, b-1 {
					after[k][a], after[k][b] = after[k][b], after[k][a]
				}
			}
		}
		require.True(t, g.jokerSetsStay(before, after), "%s -> %s", before, after)
		stayed++
		jc := g.freedJokers(before, after, nil)
		require.Empty(t, jc.freed, "%s -> %s under %+v", before, after, r.Sets)
	}
	require.Equal(t, 4000, stayed)

	// and it says no where a joker set changed
	g := &Game{Rules: Original()}
	before := mustTable(t, "[r4 J r6] [k9 b9 o9]")
	require.False(t, g.jokerSetsStay(before, mustTable(t, "[r4 r5 r6] [k9 b9 o9 J]")))
	require.False(t, g.jokerSetsStay(before, mustTable(t, "[r4 J r6 r7] [k9 b9 o9]")), "grown: the joker may stand elsewhere")
	require.True(t, g.jokerSetsStay(before, mustTable(t, "[k9 b9 o9 r9] [r4 J r6]")))
	anyColors := Original()
	anyColors.Sets.GroupColors = AnyColors
	require.False(t, (&Game{Rules: anyColors}).jokerSetsStay(before, before), "colours may repeat: the full reading")
}

// randomJokerTable is a valid table of two to six sets under r, one or two
// of them holding a joker.
func randomJokerTable(rng *rand.Rand, r Rules) Table {
	sr := r.SetRules()
	var t Table
	jokers := 0
	for len(t) < 2+rng.IntN(5) {
		var set Set
		n := 1 + rng.IntN(11)
		if rng.IntN(2) == 0 { // a run
			c := Color(rng.IntN(4))
			for k := range max(r.Sets.MinRun, 3) + rng.IntN(3) {
				set = append(set, NewTile(c, (n+k-1)%13+1))
			}
		} else { // a group
			for _, c := range rng.Perm(4)[:max(r.Sets.MinGroup, 3)] {
				set = append(set, NewTile(Color(c), n))
			}
		}
		withJoker := jokers < 2 && rng.IntN(2) == 0
		if withJoker {
			set[rng.IntN(len(set))] = Joker
		}
		if sr.Valid(set) {
			t = append(t, set)
			if withJoker {
				jokers++
			}
		}
	}
	if jokers == 0 {
		return randomJokerTable(rng, r)
	}
	return t
}
