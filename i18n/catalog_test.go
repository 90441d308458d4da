package i18n

import (
	"sort"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// forms are a message's texts: one for a plain message, one a plural form.
func forms(m *goi18n.Message) []string {
	var out []string
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// fields are the arguments a template prints: {{.Tile}} gives Tile. An
// argument only tested ({{if eq .Count 1}}) chooses words and is not an
// argument a translation must show.
func fields(t *testing.T, id, src string) (map[string]bool, error) {
	tmpl, err := template.New(id).Parse(src)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.IfNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.PipeNode:
			if n != nil {
				for _, c := range n.Cmds {
					walk(c)
				}
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			out[n.Ident[0]] = true
		case *parse.ChainNode:
			walk(n.Node)
		}
	}
	for _, tt := range tmpl.Templates() {
		walk(tt.Tree.Root)
	}
	return out, nil
}

func union(t *testing.T, id string, srcs []string) (map[string]bool, error) {
	all := map[string]bool{}
	for _, s := range srcs {
		f, err := fields(t, id, s)
		if err != nil {
			return nil, err
		}
		for k := range f {
			all[k] = true
		}
	}
	return all, nil
}

// hasCount says whether a message takes a Count, printed or tested.
func hasCount(m *goi18n.Message) bool {
	for _, f := range forms(m) {
		if strings.Contains(f, ".Count") {
			return true
		}
	}
	return false
}

func names(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// catalogs are every message by language and id, as the bundle loads them.
func catalogs(t *testing.T) map[Lang]map[string]*goi18n.Message {
	out := map[Lang]map[string]*goi18n.Message{}
	for _, l := range Langs {
		out[l] = map[string]*goi18n.Message{}
	}
	for _, m := range englishMessages() {
		out[English][m.ID] = m
	}
	files, err := catalogFiles(Langs...)
	require.NoError(t, err)
	for _, f := range files {
		l, err := Parse(f.Tag.String())
		require.NoError(t, err, f.Path)
		for _, m := range f.Messages {
			if _, dup := out[l][m.ID]; dup {
				t.Errorf("%s: %s is declared twice for %s", f.Path, m.ID, l)
			}
			out[l][m.ID] = m
		}
	}
	return out
}

func TestCatalogsLoad(t *testing.T) {
	require.NoError(t, Check())
}

// Every English message is in every language, with the same arguments
// (none dropped, none added), and no language has a message English lacks.
func TestCatalogsComplete(t *testing.T) {
	cats := catalogs(t)
	en := cats[English]
	require.NotEmpty(t, en)
	for _, l := range Langs[1:] {
		for id, m := range en {
			want, err := union(t, id, forms(m))
			if !assert.NoError(t, err, "en %s", id) {
				continue
			}
			tr, ok := cats[l][id]
			if !ok {
				t.Errorf("%s lacks %s (en: %q)", l, id, m.Other)
				continue
			}
			got, err := union(t, id, forms(tr))
			if !assert.NoError(t, err, "%s %s", l, id) {
				continue
			}
			if names(got) != names(want) {
				t.Errorf("%s %s uses {%s}; English uses {%s}", l, id, names(got), names(want))
			}
			if tr.Other == "" {
				t.Errorf("%s %s has no other form", l, id)
			}
		}
		for id := range cats[l] {
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %s, which English does not", l, id)
			}
		}
	}
}

// A message with a Count is said for every count in every language.
func TestPluralsSay(t *testing.T) {
	cats := catalogs(t)
	for _, l := range Langs {
		p := New(l)
		for id, m := range cats[English] {
			f, _ := union(t, id, forms(m))
			// Count is given where English tests it, or a translation has
			// plural forms for it (English may not need them: "left").
			if cats[l][id] == nil || !hasCount(m) && len(forms(cats[l][id])) < 2 {
				continue
			}
			for _, n := range []int{0, 1, 2, 5, 21, 1000000} {
				args := core.Args{}
				for k := range f {
					args[k] = 2 // any argument may be compared with a number
				}
				args["Count"] = n
				data := map[string]any{}
				for k, v := range args {
					data[k] = v
				}
				s, err := p.localizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: n})
				// A message with one form says it for every count (English
				// writes its plurals in the template); one with plural forms
				// has every form of its language but CLDR's "many" (a
				// million, in es, it and fr), which falls back to "other".
				invariant := len(forms(cats[l][id])) == 1
				if err != nil && !invariant && !strings.Contains(err.Error(), `has no plural form "many"`) {
					t.Errorf("%s %s, Count %d: %v", l, id, n, err)
				}
				assert.NotContains(t, s, "<no value>", "%s %s %d", l, id, n)
			}
		}
	}
}
