package sandbox_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/scripts/sandbox"
)

// Compile once, then run the chunk in a state per game: each state has its
// own globals, its own seeded randomness and its own limits.
func Example() {
	proto, err := sandbox.Compile("bonus.lua", []byte(`
		function bonus(points) return points * 2 end
		print("loaded; io is", type(io))
	`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for game := range 2 {
		s := sandbox.New(sandbox.Options{
			Stdout: os.Stdout,
			Rand:   rand.New(rand.NewPCG(uint64(game), 0)),
		})
		if _, err := s.Run(context.Background(), proto); err != nil {
			fmt.Println(err)
			return
		}
		out, err := s.Call(context.Background(), s.L.GetGlobal("bonus"), lua.LNumber(15+game))
		fmt.Println(out, err)
		s.Close()
	}
	// Output:
	// loaded; io is	nil
	// [30] <nil>
	// loaded; io is	nil
	// [32] <nil>
}

// A limit broken is an error naming the chunk and line; the state goes on.
func ExampleState_Call() {
	limits := sandbox.DefaultLimits()
	limits.Timeout = 20 * time.Millisecond
	s := sandbox.New(sandbox.Options{Limits: limits})
	defer s.Close()
	proto, _ := sandbox.Compile("spin.lua", []byte("function spin()\n  while true do end\nend"))
	s.Run(context.Background(), proto)
	_, err := s.Call(context.Background(), s.L.GetGlobal("spin"))
	fmt.Println(err)
	// Output:
	// spin.lua:2: time limit of 20ms exceeded
}
