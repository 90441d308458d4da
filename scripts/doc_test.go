package scripts

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// documented finds the meld.name( and g:name( calls a text documents.
func documented(text string) (funcs, methods []string) {
	find := func(re string) []string {
		seen := map[string]bool{}
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(text, -1) {
			seen[m[1]] = true
		}
		var out []string
		for n := range seen {
			out = append(out, n)
		}
		sort.Strings(out)
		return out
	}
	return find(`meld\.([a-z_]+)[({]`), find(`g:([a-z_]+)[({]`)
}

// live lists what the module and a game actually have, read from Lua.
func live(t *testing.T) (funcs, methods []string) {
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	out, err := e.run(context.Background(), "names.lua", []byte(`
local f = {}
for k in pairs(meld) do f[#f + 1] = k end
table.sort(f)
return table.concat(f, " ")`))
	require.NoError(t, err)
	funcs = strings.Fields(out[0].String())
	for name := range e.gameMethods() {
		methods = append(methods, name)
	}
	sort.Strings(methods)
	return funcs, methods
}

// TestDocumentation keeps the package documentation, API.md and the module
// in step: each documents every function and method, and nothing else.
func TestDocumentation(t *testing.T) {
	funcs, methods := live(t)
	require.NotEmpty(t, funcs)
	require.NotEmpty(t, methods)
	var keys []string
	for name := range (&env{}).moduleFuncs() {
		keys = append(keys, name)
	}
	sort.Strings(keys)
	assert.Equal(t, keys, funcs, "the Lua module is built from moduleFuncs")

	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	require.NoError(t, err)
	md, err := os.ReadFile("API.md")
	require.NoError(t, err)
	for name, text := range map[string]string{"the package documentation": f.Doc.Text(), "API.md": string(md)} {
		df, dm := documented(text)
		assert.Equal(t, funcs, df, "%s documents the module's functions", name)
		assert.Equal(t, methods, dm, "%s documents the game's methods", name)
	}
	// Each method is callable on a game, and nothing else is.
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	for _, m := range methods {
		_, err := e.run(context.Background(), "m.lua", []byte(`assert(type(meld.game().`+m+`) == "function")`))
		assert.NoError(t, err, m)
	}
	// A name that is no method says so, with the nearest one.
	_, err = e.run(context.Background(), "m.lua", []byte(`local g = meld.game(); return g:racks(1)`))
	assert.EqualError(t, err, "m.lua:1: a game has no method racks; did you mean rack?")
	_, err = e.run(context.Background(), "m.lua", []byte(`return meld.chek("[r1 r2 r3]")`))
	assert.EqualError(t, err, "m.lua:1: meld has no function chek; did you mean check?")
	_, err = e.run(context.Background(), "m.lua", []byte(`return meld.game().nosuch`))
	assert.EqualError(t, err, "m.lua:1: a game has no method nosuch; its methods are "+strings.Join(methods, ", "))
	assert.True(t, slices.IsSorted(methods))
}
