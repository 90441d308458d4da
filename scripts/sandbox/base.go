package sandbox

import (
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/files"
)

// The allow-lists: what survives of each gopher-lua library. Names listed
// under "replaced" are kept but rebound to this package's versions.
var (
	allowBase   = []string{"assert", "error", "getmetatable", "rawequal", "rawget", "select", "setmetatable", "tonumber", "tostring", "type", "_VERSION"}
	allowString = []string{"char", "len", "lower", "reverse", "sub", "upper"}
	allowTable  = []string{}
	allowMath   = []string{"abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "deg", "exp", "floor", "fmod", "frexp", "huge", "ldexp", "log", "log10", "max", "min", "mod", "modf", "pi", "pow", "rad", "sin", "sinh", "sqrt", "tan", "tanh"}
)

// open builds the globals: the four libraries opened by gopher-lua, cut down
// to the allow-lists, then this package's replacements.
func (s *State) open() {
	L := s.L
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.open))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	g := L.G.Global
	str := g.RawGetString("string").(*lua.LTable)
	tbl := g.RawGetString("table").(*lua.LTable)
	mth := g.RawGetString("math").(*lua.LTable)
	// The originals that the replacements below delegate to once they
	// have checked their arguments.
	insert, remove, sortFn := gfunc(tbl, "insert"), gfunc(tbl, "remove"), gfunc(tbl, "sort")
	sub := gfunc(str, "sub")

	keepOnly(g, allowBase)
	keepOnly(str, allowString)
	keepOnly(tbl, allowTable)
	keepOnly(mth, allowMath)
	// The string metatable's __index is the string table itself.
	str.RawSetString("__index", str)

	g.RawSetString("_G", g)
	g.RawSetString("string", str)
	g.RawSetString("table", tbl)
	g.RawSetString("math", mth)

	set := func(t *lua.LTable, name string, fn lua.LGFunction) { t.RawSetString(name, L.NewFunction(fn)) }
	set(g, "print", s.print)
	set(g, "pcall", s.pcall)
	set(g, "xpcall", s.xpcall)
	set(g, "require", s.require)
	s.nextFn = L.NewFunction(s.next)
	s.ipairsFn = L.NewFunction(s.ipairsStep)
	g.RawSetString("next", s.nextFn)
	set(g, "pairs", s.pairs)
	set(g, "ipairs", s.ipairs)
	set(g, "unpack", s.unpack)
	set(g, "rawset", s.rawset)

	set(str, "byte", s.strByte)
	set(str, "sub", ownPiece(sub))
	set(str, "rep", s.strRep)
	set(str, "format", s.strFormat)
	set(str, "find", s.strFind)
	set(str, "match", s.strMatch)
	set(str, "gmatch", s.strGmatch)
	set(str, "gsub", s.strGsub)

	set(tbl, "concat", s.tblConcat)
	set(tbl, "getn", s.tblGetn)
	set(tbl, "maxn", s.tblMaxn)
	set(tbl, "insert", s.writing(1, "insert", insert))
	set(tbl, "remove", s.writing(1, "remove", remove))
	set(tbl, "sort", s.writing(1, "sort", sortFn))

	set(mth, "random", s.random)
	set(mth, "randomseed", s.randomseed)

	s.roNewIndex = L.NewFunction(roNewIndex)
	s.roLen = L.NewFunction(s.roLength)
}

func gfunc(t *lua.LTable, name string) lua.LGFunction {
	return t.RawGetString(name).(*lua.LFunction).GFunction
}

// keepOnly deletes every key of t that is not in allow.
func keepOnly(t *lua.LTable, allow []string) {
	ok := make(map[string]bool, len(allow))
	for _, n := range allow {
		ok[n] = true
	}
	var drop []lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if ks, isStr := k.(lua.LString); !isStr || !ok[string(ks)] {
			drop = append(drop, k)
		}
	})
	for _, k := range drop {
		t.RawSet(k, lua.LNil)
	}
}

// Globals lists the global names of a fresh state, sorted: the allow-list
// as it stands.
func (s *State) Globals() []string {
	var out []string
	s.L.G.Global.ForEach(func(k, _ lua.LValue) { out = append(out, lua.LVAsString(k)) })
	sort.Strings(out)
	return out
}

// print writes its arguments, through tostring, tab-separated, to Options.Stdout.
func (s *State) print(L *lua.LState) int {
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(lua.LVAsString(L.ToStringMeta(L.Get(i))))
		if b.Len() > s.lim.Output {
			break
		}
	}
	b.WriteByte('\n')
	// A script's text reaches a terminal: its control characters (an ESC
	// sequence that would clear the screen) are printed escaped.
	if err := s.out.write([]byte(escape.String(b.String()))); err != nil {
		L.RaiseError("%s", err.Error())
	}
	return 0
}

// pcall is Lua's pcall with two differences that matter for safety: the
// protected call has an error handler, so no traceback is built, and a
// broken limit is raised again rather than caught.
func (s *State) pcall(L *lua.LState) int {
	L.CheckAny(1)
	// The function and its arguments fill the stack; on either outcome
	// PCall leaves only the results.
	if err := L.PCall(L.GetTop()-1, lua.MultRet, s.handler); err != nil {
		obj := errorObject(err)
		if s.broken() {
			L.Error(obj, 0)
		}
		L.SetTop(0)
		L.Push(lua.LFalse)
		L.Push(obj)
		return 2
	}
	L.Insert(lua.LTrue, 1)
	return L.GetTop()
}

// xpcall(f, handler) calls f protected; on error it returns false and what
// handler returns for the error. The handler runs after the stack unwinds:
// without the debug library a handler cannot look at the stack anyway.
func (s *State) xpcall(L *lua.LState) int {
	f := L.CheckAny(1)
	h := L.CheckFunction(2)
	L.SetTop(0)
	L.Push(f)
	if err := L.PCall(0, lua.MultRet, s.handler); err != nil {
		obj := errorObject(err)
		if s.broken() {
			L.Error(obj, 0)
		}
		L.SetTop(0)
		L.Push(h)
		L.Push(obj)
		if err := L.PCall(1, 1, s.handler); err != nil {
			if s.broken() {
				L.Error(errorObject(err), 0)
			}
			L.SetTop(0)
			L.Push(lua.LString("error in error handling"))
		}
		L.Insert(lua.LFalse, 1)
		return 2
	}
	L.Insert(lua.LTrue, 1)
	return L.GetTop()
}

func errorObject(err error) lua.LValue {
	if api, ok := err.(*lua.ApiError); ok && api.Object != nil {
		return api.Object
	}
	return lua.LString(err.Error())
}

// moduleName is what require accepts for a file: dotted identifiers.
var moduleName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// require(name) returns a host module (Options.Modules) or runs a file of
// Options.Files, once per state.
func (s *State) require(L *lua.LState) int {
	name := L.CheckString(1)
	if v, ok := s.loaded[name]; ok {
		L.Push(v)
		return 1
	}
	if s.loading[name] {
		L.RaiseError("require: module %q requires itself (a loop of requires)", name)
	}
	s.loading[name] = true
	defer delete(s.loading, name)

	var v lua.LValue
	if loader, ok := s.opts.Modules[name]; ok {
		top := L.GetTop()
		L.Push(L.NewFunction(loader))
		L.Push(lua.LString(name))
		L.Call(1, 1)
		v = L.Get(top + 1)
		L.SetTop(top)
	} else {
		proto := s.moduleFile(L, name)
		if proto == nil {
			L.RaiseError("require: no module %q; %s", name, s.requireHint())
		}
		top := L.GetTop()
		L.Push(L.NewFunctionFromProto(proto))
		L.Push(lua.LString(name))
		L.Call(1, 1)
		v = L.Get(top + 1)
		L.SetTop(top)
	}
	if v == lua.LNil {
		v = lua.LTrue
	}
	s.loaded[name] = v
	L.Push(v)
	return 1
}

// moduleFile compiles name's file from Options.Files, or returns nil.
func (s *State) moduleFile(L *lua.LState, name string) *lua.FunctionProto {
	if s.opts.Files == nil || !moduleName.MatchString(name) {
		return nil
	}
	path := strings.ReplaceAll(name, ".", "/") + ".lua"
	src, err := files.ReadFS(s.opts.Files, path, files.Limit{Kind: files.Lua.Kind, Max: int64(s.lim.String)})
	if err != nil {
		if isNotExist(err) {
			return nil
		}
		if strings.Contains(err.Error(), "escapes from parent") { // os.Root: a link that leads out
			L.RaiseError("require: %s leads outside the script's directory", path)
		}
		L.RaiseError("require: %s: %s", path, err.Error())
	}
	proto, err := s.opts.Cache.Compile(s.ctx, path, src)
	if err != nil {
		L.RaiseError("require: %s", err.Error())
	}
	return proto
}

func (s *State) requireHint() string {
	names := make([]string, 0, len(s.opts.Modules))
	for n := range s.opts.Modules {
		names = append(names, n)
	}
	sort.Strings(names)
	hint := "the modules are: " + strings.Join(names, ", ")
	if len(names) == 0 {
		hint = "this sandbox has no modules"
	}
	if s.opts.Files != nil {
		hint += ", and the .lua files of the script's directory"
	}
	return hint
}

// random is math.random on the state's seeded generator, with Lua 5.1's
// three forms: random() in [0,1), random(m) in [1,m], random(m,n) in [m,n].
func (s *State) random(L *lua.LState) int {
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(s.rand.Float64()))
	case 1:
		m := int64(L.CheckNumber(1))
		if m < 1 {
			L.ArgError(1, "interval is empty")
		}
		L.Push(lua.LNumber(1 + s.rand.Int64N(m)))
	default:
		m, n := int64(L.CheckNumber(1)), int64(L.CheckNumber(2))
		if m > n {
			L.ArgError(2, "interval is empty")
		}
		L.Push(lua.LNumber(m + s.rand.Int64N(n-m+1)))
	}
	return 1
}

// randomseed gives the state a generator of its own, seeded with the
// argument: the script's randomness stays reproducible and the host's
// generator is left alone.
func (s *State) randomseed(L *lua.LState) int {
	seed := uint64(int64(L.CheckNumber(1)))
	s.rand = rand.New(rand.NewPCG(seed, 0x6d656c646c6162)) // "meldlab"
	return 0
}
