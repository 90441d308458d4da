package scripts

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/variants"
)

// A variant's rules in Lua are a table keyed as the variant files are
// (t.opening.points, t.joker.replace_from[1]); the keys, their types,
// ranges and words are core's (core.RuleKeys), so a value refused in a YAML
// file is refused here in the same words, and the reverse.

// ruleValue is a key's value in r as Lua sees it; nil for no hooks.
func ruleValue(L *lua.LState, k *core.RuleKey, r *core.Rules) lua.LValue {
	switch x := k.Get(r).(type) {
	case int:
		return lua.LNumber(x)
	case bool:
		return lua.LBool(x)
	case string:
		if x == "" && k.Optional {
			return lua.LNil
		}
		if k.BoolWords && (x == "false" || x == "true") {
			return lua.LBool(x == "true") // as the key read before its other words
		}
		return lua.LString(x)
	case []int:
		t := L.CreateTable(len(x), 0)
		for _, n := range x {
			t.Append(lua.LNumber(n))
		}
		return t
	case []string:
		t := L.CreateTable(len(x), 0)
		for _, w := range x {
			t.Append(lua.LString(w))
		}
		return t
	case core.Params:
		return paramsValue(L, x)
	}
	return lua.LNil
}

// paramsValue is a variant's params as a Lua table: text, numbers and
// booleans by name.
func paramsValue(L *lua.LState, p core.Params) *lua.LTable {
	t := L.CreateTable(0, len(p))
	for _, n := range p.Names() {
		switch v := p[n].(type) {
		case int:
			t.RawSetString(n, lua.LNumber(v))
		case bool:
			t.RawSetString(n, lua.LBool(v))
		case string:
			t.RawSetString(n, lua.LString(v))
		}
	}
	return t
}

// goValue reads a Lua value for k, checked as a variant file's value is:
// its type, then its range or words (core.RuleKey.Check).
func goValue(k *core.RuleKey, v lua.LValue) (any, error) {
	bad := func() (any, error) { return nil, k.TypeError(valueWords(v)) }
	checked := func(x any) (any, error) {
		if err := k.Check(x); err != nil {
			return nil, errors.New(checkError(k, err))
		}
		return x, nil
	}
	switch k.Type {
	case core.TextKey:
		if s, ok := v.(lua.LString); ok {
			return string(s), nil
		}
	case core.BoolKey:
		if b, ok := v.(lua.LBool); ok {
			return bool(b), nil
		}
	case core.IntKey:
		if n, ok := wholeNumber(v); ok {
			return checked(n)
		}
	case core.WordKey:
		if s, ok := v.(lua.LString); ok {
			return checked(string(s))
		}
		if b, ok := v.(lua.LBool); ok && k.BoolWords {
			return strconv.FormatBool(bool(b)), nil
		}
	case core.IntListKey:
		t, ok := v.(*lua.LTable)
		if !ok {
			return bad()
		}
		t = readable(t)
		out := []int{}
		for i := 1; i <= t.Len(); i++ {
			n, ok := wholeNumber(t.RawGetInt(i))
			if !ok {
				return nil, k.TypeError(valueWords(t.RawGetInt(i)))
			}
			out = append(out, n)
		}
		return checked(out)
	case core.ParamsKey:
		t, ok := v.(*lua.LTable)
		if !ok {
			return bad()
		}
		t = readable(t)
		out := core.Params{}
		var err error
		t.ForEach(func(kv, vv lua.LValue) {
			if err != nil {
				return
			}
			name, isStr := kv.(lua.LString)
			if !isStr {
				err = fmt.Errorf("params has the key %s; a param's name is a lower-case word, as handicap_seat", valueWords(kv))
				return
			}
			switch x := vv.(type) {
			case lua.LString:
				out[string(name)] = string(x)
			case lua.LBool:
				out[string(name)] = bool(x)
			default:
				if n, whole := wholeNumber(vv); whole {
					out[string(name)] = n
				} else {
					err = fmt.Errorf("params.%s must be %s, not %s", name, core.ParamWant, valueWords(vv))
				}
			}
		})
		if err != nil {
			return nil, err
		}
		if _, err := checked(out); err != nil {
			return nil, err
		}
		return out.Clone(), nil
	case core.WordListKey:
		t, ok := v.(*lua.LTable)
		if !ok {
			return bad()
		}
		t = readable(t)
		out := []string{}
		for i := 1; i <= t.Len(); i++ {
			s, ok := t.RawGetInt(i).(lua.LString)
			if !ok {
				return nil, fmt.Errorf("%s has %s; it may list %s", k.Path, valueWords(t.RawGetInt(i)), strings.Join(k.Words, ", "))
			}
			out = append(out, string(s))
		}
		if _, err := checked(out); err != nil {
			return nil, err
		}
		// The canonical order, as a variant file's list is read.
		slices.SortFunc(out, func(a, b string) int { return slices.Index(k.Words, a) - slices.Index(k.Words, b) })
		return out, nil
	}
	return bad()
}

// checkError words a value core refused, with a suggestion for a misspelt
// word, as package variants does.
func checkError(k *core.RuleKey, err error) string {
	var ve *core.ValueError
	if errors.As(err, &ve) && ve.Word != "" {
		return ve.Msg + suggest.DidYouMean(ve.Word, k.Words)
	}
	return err.Error()
}

// wholeNumber reads a Lua number that is a whole number.
func wholeNumber(v lua.LValue) (int, bool) {
	n, ok := v.(lua.LNumber)
	f := float64(n)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// valueWords says what a Lua value is as package variants says what a YAML
// value is: "the number 1.5", "a list", "nothing".
func valueWords(v lua.LValue) string {
	switch v := v.(type) {
	case lua.LString:
		return strconv.Quote(string(v))
	case lua.LNumber:
		return "the number " + v.String()
	case lua.LBool:
		return v.String()
	case *lua.LNilType:
		return "nothing"
	case *lua.LTable:
		if readable(v).Len() > 0 {
			return "a list"
		}
		return "a map"
	}
	return "a " + v.Type().String()
}

// readable is what t reads as: the contents behind a read-only view made
// by sandbox.State.ReadOnly (an empty table whose __index holds them), or t.
func readable(t *lua.LTable) *lua.LTable {
	if mt, ok := t.Metatable.(*lua.LTable); ok && mt.RawGetString("__metatable") == lua.LString("read-only") {
		if data, ok := mt.RawGetString("__index").(*lua.LTable); ok {
			return data
		}
	}
	return t
}

// rulesTable is r as a Lua table with the variant files' keys:
// t.opening.points, t.joker.replace_from[1] ...
func rulesTable(L *lua.LState, r *core.Rules) *lua.LTable {
	t := L.NewTable()
	for _, k := range core.RuleKeys() {
		v := ruleValue(L, k, r)
		if v == lua.LNil {
			continue
		}
		dst := t
		section, leaf, nested := strings.Cut(k.Path, ".")
		if nested {
			sub, ok := t.RawGetString(section).(*lua.LTable)
			if !ok {
				sub = L.NewTable()
				t.RawSetString(section, sub)
			}
			dst = sub
		} else {
			leaf = section
		}
		dst.RawSetString(leaf, v)
	}
	return t
}

// applyOverrides sets on r every key of the Lua table t, written as a
// variant file nests them ({opening = {points = 50}}); "extends" was taken
// care of by the caller. Keys are checked against the variant files' keys,
// with a suggestion for a misspelt one.
func applyOverrides(r *core.Rules, t *lua.LTable) error {
	sections := map[string]bool{}
	for _, k := range core.RuleKeys() {
		if s, _, ok := strings.Cut(k.Path, "."); ok {
			sections[s] = true
		}
	}
	var errs []string
	each(readable(t), func(key string, v lua.LValue) {
		if key == "extends" {
			return
		}
		if sections[key] {
			sub, ok := v.(*lua.LTable)
			if !ok {
				errs = append(errs, fmt.Sprintf("%s: a table expected, got %s", key, describe(v)))
				return
			}
			each(readable(sub), func(leaf string, v lua.LValue) {
				errs = append(errs, setKey(r, key+"."+leaf, v)...)
			})
			return
		}
		errs = append(errs, setKey(r, key, v)...)
	})
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return r.Validate()
}

func setKey(r *core.Rules, key string, v lua.LValue) []string {
	k := core.LookupRuleKey(key)
	if k == nil {
		group, leaf, nested := strings.Cut(key, ".")
		if !nested {
			group, leaf = "", key
		}
		return []string{variants.UnknownKey(leaf, group)}
	}
	if k.Path == "hooks" {
		// A rules table read back (view.rules) names its hooks; changing
		// them takes a variant file.
		if s, ok := v.(lua.LString); ok && string(s) == r.Hooks {
			return nil
		}
		return []string{"hooks: hooks are set in a variant file, not from a script"}
	}
	x, err := goValue(k, v)
	if err != nil {
		return []string{err.Error()}
	}
	k.Set(r, x)
	return nil
}

// each calls f for each string key of t in sorted order (a table's own
// order is unspecified); a key that is not a string is reported as one.
func each(t *lua.LTable, f func(key string, v lua.LValue)) {
	var keys []string
	vals := map[string]lua.LValue{}
	t.ForEach(func(k, v lua.LValue) {
		s := lua.LVAsString(k)
		if _, ok := k.(lua.LString); !ok {
			s = fmt.Sprintf("[%s]", s)
		}
		keys = append(keys, s)
		vals[s] = v
	})
	sort.Strings(keys)
	for _, k := range keys {
		f(k, vals[k])
	}
}

// describe names a Lua value in an error: `"seven"`, 7, a table.
func describe(v lua.LValue) string {
	switch v := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q", string(v))
	case lua.LNumber, lua.LBool:
		return v.String()
	case *lua.LNilType:
		return "nil"
	}
	return "a " + v.Type().String()
}

// luaInt reads a whole number no smaller than least.
func luaInt(v lua.LValue, least int) (int, error) {
	n, ok := v.(lua.LNumber)
	f := float64(n)
	switch {
	case !ok:
		return 0, fmt.Errorf("a number expected, got %s", describe(v))
	case f != math.Trunc(f) || math.Abs(f) > 1<<31:
		return 0, fmt.Errorf("a whole number expected, got %s", n)
	case int(f) < least:
		return 0, fmt.Errorf("at least %d expected, got %d", least, int(f))
	}
	return int(f), nil
}
