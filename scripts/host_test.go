package scripts

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/scripts/sandbox"
)

// TestEscapes: every way out of the sandbox that a script might try fails
// with an error that says what is not allowed.
func TestEscapes(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.lua"), []byte(`return "secret"`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("name: secret\n"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "link")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "helper.lua"), []byte(`return {answer = 42}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sneaky.yaml"),
		[]byte("extends: "+filepath.Join(outside, "secret.yaml")+"\n"), 0o644))

	tests := []luaCase{
		{name: "os.execute", code: `os.execute("echo pwned")`,
			err: "t.lua:1: os.execute is not available: scripts run without programs, files or the clock"},
		{name: "os.getenv", code: `local h = os.getenv("HOME")`,
			err: "t.lua:1: os.getenv is not available: scripts run without programs, files or the clock"},
		{name: "io.open", code: `io.open("/etc/passwd")`,
			err: "t.lua:1: io.open is not available: scripts have no files; require loads the .lua files of the script's directory, g:save and meld.load keep games"},
		{name: "require os", code: `require("os")`,
			err: `t.lua:1: require: no module "os"; the modules are: meld, and the .lua files of the script's directory`},
		{name: "require io", code: `require("io")`,
			err: `t.lua:1: require: no module "io"; the modules are: meld, and the .lua files of the script's directory`},
		{name: "dofile", code: `dofile("/etc/passwd")`,
			err: `t.lua:1: dofile is not available: require("name") runs name.lua from the script's directory`},
		{name: "loadfile", code: `loadfile("x.lua")`,
			err: `t.lua:1: loadfile is not available: require("name") runs name.lua from the script's directory`},
		{name: "load", code: `load(function() return "os.exit()" end)`,
			err: "t.lua:1: load is not available: scripts cannot compile code at run time"},
		{name: "loadstring", code: `loadstring("return 1")`,
			err: "t.lua:1: loadstring is not available: scripts cannot compile code at run time"},
		{name: "debug", code: `debug.getregistry()`,
			err: "t.lua:1: debug.getregistry is not available: scripts run without the debug library"},
		{name: "package.loadlib", code: `package.loadlib("libc.so", "system")`,
			err: "t.lua:1: package.loadlib is not available: require finds the meld module and the .lua files of the script's directory"},
		{name: "require a file above", code: `require("..secret")`,
			err: `t.lua:1: require: no module "..secret"; the modules are: meld, and the .lua files of the script's directory`},
		{name: "require through a symbolic link", code: `require("link.secret")`,
			err: "t.lua:1: require: link/secret.lua leads outside the script's directory"},
		{name: "require in the directory works", code: `print(require("helper").answer)`, out: "42\n"},
		{name: "meld.load outside", code: `meld.load("/etc/passwd")`,
			err: `t.lua:1: bad argument #1 to 'load' (path "/etc/passwd" is outside the script's directory; scripts read and write files only there)`},
		{name: "meld.load through a symbolic link", code: `meld.load("link/secret.lua")`,
			err: `t.lua:1: bad argument #1 to 'load' (path "link/secret.lua" leads outside the script's directory; scripts read and write files only there)`},
		{name: "variant file above", code: `meld.variant("../secret.yaml")`,
			err: `t.lua:1: bad argument #1 to 'variant' (path "../secret.yaml" is outside the script's directory; scripts read and write files only there)`},
		{name: "variant file by absolute path", code: `meld.variant("` + filepath.Join(outside, "secret.yaml") + `")`,
			err: `t.lua:1: bad argument #1 to 'variant' (path "` + filepath.Join(outside, "secret.yaml") + `" is outside the script's directory; scripts read and write files only there)`},
		{name: "variant file whose extends leads out", code: `meld.variant("sneaky.yaml")`,
			err: "t.lua:1: bad argument #1 to 'variant' (" + filepath.Join(dir, "sneaky.yaml") + ":1:10: extends: cannot read " +
				filepath.Join(outside, "secret.yaml") + ": the file is outside the allowed directory\n" +
				" | extends: " + filepath.Join(outside, "secret.yaml") + "\n |          ^)"},
		{name: "save above", code: `meld.game():save("../x.json")`,
			err: `t.lua:1: bad argument #1 to 'save' (path "../x.json" is outside the script's directory; scripts read and write files only there)`},
	}
	runCases(t, dir, tests)
	_, err := os.Stat(filepath.Join(outside, "x.json"))
	assert.True(t, errors.Is(err, os.ErrNotExist), "nothing was written outside")
}

// TestLimits: a runaway script ends within its time limit, whatever it
// loops on, and a script that eats memory or builds a huge string is stopped.
func TestLimits(t *testing.T) {
	tests := []struct {
		name    string
		code    string
		err     string
		timeout time.Duration // default 300ms
	}{
		{name: "a loop", code: "while true do end",
			err: "t.lua:1: time limit of 300ms exceeded"},
		// The sandbox's value stack ends this one before the deadline does.
		{name: "a tail-call loop", code: "local function f(n) return f(n + 1) end\nf(1)",
			err: "t.lua:1: stack overflow"},
		{name: "recursion", code: "local function f() return 1 + f() end\nf()",
			err: "t.lua:1: stack overflow"},
		{name: "a solver loop", code: "while true do meld.solve{rack = \"r1 r2 r3 r4 r5 b5 k5 o5 J\", opened = true} end",
			err: "t.lua:1: time limit of 300ms exceeded"},
		{name: "string.rep", code: `local s = string.rep("x", 1e9)`,
			err: "t.lua:1: string.rep: the result would be 1000000000 bytes, over the limit of 1048576"},
		{name: "memory", code: "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep(\"x\", 4096) .. i end",
			err: "t.lua:2: memory limit of 16 MiB exceeded: its Lua values hold ", timeout: 5 * time.Minute},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lim := sandbox.DefaultLimits()
			lim.Timeout = 300 * time.Millisecond
			if tc.timeout > 0 {
				lim.Timeout = tc.timeout
			}
			lim.Memory = 16 << 20
			e, err := newEnv(Options{Limits: lim})
			require.NoError(t, err)
			defer e.close()
			_, err = e.run(context.Background(), "t.lua", []byte(tc.code))
			require.Error(t, err)
			if strings.HasSuffix(tc.err, " ") { // what it held is not exact
				assert.True(t, strings.HasPrefix(err.Error(), tc.err), "the run stopped at its limit: %v", err)
				return
			}
			assert.Equal(t, tc.err, err.Error(), "the run stopped at its limit")
		})
	}
}

// TestTraceback: an error carries the Lua stack at the moment it was raised.
func TestTraceback(t *testing.T) {
	tests := []struct {
		name, code, err, trace string
	}{
		{name: "nested calls",
			code:  "local function inner(x)\n  return x.y + 1\nend\nlocal function outer()\n  local v = inner(nil)\n  return v\nend\nouter()\n",
			err:   "t.lua:2: attempt to index a non-table object(nil) with key 'y'",
			trace: "stack traceback:\n\tt.lua:2: in function 'inner'\n\tt.lua:5: in function 'outer'\n\tt.lua:8: in main chunk"},
		{name: "error from Go",
			code:  "local function f()\n  meld.check(\"[r3 r14]\")\nend\nf()\n",
			err:   "t.lua:2: bad argument #1 to 'check' (set 1, tile 2 \"r14\": numbers run 1..13)",
			trace: "stack traceback:\n\t[Go]: in function 'check'\n\tt.lua:2: in function 'f'\n\tt.lua:4: in main chunk"},
		{name: "error()",
			code:  "error(\"boom\")\n",
			err:   "t.lua:1: boom",
			trace: "stack traceback:\n\t[Go]: in function 'error'\n\tt.lua:1: in main chunk"},
		{name: "syntax error", code: "x = = 1\n", err: "t.lua:1: syntax error near '='"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := newEnv(Options{})
			require.NoError(t, err)
			defer e.close()
			_, err = e.run(context.Background(), "t.lua", []byte(tc.code))
			var se *ScriptError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tc.err, se.Error())
			assert.Equal(t, tc.trace, se.Traceback)
		})
	}
}

// TestTracebackIsBounded: deep recursion gives a few dozen lines, not one a frame.
func TestTracebackIsBounded(t *testing.T) {
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	_, err = e.run(context.Background(), "t.lua", []byte("local function f(n)\n  if n == 0 then error('deep') end\n  return 1 + f(n - 1)\nend\nf(150)\n"))
	var se *ScriptError
	require.ErrorAs(t, err, &se)
	lines := strings.Split(se.Traceback, "\n")
	assert.LessOrEqual(t, len(lines), 1+traceHead+1+traceTail)
	assert.Contains(t, se.Traceback, "\t...\n")
	assert.Equal(t, "\tt.lua:5: in main chunk", lines[len(lines)-1])
}

// TestRun: the entry point of `meldlab run`: arg, print, the script's directory.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "lib.lua"), []byte("return {twice = function(x) return 2 * x end}"), 0o644))
	script := filepath.Join(dir, "main.lua")
	require.NoError(t, os.WriteFile(script, []byte(`local lib = require("lib")
print(arg[0] ~= nil, #arg, arg[1], lib.twice(tonumber(arg[2])), math.random(1000))
meld.game():save("g.json")
`), 0o644))
	var out bytes.Buffer
	require.NoError(t, Run(context.Background(), script, Options{Stdout: &out, Args: []string{"x", "21"}, Seed: 3}))
	first := out.String()
	assert.Regexp(t, `^true\t2\tx\t42\t\d+\n$`, first)
	assert.FileExists(t, filepath.Join(dir, "g.json"))

	out.Reset()
	require.NoError(t, Run(context.Background(), script, Options{Stdout: &out, Args: []string{"x", "21"}, Seed: 3}))
	assert.Equal(t, first, out.String(), "the same seed, the same random numbers")

	err := Run(context.Background(), filepath.Join(dir, "none.lua"), Options{})
	assert.EqualError(t, err, "scripts: open "+filepath.Join(dir, "none.lua")+": no such file or directory")
}
