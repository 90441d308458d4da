// Package sandbox builds gopher-lua states that are safe to hand a script
// written by someone else, and bounded for a script written by mistake.
//
// A State is built from an allow-list, never by removing libraries from a
// full one:
//
//	base    assert error getmetatable ipairs next pairs pcall print rawequal
//	        rawget rawset require select setmetatable tonumber tostring type
//	        unpack xpcall _G _VERSION
//	string  byte char find format gmatch gsub len lower match rep reverse sub upper
//	table   concat getn insert maxn remove sort
//	math    everything; random and randomseed draw from the host's generator
//
// So there is no io, os, debug, coroutine or package; no dofile, loadfile,
// load, loadstring, collectgarbage, module, getfenv or setfenv. print writes
// to Options.Stdout. require reaches only the modules the host registers in
// Options.Modules and, if the host allows it, the .lua files of one
// directory (Options.Files).
//
// Every call into Lua (Run, Call) runs under Limits: a deadline, a memory
// watchdog and caps on what the library functions build on the Go side,
// where a deadline cannot reach. The known gopher-lua hazards and how each is
// closed:
//
//   - A context only interrupts Lua bytecode, so a Go function that loops or
//     allocates is bounded itself: string.rep, string.format, table.concat and
//     gsub refuse to build a string over Limits.String; the pattern functions
//     (find, match, gmatch, gsub) run on this package's own matcher, which
//     counts its steps against Limits.MatchSteps and watches the deadline
//     (gopher-lua's matcher backtracks for minutes on ".-.-.-b" and its gsub
//     is quadratic).
//   - A protected call without an error handler formats a traceback with one
//     line per tail call, and a runaway tail-call loop stopped by the deadline
//     has billions of them. Every protected call here, the host's and the
//     script's pcall and xpcall, passes a handler that builds no traceback.
//     gopher-lua still builds one when the stack is too full to call the
//     handler, so Compile also turns tail calls into plain calls (see
//     Compile): a runaway tail-call loop is a "stack overflow" at once.
//   - Memory is accounted per state (see account.go): what a state's Lua
//     values hold, measured in its own goroutine as its allocations are
//     charged, may not pass Limits.Memory, during a call or between calls.
//     No single instruction builds a string over the limit. The verdict
//     depends on the script alone, never on other goroutines.
//   - Storing t[n] in a table whose list part is shorter than n makes
//     gopher-lua fill the gap element by element in Go: t[67108863] = 1 on
//     an empty table was one instruction that built a gigabyte, out of reach
//     of the deadline and the watchdog. The sandbox lowers gopher-lua's
//     lua.MaxArrayIndex (a package variable, so it is set once, when this
//     package is initialised, for every state of the process) to MaxList+1:
//     a key above MaxList goes to the table's hash part, one entry, so no
//     single store costs more than MaxList slots (4 MiB, about a
//     millisecond). The price: # and ipairs see a list's first MaxList
//     elements only.
//   - gopher-lua's compiler has no deadline, is quadratic in a function's
//     constants, and stores the items of a constructor past the 25,550th
//     under wrong keys. A scan of the tokens refuses such chunks before
//     they are compiled (MaxSource, MaxDepth, MaxChain, MaxConstants,
//     MaxItems), CompileContext compiles under the caller's deadline, and
//     a Cache compiles each chunk once (see compile.go).
//   - Call depth and the value stack are capped by the gopher-lua options
//     (Limits.CallStack, Limits.Registry); unpack and string.byte return at
//     most 8000 values. Should gopher-lua still let a panic escape a
//     protected call (it can, when the value stack is exactly full), the
//     call fails and the state is marked dead rather than the host crashing.
//     LState.SetMx is never used, as it calls os.Exit.
//
// Views: ReadOnly and Freeze give Lua a table it can read as usual (#,
// pairs, ipairs, table.concat) but not change; hooks and bots get the game
// that way.
//
// A limit that breaks fails the call with an *Error naming the chunk and the
// line that was running; a script cannot catch it with pcall. The State stays
// usable for the next call, unless it still holds more than Limits.Memory
// once the call has ended: then every later call fails at once.
//
// A State is not safe for concurrent use: make one per game or per goroutine.
// Compiled chunks (*lua.FunctionProto) are immutable and may be shared by any
// number of states: compile once, run many.
package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/meldlab/meldlab/internal/escape"
)

// MaxList is the longest list a Lua table holds in its list part (keys 1 to
// MaxList): the most one store can make gopher-lua allocate at once, 16
// bytes a slot. Keys above it are stored in the hash part, as any other key.
const MaxList = 1<<18 - 1

// init lowers gopher-lua's bound on the list part for every state in the
// process: see the package comment. It runs before any state exists, so no
// state sees the bound change under it.
func init() { lua.MaxArrayIndex = MaxList + 1 }

// Limits bound one call into Lua (State.Run or State.Call). A zero field
// means the default, so a zero Limits is safe; a negative Timeout or Memory
// turns that limit off (for a trusted caller, as a REPL with its own Ctrl-C).
type Limits struct {
	Timeout    time.Duration // wall-clock time per call
	Memory     int64         // heap growth per call, in bytes
	String     int           // longest string a library function may build, in bytes
	MatchSteps int           // steps one pattern-matching call may take
	Output     int           // bytes print may write per call
	CallStack  int           // nested Lua calls
	Registry   int           // values on the Lua value stack
}

// DefaultLimits are generous for game hooks and bots: a hook that needs more
// than a second or 64 MiB is broken.
func DefaultLimits() Limits {
	return Limits{
		Timeout:    time.Second,
		Memory:     64 << 20,
		String:     1 << 20,
		MatchSteps: 10_000_000,
		Output:     64 << 10,
		CallStack:  200,
		Registry:   1 << 16,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.Timeout == 0 {
		l.Timeout = d.Timeout
	}
	if l.Memory == 0 {
		l.Memory = d.Memory
	}
	if l.String <= 0 {
		l.String = d.String
	}
	if l.MatchSteps <= 0 {
		l.MatchSteps = d.MatchSteps
	}
	if l.Output <= 0 {
		l.Output = d.Output
	}
	if l.CallStack <= 0 {
		l.CallStack = d.CallStack
	}
	if l.Registry <= 0 {
		l.Registry = d.Registry
	}
	return l
}

// Options configure a State.
type Options struct {
	Limits Limits
	// Stdout receives print's output; nil discards it.
	Stdout io.Writer
	// Rand feeds math.random. nil means a generator seeded with 0, so a
	// script's randomness is always reproducible; pass the game's seeded
	// generator. math.randomseed(n) switches the state to its own generator
	// seeded with n and never touches Rand's state.
	Rand *rand.Rand
	// Modules are the host modules require may load, by name. A loader
	// pushes the module's value and returns 1, as a lua.LGFunction does; it
	// runs once per state, at the first require.
	Modules map[string]lua.LGFunction
	// Files, if not nil, lets require("a.b") load a/b.lua from this file
	// system, and nothing else from anywhere. Use os.OpenRoot(dir).FS() (not
	// os.DirFS) so that symbolic links cannot lead out of the directory.
	Files fs.FS
	// Cache, if not nil, keeps the chunks required from Files compiled
	// across states.
	Cache *Cache
	// Held, if not nil, says how many bytes the host holds on the state's
	// behalf (the games a script started, say): they count against
	// Limits.Memory with its Lua values. The host also charges them
	// (State.Charge) as it makes them, so that the state is measured.
	Held func() int64
}

// Kind says what went wrong in a script.
type Kind uint8

// The kinds of Error.
const (
	Syntax   Kind = iota + 1 // the chunk does not compile
	Runtime                  // the script raised an error
	Timeout                  // the call ran past Limits.Timeout
	Memory                   // the heap grew past Limits.Memory during the call
	Canceled                 // the caller's context was canceled
)

func (k Kind) String() string {
	switch k {
	case Syntax:
		return "syntax error"
	case Runtime:
		return "runtime error"
	case Timeout:
		return "timeout"
	case Memory:
		return "out of memory"
	case Canceled:
		return "canceled"
	}
	return "error"
}

// Error is a script's failure, placed in its source.
type Error struct {
	Kind   Kind
	Chunk  string // the chunk's name, as given to Compile
	Line   int    // the line that was running, from 1; 0 if unknown
	Column int    // for syntax errors, from 1; 0 if unknown
	Msg    string // the message, without the position
}

// Error is "chunk:line: message", as Lua writes it.
// A script chooses its messages: control characters in them are written
// escaped (\x1b), so that printing an error cannot drive the terminal.
func (e *Error) Error() string {
	msg := escape.String(e.Msg)
	if e.Line > 0 {
		return escape.Line(e.Chunk) + ":" + strconv.Itoa(e.Line) + ": " + msg
	}
	if e.Chunk != "" {
		return escape.Line(e.Chunk) + ": " + msg
	}
	return msg
}

// compile parses and compiles a chunk that scan accepted. A panic in
// gopher-lua's parser or compiler is a syntax error, never a crash (it may
// run on a goroutine of its own: see CompileContext).
func compile(chunk string, src []byte) (proto *lua.FunctionProto, err error) {
	defer func() {
		if r := recover(); r != nil {
			proto, err = nil, &Error{Kind: Syntax, Chunk: chunk, Msg: fmt.Sprintf("the compiler failed: %v", r)}
		}
	}()
	tree, err := parse.Parse(bytes.NewReader(src), chunk)
	if err != nil {
		e := &Error{Kind: Syntax, Chunk: chunk, Msg: err.Error()}
		var pe *parse.Error
		if errors.As(err, &pe) {
			e.Line, e.Column = pe.Pos.Line, pe.Pos.Column
			e.Msg = pe.Message
			if pe.Token != "" {
				e.Msg += " near '" + pe.Token + "'"
			}
			if e.Line <= 0 { // gopher-lua reports the end of the input as line -1
				e.Line = bytes.Count(src, []byte("\n")) + 1
				if len(src) > 0 && src[len(src)-1] == '\n' {
					e.Line--
				}
				e.Column = 0
				e.Msg = pe.Message + " at the end of the file"
			}
		}
		return nil, e
	}
	proto, err = lua.Compile(tree, chunk)
	if err != nil {
		return nil, &Error{Kind: Syntax, Chunk: chunk, Msg: err.Error()}
	}
	noTailCalls(proto)
	if err := pairConcats(proto); err != nil {
		return nil, &Error{Kind: Syntax, Chunk: chunk, Msg: err.Error()}
	}
	return proto, nil
}

// Tail calls. gopher-lua counts the tail calls each call frame has made, and
// a traceback prints one line per count. The error handler of every
// protected call keeps tracebacks away, except in one case it cannot reach:
// when the stack is full, the handler itself cannot be called and gopher-lua
// falls back to a traceback. A script that tail-calls ten million times and
// then overflows the stack would cost hundreds of megabytes there. So the
// sandbox compiles a tail call as a plain call followed by the return that
// the compiler always emits after it: results are the same, but each tail
// call takes a stack frame, and a runaway tail-call loop ends at once with
// "stack overflow" instead of running until the deadline.

const (
	opShift    = 26
	opMask     = 1<<opShift - 1
	opCall     = uint32(lua.OP_CALL) << opShift
	opTailCall = uint32(lua.OP_TAILCALL)
)

func noTailCalls(p *lua.FunctionProto) {
	for i, inst := range p.Code {
		if inst>>opShift == opTailCall {
			p.Code[i] = inst&opMask | opCall
		}
	}
	for _, child := range p.FunctionPrototypes {
		noTailCalls(child)
	}
}

// Concatenation. gopher-lua runs "a .. b .. c .. d" as one instruction
// that joins all its operands in Go at once: with s a string near the
// memory limit, "s .. s .. s .. (a hundred times)" allocates a hundred
// limits before the watchdog can look. The sandbox compiles a
// concatenation of more than two operands as the pairs Lua's right
// associativity defines (c .. d, then b .. that, then a .. that), each one
// instruction: one instruction then builds at most its two operands' worth,
// and the deadline and the watchdog act between the pairs. Results, errors
// and __concat calls are the same. The pairs are placed after the
// function's code, which the CONCAT jumps to and which jumps back, so no
// other instruction moves.

const (
	opConcat  = uint32(lua.OP_CONCAT)
	opMove    = uint32(lua.OP_MOVE)
	opJmp     = uint32(lua.OP_JMP)
	opSetList = uint32(lua.OP_SETLIST)
	maxSbx    = (1<<18 - 1) >> 1
)

func abc(op uint32, a, b, c int) uint32 {
	return op<<opShift | uint32(a&0xff)<<18 | uint32(c&0x1ff)<<9 | uint32(b&0x1ff)
}

// jumpTo is a JMP at pc to target.
func jumpTo(pc, target int) (uint32, error) {
	sbx := target - (pc + 1)
	if sbx < -maxSbx || sbx > maxSbx {
		return 0, errors.New("function too large to compile safely")
	}
	return opJmp<<opShift | uint32(sbx+maxSbx), nil
}

func pairConcats(p *lua.FunctionProto) error {
	n := len(p.Code)
	for pc := 0; pc < n; pc++ {
		inst := p.Code[pc]
		op := inst >> opShift
		if op == opSetList && (inst>>9)&0x1ff == 0 {
			pc++ // the next word is SETLIST's count, not an instruction
			continue
		}
		a, b, c := int(inst>>18)&0xff, int(inst&0x1ff), int(inst>>9)&0x1ff
		if op != opConcat || c-b < 2 {
			continue
		}
		line := 0
		if pc < len(p.DbgSourcePositions) {
			line = p.DbgSourcePositions[pc]
		}
		emit := func(i uint32) {
			p.Code = append(p.Code, i)
			if len(p.DbgSourcePositions) > 0 {
				p.DbgSourcePositions = append(p.DbgSourcePositions, line)
			}
		}
		there, err := jumpTo(pc, len(p.Code))
		if err != nil {
			return err
		}
		p.Code[pc] = there
		for r := c - 1; r >= b; r-- {
			emit(abc(opConcat, r, r, r+1)) // R(r) := R(r) .. R(r+1)
		}
		if a != b {
			emit(abc(opMove, a, b, 0))
		}
		back, err := jumpTo(len(p.Code), pc+1)
		if err != nil {
			return err
		}
		emit(back)
	}
	for _, child := range p.FunctionPrototypes {
		if err := pairConcats(child); err != nil {
			return err
		}
	}
	return nil
}

func hasTailCalls(p *lua.FunctionProto) bool {
	for _, inst := range p.Code {
		if inst>>opShift == opTailCall {
			return true
		}
	}
	for _, child := range p.FunctionPrototypes {
		if hasTailCalls(child) {
			return true
		}
	}
	return false
}

// State is one sandboxed Lua state. L is exposed for building values and
// registering functions; call into Lua only through Run and Call, which
// apply the limits.
type State struct {
	L *lua.LState

	opts    Options
	lim     Limits
	rand    *rand.Rand
	out     limitWriter
	handler *lua.LFunction // the error handler of every protected call
	where   location       // where the last error handled was raised

	// roNewIndex is the __newindex of every read-only proxy: it is how a
	// proxy is recognised.
	roNewIndex *lua.LFunction
	roLen      *lua.LFunction
	nextFn     *lua.LFunction // next, shared by pairs
	ipairsFn   *lua.LFunction // ipairs' step

	dead    string // why the state cannot be used again, after a gopher-lua failure
	closed  bool
	loaded  map[string]lua.LValue
	loading map[string]bool

	// ctx is the running call's context, for the Go functions that must
	// watch the deadline themselves.
	ctx context.Context

	acct account // memory: see account.go
}

// Context is the running call's context (nil between calls): a host's Go
// function that runs long (a search) watches it. Use it rather than
// L.Context(), which is the state's meter and must stay in its goroutine.
func (s *State) Context() context.Context { return s.ctx }

type location struct {
	chunk string
	line  int
}

// New builds a State from the allow-list (see the package comment).
func New(opts Options) *State {
	lim := opts.Limits.withDefaults()
	L := lua.NewState(lua.Options{
		SkipOpenLibs:        true,
		CallStackSize:       lim.CallStack,
		RegistrySize:        min(1024, lim.Registry),
		RegistryMaxSize:     lim.Registry,
		RegistryGrowStep:    1024,
		MinimizeStackMemory: false, // its overflow check is broken: it panics past the limit
	})
	s := &State{L: L, opts: opts, lim: lim, rand: opts.Rand,
		loaded: map[string]lua.LValue{}, loading: map[string]bool{}}
	if s.rand == nil {
		s.rand = rand.New(rand.NewPCG(0, 0))
	}
	s.out = limitWriter{w: opts.Stdout, max: lim.Output}
	s.handler = L.NewFunction(s.handle)
	s.acct.budget = lim.Memory / 8
	s.open()
	return s
}

// Close releases the state. Closing it again does nothing (gopher-lua's
// own Close panics the second time).
func (s *State) Close() {
	if !s.closed {
		s.closed = true
		s.L.Close()
	}
}

// Limits are the limits this state applies, defaults filled in.
func (s *State) Limits() Limits { return s.lim }

// Run runs a chunk compiled by Compile (its top level) and returns what it
// returns. A chunk compiled by gopher-lua directly is refused: see the note
// on tail calls in Compile.
func (s *State) Run(ctx context.Context, proto *lua.FunctionProto) ([]lua.LValue, error) {
	if hasTailCalls(proto) {
		return nil, &Error{Kind: Syntax, Chunk: proto.SourceName, Msg: "the chunk was not compiled by sandbox.Compile"}
	}
	return s.Call(ctx, s.L.NewFunctionFromProto(proto))
}

// errMemory and errTimeout are the causes with which a call's context is
// canceled when it breaks a limit.
var (
	errMemory  = errors.New("memory limit")
	errTimeout = errors.New("time limit")
)

// Call calls fn with args under the limits and returns its results. A Lua
// error, or a limit broken, comes back as an *Error.
func (s *State) Call(ctx context.Context, fn lua.LValue, args ...lua.LValue) ([]lua.LValue, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if s.lim.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, s.lim.Timeout, errTimeout)
		defer cancel()
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	prevCancel := s.acct.cancel
	s.acct.cancel = cancel
	defer func() { s.acct.cancel = prevCancel }()

	if s.dead != "" {
		return nil, &Error{Kind: Runtime, Msg: "the Lua state is unusable after an earlier failure: " + s.dead}
	}
	L := s.L
	s.out.n = 0
	s.where = location{}
	prev := s.ctx
	s.ctx = ctx
	L.SetContext(meter{ctx, s})
	defer func() {
		s.ctx = prev
		if prev != nil {
			L.SetContext(meter{prev, s})
		} else {
			L.RemoveContext()
		}
	}()

	base := L.GetTop()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	if err := s.pcall0(len(args)); err != nil {
		if s.dead == "" {
			L.SetTop(base)
		}
		e := s.failure(ctx, err)
		if e.Kind == Memory {
			s.afterMemory(append([]lua.LValue{fn}, args...)...)
		}
		return nil, e
	}
	out := make([]lua.LValue, L.GetTop()-base)
	for i := range out {
		out[i] = L.Get(base + 1 + i)
	}
	L.SetTop(base)
	return out, nil
}

// pcall0 is the host's protected call. gopher-lua can still let a panic
// escape a protected call: when the value stack is exactly full, the call
// cannot even push its error handler. Such a state is inconsistent, so it is
// marked dead and every later call fails at once.
func (s *State) pcall0(nargs int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if i := strings.Index(msg, "\nstack traceback:"); i >= 0 {
				msg = msg[:i]
			}
			s.dead = msg
			err = errors.New(msg)
		}
	}()
	return s.L.PCall(nargs, lua.MultRet, s.handler)
}

// handle is the error handler of every protected call: it notes where the
// error was raised (the innermost Lua function on the stack) and returns the
// error unchanged. It must never build a traceback: see the package comment.
func (s *State) handle(L *lua.LState) int {
	s.where = location{}
	for level := 1; level <= s.lim.CallStack+1; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil {
			break
		}
		if dbg.CurrentLine > 0 {
			s.where = location{chunk: dbg.Source, line: dbg.CurrentLine}
			break
		}
	}
	return 1
}

// broken reports whether the running call has broken a limit (or was
// canceled): then no pcall may catch its error.
func (s *State) broken() bool { return s.ctx != nil && s.ctx.Err() != nil }

// failure turns a protected call's error into an *Error.
func (s *State) failure(ctx context.Context, err error) *Error {
	e := &Error{Kind: Runtime, Chunk: s.where.chunk, Line: s.where.line}
	if ctx.Err() != nil {
		switch cause := context.Cause(ctx); {
		case errors.Is(cause, errMemory):
			e.Kind, e.Msg = Memory, s.memoryMessage()
		case errors.Is(cause, errTimeout):
			e.Kind, e.Msg = Timeout, fmt.Sprintf("time limit of %v exceeded", s.lim.Timeout)
		default:
			e.Kind, e.Msg = Canceled, cause.Error()
		}
		return e
	}
	var obj lua.LValue = lua.LString(err.Error())
	var api *lua.ApiError
	if errors.As(err, &api) && api.Object != nil {
		obj = api.Object
	}
	switch v := obj.(type) {
	case lua.LString:
		e.Msg = string(v)
	case lua.LNumber:
		e.Msg = v.String()
	default:
		e.Msg = "(error object is a " + obj.Type().String() + " value)"
	}
	// A message that carries its own position ("x.lua:12: boom") knows
	// better than the handler: error("boom", 2) points at the caller.
	if chunk, line, rest, ok := splitPosition(e.Msg); ok {
		e.Chunk, e.Line, e.Msg = chunk, line, rest
	}
	return e
}

// splitPosition splits "chunk:12: message".
func splitPosition(msg string) (chunk string, line int, rest string, ok bool) {
	i := strings.Index(msg, ": ")
	if i < 0 {
		return "", 0, msg, false
	}
	head := msg[:i]
	j := strings.LastIndexByte(head, ':')
	if j <= 0 {
		return "", 0, msg, false
	}
	n, err := strconv.Atoi(head[j+1:])
	if err != nil || n <= 0 {
		return "", 0, msg, false
	}
	return head[:j], n, msg[i+2:], true
}

// limitWriter is print's destination: it counts what each call writes.
type limitWriter struct {
	w      io.Writer
	n, max int
}

func (w *limitWriter) write(p []byte) error {
	if w.n+len(p) > w.max {
		return fmt.Errorf("print: output limit of %d bytes per call reached", w.max)
	}
	w.n += len(p)
	if w.w == nil {
		return nil
	}
	_, err := w.w.Write(p)
	return err
}
