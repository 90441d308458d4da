package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The import graph runs one way: Lua lives in scripts (and its sandbox)
// alone; variants yields rules and the name of a hook file and knows no Lua;
// the REPL, the lab and the bots get the game factory and the bot registry
// from this command, never by importing scripts.
func TestImportGraph(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}",
		"github.com/meldlab/meldlab/variants").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, p := range strings.Fields(string(out)) {
		assert.NotContains(t, p, "gopher-lua", "variants depends on %s", p)
		assert.NotContains(t, p, "meldlab/scripts", "variants depends on %s", p)
	}
	for _, pkg := range []string{"core", "bots", "sim", "repl", "variants"} {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "github.com/meldlab/meldlab/"+pkg).CombinedOutput()
		require.NoError(t, err, "%s", out)
		for _, p := range strings.Fields(string(out)) {
			assert.False(t, strings.HasPrefix(p, "github.com/meldlab/meldlab/scripts"), "%s depends on %s", pkg, p)
			assert.NotContains(t, p, "gopher-lua", "%s depends on %s", pkg, p)
		}
	}
}

// The REPL's parts import one way, down, level by level: view; stage and
// plugin; table and luainput; command, luahost and tabletest; tell;
// lesson, hint and puzzlerun; reviewrun; and repl, the dispatcher, above
// them all. No part (nor its tests) reaches back up into repl, which would
// tie it to the Session again; the browser's server drives the same parts.
func TestREPLPartsImportDown(t *testing.T) {
	out, err := exec.Command("go", "list", "-test", "-f", "{{.ImportPath}}: {{join .Imports \" \"}}",
		"github.com/meldlab/meldlab/repl/...").CombinedOutput()
	require.NoError(t, err, "%s", out)
	order := map[string]int{
		"view":  1,
		"stage": 2, "plugin": 2,
		"table": 3, "luainput": 3,
		"command": 4, "luahost": 4, "table/tabletest": 4,
		"tell":   5,
		"lesson": 6, "hint": 6, "puzzlerun": 6,
		"reviewrun": 7,
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		pkg = strings.Fields(pkg)[0]
		part, ok := strings.CutPrefix(pkg, "github.com/meldlab/meldlab/repl/")
		if !ok {
			continue
		}
		part, _, _ = strings.Cut(part, "_test")
		part = strings.TrimSuffix(part, ".test")
		for _, imp := range strings.Fields(imports) {
			assert.NotEqual(t, "github.com/meldlab/meldlab/repl", imp, "%s imports repl", pkg)
			if dep, ok := strings.CutPrefix(imp, "github.com/meldlab/meldlab/repl/"); ok && dep != part {
				assert.Less(t, order[dep], order[part], "%s imports repl/%s, which is not below it", pkg, dep)
			}
		}
	}
}
