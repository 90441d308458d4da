package scripts

import (
	"fmt"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

// This file is where package scripts meets package variants beyond
// variants.Resolve: the list of names and the hooks.

// variantNames lists the shipped variants.
func variantNames() []string { return variants.Names() }

// newCoreGame starts a game of v with the variant's hooks attached. The
// hooks' Lua state lives as long as the script's.
func (e *env) newCoreGame(v *variants.Variant, names []string, seed uint64) (*core.Game, error) {
	hooks, err := e.hooksFor(v, seed)
	if err != nil {
		return nil, err
	}
	return core.NewGameWithHooks(v.Rules, hooks, names, seed)
}

// hooksFor makes the hooks of one game of v; nil for a variant without.
func (e *env) hooksFor(v *variants.Variant, seed uint64) (core.Hooks, error) {
	if v.Rules.Hooks == "" {
		return nil, nil
	}
	h, err := variants.NewHooks(v, seed, e.opts.Stdout)
	if err != nil {
		return nil, err
	}
	if c, ok := h.(interface{ Close() error }); ok {
		e.closers = append(e.closers, func() { c.Close() })
	}
	return h, nil
}

// attachHooks gives a loaded game its variant's hooks again (a saved game
// keeps its rules but not its hooks). Only a shipped variant's hooks can be
// found again, by the variant's name.
func (e *env) attachHooks(g *core.Game) error {
	if g.Rules.Hooks == "" {
		return nil
	}
	v, err := variants.Resolve(g.Rules.Name)
	if err != nil || v.Rules.Hooks != g.Rules.Hooks {
		return fmt.Errorf("the game's variant %s has hooks (%s) that only its variant file can give; "+
			"scripts reattach the hooks of shipped variants only", g.Rules.Name, g.Rules.Hooks)
	}
	changed := *v
	changed.Rules = g.Rules
	h, err := e.hooksFor(&changed, g.Seed())
	if err != nil {
		return err
	}
	g.Hooks = h
	return nil
}
