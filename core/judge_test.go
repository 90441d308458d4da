package core_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// Judge is Check without the record: on every play, accepted or refused,
// under rules that free and keep jokers, restrict the table and veto by a
// hook, it gives Check's verdict (the same error, the same tiles placed
// and jokers kept) and changes nothing.
func TestJudgeAgreesWithCheck(t *testing.T) {
	t.Parallel()
	keep := core.Original()
	keep.Joker.Keep = true
	kids := core.Original()
	kids.Table.Manipulation = core.AddOnly
	rules := []struct {
		name  string
		rules core.Rules
		hooks core.Hooks
	}{
		{"original", core.Original(), nil},
		{"joker.keep", keep, nil},
		{"add_only", kids, nil},
		{"a set with a joker only grows", core.Original(), coretest.Veto(coretest.JokerSetsOnlyGrow)},
	}
	accepted, refused := 0, 0
	for _, rc := range rules {
		for seed := range uint64(4) {
			g, err := core.NewGameWithHooks(rc.rules, rc.hooks, []string{"ana", "ben", "cai"}, seed+1)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(seed, 7))
			for turn := 0; turn < 120 && !g.RoundOver(); turn++ {
				before, err := g.MarshalSave(nil)
				require.NoError(t, err)
				// the solver's best play by the rules it knows (which the
				// joker rules, add_only and the hook may refuse), then random ones
				cur := g.Current()
				best, err := solve.Solve(context.Background(), solve.Problem{Rules: g.Rules, Table: g.Table(),
					Rack: g.Rack(cur), Opened: g.Opened(cur), Locked: g.Locked(), MaxNodes: 20000})
				require.NoError(t, err)
				for i := range 12 {
					after := best.Table
					if i > 0 {
						after = proposal(rng, g.Table(), g.Rack(cur).Tiles())
					}
					rec, cerr := g.Check(after)
					v, jerr := g.Judge(after)
					if cerr != nil {
						require.Error(t, jerr, "%s: Check refused %s and Judge accepted it", rc.name, after)
						assert.Equal(t, cerr.Error(), jerr.Error(), rc.name)
						refused++
						continue
					}
					require.NoError(t, jerr, "%s: Check accepted %s", rc.name, after)
					assert.Equal(t, rec.Placed, v.Placed, rc.name)
					assert.Equal(t, rec.Kept, v.Kept, rc.name)
					accepted++
				}
				now, err := g.MarshalSave(nil)
				require.NoError(t, err)
				require.Equal(t, string(before), string(now), "judging changes nothing")
				// the game goes on: a proposal the referee takes, or a draw
				played := best.Tiles > 0 && g.Play(best.Table) == nil
				for i := 0; i < 40 && !played; i++ {
					after := proposal(rng, g.Table(), g.Rack(g.Current()).Tiles())
					if g.Play(after) == nil {
						played = true
						break
					}
				}
				if !played {
					_, err := g.Draw()
					require.NoError(t, err)
					if g.DrawnTile() != core.NoTile {
						require.NoError(t, g.EndTurn())
					}
				}
			}
		}
	}
	t.Logf("%d plays accepted, %d refused", accepted, refused)
	assert.Positive(t, accepted)
	assert.Positive(t, refused)
}

// proposal is a random play: some rack tiles added to the table's sets or
// laid as a set of their own, and sometimes a table tile (a joker, often)
// moved to another set. Most are refused; some are good plays.
func proposal(rng *rand.Rand, table core.Table, rack []core.Tile) core.Table {
	after := table.Clone()
	if len(rack) == 0 {
		return after
	}
	rng.Shuffle(len(rack), func(i, j int) { rack[i], rack[j] = rack[j], rack[i] })
	k := 1 + rng.IntN(min(3, len(rack)))
	if rng.IntN(3) == 0 && len(rack) >= 3 {
		after = append(after, core.Set(rack[:3:3])) // a new set of three
		k = 3
	} else {
		for _, t := range rack[:k] {
			if len(after) == 0 || rng.IntN(4) == 0 {
				after = append(after, core.Set{t})
				continue
			}
			i := rng.IntN(len(after))
			at := rng.IntN(len(after[i]) + 1)
			after[i] = append(after[i][:at], append(core.Set{t}, after[i][at:]...)...)
		}
	}
	if len(after) > 1 && rng.IntN(3) == 0 { // a tile moves from one set to another
		i, j := rng.IntN(len(after)), rng.IntN(len(after))
		if i != j && len(after[i]) > 0 {
			x := rng.IntN(len(after[i]))
			t := after[i][x]
			after[i] = append(after[i][:x:x], after[i][x+1:]...)
			after[j] = append(after[j], t)
		}
	}
	out := after[:0]
	for _, s := range after {
		if len(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}
