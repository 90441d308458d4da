package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	script := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	script("lib.lua", `return {greet = function(who) return "hello " .. who end}`)
	ok := script("ok.lua", `local lib = require("lib")
print(lib.greet(arg[1]), #arg, meld.check("[r3 r4 J]"))`)
	boom := script("boom.lua", "local function f()\n  error(\"boom\")\nend\nf()\n")
	loop := script("loop.lua", "while true do end\n")
	escape := func(name, code string) string { return script(name+".lua", code+"\n") }

	tests := []struct {
		name   string
		args   []string
		out    string
		errOut string
		code   int
	}{
		{name: "a script and its arguments", args: []string{"run", ok, "world", "x"},
			out: "hello world\t2\ttrue\n"},
		{name: "an error: file:line and a traceback", args: []string{"run", boom},
			errOut: boom + ":2: boom\nstack traceback:\n\t[Go]: in function 'error'\n\t" + boom + ":2: in function 'f'\n\t" + boom + ":4: in main chunk\n",
			code:   1},
		{name: "a runaway script ends at the timeout", args: []string{"run", "--timeout", "200ms", loop},
			errOut: loop + ":1: time limit of 200ms exceeded\nstack traceback:\n\t" + loop + ":1: in main chunk\n", code: 1},
		{name: "os.execute", args: []string{"run", escape("exec", `os.execute("touch pwned")`)},
			errOut: filepath.Join(dir, "exec.lua") + ":1: os.execute is not available: scripts run without programs, files or the clock\n" +
				"stack traceback:\n\t[Go]: ?\n\t" + filepath.Join(dir, "exec.lua") + ":1: in main chunk\n", code: 1},
		{name: "io.open", args: []string{"run", escape("open", `local f = io.open("/etc/passwd")`)},
			errOut: filepath.Join(dir, "open.lua") + ":1: io.open is not available: scripts have no files; require loads the .lua files of the script's directory, g:save and meld.load keep games\n" +
				"stack traceback:\n\t[Go]: ?\n\t" + filepath.Join(dir, "open.lua") + ":1: in main chunk\n", code: 1},
		{name: "require os", args: []string{"run", escape("reqos", `local os = require("os")`)},
			errOut: filepath.Join(dir, "reqos.lua") + `:1: require: no module "os"; the modules are: meld, and the .lua files of the script's directory` + "\n" +
				"stack traceback:\n\t[Go]: in function 'require'\n\t" + filepath.Join(dir, "reqos.lua") + ":1: in main chunk\n", code: 1},
		{name: "dofile", args: []string{"run", escape("dofile", `dofile("/etc/passwd")`)},
			errOut: filepath.Join(dir, "dofile.lua") + `:1: dofile is not available: require("name") runs name.lua from the script's directory` + "\n" +
				"stack traceback:\n\t[Go]: in function 'dofile'\n\t" + filepath.Join(dir, "dofile.lua") + ":1: in main chunk\n", code: 1},
		{name: "load", args: []string{"run", escape("load", `load("return 1")`)},
			errOut: filepath.Join(dir, "load.lua") + ":1: load is not available: scripts cannot compile code at run time\n" +
				"stack traceback:\n\t[Go]: in function 'load'\n\t" + filepath.Join(dir, "load.lua") + ":1: in main chunk\n", code: 1},
		{name: "a file outside the script's directory", args: []string{"run", escape("outside", `meld.load("/etc/passwd")`)},
			errOut: filepath.Join(dir, "outside.lua") + `:1: bad argument #1 to 'load' (path "/etc/passwd" is outside the script's directory; scripts read and write files only there)` + "\n" +
				"stack traceback:\n\t[Go]: in function 'load'\n\t" + filepath.Join(dir, "outside.lua") + ":1: in main chunk\n", code: 1},
		{name: "a syntax error", args: []string{"run", escape("syntax", `x = = 1`)},
			errOut: filepath.Join(dir, "syntax.lua") + ":1: syntax error near '='\n", code: 1},
		{name: "no such file", args: []string{"run", filepath.Join(dir, "none.lua")},
			errOut: "meldlab run: cannot read " + filepath.Join(dir, "none.lua") + ": no such file\n", code: 1},
		{name: "no script", args: []string{"run"}, code: 2},
		{name: "a bad timeout", args: []string{"run", "--timeout", "0s", ok},
			errOut: "meldlab run: --timeout 0s: the limit must be positive\n", code: 2},
		{name: "a bad flag", args: []string{"run", "--bogus", ok}, code: 2},
		{name: "a shipped example", args: []string{"run", "../../scripts/examples/04-split-run.lua"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI("", tc.args...)
			assert.Equal(t, tc.out, out)
			if tc.code == 2 && tc.errOut == "" {
				assert.Contains(t, errOut, "Usage: meldlab run")
			} else {
				assert.Equal(t, tc.errOut, errOut)
			}
			assert.Equal(t, tc.code, code)
		})
	}
	_, err := os.Stat("pwned")
	assert.True(t, os.IsNotExist(err))
	assert.False(t, strings.Contains(dir, "pwned"))
}
