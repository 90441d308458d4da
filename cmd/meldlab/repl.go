package main

import (
	"io"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/luahost"
)

func init() {
	register("repl", runREPL)
}

// runREPL runs the session with Lua plugged in (package repl does not
// import the Lua host, so its tests run without it).
func runREPL(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	lua := luahost.New(".")
	lua.Games = gameFactory
	defer lua.Close()
	return repl.Main(args, stdin, stdout, stderr, repl.Plugins{Lua: lua, Games: gameFactory, Bots: botRegistry, Lang: say.Lang()})
}
