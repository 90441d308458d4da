package variants

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/meldlab/meldlab/core"
)

var update = flag.Bool("update", false, "rewrite schema.json from the key table")

// obj is a JSON object that keeps its keys in order.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.k)
		v, err := json.Marshal(p.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// generateSchema builds schema.json from the key table, so the schema
// editors use and the loader can never disagree.
func generateSchema() []byte {
	prop := func(k *key) obj {
		desc := k.Doc
		if k.Books != "" {
			desc += ". The books differ: " + k.Books
		}
		o := obj{{"description", desc}}
		switch k.Type {
		case core.TextKey:
			o = append(o, kv{"type", "string"})
		case core.BoolKey:
			o = append(o, kv{"type", "boolean"})
		case core.IntKey:
			o = append(o, kv{"type", "integer"}, kv{"minimum", k.Min}, kv{"maximum", k.Max})
		case core.WordKey:
			if k.BoolWords { // false and true written as booleans (sets.wrap)
				enum := []any{false, true}
				for _, w := range k.Words[2:] {
					enum = append(enum, w)
				}
				o = append(o, kv{"type", []string{"boolean", "string"}}, kv{"enum", enum})
				break
			}
			o = append(o, kv{"type", "string"}, kv{"enum", k.Words})
		case core.IntListKey:
			o = append(o, kv{"type", "array"}, kv{"items", obj{{"type", "integer"}, {"minimum", k.Min}, {"maximum", k.Max}}})
		case core.WordListKey:
			o = append(o, kv{"type", "array"}, kv{"items", obj{{"type", "string"}, {"enum", k.Words}}}, kv{"uniqueItems", true})
		case core.ParamsKey:
			o = append(o, kv{"type", "object"}, kv{"maxProperties", core.MaxParams},
				kv{"propertyNames", obj{{"pattern", "^[a-z][a-z0-9_]{0,39}$"}}},
				kv{"additionalProperties", obj{{"type", []string{"string", "integer", "boolean"}}, {"maxLength", core.MaxParamText}}})
		}
		if k.BoolWords {
			o = append(o, kv{"default", k.Default == "true"})
		} else if k.Default != nil && !k.PerFile && k.Type != core.ParamsKey {
			if d, ok := k.Default.([]int); !ok || d != nil {
				o = append(o, kv{"default", k.Default})
			}
		}
		return o
	}
	var props, thenProps obj
	var requiredTop []string
	for _, name := range topLevel {
		if k, ok := keyByPath[name]; ok {
			props = append(props, kv{name, prop(k)})
			continue
		}
		var sub obj
		var req []string
		for _, c := range children[name] {
			k := keyByPath[name+"."+c]
			sub = append(sub, kv{c, prop(k)})
			if !k.Optional {
				req = append(req, c)
			}
		}
		props = append(props, kv{name, obj{{"type", "object"}, {"additionalProperties", false}, {"properties", sub}}})
		if len(req) > 0 { // a section of optional keys alone (scoring) may be left out
			requiredTop = append(requiredTop, name)
			thenProps = append(thenProps, kv{name, obj{{"required", req}}})
		}
	}
	schema := obj{
		{"$schema", "http://json-schema.org/draft-07/schema#"},
		{"$id", "https://github.com/meldlab/meldlab/variants/schema.json"},
		{"title", "meldlab variant"},
		{"description", "A variant of tile rummy for meldlab: the rules an edition or a house changes. A file without extends must set every rule."},
		{"type", "object"},
		{"additionalProperties", false},
		{"properties", props},
		{"if", obj{{"not", obj{{"required", []string{"extends"}}}}}},
		{"then", obj{{"required", requiredTop}, {"properties", thenProps}}},
	}
	raw, err := json.Marshal(schema)
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		panic(err)
	}
	out.WriteByte('\n')
	return out.Bytes()
}

func TestSchemaUpToDate(t *testing.T) {
	want := generateSchema()
	if *update {
		require.NoError(t, os.WriteFile("schema.json", want, 0o644))
	}
	got, err := os.ReadFile("schema.json")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "schema.json is stale: go test ./variants -run Schema -update")
}

// Every shipped file names the schema on its first line, passes it, and loads.
func TestShippedFilesMatchSchema(t *testing.T) {
	var schema map[string]any
	require.NoError(t, json.Unmarshal(must(Shipped("schema.json")), &schema))
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			text := must(Shipped(name + ".yaml"))
			first, _, _ := strings.Cut(string(text), "\n")
			ref, ok := strings.CutPrefix(first, "# yaml-language-server: $schema=")
			require.True(t, ok, "first line: %q", first)
			assert.Equal(t, "schema.json", path.Join(path.Dir(name), ref), "the $schema path leads to schema.json")

			var doc any
			require.NoError(t, yaml.Unmarshal(text, &doc))
			assert.Empty(t, validate(schema, doc, ""))
			_, err := Resolve(name)
			assert.NoError(t, err)
		})
	}
}

// The validator finds what the schema forbids.
func TestSchemaValidator(t *testing.T) {
	var schema map[string]any
	require.NoError(t, json.Unmarshal(must(Shipped("schema.json")), &schema))
	var doc any
	require.NoError(t, yaml.Unmarshal([]byte(`
name: x
playrs: {min: 2}
players: {min: 1, max: "4"}
direction: up
joker: {replace_from: [rack, rack]}
`), &doc))
	assert.Equal(t, []string{
		"/: missing deal",
		"/: missing draw",
		"/: missing end_of_pool",
		"/: missing failed_play",
		"/: missing match",
		"/: missing opening",
		"/: missing sets",
		"/: missing tiles",
		"/: missing time_limit",
		"/: unknown key playrs",
		"/direction: up is not one of [left right]",
		"/joker/replace_from: repeated items",
		"/joker: missing keep",
		"/joker: missing penalty",
		"/joker: missing take_before_opening",
		"/players/max: want integer, found string",
		"/players/min: 1 is below 2",
	}, validate(schema, doc, ""))
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// validate checks doc against the subset of JSON Schema that schema.json
// uses (type, properties, additionalProperties, required, enum, minimum,
// maximum, items, uniqueItems, if/then/not), and returns the problems found.
func validate(schema map[string]any, doc any, at string) []string {
	var errs []string
	fail := func(format string, args ...any) {
		where := at
		if where == "" {
			where = "/"
		}
		errs = append(errs, where+": "+fmt.Sprintf(format, args...))
	}
	if typ, ok := schema["type"].(string); ok && !hasType(doc, typ) {
		fail("want %s, found %s", typ, typeOf(doc))
		return errs
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return reflect.DeepEqual(e, doc) }) {
		words := make([]string, len(enum))
		for i, e := range enum {
			words[i] = fmt.Sprint(e)
		}
		fail("%v is not one of %v", doc, words)
	}
	if n, ok := number(doc); ok {
		if lo, ok := schema["minimum"].(float64); ok && n < lo {
			fail("%v is below %v", doc, lo)
		}
		if hi, ok := schema["maximum"].(float64); ok && n > hi {
			fail("%v is above %v", doc, hi)
		}
	}
	if m, ok := doc.(map[string]any); ok {
		props, _ := schema["properties"].(map[string]any)
		for _, r := range asStrings(schema["required"]) {
			if _, ok := m[r]; !ok {
				fail("missing %s", r)
			}
		}
		for _, k := range sortedKeys(m) {
			sub, known := props[k].(map[string]any)
			if !known {
				if schema["additionalProperties"] == false {
					fail("unknown key %s", k)
				}
				continue
			}
			errs = append(errs, validate(sub, m[k], at+"/"+k)...)
		}
	}
	if list, ok := doc.([]any); ok {
		if items, ok := schema["items"].(map[string]any); ok {
			for i, item := range list {
				errs = append(errs, validate(items, item, fmt.Sprintf("%s/%d", at, i))...)
			}
		}
		if schema["uniqueItems"] == true {
			for i := range list {
				for j := i + 1; j < len(list); j++ {
					if reflect.DeepEqual(list[i], list[j]) {
						fail("repeated items")
					}
				}
			}
		}
	}
	if cond, ok := schema["if"].(map[string]any); ok {
		if len(validate(cond, doc, at)) == 0 {
			if then, ok := schema["then"].(map[string]any); ok {
				errs = append(errs, validate(then, doc, at)...)
			}
		}
	}
	if not, ok := schema["not"].(map[string]any); ok && len(validate(not, doc, at)) == 0 {
		fail("matches a schema it must not")
	}
	sort.Strings(errs)
	return errs
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		_, ok := v.(int)
		return ok
	}
	return false
}

func typeOf(v any) string {
	for _, t := range []string{"object", "array", "string", "boolean", "integer"} {
		if hasType(v, t) {
			return t
		}
	}
	return fmt.Sprintf("%T", v)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func asStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
