// Package bots holds the computer players: Go bots registered by name
// (random, greedy, points, patient) and, through a factory that package
// scripts registers, Lua bots named by path.
//
// A bot never sees the game itself: Turn hands it the view of its own seat
// (core.View), which holds its rack, the table, and only the counts of the
// other racks and of the pool, never their tiles or the pool's order. Every
// bot's randomness comes from the seed it was made with, so a game between
// bots is reproducible from its seeds.
package bots

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/core"
)

// Action is what a bot decides for its turn: Draw, or the whole table after
// its play (the engine works out which rack tiles it placed).
type Action struct {
	Draw  bool
	Table core.Table
}

// Bot is a computer player. Act gets the rules and the bot's own view (its
// Seat is the bot's seat) and returns its action; an error, or not
// answering before ctx's deadline, costs the turn (see Turn).
//
// A Bot may keep state between turns (a generator, say) and is used by one
// game at a time: it need not be safe for concurrent use.
type Bot interface {
	Name() string
	Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error)
}

var (
	mu       sync.RWMutex
	makers   = map[string]func(seed uint64) Bot{}
	luaMaker func(path string, seed uint64) (Bot, error)
)

// Register makes a Go bot available to New under name. It panics on an
// empty name, a nil maker, or a name already taken (a programming error, as
// with flag and database/sql).
func Register(name string, make func(seed uint64) Bot) {
	if name == "" || make == nil {
		panic("bots: Register needs a name and a maker")
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := makers[name]; dup {
		panic("bots: Register called twice for " + name)
	}
	makers[name] = make
}

// RegisterFactory sets the maker of Lua bots, which New calls for a spec that
// is a path to a .lua file. Package scripts calls it in its init; the last
// call wins.
func RegisterFactory(f func(path string, seed uint64) (Bot, error)) {
	mu.Lock()
	defer mu.Unlock()
	luaMaker = f
}

// Names lists the registered Go bots, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(makers))
	for n := range makers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// New makes the bot spec names, seeded with seed: a registered Go bot
// ("random", "greedy", "points", "patient") or the path to a Lua bot
// ("scripts/bots/cautious.lua"), which the factory of package scripts makes.
func New(spec string, seed uint64) (Bot, error) {
	mu.RLock()
	make, ok := makers[spec]
	lua := luaMaker
	mu.RUnlock()
	switch {
	case ok:
		return make(seed), nil
	case isLuaPath(spec) && lua == nil:
		return nil, fmt.Errorf("bots: %q is a Lua bot, but no Lua factory is registered (package scripts registers it)", spec)
	case isLuaPath(spec):
		b, err := lua(spec, seed)
		if err != nil {
			return nil, fmt.Errorf("bots: %s: %w", spec, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("bots: unknown bot %q; the bots are %s, or the path to a .lua file",
		spec, strings.Join(Names(), ", "))
}

// isLuaPath reports whether spec names a Lua file rather than a Go bot.
func isLuaPath(spec string) bool {
	return strings.HasSuffix(spec, ".lua") || strings.ContainsAny(spec, `/\`)
}
