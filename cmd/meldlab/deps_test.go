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
