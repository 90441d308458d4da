package scripts

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/scripts/sandbox"
	"github.com/meldlab/meldlab/variants"
)

// DefaultTimeout bounds a whole script run by Run or a Session's evaluation.
const DefaultTimeout = 10 * time.Second

// DefaultMemory bounds the heap a script run may grow by: far above what a
// scenario or an experiment needs, far below what would hurt the machine.
const DefaultMemory = 256 << 20

// Options configure the environment a script runs in.
type Options struct {
	// Dir is the script's directory: require loads .lua files from it, and
	// g:save, meld.load and variant files given by path are read and written
	// in it, never outside. "" gives the script no directory at all.
	Dir string
	// Files, when Dir is "", is where require finds .lua files (the embedded
	// lessons use it). Nothing else reads from it.
	Files fs.FS
	// Stdout receives what print writes; nil discards it.
	Stdout io.Writer
	// Limits bound each call into Lua. Zero fields take the sandbox's
	// defaults, except Timeout (DefaultTimeout), Memory (DefaultMemory) and
	// Output (16 MiB).
	Limits sandbox.Limits
	// Seed seeds math.random, so a script's randomness is reproducible.
	Seed uint64
	// Args fill the global arg: arg[0] is the script's path, arg[1..n] Args.
	Args []string
	// Assert, if not nil, receives every failed assert (file, line, message)
	// and the script goes on, so one run reports each failure; the test of
	// the shipped scripts wires it to testing.T. nil: a failed assert raises
	// an error, as in plain Lua.
	Assert func(file string, line int, msg string)
	// Games starts the script's games and resolves its variants with their
	// hooks; nil: a factory of the script's own (NewGames).
	Games *Games
}

// ScriptError is a script's failure: Err places it ("file:line: message")
// and says what kind it is (a syntax error, an error raised, a limit
// broken); Traceback is the Lua call stack when it was raised, as
// "stack traceback:" and one line a frame (empty for a syntax error).
type ScriptError struct {
	Err       *sandbox.Error
	Traceback string
}

// Error is "file:line: message".
func (e *ScriptError) Error() string { return e.Err.Error() }

// Unwrap gives errors.As the *sandbox.Error.
func (e *ScriptError) Unwrap() error { return e.Err }

// env is one sandboxed Lua state with the meld module: what a script, a bot,
// a lesson or a REPL session runs in.
type env struct {
	st     *sandbox.State
	opts   Options
	dir    string   // absolute; "" for none
	root   *os.Root // dir, opened so that no path can lead out of it
	meld   *lua.LTable
	gameMT *lua.LTable
	tracer *lua.LFunction
	traced *lua.LFunction // traceHandler, the error handler of the tracer's call
	trace  string         // the traceback of the last error the tracer caught
	// where is the innermost Lua line of that error, for the errors (a
	// limit broken) whose message carries none.
	whereChunk string
	whereLine  int
	// games are the games the script started or loaded: closing the state
	// closes them (each game owns its hooks' Lua state).
	games []*core.Game
	// variants remembers resolved variants by name or read-only table.
	variants map[lua.LValue]*variants.Variant
	// lastRules and lastRulesView are the rules table views last shared.
	lastRules     core.Rules
	lastRulesView *lua.LTable
}

// newEnv builds the state: the sandbox's allow-list, the meld module (global
// and require("meld")), clear errors for what the sandbox leaves out, and arg.
func newEnv(opts Options) (*env, error) {
	if opts.Games == nil {
		opts.Games = NewGames()
	}
	e := &env{opts: opts}
	files := opts.Files
	if opts.Dir != "" {
		dir, err := filepath.Abs(opts.Dir)
		if err != nil {
			return nil, err
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, fmt.Errorf("scripts: %w", err)
		}
		e.dir, e.root, files = dir, root, root.FS()
	}
	lim := opts.Limits
	if lim.Timeout == 0 {
		lim.Timeout = DefaultTimeout
	}
	if lim.Memory == 0 {
		lim.Memory = DefaultMemory
	}
	if lim.Output == 0 {
		lim.Output = 16 << 20
	}
	e.st = sandbox.New(sandbox.Options{
		Limits:  lim,
		Stdout:  opts.Stdout,
		Rand:    rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x6d656c64)),
		Modules: map[string]lua.LGFunction{"meld": e.loadMeld},
		Files:   files,
		Cache:   &compiled,
		Held:    e.heldGames,
	})
	L := e.st.L
	e.tracer = L.NewFunction(e.trap)
	e.traced = L.NewFunction(e.traceHandler)
	e.meld = e.openMeld()
	L.SetGlobal("meld", e.meld)
	e.blockMissing()
	if opts.Assert != nil {
		L.SetGlobal("assert", L.NewFunction(e.softAssert))
	}
	return e, nil
}

// compiled caches the chunks scripts run and the files they require,
// across states (bounded: sandbox.MaxCached).
var compiled sandbox.Cache

func (e *env) close() {
	for _, g := range e.games {
		g.Close()
	}
	e.st.Close()
	if e.root != nil {
		e.root.Close()
	}
}

// setArgs sets the global arg as Lua's stand-alone interpreter does.
func (e *env) setArgs(script string, args []string) {
	L := e.st.L
	t := L.NewTable()
	t.RawSetInt(0, lua.LString(script))
	for i, a := range args {
		t.RawSetInt(i+1, lua.LString(a))
	}
	L.SetGlobal("arg", t)
}

func (e *env) loadMeld(L *lua.LState) int {
	L.Push(e.meld)
	return 1
}

// run compiles src as the chunk named name and runs it with args (the
// chunk's ...). The compile runs under the state's deadline, and a chunk
// compiled once (a bot's file, for every seat and game of a run) is taken
// from the cache after.
func (e *env) run(ctx context.Context, name string, src []byte, args ...lua.LValue) ([]lua.LValue, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if d := e.st.Limits().Timeout; d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, d, fmt.Errorf("time limit of %v exceeded", d))
		defer cancel()
	}
	proto, err := compiled.Compile(ctx, name, src)
	if err != nil {
		var se *sandbox.Error
		if errors.As(err, &se) {
			return nil, &ScriptError{Err: se}
		}
		return nil, err
	}
	return e.call(ctx, e.st.L.NewFunctionFromProto(proto), args...)
}

// call calls fn under the limits. Its error is a *ScriptError with the Lua
// traceback of the moment the error was raised.
func (e *env) call(ctx context.Context, fn lua.LValue, args ...lua.LValue) ([]lua.LValue, error) {
	e.trace, e.whereChunk, e.whereLine = "", "", 0
	out, err := e.st.Call(ctx, e.tracer, append([]lua.LValue{fn}, args...)...)
	if err != nil {
		var se *sandbox.Error
		if !errors.As(err, &se) {
			return nil, err
		}
		if se.Line == 0 && e.whereLine > 0 {
			placed := *se
			placed.Chunk, placed.Line = e.whereChunk, e.whereLine
			se = &placed
		}
		return nil, &ScriptError{Err: se, Traceback: e.trace}
	}
	return out, nil
}

// trap calls its first argument with the rest, protected by traceHandler,
// and raises the error again once the traceback is taken: the sandbox's own
// handler deliberately builds none.
func (e *env) trap(L *lua.LState) int {
	if err := L.PCall(L.GetTop()-1, lua.MultRet, e.traced); err != nil {
		L.Error(errorValue(err), 0)
	}
	return L.GetTop()
}

func errorValue(err error) lua.LValue {
	var api *lua.ApiError
	if errors.As(err, &api) && api.Object != nil {
		return api.Object
	}
	return lua.LString(err.Error())
}

// Traceback bounds: the innermost and outermost frames are kept, as Lua 5.1
// keeps 12 and 10, and the walk over the stack is capped, so that even a
// runaway tail-call loop stopped by the deadline costs a few lines.
const (
	traceHead = 12
	traceTail = 10
	traceWalk = 1000
)

// traceHandler runs where the error was raised, with the stack intact, and
// records a bounded traceback. It returns the error unchanged.
func (e *env) traceHandler(L *lua.LState) int {
	var lines []string
	tail := false
	for level := 1; level <= traceWalk; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		fn, err := L.GetInfo("nSlf", dbg, lua.LNil)
		if err != nil {
			break
		}
		if fn == e.tracer {
			// The tracer is the bottom frame; GetStack also lands on it for
			// the levels that tail calls took, which Lua shows as one line.
			if !tail {
				tail = true
				lines = append(lines, "\t(tail call): ?")
			}
			continue
		}
		tail = false
		if dbg.What != "G" && e.whereLine == 0 && dbg.CurrentLine > 0 {
			e.whereChunk, e.whereLine = dbg.Source, dbg.CurrentLine
		}
		lines = append(lines, frameLine(dbg))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "\t(tail call): ?" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > traceHead+traceTail {
		lines = append(append(lines[:traceHead:traceHead], "\t..."), lines[len(lines)-traceTail:]...)
	}
	e.trace = "stack traceback:\n" + strings.Join(lines, "\n")
	return 1
}

// frameLine writes one frame as Lua does: "\tx.lua:12: in function 'f'".
func frameLine(d *lua.Debug) string {
	if d.What == "G" {
		if d.Name == "" || strings.HasPrefix(d.Name, "(") {
			return "\t[Go]: ?"
		}
		return fmt.Sprintf("\t[Go]: in function '%s'", d.Name)
	}
	where := fmt.Sprintf("%s:%d:", d.Source, d.CurrentLine)
	switch {
	case d.LineDefined == 0:
		return "\t" + where + " in main chunk"
	case strings.HasPrefix(d.Name, "<"):
		return "\t" + where + " in function " + d.Name
	}
	return "\t" + where + " in function '" + d.Name + "'"
}

// softAssert is assert for tests: a failure is reported with its place and
// the script goes on.
func (e *env) softAssert(L *lua.LState) int {
	v := L.CheckAny(1)
	if lua.LVAsBool(v) {
		return L.GetTop()
	}
	msg := "assertion failed!"
	if L.GetTop() >= 2 {
		msg = lua.LVAsString(L.ToStringMeta(L.Get(2)))
	}
	file, line := "?", 0
	if dbg, ok := L.GetStack(1); ok {
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err == nil {
			file, line = dbg.Source, dbg.CurrentLine
		}
	}
	e.opts.Assert(file, line, msg)
	return L.GetTop()
}

// blockMissing puts, where scripts would look for what the sandbox leaves
// out (io, os, dofile, load ...), values that fail with a clear message
// rather than "attempt to index a nil value".
func (e *env) blockMissing() {
	L := e.st.L
	libs := map[string]string{
		"io":      "scripts have no files; require loads the .lua files of the script's directory, g:save and meld.load keep games",
		"os":      "scripts run without programs, files or the clock",
		"debug":   "scripts run without the debug library",
		"package": "require finds the meld module and the .lua files of the script's directory",
	}
	for name, why := range libs {
		L.SetGlobal(name, e.blocked(name, why))
	}
	funcs := map[string]string{
		"dofile":         "require(\"name\") runs name.lua from the script's directory",
		"loadfile":       "require(\"name\") runs name.lua from the script's directory",
		"load":           "scripts cannot compile code at run time",
		"loadstring":     "scripts cannot compile code at run time",
		"collectgarbage": "the host manages memory",
	}
	for name, why := range funcs {
		msg := name + " is not available: " + why
		L.SetGlobal(name, L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("%s", msg)
			return 0
		}))
	}
}

// blocked is a table every use of which raises "name.key is not available".
func (e *env) blocked(name, why string) *lua.LTable {
	L := e.st.L
	fail := L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("%s.%s is not available: %s", name, lua.LVAsString(L.Get(2)), why)
		return 0
	})
	mt := L.NewTable()
	mt.RawSetString("__index", fail)
	mt.RawSetString("__newindex", fail)
	mt.RawSetString("__metatable", lua.LString("sandbox"))
	t := L.NewTable()
	t.Metatable = mt
	return t
}

// localPath resolves p, a path a script gave, inside the script's
// directory, or explains why it may not be used. exists asks that it be
// there already (to read it); otherwise its directory must be.
func (e *env) localPath(p string, exists bool) (string, error) {
	if e.root == nil {
		return "", fmt.Errorf("path %q: this script has no directory to read or write files in", p)
	}
	if !filepath.IsLocal(p) {
		return "", fmt.Errorf("path %q is outside the script's directory; scripts read and write files only there", p)
	}
	check := p
	if !exists {
		check = filepath.Dir(p)
	}
	if _, err := e.root.Stat(check); err != nil {
		if strings.Contains(err.Error(), "escapes from parent") { // os.Root's words for a link that leads out
			return "", fmt.Errorf("path %q leads outside the script's directory; scripts read and write files only there", p)
		}
		var pe *fs.PathError
		if errors.As(err, &pe) && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("path %q: %v", p, pe.Err)
		}
		return "", fmt.Errorf("path %q: no such file in the script's directory", p)
	}
	return filepath.Join(e.dir, p), nil
}
