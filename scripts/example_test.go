package scripts_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/scripts"
)

// A script tests a rule: a refused play is a value, not an exception.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "meld")
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "split.lua")
	os.WriteFile(script, []byte(`
local g = meld.game{seed = 1}
g:setup{racks = {"r6 k1"}, table = "[r4 r5 r6 r7 r8]", opened = true}
print(g:play("[r4 r5 r6 r6 r7 r8]"))
print(g:play("[r4 r5 r6] [r6 r7 r8]"), g:rack(1))
print(meld.value("[J J r3]"), arg[1])
`), 0o644)
	err := scripts.Run(context.Background(), script, scripts.Options{Stdout: os.Stdout, Args: []string{"hello"}})
	fmt.Println(err)
	// Output:
	// false	set 1 [r4 r5 r6 r6 r7 r8] is not a run: r6 appears twice
	// true	k1
	// 6	hello
	// <nil>
}

// The REPL's Lua: expressions print their values, and an unfinished block
// asks for more lines.
func ExampleSession_Eval() {
	g, _ := core.NewGame(core.Original(), []string{"ann", "bob"}, 7)
	s, _ := scripts.NewSession(os.Stdout, func() *core.Game { return g }, scripts.Options{})
	defer s.Close()
	for _, code := range []string{
		`meld.check("[r4 b5 r6]")`,
		`game:players(), game:names()`,
		`for i = 1, 2 do`,
		"for i = 1, 2 do\n  print(i)\nend",
	} {
		out, err := s.Eval(context.Background(), code)
		switch {
		case errors.Is(err, scripts.ErrIncomplete):
			fmt.Println("(more)")
		case err != nil:
			fmt.Println("error:", err)
		case out != "":
			fmt.Println(out)
		}
	}
	// Output:
	// false	[r4 b5 r6] is not a run: b5 is blue, the run is red
	// 2	{"ann", "bob"}
	// (more)
	// 1
	// 2
}

// A lesson sets up the table and rack and judges the learner's play.
func ExampleStartLesson() {
	l, _ := scripts.StartLesson(6)
	defer l.Close()
	fmt.Println(l.Title())
	fmt.Println(l.Goal(), "table:", l.Game().Table(), "rack:", l.Game().Rack(0).String())
	for _, play := range []string{"[r4 r5 r6 r6 r7 r8]", "[r4 r5 r6] [r6 r7 r8]"} {
		ok, why, _ := l.Check(coretest.Table(play))
		fmt.Println(ok, why)
	}
	// Output:
	// Split a run
	// Place your r6. table: [r4 r5 r6 r7 r8] rack: k1 r6 r9
	// false set 1 [r4 r5 r6 r6 r7 r8] is not a run: r6 appears twice
	// true Two runs of three, each with its own r6.
}
