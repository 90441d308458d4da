package scripts

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

// TestRulesTableRoundTrip: every shipped variant, written as a Lua table
// and read back as changes, gives the same rules.
func TestRulesTableRoundTrip(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	for _, name := range variants.Names() {
		t.Run(name, func(t *testing.T) {
			want, err := variants.Load(name)
			require.NoError(t, err)
			got := core.Rules{Hooks: want.Hooks}
			require.NoError(t, applyOverrides(&got, rulesTable(L, &want)))
			assert.Equal(t, want, got)
		})
	}
}

// ruleValueCase is one value to try for a key, written both ways.
type ruleValueCase struct{ yaml, lua string }

// valuesToTry are, for every rule key, values at and past the ends of its
// range, misspelt words, repeated words and values of the wrong type:
// generated from core's table, so a new key is tried too.
func valuesToTry(k *core.RuleKey) []ruleValueCase {
	num := func(n int) ruleValueCase { return ruleValueCase{strconv.Itoa(n), strconv.Itoa(n)} }
	word := func(w string) ruleValueCase { return ruleValueCase{w, strconv.Quote(w)} }
	words := func(ws ...string) ruleValueCase {
		q := make([]string, len(ws))
		for i, w := range ws {
			q[i] = strconv.Quote(w)
		}
		return ruleValueCase{"[" + strings.Join(ws, ", ") + "]", "{" + strings.Join(q, ", ") + "}"}
	}
	nums := func(ns ...int) ruleValueCase {
		s := make([]string, len(ns))
		for i, n := range ns {
			s[i] = strconv.Itoa(n)
		}
		return ruleValueCase{"[" + strings.Join(s, ", ") + "]", "{" + strings.Join(s, ", ") + "}"}
	}
	text := ruleValueCase{`"2"`, `"2"`}
	half := ruleValueCase{"1.5", "1.5"}
	switch k.Type {
	case core.IntKey:
		return []ruleValueCase{num(k.Min - 1), num(k.Min), num(k.Min + 1), num((k.Min + k.Max) / 2), num(k.Max), num(k.Max + 1), half, text, {"true", "true"}}
	case core.BoolKey:
		return []ruleValueCase{{"true", "true"}, {"false", "false"}, num(1), text}
	case core.WordKey:
		out := []ruleValueCase{word(k.Words[0] + "x"), word("nothing like it"), num(1), words(k.Words[0])}
		for _, w := range k.Words {
			out = append(out, word(w))
		}
		return out
	case core.IntListKey:
		return []ruleValueCase{nums(k.Min - 1), nums(k.Min, k.Max), nums(k.Max + 1), nums(7, 7, 7, 7, 7, 7, 7, 7), text, {"[1.5]", "{1.5}"}}
	case core.WordListKey:
		return []ruleValueCase{words(), words(k.Words...), words(k.Words[0], k.Words[0]), words(k.Words[0] + "x"), word(k.Words[0]), {"[1]", "{1}"}}
	}
	return nil
}

// TestLuaRefusesWhatYAMLRefuses: every rule key, every value tried, is
// refused by a variant file and by meld.variant alike, in the same words,
// or accepted by both.
func TestLuaRefusesWhatYAMLRefuses(t *testing.T) {
	dir := t.TempDir()
	tried := 0
	for _, k := range core.RuleKeys() {
		if k.PerFile || k.Type == core.TextKey {
			continue // names and titles take any text; hooks are files
		}
		section, leaf, _ := strings.Cut(k.Path, ".")
		for i, v := range valuesToTry(k) {
			t.Run(k.Path+"="+v.yaml, func(t *testing.T) {
				y, l := "extends: original\n"+section+":\n  "+leaf+": "+v.yaml+"\n", "{"+section+" = {"+leaf+" = "+v.lua+"}}"
				if leaf == "" {
					y, l = "extends: original\n"+section+": "+v.yaml+"\n", "{"+section+" = "+v.lua+"}"
				}
				file := filepath.Join(dir, strings.ReplaceAll(k.Path, ".", "-")+strconv.Itoa(i)+".yaml")
				require.NoError(t, os.WriteFile(file, []byte(y), 0o644))
				var yamlWords []string
				_, yerr := variants.Resolve(file)
				var errs variants.Errors
				if yerr != nil {
					require.ErrorAs(t, yerr, &errs)
					for _, e := range errs {
						yamlWords = append(yamlWords, e.Msg)
					}
				}
				_, lerr := runLua(t, "", "meld.variant"+l)
				if yerr == nil {
					assert.NoError(t, lerr, "accepted in YAML:\n%s", y)
					return
				}
				require.Error(t, lerr, "refused in YAML (%v), accepted from Lua: %s", yerr, l)
				assert.Equal(t, "t.lua:1: bad argument #1 to 'variant' ("+strings.Join(yamlWords, "; ")+")", lerr.Error())
			})
			tried++
		}
	}
	assert.Greater(t, tried, 150)
}

// The two cases, through meld.game as a script writes them.
func TestGameRefusesRulesAsVariantsCheckDoes(t *testing.T) {
	for _, tc := range []struct{ lua, err string }{
		{`meld.game{variant = {sets = {min_run = 1}}}`, "t.lua:1: bad argument #1 to 'game' (variant: sets.min_run is 1; it must be 2..15)"},
		{`meld.game{variant = {players = {min = 1}}}`, "t.lua:1: bad argument #1 to 'game' (variant: players.min is 1; it must be 2..16)"},
		{`meld.game{variant = {players = {max = 0}}}`, "t.lua:1: bad argument #1 to 'game' (variant: players.max is 0; it must be 2..16)"},
		{`meld.game{variant = {players = {min = 5}}}`, "t.lua:1: bad argument #1 to 'game' (variant: players.min is 5 but players.max is 4; the fewest cannot be more than the most)"},
	} {
		_, err := runLua(t, "", tc.lua)
		require.Error(t, err, tc.lua)
		assert.Equal(t, tc.err, err.Error())
	}
}

var updateAPI = flag.Bool("update", false, "rewrite generated parts of API.md")

// apiRuleKeys is the list of rule keys API.md shows, generated from core's
// table: the Lua path, what it takes, the original's value, its meaning.
func apiRuleKeys() string {
	var b strings.Builder
	b.WriteString("| key | takes | original | meaning |\n|---|---|---|---|\n")
	for _, k := range core.RuleKeys() {
		takes := k.Want()
		switch k.Type {
		case core.IntKey:
			takes = fmt.Sprintf("%d..%d", k.Min, k.Max)
		case core.IntListKey:
			takes = fmt.Sprintf("a list of %d..%d", k.Min, k.Max)
		case core.WordKey:
			if k.BoolWords {
				takes = "false or true (booleans), or " + strings.Join(k.Words[2:], ", ")
			}
		}
		def := "-"
		if k.Default != nil && !k.PerFile {
			def = "`" + core.Format(k.Default) + "`"
		}
		meaning := k.Doc
		if k.Books != "" {
			meaning += " (books: " + k.Books + ")"
		}
		fmt.Fprintf(&b, "| `v.%s` | %s | %s | %s |\n", k.Path, takes, def, strings.ReplaceAll(meaning, "|", "/"))
	}
	return b.String()
}

// API.md lists every rule key as core declares it.
func TestAPIRuleKeys(t *testing.T) {
	const begin, end = "-update -->\n", "<!-- end of rule keys -->"
	md, err := os.ReadFile("API.md")
	require.NoError(t, err)
	text := string(md)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	require.True(t, i >= 0 && j > i, "API.md has the markers of the rule keys")
	want := text[:i+len(begin)] + apiRuleKeys() + text[j:]
	if *updateAPI {
		require.NoError(t, os.WriteFile("API.md", []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, text, "API.md is stale: go test ./scripts -run TestAPIRuleKeys -update")
}

// A misplaced or misspelt key gets the same words from Lua as in a file.
func TestLuaUnknownKeysAsYAML(t *testing.T) {
	dir := t.TempDir()
	for i, tc := range []struct{ yaml, lua string }{
		{"jokers: 3", "{jokers = 3}"},
		{"opening:\n  min_run: 2", "{opening = {min_run = 2}}"},
		{"opening:\n  pionts: 50", "{opening = {pionts = 50}}"},
		{"penalty_tiles: 2", "{penalty_tiles = 2}"},
		{"playrs:\n  min: 2", "{playrs = 2}"},
	} {
		file := filepath.Join(dir, strconv.Itoa(i)+".yaml")
		require.NoError(t, os.WriteFile(file, []byte("extends: original\n"+tc.yaml+"\n"), 0o644))
		_, yerr := variants.Resolve(file)
		var errs variants.Errors
		require.ErrorAs(t, yerr, &errs)
		require.Len(t, errs, 1)
		_, lerr := runLua(t, "", "meld.variant"+tc.lua)
		require.Error(t, lerr)
		assert.Equal(t, "t.lua:1: bad argument #1 to 'variant' ("+errs[0].Msg+")", lerr.Error())
	}
}
