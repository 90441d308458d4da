package sandbox

import (
	"context"
	"fmt"
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/internal/files"
)

// Memory accounting. Each state keeps its own account, so whether a script
// breaks Limits.Memory depends on that script alone: never on what other
// goroutines allocate, nor on the number of cores, nor on when the garbage
// collector ran.
//
// The limit bounds what a state holds: the Lua values reachable from its
// globals, its registry, the modules it required and its value stack (the
// running functions, their arguments, locals and upvalues), measured by a
// walk that stops as soon as the limit is passed, plus what the host says
// it holds for the state (Options.Held: a script's games). A walk costs time in
// proportion to what it visits, so it is not run at every instruction:
// every allocation the state makes is charged to its account (bytecode that
// builds tables, closures and strings, and every call of a Go function with
// the strings it is given), and when the charges since the last walk pass
// a budget (an eighth of the limit, or half of what the state held at the
// last walk, whichever is more) the state is walked again. So a state is
// never more than half the limit past it before it is stopped, garbage
// costs nothing, and the walks take a bounded share of the run. The charges
// carry over from one call to the next, so a state that keeps a little more
// on every call is found like one that keeps it all at once; one found
// holding more than the limit once its call has ended is unusable from then
// on (its memory cannot be given back while it lives): close it.
//
// The meter runs in the state's own goroutine: gopher-lua asks the call's
// context whether it is done before every instruction, and the context the
// sandbox gives it (meter) charges the instruction about to run. Reading
// that instruction needs two of gopher-lua's unexported fields (the current
// call frame and the value stack); their offsets are found by reflection
// when the package starts, and a test fails if gopher-lua ever moves them.

// What the walk counts for each value: estimates of gopher-lua's sizes on a
// 64-bit machine.
const (
	costString   = 16  // a string's header; its bytes are added
	costTable    = 120 // an empty table
	costSlot     = 16  // a slot of a table's list part
	costEntry    = 48  // an entry of a table's hash part
	costKey      = 64  // a key in a table's key list, live or cleared, and its index
	costFunction = 80  // a closure
	costUpvalue  = 48  // one of its upvalues
	costUserdata = 64
	costGoCall   = 64 // the least a Go function is charged
)

// layout holds the offsets of gopher-lua's unexported fields the meter
// reads.
var layout struct {
	ok         bool
	frame      uintptr // LState.currentFrame (*callFrame)
	reg        uintptr // LState.reg (*registry)
	frameFn    uintptr // callFrame.Fn
	framePc    uintptr // callFrame.Pc
	frameBase  uintptr // callFrame.LocalBase
	regArray   uintptr // registry.array ([]LValue)
	regTop     uintptr // registry.top
	tableArray uintptr // LTable.array ([]LValue)
	tableKeys  uintptr // LTable.keys ([]LValue)
}

func init() {
	field := func(t reflect.Type, name string, kind reflect.Kind) (reflect.StructField, bool) {
		f, ok := t.FieldByName(name)
		return f, ok && f.Type.Kind() == kind
	}
	st := reflect.TypeOf(lua.LState{})
	cf, ok1 := field(st, "currentFrame", reflect.Pointer)
	rg, ok2 := field(st, "reg", reflect.Pointer)
	if !ok1 || !ok2 {
		return
	}
	fn, ok3 := field(cf.Type.Elem(), "Fn", reflect.Pointer)
	pc, ok4 := field(cf.Type.Elem(), "Pc", reflect.Int)
	lb, ok5 := field(cf.Type.Elem(), "LocalBase", reflect.Int)
	arr, ok6 := field(rg.Type.Elem(), "array", reflect.Slice)
	top, ok7 := field(rg.Type.Elem(), "top", reflect.Int)
	tarr, ok8 := field(reflect.TypeOf(lua.LTable{}), "array", reflect.Slice)
	tkeys, ok9 := field(reflect.TypeOf(lua.LTable{}), "keys", reflect.Slice)
	if !(ok3 && ok4 && ok5 && ok6 && ok7 && ok8 && ok9) || fn.Type != reflect.TypeOf(&lua.LFunction{}) ||
		tarr.Type != reflect.TypeOf([]lua.LValue{}) || tkeys.Type != reflect.TypeOf([]lua.LValue{}) {
		return
	}
	layout.frame, layout.reg = cf.Offset, rg.Offset
	layout.frameFn, layout.framePc, layout.frameBase = fn.Offset, pc.Offset, lb.Offset
	layout.regArray, layout.regTop, layout.tableArray = arr.Offset, top.Offset, tarr.Offset
	layout.tableKeys = tkeys.Offset
	layout.ok = true
}

// account is a state's memory account.
type account struct {
	charged   int64 // bytes charged since the last walk
	budget    int64 // charges that call for the next walk
	held      int64 // what the last walk found, capped just past the limit
	over      string
	ticks     uint64 // instructions run, for the backstop's looks
	sinceLook int64  // bytes charged since the backstop's last look
	// backstop: the process's backstop stopped the call (backstop.go)
	backstop bool
	cancel   context.CancelCauseFunc
}

// meter is the context gopher-lua sees while a call runs: its Done charges
// the instruction about to run (see above).
type meter struct {
	context.Context
	s *State
}

func (m meter) Done() <-chan struct{} {
	m.s.step()
	return m.Context.Done()
}

// Charge adds n bytes to the state's account: a host's Go function that
// builds a large value for the script (a table of a thousand rows) charges
// it, so that the state is measured in time. Charging is cheap; the walk it
// may call for runs at the next instruction.
func (s *State) Charge(n int) {
	if n > 0 {
		s.acct.charged += int64(n)
		s.acct.sinceLook += int64(n)
	}
}

// Held is what the state's Lua values held at its last measure, in bytes
// (an estimate; capped just past Limits.Memory).
func (s *State) Held() int64 { return s.acct.held }

// Measure walks the state now and returns what it holds, in bytes,
// counting at most a little past Limits.Memory. It leaves the account as
// it was.
func (s *State) Measure() int64 { return s.walk(true) }

// measure walks the state for its account: the next walk comes after
// charges of an eighth of the limit, or of half of what it holds (never
// more than half the limit).
func (s *State) measure() {
	s.acct.held = s.walk(true)
	s.acct.charged = 0
	s.acct.budget = max(s.lim.Memory/8, min(s.acct.held, s.lim.Memory)/2)
}

// step runs before each instruction of a call: it charges the instruction
// and, when the charges pass the budget, measures the state.
func (s *State) step() {
	if !layout.ok || s.acct.over != "" {
		return
	}
	charge := s.instructionCost()
	if s.acct.over != "" {
		return
	}
	s.acct.charged += charge
	s.acct.sinceLook += charge
	if s.acct.ticks++; s.acct.ticks%backstopEvery == 0 || s.acct.sinceLook >= lookBytes {
		s.acct.sinceLook = 0
		if s.lookAtHeap(); s.acct.over != "" {
			return
		}
	}
	if s.lim.Memory <= 0 {
		return
	}
	if s.acct.charged >= s.acct.budget {
		if s.measure(); s.acct.held > s.lim.Memory {
			s.overLimit("its Lua values hold " + mib(s.acct.held))
		}
	}
}

// instructionCost is what the instruction about to run allocates, at most.
func (s *State) instructionCost() int64 {
	L := s.L
	frame := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), layout.frame))
	if frame == nil {
		return 0
	}
	fn := *(**lua.LFunction)(unsafe.Add(frame, layout.frameFn))
	if fn == nil || fn.IsG || fn.Proto == nil {
		return 0
	}
	pc := *(*int)(unsafe.Add(frame, layout.framePc)) - 1
	if pc < 0 || pc >= len(fn.Proto.Code) {
		return 0
	}
	base := *(*int)(unsafe.Add(frame, layout.frameBase))
	inst := fn.Proto.Code[pc]
	a, b, c := int(inst>>18)&0xff, int(inst&0x1ff), int(inst>>9)&0x1ff
	switch int(inst >> opShift) {
	case lua.OP_NEWTABLE:
		return costTable + int64(b)*costSlot + int64(c)*costEntry
	case lua.OP_SETTABLE, lua.OP_SETTABLEKS, lua.OP_SETGLOBAL:
		return costEntry
	case lua.OP_SETLIST:
		return costSlot * 50 // FIELDS_PER_FLUSH
	case lua.OP_CLOSURE:
		return costFunction
	case lua.OP_CONCAT:
		n := int64(0)
		for r := b; r <= c; r++ {
			if v, ok := s.register(base + r).(lua.LString); ok {
				n += int64(len(v))
			}
		}
		if s.lim.Memory > 0 && n > s.lim.Memory {
			s.overLimit(fmt.Sprintf("a string of %s", mib(n)))
		}
		return costString + n
	case lua.OP_CALL:
		f, ok := s.register(base + a).(*lua.LFunction)
		if !ok || !f.IsG {
			return 0
		}
		n := int64(costGoCall)
		for r := a + 1; r < a+b; r++ {
			if v, ok := s.register(base + r).(lua.LString); ok {
				n += int64(len(v))
			}
		}
		return n
	}
	return 0
}

// register reads slot i of the value stack.
func (s *State) register(i int) lua.LValue {
	reg := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(s.L), layout.reg))
	if reg == nil {
		return lua.LNil
	}
	arr := *(*[]lua.LValue)(unsafe.Add(reg, layout.regArray))
	if i < 0 || i >= len(arr) {
		return lua.LNil
	}
	return arr[i]
}

// overLimit stops the running call for the memory limit.
func (s *State) overLimit(what string) {
	s.acct.over = what
	if s.acct.cancel != nil {
		s.acct.cancel(errMemory)
	}
}

// memoryMessage is the error of a call stopped for memory.
func (s *State) memoryMessage() string {
	if s.acct.backstop {
		return "memory backstop reached: " + s.acct.over
	}
	msg := fmt.Sprintf("memory limit of %s exceeded", files.Size(s.lim.Memory))
	if s.acct.over != "" {
		msg += ": " + s.acct.over
	}
	return msg + " (Limits.Memory)"
}

// afterMemory runs when a call was stopped for memory: a state that still
// holds more than the limit now that the call has unwound keeps it between
// calls, and is done for.
// roots are the values the host holds for the state (the function it
// called and its arguments).
func (s *State) afterMemory(roots ...lua.LValue) {
	if s.acct.backstop { // what it pinned may be out of the walk's sight
		s.dead = "the process's memory backstop stopped it: " + s.acct.over
		s.acct.over = ""
		return
	}
	s.acct.over = ""
	held := s.walk(false, roots...)
	// The next walk comes soon: a state stopped once is watched closely.
	s.acct.held, s.acct.charged, s.acct.budget = held, 0, s.lim.Memory/8
	if held > s.lim.Memory {
		s.dead = fmt.Sprintf("its Lua values hold %s between calls, over the memory limit of %s (Limits.Memory)",
			mib(held), files.Size(s.lim.Memory))
	}
}

// mib writes n bytes in MiB, to a tenth.
func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// walk measures what the state holds, stopping a little past the limit.
// stack adds the value stack (during a call).
func (s *State) walk(stack bool, roots ...lua.LValue) int64 {
	w := walker{seen: map[unsafe.Pointer]struct{}{}, cap: s.lim.Memory}
	if w.cap <= 0 {
		w.cap = 1 << 62
	}
	L := s.L
	w.push(L.G.Global)
	w.push(L.G.Registry)
	for _, v := range s.loaded {
		w.push(v)
	}
	for _, v := range roots {
		w.push(v)
	}
	if s.opts.Held != nil {
		w.total += s.opts.Held()
	}
	if stack && layout.ok {
		if reg := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), layout.reg)); reg != nil {
			arr := *(*[]lua.LValue)(unsafe.Add(reg, layout.regArray))
			top := min(*(*int)(unsafe.Add(reg, layout.regTop)), len(arr))
			w.total += int64(top) * costSlot
			for _, v := range arr[:max(top, 0)] {
				w.push(v)
			}
		}
	}
	w.run()
	return w.total
}

type walker struct {
	seen  map[unsafe.Pointer]struct{}
	todo  []lua.LValue
	total int64
	cap   int64
}

// push counts v, and queues what it refers to.
func (w *walker) push(v lua.LValue) {
	switch v := v.(type) {
	case lua.LString:
		w.total += costString + int64(len(v))
		if len(v) >= 64 { // a long string is counted once, however often it is referred to
			p := unsafe.Pointer(unsafe.StringData(string(v)))
			if _, ok := w.seen[p]; ok {
				w.total -= int64(len(v))
			} else {
				w.seen[p] = struct{}{}
			}
		}
	case *lua.LTable, *lua.LFunction, *lua.LUserData:
		w.todo = append(w.todo, v)
	}
}

func (w *walker) run() {
	for len(w.todo) > 0 && w.total <= w.cap {
		v := w.todo[len(w.todo)-1]
		w.todo = w.todo[:len(w.todo)-1]
		switch v := v.(type) {
		case *lua.LTable:
			if !w.visit(unsafe.Pointer(v)) {
				continue
			}
			w.total += costTable
			list := 0 // the length of the list part
			if layout.ok {
				arr := *(*[]lua.LValue)(unsafe.Add(unsafe.Pointer(v), layout.tableArray))
				list = len(arr)
				w.total += int64(cap(arr)) * costSlot
				// gopher-lua keeps every key the hash part ever had, in
				// order, for next: clearing t[k] leaves k in the list and
				// its index. Those keys are counted here, cleared or not,
				// or fresh keys churned through an empty table would pin
				// memory that no walk of its live entries sees.
				keys := *(*[]lua.LValue)(unsafe.Add(unsafe.Pointer(v), layout.tableKeys))
				w.total += int64(len(keys))*costKey + int64(cap(keys)-len(keys))*costSlot
				for _, k := range keys {
					w.push(k)
				}
			}
			w.push(v.Metatable)
			v.ForEach(func(k, val lua.LValue) {
				inList := false
				if n, isNum := k.(lua.LNumber); isNum && n >= 1 && float64(n) <= float64(list) && n == lua.LNumber(int(n)) {
					inList = true
				}
				if !inList {
					w.total += costEntry
				}
				if !inList && !layout.ok {
					w.push(k) // otherwise counted with the key list
				}
				w.push(val)
			})
		case *lua.LFunction:
			if !w.visit(unsafe.Pointer(v)) {
				continue
			}
			w.total += costFunction + int64(len(v.Upvalues))*costUpvalue
			if v.Env != nil {
				w.push(v.Env)
			}
			for _, uv := range v.Upvalues {
				if uv != nil {
					w.push(uv.Value())
				}
			}
		case *lua.LUserData:
			if !w.visit(unsafe.Pointer(v)) {
				continue
			}
			w.total += costUserdata
			w.push(v.Metatable)
			if v.Env != nil {
				w.push(v.Env)
			}
		}
	}
}

// visit reports whether p is seen for the first time.
func (w *walker) visit(p unsafe.Pointer) bool {
	if _, ok := w.seen[p]; ok {
		return false
	}
	w.seen[p] = struct{}{}
	return true
}
