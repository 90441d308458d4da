package i18n

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// renderForm is one form of one message of one language with template
// actions, as the printer finds it: its source and its render function.
type renderForm struct {
	key string // "es repl.rack.count (one)"
	src string
	r   render
}

// renderForms are every form with template actions of every language, each
// found as say finds it (text), so that a form missing from package rendered
// is found here too.
func renderForms(t *testing.T) []renderForm {
	var out []renderForm
	add := func(l Lang, id string, form int, name, src string) {
		if !strings.Contains(src, "{{") {
			return
		}
		got, r, ok := text(l, id, form)
		require.True(t, ok, "%s %s", l, id)
		require.Equal(t, src, got, "%s %s (%s)", l, id, name)
		require.NotNil(t, r, "%s %s (%s) has template actions but no render function: run go generate ./i18n", l, id, name)
		out = append(out, renderForm{key: fmt.Sprintf("%s %s (%s)", l, id, name), src: src, r: r})
	}
	for id, src := range core.English() {
		add(English, id, other, "other", src)
	}
	for _, e := range catalog {
		add(e.lang, e.id, other, "other", e.other)
		if e.one != "" {
			add(e.lang, e.id, one, "one", e.one)
		}
		if e.many != "" {
			add(e.lang, e.id, many, "many", e.many)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// templateField is an argument a template's action reads: {{if eq .Count 1}}
// reads Count.
var templateField = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)

// renderValues are the values an argument is given: those the messages get
// once made words (strings, ints, bools, of a few sizes and the zeros),
// those that might reach a template unmade (a colour, a tile, another
// integer type, a float), and those no message should get but that
// text/template still answers for (a slice, a nil pointer, a func), each
// to be said, or refused, alike.
var renderValues = []any{
	0, 1, 2, 3, -1, 1000000, "", "x", "table", "rack", "<no value>", true, false,
	int64(1), int64(0), uint(2), uint8(1), 1.5, 0.0, core.Red, core.NewTile(core.Blue, 5),
	core.VariantName("original"), []string{"a"}, []int{}, map[string]int{}, (*int)(nil),
	struct{}{}, func() {}, fmt.Errorf("an error"), new(int), &struct{ A int }{1}, &renderTile, nil,
}

// renderTile is a tile to point to: text/template prints a pointer as
// what it points to.
var renderTile = core.NewTile(core.Orange, 9)

// Every form of every message of every language says with its render
// function exactly what text/template says of its source, and fails where
// that fails (an error, or "<no value>" in what it said): for every value
// of renderValues in every argument in turn, every argument given the same
// value, every argument missing, and random mixtures.
func TestRenderSaysAsTemplates(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 5))
	forms := renderForms(t)
	require.Greater(t, len(forms), 1000)
	compared, said := 0, 0
	for _, f := range forms {
		tmpl, err := template.New(f.key).Parse(f.src)
		require.NoError(t, err, f.key)
		var fields []string
		seen := map[string]bool{}
		for _, action := range regexp.MustCompile(`\{\{.*?\}\}`).FindAllString(f.src, -1) {
			for _, m := range templateField.FindAllStringSubmatch(action, -1) {
				if !seen[m[1]] {
					seen[m[1]] = true
					fields = append(fields, m[1])
				}
			}
		}
		var sets []map[string]any
		sets = append(sets, map[string]any{}) // every argument missing
		for _, v := range renderValues {
			all := map[string]any{}
			for _, name := range fields {
				all[name] = v
			}
			sets = append(sets, all)
			for _, name := range fields {
				one := map[string]any{}
				for _, other := range fields {
					one[other] = renderValues[rng.IntN(13)] // the usual kinds
				}
				one[name] = v
				sets = append(sets, one)
			}
		}
		for range 20 {
			mixed := map[string]any{}
			for _, name := range fields {
				if k := rng.IntN(len(renderValues) + 1); k < len(renderValues) {
					mixed[name] = renderValues[k]
				}
			}
			sets = append(sets, mixed)
		}
		for _, data := range sets {
			var want strings.Builder
			err := tmpl.Execute(&want, data)
			wantOK := err == nil && !strings.Contains(want.String(), "<no value>")
			var got strings.Builder
			ok := f.r(&got, mapArgs(data))
			gotOK := ok && !strings.Contains(got.String(), "<no value>")
			compared++
			if !assert.Equal(t, wantOK, gotOK, "%s with %v: text/template %q (%v), render %q", f.key, data, want.String(), err, got.String()) {
				continue
			}
			if wantOK {
				said++
				assert.Equal(t, want.String(), got.String(), "%s with %v", f.key, data)
			}
		}
	}
	t.Logf("%d forms, %d argument sets compared, %d said", len(forms), compared, said)
	assert.Greater(t, said, compared/4, "most argument sets should say something")
}

// A construct the generator does not know fails generation, naming the
// catalog file, the id, the form and the construct.
func TestRenderGeneratorRefuses(t *testing.T) {
	for src, construct := range map[string]string{
		"{{range .Tiles}}x{{end}}":                  "{{range .Tiles}}",
		"{{with .Tile}}{{.}}{{end}}":                "{{with .Tile}}",
		"{{.Tile.Colour}}":                          ".Tile.Colour",
		"{{printf \"%d\" .Count}}":                  "printf",
		"{{if len .Tiles}}x{{end}}":                 "len",
		"{{$n := .Count}}{{$n}}":                    "$n",
		"{{if eq .Count 1.5}}x{{end}}":              "1.5",
		"{{.Count | print}}":                        "print",
		"{{template \"x\"}}{{define \"x\"}}{{end}}": "template",
	} {
		g := &renderGen{names: map[string]bool{}}
		var out bytes.Buffer
		m := &message{path: "locales/repl.fr.yaml", id: "repl.odd", forms: map[string]string{"one": src}}
		_, err := g.form(&out, French, m, "one")
		if assert.Error(t, err, src) {
			assert.Contains(t, err.Error(), "locales/repl.fr.yaml: repl.odd (one): ", src)
			assert.Contains(t, err.Error(), construct, src)
		}
	}
}

// A printer says through the render functions what it said before.
func TestPrinterRenders(t *testing.T) {
	en := New(English)
	assert.Equal(t, "(1 tile, 5 points)", en.T("repl.rack.count", "Count", 1, "Points", 5))
	assert.Equal(t, "(3 tiles, 1 point)", en.T("repl.rack.count", "Count", 3, "Points", 1))
	assert.Equal(t, "== Ann to play: round 2, turn 3, 40 seconds ==",
		en.T("repl.turn", "Name", "Ann", "You", false, "Round", 2, "Turn", 3, "Timed", true, "Seconds", 40))
	es := New(Spanish)
	assert.Equal(t, "(1 ficha, 1 punto)", es.T("repl.rack.count", "Count", 1, "Points", 1))
	assert.Equal(t, "la mesa y el soporte usan 3 × r5; la caja de las reglas originales tiene 2",
		es.T("box.over", "Where", "rack", "Joker", false, "Uses", 3, "Tile", core.NewTile(core.Red, 5), "Variant", core.VariantName("original"), "Box", 2))
	// An argument printed but missing: Spanish cannot say it, English
	// neither, and the id with its arguments is said.
	assert.Equal(t, "repl.bot.plays{Name=Ann}", es.T("repl.bot.plays", "Name", "Ann"))
	// An int compared with a string fails as text/template's eq did.
	assert.Equal(t, "box.over{Box=2 Joker=false Tile=r5 Uses=3 Variant=original Where=7}",
		en.T("box.over", "Where", 7, "Joker", false, "Uses", 3, "Tile", core.NewTile(core.Red, 5), "Variant", core.VariantName("original"), "Box", 2))
}

// T says what Message says of the same message, for every message and
// language, with the arguments a message gets (a name repeated, too).
func TestTSaysAsMessage(t *testing.T) {
	args := [][]any{
		nil,
		{"Name", "Ann", "You", false, "Count", 1, "Points", 30, "Tiles", "r3 r4", "Round", 2, "Turn", 3},
		{"Name", "Bob", "You", true, "Count", 2, "Count", 1000000, "Tile", core.NewTile(core.Red, 3), "Colour", core.Blue},
		{"Count", "x", "Who", core.List{Items: []any{"Ann", "Bob"}}, "Variant", core.VariantName("original")},
		{"Odd"},
		{"Name", nil, "Count", nil, "You", true, "Name", "Cy", "Points"},
		{"Count", 1, "Tiles", core.Tiles{core.Joker}, "Points", 1},
	}
	n := 0
	for _, l := range Langs {
		p := New(l)
		for id := range core.English() {
			for _, a := range args {
				want := p.Message(core.Msg(id, a...))
				if got := p.T(id, a...); got != want {
					t.Errorf("%s %s %v: T says %q, Message %q", l, id, a, got, want)
				}
				n++
			}
		}
	}
	assert.Greater(t, n, 1000)
}
