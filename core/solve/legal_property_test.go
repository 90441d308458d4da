package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// playKeys are the rule keys that constrain a play beyond the set shapes
// and the box (which randomInstance draws): each is drawn from its
// declaration in the one rule schema (core.RuleKeys), so a key added there
// with words or a range is drawn here too.
var playKeys = []string{"joker.keep", "joker.replace_from", "joker.take_before_opening",
	"opening.first_round_locked", "opening.lock_ends"}

// drawKey sets key to a value its declaration allows.
func drawKey(rng *rand.Rand, r *core.Rules, path string) {
	k := core.LookupRuleKey(path)
	switch k.Type {
	case core.BoolKey:
		k.Set(r, rng.IntN(2) == 0)
	case core.WordKey:
		k.Set(r, k.Words[rng.IntN(len(k.Words))])
	case core.WordListKey:
		var words []string
		for len(words) == 0 { // a joker's replacement comes from somewhere
			for _, w := range k.Words {
				if rng.IntN(2) == 0 {
					words = append(words, w)
				}
			}
		}
		k.Set(r, words)
	case core.IntKey:
		k.Set(r, k.Min+rng.IntN(k.Max-k.Min+1))
	default:
		panic("drawKey: no drawing for " + path)
	}
}

// The players know the rules: under rule combinations drawn from the
// schema, on positions from the generator, with and without a check_play
// hook, every answer of solve.Legal is a play the referee accepts (and
// Game.Play carries out); an answer said to be optimal is as good as the
// best play of the unrestricted problem, found by brute force; and when
// the unrestricted best play is itself allowed, Legal finds one as good.
func TestLegalProperty(t *testing.T) {
	t.Parallel()
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(21, 2026))
	hooks := []struct {
		name string
		veto coretest.Veto
	}{
		{"no hook", nil},
		{"a set with a joker may only grow", coretest.JokerSetsOnlyGrow},
		{"no joker in a new set", func(v *core.View, after core.Table, _ []core.Tile) (bool, string) {
			old := map[string]int{}
			for _, s := range v.Table {
				old[core.MultisetOf(s...).String()]++
			}
			for _, s := range after {
				m := core.MultisetOf(s...)
				if k := m.String(); old[k] > 0 {
					old[k]--
				} else if m.Jokers() > 0 && len(s) == 3 {
					return false, "a joker may only join a set of four or more"
				}
			}
			return true, ""
		}},
	}
	played, optimal, refused, skipped := 0, 0, 0, 0
	for i := range n {
		p := randomInstance(rng)
		for _, key := range playKeys {
			drawKey(rng, &p.Rules, key)
		}
		p.Rules.Deal.Tiles = 1 // the deal is replaced by the position
		h := hooks[rng.IntN(len(hooks))]
		name := fmt.Sprintf("#%d %s %+v %+v joker %+v opening %+v opened=%v %v table %s rack %s", i, h.name,
			p.Rules.Tiles, p.Rules.Sets, p.Rules.Joker, p.Rules.Opening, p.Opened, p.Objective, p.Table, p.Rack.String())
		var hk core.Hooks
		if h.veto != nil {
			hk = h.veto
		}
		g, err := core.NewGameWithHooks(p.Rules, hk, []string{"ana", "ben"}, uint64(i))
		if err != nil {
			skipped++ // rules no game is played with (runs of 1, groups in one colour)
			continue
		}
		if err := g.Setup(core.Position(2, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
			skipped++
			continue
		}
		p.Locked = g.Locked() // the referee's lock, as the bots see it
		res, err := solve.Legal(context.Background(), p, g, solve.Limits{})
		require.NoError(t, err, name)
		refused += res.Refused
		if !refereeAccepts(t, name, p, g, res) {
			continue
		}
		c := g.Clone()
		require.NoError(t, c.Play(res.Table), name)
		played++

		plain, err := solve.Solve(context.Background(), p)
		require.NoError(t, err, name)
		value := func(tiles, points int) [2]int {
			if p.Objective == solve.Points {
				return [2]int{points, tiles}
			}
			return [2]int{tiles, points}
		}
		got, top := value(res.Tiles-res.Kept, res.Points), value(plain.Tiles, plain.Points)
		if res.Optimal && res.Kept == 0 && !p.Rules.Joker.TakeBeforeOpening {
			optimal++
			have := p.Table.Tiles()
			have.AddAll(&p.Rack)
			if !(p.Rules.Sets.Wrap != core.NoWrap && !p.Opened) { // see TestBruteForce
				want := newBrute(p.Rules, have).solve(p)
				assert.Equal(t, value(want.tiles, want.points), got, "optimal, so the best of all: %s", name)
			}
		}
		if _, err := g.Check(plain.Table); err == nil && plain.Tiles > 0 {
			assert.False(t, less(got, top), "the unrestricted best %s is allowed, yet Legal answered %s: %s",
				plain.Table, res.Table, name)
		}
	}
	t.Logf("%d of %d positions: %d answers played, %d proven optimal, %d plays refused on the way",
		n-skipped, n, played, optimal, refused)
	assert.Greater(t, played, (n-skipped)/2, "the generator must reach plays")
	assert.Positive(t, refused, "the rules and hooks drawn must refuse some plays")
}

func less(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }

// Cut short, the same holds: under rule combinations drawn from the schema,
// with a budget of a few states or a deadline already past (the plays in
// hand judged, the greedy and rearranging passes among them), every answer
// of solve.Legal is a play the referee accepts, its placed tiles and kept
// jokers as the referee counts them, marked cut short.
func TestLegalPropertyCutShort(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(27, 2026))
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	played, checked := 0, 0
	for i := range n {
		p := randomInstance(rng)
		for _, key := range playKeys {
			drawKey(rng, &p.Rules, key)
		}
		p.Rules.Deal.Tiles = 1
		veto := coretest.Veto(nil)
		if rng.IntN(2) == 0 {
			veto = coretest.JokerSetsOnlyGrow
		}
		var hk core.Hooks
		if veto != nil {
			hk = veto
		}
		g, err := core.NewGameWithHooks(p.Rules, hk, []string{"ana", "ben"}, uint64(i))
		if err != nil {
			continue
		}
		if err := g.Setup(core.Position(2, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
			continue
		}
		p.Locked = g.Locked()
		ctx := context.Background()
		if rng.IntN(2) == 0 {
			ctx = past
		} else {
			p.MaxNodes = 1 + rng.IntN(50)
		}
		name := fmt.Sprintf("#%d %+v %+v joker %+v opened=%v %v table %s rack %s budget %d", i,
			p.Rules.Tiles, p.Rules.Sets, p.Rules.Joker, p.Opened, p.Objective, p.Table, p.Rack.String(), p.MaxNodes)
		res, err := solve.Legal(ctx, p, g, solve.Limits{})
		require.NoError(t, err, name)
		checked++
		if !refereeAccepts(t, name, p, g, res) {
			continue
		}
		if ctx == past {
			assert.True(t, res.CutShort, name)
		}
		played++
	}
	t.Logf("%d positions, %d answers played", checked, played)
	assert.Greater(t, played, checked/3, "the budgets must still reach plays")
}

// refereeAccepts checks an answer of solve.Legal: no play (the table as it
// was), or a play the referee accepts, its tiles placed and jokers kept as
// the referee counts them; it reports whether the answer is a play.
func refereeAccepts(t testing.TB, name string, p solve.Problem, g *core.Game, res solve.Result) bool {
	t.Helper()
	if res.Tiles == 0 {
		assert.Equal(t, p.Table.String(), res.Table.String(), name)
		return false
	}
	rec, err := g.Check(res.Table)
	require.NoError(t, err, "%s\nanswer %s", name, res.Table)
	assert.Equal(t, res.Placed, rec.Placed, name)
	assert.Equal(t, res.Kept, rec.Kept, name)
	return true
}
