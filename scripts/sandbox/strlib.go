package sandbox

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The string and table functions that build or scan strings on the Go side,
// where the deadline cannot interrupt them: each checks its result's size
// against Limits.String before it allocates, and the pattern functions run on
// the budgeted matcher of pattern.go.

// tooLong raises the error for a result over the string limit.
func (s *State) tooLong(L *lua.LState, fn string, n float64) {
	L.RaiseError("%s: the result would be %.0f bytes, over the limit of %d", fn, n, s.lim.String)
}

// maxResults bounds the values one function call may return (unpack,
// string.byte), as Lua's own stack limit does: the value stack stays far
// from its cap.
const maxResults = 8000

func (s *State) strByte(L *lua.LState) int {
	str := L.CheckString(1)
	i := L.OptInt(2, 1)
	j := L.OptInt(3, i)
	if i < 0 {
		i += len(str) + 1
	}
	if j < 0 {
		j += len(str) + 1
	}
	i, j = max(i, 1), min(j, len(str))
	if i > j {
		return 0
	}
	if j-i+1 > maxResults {
		L.RaiseError("string slice too long")
	}
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(str[k-1]))
	}
	return j - i + 1
}

func (s *State) strRep(L *lua.LState) int {
	str := L.CheckString(1)
	n := float64(L.CheckNumber(2))
	if n <= 0 || str == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if size := float64(len(str)) * math.Floor(n); size > float64(s.lim.String) {
		s.tooLong(L, "string.rep", size)
	}
	s.Charge(len(str) * int(n))
	L.Push(lua.LString(strings.Repeat(str, int(n))))
	return 1
}

func (s *State) tblConcat(L *lua.LState) int {
	t := s.readTable(L, 1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	// Size the result before building it.
	size := float64(len(sep)) * float64(j-i)
	if size > float64(s.lim.String) {
		s.tooLong(L, "table.concat", size)
	}
	parts := make([]string, 0, min(j-i+1, 1024))
	for k := i; k <= j; k++ {
		var part string
		switch v := t.RawGetInt(k).(type) {
		case lua.LString:
			part = string(v)
		case lua.LNumber:
			part = v.String()
		default:
			L.RaiseError("invalid value (at index %d) in table for 'concat'", k)
		}
		size += float64(len(part))
		if size > float64(s.lim.String) {
			s.tooLong(L, "table.concat", size)
		}
		parts = append(parts, part)
	}
	joined := strings.Join(parts, sep)
	s.Charge(len(joined))
	L.Push(lua.LString(joined))
	return 1
}

// strFormat is string.format with C's (Lua 5.1's) rules: flags "-+ #0",
// width and precision of at most two digits each, conversions
// c d i o u x X e E f g G q s and %%.
func (s *State) strFormat(L *lua.LState) int {
	f := L.CheckString(1)
	top := L.GetTop()
	arg := 1
	b := make([]byte, 0, len(f)+16)
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			b = append(b, '%')
			continue
		}
		arg++
		if arg > top {
			L.ArgError(arg, "no value")
		}
		// The spec: flags, width, precision.
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start > 5 {
			L.RaiseError("invalid format (repeated flags)")
		}
		flags := f[start:i]
		width, prec := -1, -1
		digits := func() int {
			n, d := 0, 0
			for i < len(f) && '0' <= f[i] && f[i] <= '9' {
				n = n*10 + int(f[i]-'0')
				i++
				d++
			}
			if d > 2 {
				L.RaiseError("invalid format (width or precision too long)")
			}
			if d == 0 {
				return -1
			}
			return n
		}
		width = digits()
		if i < len(f) && f[i] == '.' {
			i++
			if prec = digits(); prec < 0 {
				prec = 0
			}
		}
		if i >= len(f) {
			L.RaiseError("invalid option '%%' to 'format'")
		}
		spec := "%" + flags
		if width >= 0 {
			spec += strconv.Itoa(width)
		}
		if prec >= 0 {
			spec += "." + strconv.Itoa(prec)
		}
		switch c := f[i]; c {
		case 'c':
			b = append(b, byte(int64(L.CheckNumber(arg))))
		case 'd', 'i':
			b = fmt.Appendf(b, spec+"d", int64(L.CheckNumber(arg)))
		case 'o', 'u', 'x', 'X':
			verb := string(c)
			if c == 'u' {
				verb = "d"
			}
			b = fmt.Appendf(b, spec+verb, uint64(int64(L.CheckNumber(arg))))
		case 'e', 'E', 'f', 'g', 'G':
			v := float64(L.CheckNumber(arg))
			if math.IsInf(v, 0) || math.IsNaN(v) {
				word := "inf"
				switch {
				case math.IsNaN(v):
					word = "nan"
				case v < 0:
					word = "-inf"
				case strings.Contains(flags, "+"):
					word = "+inf"
				}
				if c == 'E' || c == 'G' {
					word = strings.ToUpper(word)
				}
				b = pad(b, word, width, strings.Contains(flags, "-"))
				break
			}
			if prec < 0 && (c == 'g' || c == 'G') {
				spec += ".6" // C's default; Go's %g would print the shortest form
			}
			b = fmt.Appendf(b, spec+string(c), v)
		case 'q':
			b = appendQuoted(b, L.CheckString(arg))
		case 's':
			str := lua.LVAsString(L.ToStringMeta(L.Get(arg)))
			if prec >= 0 && prec < len(str) {
				str = str[:prec] // bytes, as C counts
			}
			if float64(len(b))+float64(len(str)) > float64(s.lim.String) {
				s.tooLong(L, "string.format", float64(len(b))+float64(len(str)))
			}
			b = pad(b, str, width, strings.Contains(flags, "-"))
		default:
			L.RaiseError("invalid option '%%%c' to 'format'", c)
		}
		if len(b) > s.lim.String {
			s.tooLong(L, "string.format", float64(len(b)))
		}
	}
	s.Charge(len(b))
	L.Push(lua.LString(b))
	return 1
}

func pad(b []byte, s string, width int, left bool) []byte {
	n := width - len(s)
	if !left {
		for ; n > 0; n-- {
			b = append(b, ' ')
		}
	}
	b = append(b, s...)
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}

// appendQuoted is %q: a string Lua can read back.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '\n':
			b = append(b, '\\', c)
		case '\r':
			b = append(b, '\\', 'r')
		case 0:
			b = append(b, '\\', '0', '0', '0')
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// matcher returns a matcher for one string-function call.
func (s *State) matcher(src, pat string) *matcher {
	return &matcher{src: src, pat: pat, budget: s.lim.MatchSteps, ctx: s.ctx}
}

// check raises a matcher's error as a Lua error.
func check(L *lua.LState, msg string) {
	if msg != "" {
		L.RaiseError("%s", msg)
	}
}

// captureValue is capture i of the match from s to e (the whole match when
// the pattern has no captures and i is 0).
func (m *matcher) captureValue(i, s, e int) lua.LValue {
	if i >= m.level {
		if i != 0 {
			m.fail("invalid capture index")
		}
		return piece(m.src, s, e)
	}
	c := m.capture[i]
	switch c.len {
	case capUnfinished:
		m.fail("unfinished capture")
	case capPosition:
		return lua.LNumber(c.start + 1)
	}
	return piece(m.src, c.start, c.start+c.len)
}

// piece is src[s:e] in bytes of its own. A Go substring shares its
// source's bytes, so a 10-byte capture of a fresh 8 MiB string would pin
// all 8 MiB while the memory account charged 10 (see account.go); the copy
// costs at most what the piece's length is charged anyway.
func piece(src string, s, e int) lua.LString {
	if s == 0 && e == len(src) {
		return lua.LString(src)
	}
	return lua.LString(strings.Clone(src[s:e]))
}

// ownPiece wraps gopher-lua's string.sub so that its result never shares
// the bytes of a longer source (see piece).
func ownPiece(sub lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		src := L.CheckString(1)
		n := sub(L)
		if v, ok := L.Get(-1).(lua.LString); ok && len(v) < len(src) {
			L.Replace(-1, lua.LString(strings.Clone(string(v))))
		}
		return n
	}
}

// pushCaptures pushes the captures (or the whole match) and returns how many.
func (m *matcher) pushCaptures(L *lua.LState, s, e int, whole bool) int {
	n := m.level
	if n == 0 && whole {
		n = 1
	}
	for i := 0; i < n; i++ {
		L.Push(m.captureValue(i, s, e))
	}
	return n
}

// startIndex turns Lua's init argument (from 1, negative from the end) into
// a byte offset in 0..len.
func startIndex(init, n int) int {
	if init < 0 {
		init += n + 1
	}
	init-- // from 0
	if init < 0 {
		return 0
	}
	return min(init, n)
}

const specials = "^$*+?.([%-"

func (s *State) strFind(L *lua.LState) int  { return s.findAux(L, true) }
func (s *State) strMatch(L *lua.LState) int { return s.findAux(L, false) }

func (s *State) findAux(L *lua.LState, find bool) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := startIndex(L.OptInt(3, 1), len(src))
	if find && (L.ToBool(4) || !strings.ContainsAny(pat, specials)) {
		if i := strings.Index(src[init:], pat); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(pat)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := s.matcher(src, pat)
	n := 0
	check(L, m.run(func() {
		p, anchor := 0, strings.HasPrefix(pat, "^")
		if anchor {
			p = 1
		}
		for s1 := init; ; s1++ {
			m.reset()
			if e := m.match(s1, p); e != -1 {
				if find {
					L.Push(lua.LNumber(s1 + 1))
					L.Push(lua.LNumber(e))
					n = 2 + m.pushCaptures(L, s1, e, false)
				} else {
					n = m.pushCaptures(L, s1, e, true)
				}
				return
			}
			if anchor || s1 >= len(src) {
				break
			}
		}
		L.Push(lua.LNil)
		n = 1
	}))
	return n
}

// strGmatch returns an iterator over the matches. As in Lua 5.1, '^' is
// not an anchor here; each call of the iterator has its own step budget.
func (s *State) strGmatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m := s.matcher(src, pat)
		n := 0
		check(L, m.run(func() {
			for ; pos <= len(src); pos++ {
				m.reset()
				if e := m.match(pos, 0); e != -1 {
					start := pos
					pos = e
					if e == start {
						pos++ // an empty match: move on at least one byte
					}
					n = m.pushCaptures(L, start, e, true)
					return
				}
			}
		}))
		return n
	}))
	return 1
}

func (s *State) strGsub(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected")
	}
	maxN := L.OptInt(4, len(src)+1)
	m := s.matcher(src, pat)
	var b []byte
	n := 0
	add := func(piece string) {
		if len(b)+len(piece) > s.lim.String {
			s.tooLong(L, "string.gsub", float64(len(b)+len(piece)))
		}
		b = append(b, piece...)
	}
	check(L, m.run(func() {
		p, anchor := 0, strings.HasPrefix(pat, "^")
		if anchor {
			p = 1
		}
		s1 := 0
		for n < maxN {
			m.reset()
			e := m.match(s1, p)
			if e != -1 {
				n++
				s.replace(L, m, repl, s1, e, add)
			}
			switch {
			case e != -1 && e > s1:
				s1 = e
			case s1 < len(src):
				add(src[s1 : s1+1])
				s1++
			default:
				anchor = true // the subject is used up
			}
			if anchor {
				break
			}
		}
		add(src[min(s1, len(src)):])
	}))
	s.Charge(len(b))
	L.Push(lua.LString(b))
	L.Push(lua.LNumber(n))
	return 2
}

// replace adds the replacement for the match from s to e.
func (s *State) replace(L *lua.LState, m *matcher, repl lua.LValue, st, e int, add func(string)) {
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		t := lua.LVAsString(r)
		for i := 0; i < len(t); i++ {
			c := t[i]
			if c != '%' || i+1 == len(t) {
				add(t[i : i+1])
				continue
			}
			i++
			switch c = t[i]; {
			case c == '0':
				add(m.src[st:e])
			case '1' <= c && c <= '9':
				add(lua.LVAsString(m.captureValue(int(c-'1'), st, e)))
			default:
				add(t[i : i+1])
			}
		}
		return
	case *lua.LTable:
		v = L.GetTable(r, m.captureValue(0, st, e))
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(r)
		n := m.pushCaptures(L, st, e, true)
		L.Call(n, 1)
		v = L.Get(-1)
		L.SetTop(top)
	}
	switch v.(type) {
	case *lua.LNilType:
		add(m.src[st:e])
	case lua.LBool:
		if v == lua.LFalse {
			add(m.src[st:e])
		} else {
			L.RaiseError("invalid replacement value (a boolean)")
		}
	case lua.LString, lua.LNumber:
		add(lua.LVAsString(v))
	default:
		L.RaiseError("invalid replacement value (a %s)", v.Type().String())
	}
}
