package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/internal/solvelab"
)

// In a plain position (core.Game.Plain) the legal search takes the whole
// problem's answer without asking the referee: it must be legal by
// construction. On the fresh corpora of the three printed boxes and on
// random boxes and rule combinations drawn from the schema, every answer
// the solver gives in a plain position is one the referee accepts, with
// the tiles placed as the referee counts them; and Legal there answers
// what the referee would have let it (the solver's answer, but where a
// joker swapped and kept does better).
func TestPlainAnswersAreLegal(t *testing.T) {
	t.Parallel()
	step := 4
	if testing.Short() {
		step = 20
	}
	var probs []solve.Problem
	for _, c := range solvelab.FreshCorpora(solvelab.FreshSeed) {
		for i, p := range c.Deal() {
			if i%step == 0 {
				probs = append(probs, p)
			}
		}
	}
	rng := rand.New(rand.NewPCG(41, 2026))
	for range 3000 / step {
		p := randomInstance(rng)
		for _, key := range append(playKeys, "opening.joker_value", "opening.points") {
			drawKey(rng, &p.Rules, key)
		}
		p.Rules.Deal.Tiles = 1 // the deal is replaced by the position
		probs = append(probs, p)
	}
	plain, notPlain := 0, 0
	for i, p := range probs {
		name := fmt.Sprintf("#%d %+v %+v joker %+v opened=%v table %s rack %s", i, p.Rules.Tiles, p.Rules.Sets,
			p.Rules.Joker, p.Opened, p.Table, p.Rack.String())
		n := max(p.Rules.Players.Min, 2)
		g, err := core.NewGame(p.Rules, make([]string, n), uint64(i))
		if err != nil {
			continue // rules no game is played with
		}
		if err := g.Setup(core.Position(n, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
			continue
		}
		p.Locked = g.Locked()
		if !g.Plain() {
			notPlain++
			continue
		}
		plain++
		res, err := solve.Solve(context.Background(), p)
		require.NoError(t, err, name)
		if res.Tiles == 0 {
			continue
		}
		v, err := g.Judge(res.Table)
		require.NoError(t, err, "%s\nanswer %s", name, res.Table)
		placed := core.MultisetOf(res.Placed...)
		assert.Equal(t, v.Placed, placed.Tiles(), name)
		assert.Zero(t, v.Kept, name)

		if p.Rules.Joker.Keep {
			continue // a joker swapped and kept may do better (Legal's swaps, judged)
		}
		legal, err := solve.Legal(context.Background(), p, g, solve.Limits{})
		require.NoError(t, err, name)
		assert.Equal(t, res.Table.String(), legal.Table.String(), name)
		assert.Equal(t, v.Placed, legal.Placed, name)
		assert.Zero(t, legal.Refused, name)
	}
	t.Logf("%d plain positions, %d not", plain, notPlain)
	assert.Greater(t, plain, notPlain, "most positions are plain")
	assert.Positive(t, notPlain, "some are not: the initial meld, the lock, the jokers' rules")
}

// Plain says what the referee asks beyond valid sets, rack tiles placed
// and the table's tiles kept: nothing only where nothing more can refuse.
func TestPlain(t *testing.T) {
	t.Parallel()
	fromRack := core.Original()
	fromRack.Joker.ReplaceFrom = core.FromRack
	locked := core.Original()
	locked.Opening.FirstRoundLocked = true
	kids := core.Original()
	kids.Table.Manipulation = core.AddOnly
	takeFirst := core.Original()
	takeFirst.Joker.TakeBeforeOpening = true
	tests := []struct {
		name   string
		rules  core.Rules
		table  string
		opened bool
		locked bool // the position in the first round, the lock on
		want   bool
	}{
		{name: "opened, the printed rules", rules: core.Original(), table: "[r3 r4 J] [k7 b7 o7]", opened: true, want: true},
		{name: "the initial meld to make", rules: core.Original(), table: "[r3 r4 J]", opened: false, want: true},
		{name: "the initial meld, a joker to take first", rules: takeFirst, table: "[r3 r4 J]", opened: false, want: false},
		{name: "a joker whose replacement must come from the rack", rules: fromRack, table: "[r3 r4 J]", opened: true, want: false},
		{name: "no joker on the table: the source cannot refuse", rules: fromRack, table: "[r3 r4 r5]", opened: true, want: true},
		{name: "the first round's lock", rules: locked, table: "[r3 r4 r5]", opened: true, locked: true, want: false},
		{name: "add_only", rules: kids, table: "[r3 r4 r5]", opened: true, want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGame(tc.rules, []string{"ana", "ben"}, 1)
			require.NoError(t, err)
			s := core.Position(2, coretest.Table(tc.table), coretest.Tiles("k1 k2 b12"), tc.opened, tc.locked)
			require.NoError(t, g.Setup(s))
			assert.Equal(t, tc.want, g.Plain())
		})
	}
}

// Vouches holds for the game's own table under its set rules, where no
// house shape nor check_set hook could have let a set on that those rules
// refuse; and Legal, vouched for, still refuses a table not the game's.
func TestVouches(t *testing.T) {
	t.Parallel()
	pairs := core.Original()
	pairs.Sets.Pairs = true
	wrap := core.Original()
	wrap.Sets.Wrap = core.WrapRound
	const table = "[r3 r4 J] [k7 b7 o7]"
	tests := []struct {
		name  string
		rules core.Rules
		hooks core.Hooks
		asked string     // the table asked about
		sr    core.Rules // the rules whose set rules are asked about
		want  bool
	}{
		{name: "its table, its set rules", rules: core.Original(), asked: table, sr: core.Original(), want: true},
		{name: "another table", rules: core.Original(), asked: "[r3 r4 J] [k7 b7]", sr: core.Original(), want: false},
		{name: "its sets in another order", rules: core.Original(), asked: "[k7 b7 o7] [r3 r4 J]", sr: core.Original(), want: false},
		{name: "a tile changed", rules: core.Original(), asked: "[r3 r4 r5] [k7 b7 o7]", sr: core.Original(), want: false},
		{name: "other set rules", rules: core.Original(), asked: table, sr: wrap, want: false},
		{name: "pairs: a set the set rules refuse may be on", rules: pairs, asked: table, sr: pairs, want: false},
		{name: "a check_set hook", rules: core.Original(), hooks: setChecker{coretest.Veto(func(*core.View, core.Table, []core.Tile) (bool, string) { return true, "" })}, asked: table, sr: core.Original(), want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGameWithHooks(tc.rules, tc.hooks, []string{"ana", "ben"}, 1)
			require.NoError(t, err)
			require.NoError(t, g.Setup(core.Position(2, coretest.Table(table), coretest.Tiles("k1 k2 b12"), true, false)))
			assert.Equal(t, tc.want, g.Vouches(coretest.Table(tc.asked), tc.sr.SetRules()))
		})
	}
	g, err := core.NewGame(core.Original(), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Position(2, coretest.Table(table), coretest.Tiles("k1 k2 b12"), true, false)))
	p := solve.Problem{Rules: core.Original(), Table: coretest.Table("[r3 r4] [k7 b7 o7]"), Rack: coretest.Rack("k1 k2 b12"), Opened: true}
	_, err = solve.Legal(context.Background(), p, g, solve.Limits{})
	require.ErrorIs(t, err, solve.ErrBadProblem, "a table the game does not hold is checked")
}

// setChecker is a variant's hooks with a check_set hook that accepts no
// set of its own.
type setChecker struct{ coretest.Veto }

func (setChecker) CheckSet(*core.View, core.Set) (int, bool, error) { return 0, false, nil }
