package scripts

import (
	"bytes"
	"context"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
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

// hookExamples are the Hooks section's examples of API.md: each a variant
// file (a yaml block) and its hooks (the lua block after it).
func hookExamples(t *testing.T) (out []struct{ yaml, lua string }) {
	md, err := os.ReadFile("API.md")
	require.NoError(t, err)
	text := string(md)
	start := strings.Index(text, "\n## Hooks\n")
	require.GreaterOrEqual(t, start, 0, "API.md has a Hooks section")
	text = text[start+1:]
	if end := strings.Index(text[1:], "\n## "); end >= 0 {
		text = text[:end+1]
	}
	blocks := regexp.MustCompile("(?s)```(yaml|lua)\n(.*?)```").FindAllStringSubmatch(text, -1)
	for i := 0; i+1 < len(blocks); i += 2 {
		require.Equal(t, "yaml", blocks[i][1], "a variant file, then its hooks")
		require.Equal(t, "lua", blocks[i+1][1], "a variant file, then its hooks")
		out = append(out, struct{ yaml, lua string }{blocks[i][2], blocks[i+1][2]})
	}
	return out
}

// TestAPIHookExamples plays a game with each hook example of API.md: two
// rounds (deal, first_player, score_round), plays (check_play) and draws
// (on_turn_end). A play the example refuses is a rule's refusal; any other
// error fails.
func TestAPIHookExamples(t *testing.T) {
	examples := hookExamples(t)
	require.Len(t, examples, 5, "one example a hook")
	defined := map[string]bool{}
	for _, ex := range examples {
		name := regexp.MustCompile(`(?m)^name: (.*)$`).FindStringSubmatch(ex.yaml)[1]
		t.Run(name, func(t *testing.T) {
			hooks := regexp.MustCompile(`(?m)^hooks: (.*)$`).FindStringSubmatch(ex.yaml)[1]
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte(ex.yaml), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, hooks), []byte(ex.lua), 0o644))
			games := NewGames()
			v, err := games.Resolve(filepath.Join(dir, "v.yaml"))
			require.NoError(t, err)
			names, err := games.HookNames(v)
			require.NoError(t, err)
			for _, n := range names {
				defined[n] = true
			}
			var out bytes.Buffer
			g, err := games.NewGame(v.Rules, []string{"ana", "ben", "cy"}, 1, &out)
			require.NoError(t, err)
			defer g.Close()
			if name == "beginner" {
				assert.Equal(t, []int{14, 10, 14}, []int{g.Rack(0).Len(), g.Rack(1).Len(), g.Rack(2).Len()})
			}
			ruled := func(err error) {
				t.Helper()
				var re *core.RuleError
				if err != nil && !errors.As(err, &re) {
					t.Fatalf("not a rule's refusal: %v", err)
				}
			}
			for round := 1; round <= 3; round++ {
				for range 12 {
					_, err := g.Draw()
					ruled(err)
				}
				require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{
					coretest.Tiles("k7 r7 b7 J r10 r11 r12"), coretest.Tiles("b1 b2"), coretest.Tiles("o4 o5")},
					Opened: []bool{true, true, true}, Pool: -1}))
				err := g.Play(coretest.Table("[k7 r7 b7 J] [r10 r11 r12]"))
				ruled(err)
				if name == "joker-runs" {
					assert.EqualError(t, err, "the joker-runs rules refuse this play: house rule: set 1 is a group with a joker (it could be o7); jokers go in runs only")
				}
				if !g.RoundOver() {
					require.NoError(t, g.Play(coretest.Table("[k7 r7 b7] [r10 r11 r12 J]")), "a play no example refuses")
				}
				require.True(t, g.RoundOver())
				if round < 3 {
					require.NoError(t, g.NextRound())
					if name == "winner-starts" {
						assert.Equal(t, 0, g.Current(), "ana won the last round")
					}
				}
			}
			assert.True(t, g.MatchOver())
			if name == "pool-watch" {
				assert.Equal(t, "round 1: 60 tiles left in the pool\nround 2: 60 tiles left in the pool\nround 3: 60 tiles left in the pool\n", out.String())
			}
		})
	}
	assert.Equal(t, map[string]bool{"deal": true, "first_player": true, "check_play": true, "score_round": true, "on_turn_end": true}, defined,
		"API.md has an example of every hook")
}
