package sandbox

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// statements are the pieces FuzzStatements builds scripts from: each the
// shape of a known gopher-lua hazard (big or sparse table keys, Go-side
// string building, patterns, deep calls, metatables, pcall around limits)
// or a plain operation between them. %d takes a number from the input.
var statements = []string{
	"local t = {} t[%d] = 1",
	"t = t or {} t[%d] = %d",
	"t = t or {} table.insert(t, %d, 'x')",
	"t = t or {} rawset(t, %d, true)",
	"t = t or {} for i = 1, %d do t[#t + 1] = i end",
	"s = string.rep('ab', %d)",
	"s = (s or 'x') .. (s or 'y')",
	"s = string.format('%%' .. %d .. 'd', 1)",
	"s = table.concat(t or {}, string.rep(',', %d))",
	"n = select('#', unpack(t or {}, 1, %d))",
	"string.find(string.rep('a', %d), '.-.-.-b')",
	"string.gsub(s or 'abc', '(%%w)', '%%1%%1')",
	"local function f(n) if n > 0 then return f(n - 1) end return 0 end f(%d)",
	"local function f() return f() end f()",
	"pcall(function() while true do end end)",
	"pcall(string.rep, 'x', %d)",
	"setmetatable(t or {}, {__index = function(t, k) return t[k] end}) local _ = (t or {}).missing",
	"local x = string.byte(s or 'abc', 1, %d)",
	"for k, v in pairs(t or {}) do n = (n or 0) + 1 end",
	"for i, v in ipairs(t or {}) do n = (n or 0) + 1 end",
	"t = nil s = nil",
	"error('stop %d')",
	"print(%d, s and #s)",
	"table.sort(t or {})",
	"local u = {} for i = 1, %d do u[i] = {} end",
	"x = math.random(%d + 1)",
	"s = (s or 'x') .. %d .. (s or 'y') .. (s or 'z') .. (s or '')",
	// Hoards: each keeps more in a global or an upvalue on every call, so
	// that only an account kept across calls stops them.
	"hoard = hoard or {} for i = 1, 8 do hoard[#hoard + 1] = string.rep('h', %d) .. #hoard end",
	"keep = keep or (function() local up = {} return function(x) up[#up + 1] = x return #up end end)() keep(string.rep('u', %d) .. 'x')",
}

// numbers gives the %d values: small, at the edges of the limits, huge.
var numbers = []int{0, 1, 7, 100, 8000, 8001, 262143, 262144, 1 << 20, 67108863, 1 << 30, -1}

// program turns fuzz bytes into a script: each byte pair picks a statement
// and a number.
func program(data []byte) string {
	var b strings.Builder
	for i := 0; i+1 < len(data) && i < 40; i += 2 {
		st := statements[int(data[i])%len(statements)]
		n := numbers[int(data[i+1])%len(numbers)]
		line := strings.ReplaceAll(st, "%d", itoa(n))
		b.WriteString(strings.ReplaceAll(line, "%%", "%"))
		b.WriteByte('\n')
	}
	return b.String()
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// calls is how many times FuzzStatements runs a script on one state: a
// state's globals and upvalues last from one call to the next, as a bot's
// do from one turn to the next.
const calls = 10

// Any script built from the hazards ends within its limits: a result or an
// *Error, never a panic, never a run past the deadline's reach; run again
// and again on one state, the heap it leaves behind stays bounded by the
// state's own limit (what it holds is stopped at most half a limit past
// it), however many calls; and the state serves the next call.
func FuzzStatements(f *testing.F) {
	for _, seed := range []string{
		"\x00\x09",                 // t[67108863] = 1 on an empty table
		"\x01\x0a\x02\x09",         // a huge key, table.insert far away
		"\x05\x05\x06\x00\x06\x00", // string.rep, then doubling
		"\x0a\x06",                 // backtracking pattern
		"\x0c\x0a\x0d\x00",         // deep recursion, runaway calls
		"\x0e\x00\x0f\x0a",         // pcall around the limits
		"\x04\x05\x09\x04\x11\x04", // a list, unpack, string.byte
		"\x18\x05\x17\x00",         // many tables, sort
		"\x10\x00\x15\x01",         // recursive __index, error
		"\x1b\x08",                 // a global hoard: 8 MiB more a call
		"\x1c\x08\x1c\x08",         // an upvalue hoard
	} {
		f.Add([]byte(seed))
	}
	lim := DefaultLimits()
	lim.Timeout = 200 * time.Millisecond
	lim.Memory = 32 << 20
	f.Fuzz(func(t *testing.T, data []byte) {
		src := program(data)
		proto, err := Compile("fuzz.lua", []byte(src))
		if err != nil {
			t.Fatalf("a generated script does not compile: %v\n%s", err, src)
		}
		s := New(Options{Limits: lim})
		defer s.Close()
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for call := 1; call <= calls && s.dead == ""; call++ {
			_, err = s.Run(context.Background(), proto)
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("not an *Error: %T %v\n%s", err, err, src)
			}
			var after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&after)
			// The account: a live state holds at most half a limit past it.
			if held := s.Measure(); s.dead == "" && held > lim.Memory*3/2+(1<<20) {
				t.Fatalf("after call %d the state holds %d MiB of Lua values and was not stopped, limit %d MiB\n%s", call, held>>20, lim.Memory>>20, src)
			}
			if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 2*lim.Memory {
				t.Fatalf("after call %d the state holds %d MiB of the heap, limit %d MiB\n%s", call, grown>>20, lim.Memory>>20, src)
			}
		}
		ok, err := Compile("ok.lua", []byte("return 1"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Run(context.Background(), ok); err != nil && s.dead == "" {
			t.Fatalf("the state does not serve the next call: %v\n%s", err, src)
		}
	})
}
