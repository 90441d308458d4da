package sandbox

import (
	"context"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// BenchmarkCall is the cost of one limited call into Lua: deadline,
// watchdog, protected call.
func BenchmarkCall(b *testing.B) {
	s := New(Options{})
	defer s.Close()
	proto, err := Compile("b.lua", []byte("function add(a, b) return a + b end"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Run(context.Background(), proto); err != nil {
		b.Fatal(err)
	}
	fn := s.L.GetGlobal("add")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Call(context.Background(), fn, lua.LNumber(1), lua.LNumber(2)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNew is the cost of a fresh state, as each game makes one.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		New(Options{}).Close()
	}
}

// BenchmarkGsub measures the sandbox's matcher on an ordinary job.
func BenchmarkGsub(b *testing.B) {
	s := New(Options{})
	defer s.Close()
	s.L.SetGlobal("text", lua.LString(strings.Repeat("[r3 r4 r5] [k8 b8 o8] ", 50)))
	proto, err := Compile("b.lua", []byte("function f() return (text:gsub('(%a)(%d+)', '%2%1')) end"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Run(context.Background(), proto); err != nil {
		b.Fatal(err)
	}
	fn := s.L.GetGlobal("f")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Call(context.Background(), fn); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoop is the cost of the meter on plain bytecode: a loop of a hundred
// thousand additions and a table store every tenth (the account charges
// each instruction, walks now and then, and looks at the process's heap
// every backstopEvery instructions).
func BenchmarkLoop(b *testing.B) {
	s := New(Options{})
	defer s.Close()
	proto, err := Compile("loop.lua", []byte(`
return function()
	local n, t = 0, {}
	for i = 1, 100000 do
		n = n + i
		if i % 10 == 0 then t[i % 1000] = n end
	end
	return n
end`))
	if err != nil {
		b.Fatal(err)
	}
	out, err := s.Run(context.Background(), proto)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Call(context.Background(), out[0]); err != nil {
			b.Fatal(err)
		}
	}
}
