package scripts

import (
	"fmt"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/variants"
)

// This file is where package scripts meets package variants beyond
// resolving: the list of names and the games with their hooks.

// variantNames lists the shipped variants.
func variantNames() []string { return variants.Names() }

// newCoreGame starts a game of v with the variant's hooks attached, through
// the script's game factory. The game lives as long as the script's state.
func (e *env) newCoreGame(v *variants.Variant, names []string, seed uint64) (*core.Game, error) {
	g, err := e.opts.Games.NewGame(v.Rules, names, seed, e.opts.Stdout)
	if err != nil {
		return nil, err
	}
	e.games = append(e.games, g)
	e.st.Charge(gameCost(g))
	return g, nil
}

// gameCost estimates the memory a game holds: its state, its history and,
// if it has hooks, their Lua state. A script keeps every game it starts
// until it ends, so its games count against its memory limit.
func gameCost(g *core.Game) int {
	n := 8<<10 + 64*g.HistoryLen()
	if g.Hooks != nil {
		n += 96 << 10
	}
	return n
}

// heldGames is what the script's games hold (sandbox.Options.Held).
func (e *env) heldGames() int64 {
	var n int64
	for _, g := range e.games {
		n += int64(gameCost(g))
	}
	return n
}

// loadGame reads a saved game and checks it by replaying it with its
// variant's hooks (a saved game keeps its rules but not its hooks, and the
// hooks take part in the replay). Only hooks a variant loaded here gave, or
// a shipped variant's, can be found again: a save names a file, never
// reads it.
func (e *env) loadGame(path string) (*core.Game, error) {
	f, err := files.ReadSave(path)
	if err != nil {
		return nil, err
	}
	hooks, err := e.opts.Games.Hooks(&f.Rules, f.Seed, e.opts.Stdout)
	if err != nil {
		return nil, fmt.Errorf("the game's variant %s has hooks (%s) that only its variant file can give; "+
			"scripts reattach the hooks of shipped variants only", f.Rules.Name, f.Rules.Hooks)
	}
	g, err := f.Game(hooks)
	if err != nil {
		return nil, err
	}
	// The name of a shipped variant means its rules: a save that takes one
	// with other rules is "custom, based on NAME".
	_, g.Rules.Name = variants.Claim(f.Rules)
	e.games = append(e.games, g)
	e.st.Charge(gameCost(g))
	return g, nil
}
