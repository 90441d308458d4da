package scripts

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/scripts/sandbox"
	"github.com/meldlab/meldlab/variants"
)

// Games is meldlab's game factory: it resolves variants with their Lua
// hook files compiled once, and starts games with fresh hooks attached
// (one sandboxed Lua state a game, owned by the game: core.Game.Close
// releases it). cmd/meldlab makes one and hands it to the REPL, the lab and
// the scripts; it is safe for concurrent use.
type Games struct {
	// Limits bound each call of a hook; set them before the first game.
	Limits sandbox.Limits

	mu       sync.Mutex
	compiled map[string]*compiledHooks // by Rules.Hooks
}

// NewGames makes a factory whose hooks run under the sandbox's default limits.
func NewGames() *Games {
	return &Games{Limits: sandbox.DefaultLimits(), compiled: map[string]*compiledHooks{}}
}

var _ core.GameFactory = (*Games)(nil)

// Resolve is variants.Resolve with the variant's hook file compiled and
// checked: its Lua errors come back as variants.Errors, placed in the file.
func (f *Games) Resolve(nameOrPath string) (*variants.Variant, error) {
	v, err := variants.Resolve(nameOrPath)
	if err != nil {
		return nil, err
	}
	return v, f.Prepare(v)
}

// ResolveWithin is variants.ResolveWithin with the hooks compiled.
func (f *Games) ResolveWithin(dir, nameOrPath string) (*variants.Variant, error) {
	v, err := variants.ResolveWithin(dir, nameOrPath)
	if err != nil {
		return nil, err
	}
	return v, f.Prepare(v)
}

// Prepare compiles and checks v's hook file, if it has one, for the games
// of its rules (and of rules changed from them that keep Rules.Hooks).
func (f *Games) Prepare(v *variants.Variant) error {
	hf := v.HookFile()
	if hf == nil {
		return nil
	}
	c, err := compileHookFile(hf)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compiled[hf.Path] = c
	return nil
}

// HookNames lists the hook functions v's Lua file defines, in the order a
// game calls them; none without a file.
func (f *Games) HookNames(v *variants.Variant) ([]string, error) {
	if v.HookFile() == nil {
		return nil, nil
	}
	c, err := compileHookFile(v.HookFile())
	if err != nil {
		return nil, err
	}
	return c.names(), nil
}

// find is the compiled file of rules.Hooks: one prepared, or a shipped
// one (found by its path, never a file on disk that no variant named).
func (f *Games) find(r *core.Rules) (*compiledHooks, error) {
	f.mu.Lock()
	c, ok := f.compiled[r.Hooks]
	f.mu.Unlock()
	if ok {
		return c, nil
	}
	if text, err := variants.Shipped(r.Hooks); err == nil {
		return compileHookFile(&variants.HookFile{Path: r.Hooks, Text: text, Shipped: true})
	}
	return nil, fmt.Errorf("the %s rules name Lua hooks (%s) that no variant file loaded here gave; load the variant file first",
		r.Name, r.Hooks)
}

// Hooks makes the hooks of one game under rules: a fresh sandboxed Lua
// state that runs the compiled file; nil for rules without hooks. seed
// feeds math.random; print writes to out (nil discards). The hooks are not
// safe for concurrent use: one game, one goroutine.
func (f *Games) Hooks(rules *core.Rules, seed uint64, out io.Writer) (core.Hooks, error) {
	if rules.Hooks == "" {
		return nil, nil
	}
	c, err := f.find(rules)
	if err != nil {
		return nil, err
	}
	return newHooks(c, rules, f.Limits, seed, out)
}

// NewGame starts a game under rules with their hooks attached; the game
// owns them (core.Game.Close).
func (f *Games) NewGame(rules core.Rules, players []string, seed uint64, out io.Writer) (*core.Game, error) {
	h, err := f.Hooks(&rules, seed, out)
	if err != nil {
		return nil, err
	}
	return core.NewGameWithHooks(rules, h, players, seed)
}

// newHooks runs a compiled hook file in a fresh sandbox for one game.
func newHooks(c *compiledHooks, rules *core.Rules, limits sandbox.Limits, seed uint64, out io.Writer) (*Hooks, error) {
	st := sandbox.New(sandbox.Options{
		Limits: limits,
		Stdout: out,
		Rand:   rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	})
	r := *rules
	h := &Hooks{variant: r.Name, rules: &r, code: c, st: st, fns: map[string]*lua.LFunction{}, sets: r.SetRules()}
	st.L.SetGlobal("meld", hookMeld(st, &r))
	if _, err := st.Run(context.Background(), c.proto); err != nil {
		st.Close()
		return nil, &HookError{Variant: h.variant, Err: err}
	}
	for _, name := range hookNames {
		if fn, ok := st.L.GetGlobal(name).(*lua.LFunction); ok {
			h.fns[name] = fn
		}
	}
	h.rulesTable = st.Freeze(rulesTable(st.L, &r))
	h.params = st.Freeze(paramsValue(st.L, r.Params))
	return h, nil
}
