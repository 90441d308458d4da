package record

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// changes writes what rules change of their variant's, key by key, as the
// Changes tag says it: "match.rounds=3; opening.points=50" (a list or a map
// as JSON). A game dealt with changed rules (the lab's rounds, a sweep's
// value) records its variant and these, so the record names rules a reader
// can look up.
func changes(variant, rules core.Rules) string {
	var parts []string
	for _, k := range core.RuleKeys() {
		a, b := k.Get(&variant), k.Get(&rules)
		if reflect.DeepEqual(a, b) {
			continue
		}
		parts = append(parts, k.Path+"="+valueText(k, b))
	}
	return strings.Join(parts, "; ")
}

func valueText(k *core.RuleKey, v any) string {
	switch k.Type {
	case core.IntKey, core.BoolKey, core.WordKey, core.TextKey:
		return core.Format(v)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// applyChanges applies a Changes tag to rules.
func applyChanges(rules *core.Rules, text string) error {
	for _, part := range strings.Split(text, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		path, val, ok := strings.Cut(part, "=")
		k := core.LookupRuleKey(strings.TrimSpace(path))
		if !ok || k == nil {
			return msg(core.MsgRecordBadChange(part))
		}
		val = strings.TrimSpace(val)
		var v any
		var err error
		switch k.Type {
		case core.IntKey, core.BoolKey, core.WordKey, core.TextKey:
			v, err = k.Parse(val)
		default:
			p := reflect.New(reflect.TypeOf(k.Get(rules)))
			if err = json.Unmarshal([]byte(val), p.Interface()); err == nil {
				v = p.Elem().Interface()
				err = k.Check(v)
			}
		}
		if err != nil {
			return msg(core.MsgRecordBadChange(part))
		}
		k.Set(rules, v)
	}
	return nil
}
