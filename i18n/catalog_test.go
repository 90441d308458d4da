package i18n

import (
	"sort"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forms are a message's texts: one a plural form.
func forms(m *message) []string {
	var out []string
	for _, f := range []string{"one", "many", "other"} {
		if s := m.forms[f]; s != "" {
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
	return templateFields(tmpl, true), nil
}

// templateFields are the fields a template needs: those it prints,
// compares or ranges over, but not one it only tests for truth ({{if
// .Changes}}); printed, only those it prints (an if's test is left out).
func templateFields(tmpl *template.Template, printed bool) map[string]bool {
	out := map[string]bool{}
	var walk func(parse.Node)
	cond := func(p *parse.PipeNode) {
		if printed {
			return
		}
		if p != nil && len(p.Cmds) == 1 && len(p.Cmds[0].Args) == 1 {
			if _, ok := p.Cmds[0].Args[0].(*parse.FieldNode); ok {
				return // a bare truth test
			}
		}
		walk(p)
	}
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
			cond(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			if printed {
				walk(n.Pipe)
			} else {
				cond(n.Pipe)
			}
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
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
	return out
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
func hasCount(m *message) bool {
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

// Every English message is in every language, in the same area's file,
// with the same arguments (none dropped, none added), and no language has
// a message English lacks.
func TestCatalogsComplete(t *testing.T) {
	cats := sources(t)
	en := cats[English]
	require.NotEmpty(t, en)
	for id, m := range en {
		_, err := template.New(id).Parse(m.forms["other"])
		assert.NoError(t, err, "en %s", id)
	}
	for _, l := range Langs[1:] {
		for id, m := range en {
			want, err := union(t, id, forms(m))
			if !assert.NoError(t, err, "en %s", id) {
				continue
			}
			tr, ok := cats[l][id]
			if !ok {
				t.Errorf("%s lacks %s (en: %q)", l, id, m.forms["other"])
				continue
			}
			if tr.area != m.area {
				t.Errorf("%s: %s is in %s, English's in %s", tr.path, id, tr.area, m.area)
			}
			got, err := union(t, id, forms(tr))
			if !assert.NoError(t, err, "%s %s", l, id) {
				continue
			}
			if names(got) != names(want) {
				t.Errorf("%s %s uses {%s}; English uses {%s}", l, id, names(got), names(want))
			}
		}
		for id := range cats[l] {
			if strings.HasPrefix(id, "variant.title.") || strings.HasPrefix(id, "variant.source.") {
				continue // English: the variant's own title and source, in its YAML
			}
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %s, which English does not", l, id)
			}
		}
	}
}

// A message with a Count is said for every count in every language.
func TestPluralsSay(t *testing.T) {
	cats := sources(t)
	for _, l := range Langs {
		for id, m := range cats[English] {
			f, _ := union(t, id, forms(m))
			// Count is given where English tests it, or a translation has
			// plural forms for it (English may not need them: "left").
			if cats[l][id] == nil || !hasCount(m) && len(forms(cats[l][id])) < 2 {
				continue
			}
			for _, n := range []int{0, 1, 2, 5, 21, 1000000} {
				data := map[string]any{}
				for k := range f {
					data[k] = 2 // any argument may be compared with a number
				}
				data["Count"] = n
				s, ok := say(l, id, mapArgs(data), int64(n), true)
				if !ok { // a template may compare an argument with a word
					for k := range f {
						data[k] = "2"
					}
					data["Count"] = n
					s, ok = say(l, id, mapArgs(data), int64(n), true)
				}
				assert.True(t, ok, "%s %s, Count %d", l, id, n)
				assert.NotContains(t, s, "<no value>", "%s %s %d", l, id, n)
			}
		}
	}
}
