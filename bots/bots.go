// Package bots holds the computer players: Go bots by name (random, greedy,
// points, patient) and, through the Lua maker a program plugs into its
// Registry, Lua bots named by path.
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

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/suggest"
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

// Registry makes bots from their specs: a Go bot by name, or a Lua bot by
// the path to its file, through the Lua maker the program plugs in
// (cmd/meldlab plugs in package scripts's NewBot). Nothing registers itself:
// the program builds the registry it hands to the REPL and the lab.
type Registry struct {
	makers map[string]func(seed uint64) Bot
	lua    func(path string, seed uint64) (Bot, error)
}

// NewRegistry is a registry of the Go bots (random, greedy, points,
// patient, beginner, intermediate, planner) and no Lua bots until SetLua.
func NewRegistry() *Registry {
	r := &Registry{makers: map[string]func(seed uint64) Bot{}}
	r.Register("random", func(seed uint64) Bot { return NewRandom(seed) })
	r.Register("greedy", func(uint64) Bot { return NewGreedy() })
	r.Register("points", func(uint64) Bot { return NewPoints() })
	r.Register("patient", func(uint64) Bot { return NewPatient() })
	r.Register("beginner", func(seed uint64) Bot { return NewBeginner(seed) })
	r.Register("intermediate", func(seed uint64) Bot { return NewIntermediate(seed) })
	r.Register("planner", func(seed uint64) Bot { return NewPlanner(seed) })
	return r
}

// Register adds a Go bot under name. It panics on an empty name, a nil
// maker, or a name already taken (a programming error, as with flag).
func (r *Registry) Register(name string, make func(seed uint64) Bot) {
	if name == "" || make == nil {
		panic("bots: Register needs a name and a maker")
	}
	if _, dup := r.makers[name]; dup {
		panic("bots: Register called twice for " + name)
	}
	r.makers[name] = make
}

// SetLua sets the maker of Lua bots, which New calls for a spec that is a
// path to a .lua file; nil: Lua bots are refused.
func (r *Registry) SetLua(f func(path string, seed uint64) (Bot, error)) { r.lua = f }

// Names lists the Go bots, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.makers))
	for n := range r.makers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// New makes the bot spec names, seeded with seed: a Go bot ("random",
// "greedy", "points", "patient") or the path to a Lua bot
// ("scripts/bots/cautious.lua").
func (r *Registry) New(spec string, seed uint64) (Bot, error) {
	make, ok := r.makers[spec]
	switch {
	case ok:
		return make(seed), nil
	case isLuaPath(spec) && r.lua == nil:
		return nil, fmt.Errorf("%q is a Lua bot, and this program runs no Lua bots", spec)
	case isLuaPath(spec):
		b, err := r.lua(spec, seed)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", spec, err)
		}
		return b, nil
	}
	// Said as the user typed it: no package prefix, the nearest name when
	// it looks like a typo.
	near := ""
	if n := suggest.Nearest(spec, r.Names()); n != "" {
		near = fmt.Sprintf(" (did you mean %q?)", n)
	}
	return nil, fmt.Errorf("unknown bot %q%s; the bots are %s, or the path to a .lua file",
		spec, near, strings.Join(r.Names(), ", "))
}

// goBots are the Go bots, for New and Names.
var goBots = NewRegistry()

// New makes a Go bot by name (see Registry.New); Lua bots need a Registry
// with SetLua.
func New(spec string, seed uint64) (Bot, error) { return goBots.New(spec, seed) }

// Names lists the Go bots, sorted.
func Names() []string { return goBots.Names() }

// isLuaPath reports whether spec names a Lua file rather than a Go bot.
func isLuaPath(spec string) bool {
	return strings.HasSuffix(spec, ".lua") || strings.ContainsAny(spec, `/\`)
}
