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

// loadGame reads a saved game and checks it by replaying it with its
// variant's hooks (a saved game keeps its rules but not its hooks, and the
// hooks take part in the replay). Only a shipped variant's hooks can be
// found again, by the variant's name.
func (e *env) loadGame(path string) (*core.Game, error) {
	f, err := core.ReadSave(path)
	if err != nil {
		return nil, err
	}
	var hooks core.Hooks
	if f.Rules.Hooks != "" {
		v, err := variants.Resolve(f.Rules.Name)
		if err != nil || v.Rules.Hooks != f.Rules.Hooks {
			return nil, fmt.Errorf("the game's variant %s has hooks (%s) that only its variant file can give; "+
				"scripts reattach the hooks of shipped variants only", f.Rules.Name, f.Rules.Hooks)
		}
		changed := *v
		changed.Rules = f.Rules
		if hooks, err = e.hooksFor(&changed, f.Seed); err != nil {
			return nil, err
		}
	}
	return f.Game(hooks)
}
