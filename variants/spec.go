package variants

import (
	"strings"

	"github.com/meldlab/meldlab/core"
)

// The keys of a variant file are core's rule keys (core.RuleKeys: name,
// type, range or words, default, meaning, wording), plus extends, which
// belongs to files alone. The loader, the diff, "variants show" and
// schema.json all read this one table.

type key = core.RuleKey

// extendsKey is the one key that is not a rule.
var extendsKey = &core.RuleKey{Path: "extends", Type: core.TextKey, PerFile: true,
	Doc: "the variant this one changes: a shipped name (original) or a path relative to this file"}

// keys are the keys of a variant file in their canonical order: extends
// after the per-file keys (name, title, source).
var keys = func() []*key {
	var out []*key
	for _, k := range core.RuleKeys() {
		out = append(out, k)
		if k.Path == "source" {
			out = append(out, extendsKey)
		}
	}
	return out
}()

// keyByPath finds a key of the table.
var keyByPath = func() map[string]*key {
	m := make(map[string]*key, len(keys))
	for _, k := range keys {
		m[k.Path] = k
	}
	return m
}()

// topLevel lists the top-level names in the table's order; children lists
// the keys of each map.
var topLevel, children = func() ([]string, map[string][]string) {
	var top []string
	kids := map[string][]string{}
	for _, k := range keys {
		head, tail, nested := strings.Cut(k.Path, ".")
		if _, seen := kids[head]; !seen {
			top = append(top, head)
			kids[head] = nil
		}
		if nested {
			kids[head] = append(kids[head], tail)
		}
	}
	return top, kids
}()
