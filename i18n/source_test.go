package i18n

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite catalog_gen.go, internal/rendered/render_gen.go, english_gen.go, msg/msgs_gen.go, core/messages_en.go and core/msgs_gen.go from locales/*.yaml")

// message is one message of one catalog file, as written.
type message struct {
	area, path string
	id         string
	forms      map[string]string // by CLDR category: one, many, other
}

// sources reads every catalog, locales/AREA.LANG.yaml: by language, then id.
func sources(t testing.TB) map[Lang]map[string]*message {
	t.Helper()
	out := map[Lang]map[string]*message{}
	for _, l := range Langs {
		out[l] = map[string]*message{}
	}
	paths, err := filepath.Glob("locales/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no catalogs: %v", err)
	}
	for _, path := range paths {
		parts := strings.Split(filepath.Base(path), ".")
		if len(parts) != 3 || parts[2] != "yaml" {
			t.Fatalf("%s: a catalog is AREA.LANG.yaml", path)
		}
		l, err := Parse(parts[1])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		buf, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(buf, &doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
			t.Fatalf("%s: a catalog is a mapping of ids", path)
		}
		m := doc.Content[0].Content
		for i := 0; i+1 < len(m); i += 2 {
			id, v := m[i].Value, m[i+1]
			msg := &message{area: parts[0], path: path, id: id, forms: map[string]string{}}
			switch v.Kind {
			case yaml.ScalarNode:
				msg.forms["other"] = v.Value
			case yaml.MappingNode:
				for j := 0; j+1 < len(v.Content); j += 2 {
					f := v.Content[j].Value
					if f != "one" && f != "many" && f != "other" {
						t.Errorf("%s: %s: form %q: the languages use one, many and other", path, id, f)
					}
					msg.forms[f] = v.Content[j+1].Value
				}
			default:
				t.Errorf("%s: %s is neither a text nor plural forms", path, id)
			}
			if msg.forms["other"] == "" {
				t.Errorf("%s: %s has no other form", path, id)
			}
			if l == English && len(msg.forms) > 1 {
				t.Errorf("%s: %s: English writes its plurals in the template ({{if eq .Count 1}})", path, id)
			}
			if prev, dup := out[l][id]; dup {
				t.Errorf("%s: %s is declared twice for %s (also in %s)", path, id, l, prev.path)
			}
			out[l][id] = msg
		}
	}
	return out
}

// generated are the Go files compiled from the catalogs, by path from here.
func generated(t testing.TB) map[string][]byte {
	src := sources(t)
	out := map[string][]byte{}

	// The render functions: i18n's (the languages but English, and the
	// fronts' English) first, for english_gen.go to name the latter.
	gi := newRenderGen()
	out["internal/rendered/render_gen.go"] = renderGo(t, gi, src)

	var b bytes.Buffer
	gc := newRenderGen()
	b.WriteString(header + "\npackage core\n\n" + renderImports)
	b.WriteString("// english is the English of core's own messages, by id, sorted: each a\n")
	b.WriteString("// text/template, from the areas " + strings.Join(coreAreas, ", ") + " of\n")
	b.WriteString("// i18n/locales/*.en.yaml (the one place English is written), with the\n")
	b.WriteString("// function that says it (nil for a text with no template actions). The\n")
	b.WriteString("// fronts' English is package i18n's (english_gen.go, see RegisterEnglish),\n")
	b.WriteString("// and i18n says the other languages from its catalog_gen.go.\n")
	b.WriteString("var english = [...]struct {\n\tid, text string\n\tsay      msgrender.Func\n}{\n")
	for _, id := range sortedIDs(src[English]) {
		if m := src[English][id]; slices.Contains(coreAreas, m.area) {
			say := gc.mustForm(t, English, m, "other")
			if say == "" {
				say = "nil"
			}
			fmt.Fprintf(&b, "\t{%s, %s, %s},\n", strconv.Quote(id), strconv.Quote(m.forms["other"]), say)
		}
	}
	b.WriteString("}\n\n")
	b.Write(gc.funcs.Bytes())
	out["../core/messages_en.go"] = gofmt(t, b.Bytes())

	b.Reset()
	b.WriteString(header + "\npackage i18n\n\nimport (\n\t\"github.com/meldlab/meldlab/core\"\n\t\"github.com/meldlab/meldlab/i18n/internal/rendered\"\n)\n\n")
	b.WriteString("// frontsEnglish is the English of the fronts' messages (every area but\n")
	b.WriteString("// core's own: " + strings.Join(coreAreas, ", ") + "), by id, sorted, with the\n")
	b.WriteString("// function that says each with template actions (package rendered); registered\n")
	b.WriteString("// with core when i18n starts, so that a front's Message says itself in English.\n")
	b.WriteString("var frontsEnglish = [...]core.EnglishEntry{\n")
	for _, id := range sortedIDs(src[English]) {
		if m := src[English][id]; !slices.Contains(coreAreas, m.area) {
			say := ""
			if name := gi.named[[3]string{string(English), id, "other"}]; name != "" {
				say = ", Say: rendered." + name
			}
			fmt.Fprintf(&b, "\t{ID: %s, Text: %s%s},\n", strconv.Quote(id), strconv.Quote(m.forms["other"]), say)
		}
	}
	b.WriteString("}\n\nfunc init() { core.RegisterEnglish(frontsEnglish[:]) }\n")
	out["english_gen.go"] = gofmt(t, b.Bytes())

	b.Reset()
	b.WriteString(header + "\npackage i18n\n\n")
	b.WriteString("// catalog is every message in Spanish, French and Italian, sorted by\n")
	b.WriteString("// language and id, from locales/AREA.LANG.yaml: its one, many and other\n")
	b.WriteString("// forms (English is core's: core.EnglishText).\n")
	b.WriteString("var catalog = [...]entry{\n")
	langs := []Lang{Spanish, French, Italian}
	sort.Slice(langs, func(i, j int) bool { return langs[i] < langs[j] })
	for _, l := range langs {
		for _, id := range sortedIDs(src[l]) {
			f := src[l][id].forms
			fmt.Fprintf(&b, "\t{%q, %s, %s, %s, %s},\n", string(l), strconv.Quote(id), strconv.Quote(f["one"]), strconv.Quote(f["many"]), strconv.Quote(f["other"]))
		}
	}
	b.WriteString("}\n")
	out["catalog_gen.go"] = gofmt(t, b.Bytes())

	coreC, frontC := constructors(t, src)
	out["../core/msgs_gen.go"] = constructorsGo(t, "core", "", "", coreC)
	out["msg/msgs_gen.go"] = constructorsGo(t, "msg", "", "core.", frontC)
	return out
}

// coreAreas are the catalog's areas (locales/AREA.LANG.yaml) whose English
// core keeps: the messages it raises itself (its refusals, the rules'
// words) and those of the packages below the fronts that say them without
// i18n (records, lessons). Every other area is a front's, kept by i18n.
var coreAreas = []string{"core", "lesson", "record", "rules"}

const header = `// Code generated by "go test ./i18n -run TestGenerated -update" from
// i18n/locales/*.yaml; DO NOT EDIT.
`

func sortedIDs(m map[string]*message) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func gofmt(t testing.TB, src []byte) []byte {
	out, err := format.Source(src)
	if err != nil {
		t.Fatalf("generated Go: %v", err)
	}
	return out
}

// The Go the binary says its messages from is the catalogs' (go generate
// ./i18n, or this test with -update, rewrites it).
func TestGenerated(t *testing.T) {
	for path, want := range generated(t) {
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./i18n", path)
		}
	}
}
