package sim

import (
	"context"
	"io"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// hookFactory is a game factory whose hooks, for rules that name some, come
// from a function of the game's seed, for tests.
type hookFactory func(seed uint64) (core.Hooks, error)

func (f hookFactory) NewGame(rules core.Rules, players []string, seed uint64, _ io.Writer) (*core.Game, error) {
	if rules.Hooks == "" {
		return core.NewGame(rules, players, seed)
	}
	h, err := f(seed)
	if err != nil {
		return nil, err
	}
	return core.NewGameWithHooks(rules, h, players, seed)
}

// closingHooks count how often each game's hooks are closed.
type closingHooks struct {
	quiet
	closed *atomic.Int64
}

func (h closingHooks) Close() error { h.closed.Add(1); return nil }

// The lab takes its games from the factory and closes each once, through
// the game that owns its hooks, on every worker.
func TestEachGamesHooksClosedOnce(t *testing.T) {
	var made, closed atomic.Int64
	c := quick(8)
	c.Workers = 3
	hooked := fifty()
	hooked.Hooks = "house/counted.lua"
	c.Variants[1].Rules = hooked
	c.Factory = hookFactory(func(uint64) (core.Hooks, error) {
		made.Add(1)
		return closingHooks{closed: &closed}, nil
	})
	_, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, int64(8), made.Load(), "one set of hooks a game of the hooked variant")
	assert.Equal(t, made.Load(), closed.Load(), "each closed once")
}

// emptyRounds are hooks that score every round 0 for everybody (Okey's
// empty round): nobody wins it.
type emptyRounds struct{ quiet }

func (emptyRounds) ScoreRound(_ *core.View, s []int) ([]int, bool, error) {
	return make([]int, len(s)), true, nil
}

// A round a score hook leaves with nobody ahead counts as won by nobody:
// no seat's win, no winner's score; the statistics still add up.
func TestRoundsWonByNobody(t *testing.T) {
	c := quick(6)
	hooked := fifty()
	hooked.Hooks = "house/empty.lua"
	c.Variants[1].Rules = hooked
	c.Factory = hookFactory(func(uint64) (core.Hooks, error) { return emptyRounds{}, nil })
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	require.NoError(t, res.Validate())
	v := res.Variants[1]
	assert.Equal(t, v.Finished, v.NoWinner, "every finished round won by nobody")
	assert.Positive(t, v.Finished)
	for _, w := range v.WinsBySeat {
		assert.Zero(t, w)
	}
	assert.Zero(t, v.WinnerSum)
	assert.Zero(t, res.Variants[0].NoWinner, "the plain variant's rounds are won")
}

// The report warns when a rule's mechanism never came into play, and says
// how to make it happen: no joker kept under joker.keep, the pool never
// empty under an end-of-pool rule, no timeout under a chess clock.
func TestMechanismNeverHappened(t *testing.T) {
	keep := core.Original()
	keep.Name = "house/keep"
	keep.Joker.Keep = true
	pool := core.Original()
	pool.Name = "house/must-place"
	pool.EndOfPool.Play = core.MustPlace
	clock := core.Original()
	clock.Name = "house/chess-clock"
	clock.TimeLimit = core.TimeLimit{Mode: core.Fischer, Bank: 600, Increment: 10, PenaltyTiles: 1}
	c := quick(2)
	c.Bots = []string{"random"}
	c.Players = 2
	c.Variants = []Variant{{Name: "house/keep", Rules: keep}, {Name: "house/must-place", Rules: pool}, {Name: "house/chess-clock", Rules: clock}}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	for i := range res.Variants { // as if nothing had happened
		res.Variants[i].JokersKept, res.Variants[i].PoolEmpty, res.Variants[i].Timeouts = 0, 0, 0
	}
	assert.Equal(t, map[string][]string{"house/keep": {"keep"}, "house/must-place": {"pool"}, "house/chess-clock": {"clock"}}, res.Setup.Mechanisms)
	w := res.Report().Warnings
	assert.Contains(t, w, "house/keep: no joker was kept in these 2 games, so joker.keep never came into play: "+
		"play more games, or seat bots that keep a freed joker (greedy, intermediate, planner)")
	assert.Contains(t, w, "house/must-place: the pool never ran out in these 2 games, so its end-of-pool rule never came into play: "+
		"play with fewer players than 2, another deal, or more games")
	assert.Contains(t, w, "house/chess-clock: no turn ran out of time in these 2 games, so its clock rule never came into play: "+
		"model timeouts with --timeout-rate (as 0.05)")
}
