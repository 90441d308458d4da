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
