package table

import (
	"context"
	"io"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/variants"
)

// Games is what a table needs of the game factory (scripts.Games): a
// variant's Lua hooks, compiled once, then fresh for each game, which owns
// them.
type Games interface {
	Prepare(v *variants.Variant) error
	Hooks(rules *core.Rules, seed uint64, out io.Writer) (core.Hooks, error)
}

// Dealer deals games: it finds a variant by name or file, makes its Lua
// hooks and the seats' bots. The zero Dealer deals the shipped variants
// without hooks, with the Go bots.
type Dealer struct {
	Games Games          // nil: games run without their variant's hooks
	Bots  *bots.Registry // nil: the Go bots
	// LoadVariant, when set, resolves variant names instead of package
	// variants (a test's rules); such variants have no Lua hooks.
	LoadVariant func(nameOrPath string) (core.Rules, error)
	Out         io.Writer // where the hooks print
}

// Variant resolves a variant by name or path: its rules and, for its Lua
// hooks, the variant (nil from LoadVariant).
func (d Dealer) Variant(name string) (core.Rules, *variants.Variant, error) {
	if d.LoadVariant != nil {
		r, err := d.LoadVariant(name)
		return r, nil, err
	}
	v, err := variants.Resolve(name)
	if err != nil {
		return core.Rules{}, nil, err
	}
	return v.Rules, v, nil
}

// VariantNames lists the variants new can deal by name.
func (d Dealer) VariantNames() []string {
	if d.LoadVariant != nil {
		return []string{"original"}
	}
	return variants.Names()
}

// Hooks makes the Lua hooks of a game of v dealt with seed: none when the
// variant has no Lua file (or no factory is plugged in).
func (d Dealer) Hooks(v *variants.Variant, seed uint64) (core.Hooks, error) {
	if v == nil || v.Rules.Hooks == "" || d.Games == nil {
		return nil, nil
	}
	if err := d.Games.Prepare(v); err != nil {
		return nil, err
	}
	out := d.Out
	if out == nil {
		out = io.Discard
	}
	return d.Games.Hooks(&v.Rules, seed, out)
}

// Deal makes a game of rules (from v, for its hooks; nil for none) dealt
// with seed, and its seats from specs (MakeSeats).
func (d Dealer) Deal(rules core.Rules, v *variants.Variant, specs []string, seed uint64) (Seated, error) {
	reg := d.Bots
	if reg == nil {
		reg = bots.NewRegistry()
	}
	seats, err := MakeSeats(reg, specs, seed)
	if err != nil {
		return Seated{}, err
	}
	hooks, err := d.Hooks(v, seed)
	if err != nil {
		return Seated{}, err
	}
	names := make([]string, len(seats))
	for i, st := range seats {
		names[i] = st.Name
	}
	g, err := core.NewGameWithHooks(rules, hooks, names, seed)
	if err != nil {
		return Seated{}, err
	}
	return Seated{Game: g, Seats: seats}, nil
}

// Load reads a game saved by Save from path (Load), with this dealer's
// hooks and bots.
func (d Dealer) Load(path string) (Loaded, error) {
	reg := d.Bots
	if reg == nil {
		reg = bots.NewRegistry()
	}
	return Load(path, d.Hooks, reg)
}

// Replay is the game in play on t replayed from its seed through actions,
// with fresh hooks of its variant: each step the referee's own, the game
// in play untouched.
func (d Dealer) Replay(t *Table, actions []core.Action) (*core.Game, error) {
	g := t.Game()
	hooks, err := d.Hooks(t.Variant(), g.Seed())
	if err != nil {
		return nil, err
	}
	return core.ReplayWithHooks(g.Rules, hooks, g.Names(), g.Seed(), actions)
}

// New deals a new game as new asks for it, at table t: of variant (""
// the one t deals next, or original), its seats as specs or, with players
// (from 1), you (the learner's name in their language) and bots, or else
// t's own seats again; dealt with seed. Base is the variant as it was asked
// for, what new deals next.
func (d Dealer) New(t *Table, variant string, players int, specs []string, seed uint64, you string) (Loaded, error) {
	if variant == "" {
		variant = t.VariantRef()
	}
	if variant == "" {
		variant = "original"
	}
	if players > 0 {
		specs = append(specs, you+":human")
		for range players - 1 {
			specs = append(specs, "bot:"+DefaultBot)
		}
	}
	if specs == nil {
		for _, st := range t.Seats() {
			specs = append(specs, st.Name+":"+st.Spec)
		}
	}
	rules, v, err := d.Variant(variant)
	if err != nil {
		return Loaded{}, err
	}
	// the tables of the hints, built in the background for the game's box
	t.tables = solve.Prepare(context.Background(), rules)
	dealt, err := d.Deal(rules, v, specs, seed)
	if err != nil {
		return Loaded{}, err
	}
	return Loaded{Game: dealt.Game, Seats: dealt.Seats, Variant: v, Base: variant}, nil
}
