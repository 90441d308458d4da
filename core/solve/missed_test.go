package solve_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// childrensHook is the children's rule as the house wrote it: a
// check_play that refuses any play in which a set on the table does not
// survive whole inside a set of the play.
var childrensHook = coretest.Veto(func(v *core.View, after core.Table, _ []core.Tile) (bool, string) {
	for _, b := range v.Table {
		whole := false
		for _, a := range after {
			if lies(b, a) {
				whole = true
				break
			}
		}
		if !whole {
			return false, "house rule: add to the sets on the table, never split or rearrange them"
		}
	}
	return true, ""
})

// missedGames plays games of four where every seat plays its hint
// (solve.Legal, asking the game) or draws, and counts the draws by an
// opened player while a one-tile addition to a table set was legal.
func missedGames(t *testing.T, rules core.Rules, hooks core.Hooks, games int) (draws, missed, hints, checks int) {
	t.Helper()
	for seed := range games {
		g, err := core.NewGameWithHooks(rules, hooks, []string{"a", "b", "c", "d"}, uint64(seed+1))
		require.NoError(t, err)
		for turn := 0; !g.RoundOver() && turn < 2000; turn++ {
			cur := g.Current()
			p := hintProblem(g)
			ref := &counted{Referee: g}
			res, err := solve.Legal(context.Background(), p, ref, solve.Limits{})
			require.NoError(t, err)
			hints++
			checks += ref.n
			if res.Tiles > 0 {
				require.NoError(t, g.Play(res.Table))
				continue
			}
			if g.Opened(cur) {
				draws++
				if oneTileAddition(g, p) {
					missed++
				}
			}
			_, err = g.Draw()
			require.NoError(t, err)
			if g.DrawnTile() != core.NoTile {
				require.NoError(t, g.EndTurn())
			}
		}
	}
	return draws, missed, hints, checks
}

// oneTileAddition reports whether the referee accepts a rack tile added to
// either end of a set on the table.
func oneTileAddition(g *core.Game, p solve.Problem) bool {
	for _, x := range p.Rack.Tiles() {
		for i, s := range p.Table {
			for _, grown := range []core.Set{append(core.Set{x}, s...), append(slices.Clone(s), x)} {
				t := p.Table.Clone()
				t[i] = grown
				if _, err := g.Check(t); err == nil {
					return true
				}
			}
		}
	}
	return false
}

// The measure: under the children's rule, as a hook and as the key
// table.manipulation: add_only, no opened player whose every turn is the
// hint draws while a one-tile addition is legal (under main, as a hook:
// 317 of 444 draws). Under house/joker-grows and the original rules too.
func TestNoMissedAdditions(t *testing.T) {
	t.Parallel()
	games := 10
	if testing.Short() {
		games = 3
	}
	for _, tc := range restrictingRules() {
		t.Run(tc.name, func(t *testing.T) {
			draws, missed, hints, checks := missedGames(t, tc.rules, tc.hooks, games)
			t.Logf("%s: %d games of 4, %d hints, %d referee checks (%.2f a hint); %d draws by opened players, %d with a legal one-tile addition",
				tc.name, games, hints, checks, float64(checks)/float64(hints), draws, missed)
			assert.Zero(t, missed)
			assert.Positive(t, draws, "the games must reach draws by opened players")
		})
	}
}

// restrictingRules are the rules TestNoMissedAdditions and
// BenchmarkHintRestricting play under: the children's rule as a hook and as
// the key, house/joker-grows's hook, and the original rules.
func restrictingRules() []struct {
	name, short string
	rules       core.Rules
	hooks       core.Hooks
} {
	kids := core.Original()
	kids.Name = "house/kids"
	kids.Table.Manipulation = core.AddOnly
	return []struct {
		name, short string
		rules       core.Rules
		hooks       core.Hooks
	}{
		{"the children's rule as a hook", "kids-hook", core.Original(), childrensHook},
		{"table.manipulation: add_only", "kids-key", kids, nil},
		{"a set with a joker may only grow (house/joker-grows)", "joker-grows", core.Original(), coretest.Veto(coretest.JokerSetsOnlyGrow)},
		{"original", "original", core.Original(), nil},
	}
}

// BenchmarkHintRestricting is the cost of a hint (solve.Legal with the
// default limits, asking the game) under the restricting rules of
// TestNoMissedAdditions, over the positions of three games of four where
// every seat plays its hint or draws: go test ./core/solve -run '^$'
// -bench HintRestricting.
func BenchmarkHintRestricting(b *testing.B) {
	for _, tc := range restrictingRules() {
		// the positions: each turn's game, as the seat to play sees it
		var games []*core.Game
		for seed := range 3 {
			g, err := core.NewGameWithHooks(tc.rules, tc.hooks, []string{"a", "b", "c", "d"}, uint64(seed+1))
			require.NoError(b, err)
			for turn := 0; !g.RoundOver() && turn < 2000; turn++ {
				games = append(games, g.Clone())
				res, err := solve.Legal(context.Background(), hintProblem(g), g, solve.Limits{})
				require.NoError(b, err)
				if res.Tiles > 0 {
					require.NoError(b, g.Play(res.Table))
					continue
				}
				_, err = g.Draw()
				require.NoError(b, err)
				if g.DrawnTile() != core.NoTile {
					require.NoError(b, g.EndTurn())
				}
			}
		}
		b.Run(tc.short, func(b *testing.B) {
			b.ReportAllocs()
			checks, hints := 0, 0
			for b.Loop() {
				for _, g := range games {
					ref := &counted{Referee: g}
					if _, err := solve.Legal(context.Background(), hintProblem(g), ref, solve.Limits{}); err != nil {
						b.Fatal(err)
					}
					checks += ref.n
					hints++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(hints), "ns/hint")
			b.ReportMetric(float64(checks)/float64(hints), "checks/hint")
		})
	}
}

// hintProblem is the problem of the seat to play in g, as a hint asks it.
func hintProblem(g *core.Game) solve.Problem {
	cur := g.Current()
	return solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(cur), Opened: g.Opened(cur),
		Locked: g.Locked(), MaxNodes: 200000}
}

// end_of_pool.play: no_pass, the tournament reading: with the pool empty a
// player who can place a tile may not pass (the legal search, registered
// as the referee's play finder, says whether one can); one who cannot
// passes, and the round ends when every player in a row has passed.
func TestNoPass(t *testing.T) {
	t.Parallel()
	r := core.Original()
	r.Name = "tournament"
	core.LookupRuleKey("end_of_pool.play").Set(&r, "no_pass")
	g, err := core.NewGame(r, []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r6 k1"), coretest.Tiles("b1 o13")},
		Table: coretest.Table("[r3 r4 r5]"), Opened: []bool{true, true}, Pool: 0, Turn: 8}))
	_, err = g.Draw()
	require.ErrorIs(t, err, core.ErrNoPass)
	assert.Equal(t, "the pool is empty and you can place a tile; the tournament rules allow no pass then: play a tile", err.Error())
	require.NoError(t, g.Play(coretest.Table("[r3 r4 r5 r6]")))
	_, err = g.Draw() // ben can place nothing: he passes
	require.NoError(t, err)
	_, err = g.Draw() // ana can place nothing now
	require.NoError(t, err)
	assert.True(t, g.RoundOver(), "every player in a row passed")
}
