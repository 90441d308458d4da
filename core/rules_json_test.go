package core_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
)

// A saved game's rules spell every rule key's path in their JSON tags, as
// the variant files do: the tags are a second spelling, and this keeps
// them the same as the one table of keys.
func TestRulesJSONSpellsTheKeys(t *testing.T) {
	paths := map[string]bool{}
	var walk func(prefix string, typ reflect.Type)
	walk = func(prefix string, typ reflect.Type) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			paths[prefix+name] = true
			if f.Type.Kind() == reflect.Struct && f.Type.PkgPath() == typ.PkgPath() {
				walk(prefix+name+".", f.Type)
			}
		}
	}
	walk("", reflect.TypeFor[core.Rules]())
	for _, k := range core.RuleKeys() {
		if k.Path == "extends" {
			continue // a variant file's, never a game's
		}
		assert.True(t, paths[k.Path], "no JSON tag spells %s", k.Path)
	}
}
