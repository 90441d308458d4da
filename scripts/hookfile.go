package scripts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/scripts/sandbox"
	"github.com/meldlab/meldlab/variants"
)

// hookNames are the hook functions a variant's Lua file may define, in the
// order a game calls them.
var hookNames = []string{"deal", "first_player", "check_play", "check_set", "score_round", "on_turn_end"}

// compiledHooks is a variant's Lua file, compiled once.
type compiledHooks struct {
	chunk string // the file's name in errors, as "house/clean-opening.lua"
	proto *lua.FunctionProto
	funcs map[string]int // the hooks it defines, and the line of each
}

// names lists the hooks the file defines, in the order a game calls them.
func (c *compiledHooks) names() []string {
	var out []string
	for _, n := range hookNames {
		if _, ok := c.funcs[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// shippedHooks caches the compiled hook files of the shipped variants:
// they never change, so each is compiled and checked once per process.
var shippedHooks sync.Map // path → *compiledHooks

// compileHookFile compiles and checks a variant's hook file: problems in
// the Lua are placed in the Lua file itself, a hook that is not a function
// at the variant's hooks: line.
func compileHookFile(hf *variants.HookFile) (*compiledHooks, error) {
	if hf.Shipped {
		if h, ok := shippedHooks.Load(hf.Path); ok {
			return h.(*compiledHooks), nil
		}
	}
	name := hf.Name
	if name == "" {
		name = hf.Path
	}
	h, nonFunctions, errs := compileHooks(hf.Path, name, hf.Text)
	for _, name := range hookNames {
		if what, ok := nonFunctions[name]; ok && hf.At != nil {
			at := *hf.At
			at.Msg = fmt.Sprintf("hooks: %s sets %s to %s; a hook must be a function", hf.Path, name, what)
			errs = append(errs, &at)
		} else if ok {
			errs = append(errs, variants.ErrorAt(hf.Path, hf.Text, 1, 1, fmt.Sprintf("%s is %s; a hook must be a function", name, what)))
		}
	}
	if len(errs) > 0 {
		return nil, errs.Capped()
	}
	if hf.Shipped {
		shippedHooks.Store(hf.Path, h)
	}
	return h, nil
}

// standardGlobals are the names a fresh sandbox defines.
var standardGlobals = sync.OnceValue(func() []string {
	st := sandbox.New(sandbox.Options{})
	defer st.Close()
	return st.Globals()
})

// compileHooks compiles a hook file and runs its top level once in a
// sandbox, to report its errors now rather than in the middle of a game.
// Errors found now are placed in file (as the variant's errors are); the
// compiled chunk is called name, the file relative to the variant's folder,
// in the errors of a game.
func compileHooks(file, name string, text []byte) (*compiledHooks, map[string]string, variants.Errors) {
	chunk := name
	luaErr := func(e *sandbox.Error) *variants.Error {
		return variants.ErrorAt(file, text, e.Line, e.Column, e.Msg)
	}
	d := sandbox.DefaultLimits().Timeout
	ctx, cancel := context.WithTimeoutCause(context.Background(), d, fmt.Errorf("time limit of %v exceeded", d))
	defer cancel()
	proto, err := sandbox.CompileContext(ctx, chunk, text)
	if err != nil {
		var se *sandbox.Error
		if errors.As(err, &se) {
			return nil, nil, variants.Errors{luaErr(se)}
		}
		return nil, nil, variants.Errors{{File: file, Line: 1, Col: 1, Msg: err.Error()}}
	}
	st := sandbox.New(sandbox.Options{})
	defer st.Close()
	original := core.Original()
	st.L.SetGlobal("meld", hookMeld(st, &original))
	if _, err := st.Run(context.Background(), proto); err != nil {
		var se *sandbox.Error
		if errors.As(err, &se) {
			if se.Chunk != chunk { // raised outside the file: place it at its top
				se = &sandbox.Error{Msg: se.Error()}
			}
			return nil, nil, variants.Errors{luaErr(se)}
		}
		return nil, nil, variants.Errors{{File: file, Line: 1, Col: 1, Msg: err.Error()}}
	}
	h := &compiledHooks{chunk: chunk, proto: proto, funcs: map[string]int{}}
	nonFunctions := map[string]string{}
	var errs variants.Errors
	q := variants.NewQuoter(file, text) // many near misses quote their lines from one index
	st.L.G.Global.ForEach(func(k, v lua.LValue) {
		name := lua.LVAsString(k)
		if slices.Contains(hookNames, name) {
			if fn, ok := v.(*lua.LFunction); ok {
				h.funcs[name] = 0
				if fn.Proto != nil {
					h.funcs[name] = fn.Proto.LineDefined
				}
			} else {
				nonFunctions[name] = "a " + v.Type().String()
			}
			return
		}
		fn, ok := v.(*lua.LFunction)
		if !ok || fn.Proto == nil || slices.Contains(standardGlobals(), name) {
			return
		}
		if s := suggest.Nearest(name, hookNames); s != "" {
			line := fn.Proto.LineDefined
			e := q.ErrorAt(line, 0, fmt.Sprintf("function %s is not a hook; did you mean %s? (the hooks are %s)", name, s, strings.Join(hookNames, ", ")))
			if col := strings.Index(e.Text, name) + 1; col > 0 {
				e.Col = col
			}
			errs = append(errs, e)
		}
	})
	return h, nonFunctions, errs
}
