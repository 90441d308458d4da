package sandbox

import (
	"context"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// Any subject and pattern give an answer or a Lua error, within the step
// budget: the matcher never panics in Go and never runs away.
func FuzzPattern(f *testing.F) {
	for _, seed := range [][2]string{
		{"hello world", "(o)%s(w)"}, {"f(a(b)c)", "%b()"}, {"THE (quick) fox", "%f[%a]%a+"},
		{"aaab", "a-b"}, {"x=1, y=2", "(%w+)=(%w+)"}, {"abc", "[]"}, {"a", "%"}, {"aa", "(a)%1"},
		{strings.Repeat("a", 50), ".-.-.-b"}, {"[k8 b8]", "[%[%]]"}, {"", "^$"},
	} {
		f.Add(seed[0], seed[1])
	}
	lim := DefaultLimits()
	lim.MatchSteps = 100_000
	// The step budget is what is under test, not the clock: a slow machine
	// or the race detector must not turn a bounded match into a timeout.
	lim.Timeout = time.Minute
	s := New(Options{Limits: lim})
	proto, err := Compile("fuzz.lua", []byte(`
		function try(s, p)
			local ok = pcall(string.find, s, p)
			pcall(string.match, s, p)
			pcall(string.gsub, s, p, "<%0>")
			pcall(function() for a in string.gmatch(s, p) do end end)
			return ok
		end`))
	if err != nil {
		f.Fatal(err)
	}
	if _, err := s.Run(context.Background(), proto); err != nil {
		f.Fatal(err)
	}
	try := s.L.GetGlobal("try")
	f.Fuzz(func(t *testing.T, subject, pattern string) {
		if _, err := s.Call(context.Background(), try, lua.LString(subject), lua.LString(pattern)); err != nil {
			t.Fatalf("find(%q, %q): %v", subject, pattern, err)
		}
	})
}
