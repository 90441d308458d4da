package scripts

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/suggest"
)

// ruleKey is one leaf of a variant as its YAML file writes it
// ("opening.points"), with how to read it from a core.Rules and how to set
// it from a Lua value. meld.variant builds its table from these keys and
// meld.game's variant overrides go through them, so the two always agree
// with each other and with the variant files.
type ruleKey struct {
	key string
	get func(r *core.Rules) lua.LValue
	set func(r *core.Rules, v lua.LValue) error // nil: read-only
}

func intKey(key string, least int, p func(r *core.Rules) *int) ruleKey {
	return ruleKey{key: key,
		get: func(r *core.Rules) lua.LValue { return lua.LNumber(*p(r)) },
		set: func(r *core.Rules, v lua.LValue) error {
			n, err := luaInt(v, least)
			if err == nil {
				*p(r) = n
			}
			return err
		}}
}

func boolKey(key string, p func(r *core.Rules) *bool) ruleKey {
	return ruleKey{key: key,
		get: func(r *core.Rules) lua.LValue { return lua.LBool(*p(r)) },
		set: func(r *core.Rules, v lua.LValue) error {
			b, ok := v.(lua.LBool)
			if !ok {
				return fmt.Errorf("true or false expected, got %s", describe(v))
			}
			*p(r) = bool(b)
			return nil
		}}
}

func stringKey(key string, p func(r *core.Rules) *string) ruleKey {
	return ruleKey{key: key,
		get: func(r *core.Rules) lua.LValue { return lua.LString(*p(r)) },
		set: func(r *core.Rules, v lua.LValue) error {
			s, ok := v.(lua.LString)
			if !ok {
				return fmt.Errorf("a string expected, got %s", describe(v))
			}
			*p(r) = string(s)
			return nil
		}}
}

// enumKey is a key whose values are names: names[i] is the value i.
func enumKey[T ~uint8](key string, names []string, p func(r *core.Rules) *T) ruleKey {
	return ruleKey{key: key,
		get: func(r *core.Rules) lua.LValue {
			if i := int(*p(r)); i < len(names) {
				return lua.LString(names[i])
			}
			return lua.LNil
		},
		set: func(r *core.Rules, v lua.LValue) error {
			s, ok := v.(lua.LString)
			i := slices.Index(names, string(s))
			if !ok || i < 0 {
				return fmt.Errorf("one of %s expected, got %s", quoteList(names), describe(v))
			}
			*p(r) = T(i)
			return nil
		}}
}

// sourceNames are joker.replace_from's values, in the bit order of core.Source.
var sourceNames = []string{"rack", "table", "drawn"}

// ruleKeys are every key of a variant, in the order the variant files use.
var ruleKeys = []ruleKey{
	stringKey("name", func(r *core.Rules) *string { return &r.Name }),
	stringKey("title", func(r *core.Rules) *string { return &r.Title }),
	stringKey("source", func(r *core.Rules) *string { return &r.Source }),
	intKey("players.min", 1, func(r *core.Rules) *int { return &r.Players.Min }),
	intKey("players.max", 0, func(r *core.Rules) *int { return &r.Players.Max }),
	intKey("tiles.colors", 1, func(r *core.Rules) *int { return &r.Tiles.Colors }),
	intKey("tiles.numbers", 1, func(r *core.Rules) *int { return &r.Tiles.Numbers }),
	intKey("tiles.copies", 1, func(r *core.Rules) *int { return &r.Tiles.Copies }),
	intKey("tiles.jokers", 0, func(r *core.Rules) *int { return &r.Tiles.Jokers }),
	intKey("sets.min_run", 1, func(r *core.Rules) *int { return &r.Sets.MinRun }),
	intKey("sets.min_group", 1, func(r *core.Rules) *int { return &r.Sets.MinGroup }),
	boolKey("sets.wrap", func(r *core.Rules) *bool { return &r.Sets.Wrap }),
	enumKey("deal.method", []string{"draw", "piles"}, func(r *core.Rules) *core.DealMethod { return &r.Deal.Method }),
	intKey("deal.tiles", 0, func(r *core.Rules) *int { return &r.Deal.Tiles }),
	{key: "deal.piles",
		get: func(r *core.Rules) lua.LValue {
			t := newTable()
			for _, p := range r.Deal.Piles {
				t.Append(lua.LNumber(p))
			}
			return t
		},
		set: func(r *core.Rules, v lua.LValue) error {
			t, ok := v.(*lua.LTable)
			if !ok {
				return fmt.Errorf("a list of pile sizes expected, got %s", describe(v))
			}
			t = readable(t)
			var piles []int
			for i := 1; i <= t.Len(); i++ {
				n, err := luaInt(t.RawGetInt(i), 1)
				if err != nil {
					return fmt.Errorf("pile %d: %v", i, err)
				}
				piles = append(piles, n)
			}
			r.Deal.Piles = piles
			return nil
		}},
	intKey("deal.take", 0, func(r *core.Rules) *int { return &r.Deal.Take }),
	enumKey("first_player", []string{"highest_tile", "seat"}, func(r *core.Rules) *core.FirstPlayer { return &r.FirstPlayer }),
	enumKey("direction", []string{"left", "right"}, func(r *core.Rules) *core.Direction { return &r.Direction }),
	intKey("opening.points", 0, func(r *core.Rules) *int { return &r.Opening.Points }),
	enumKey("opening.joker_value", []string{"represented", "zero"}, func(r *core.Rules) *core.JokerValue { return &r.Opening.JokerValue }),
	boolKey("opening.first_round_locked", func(r *core.Rules) *bool { return &r.Opening.FirstRoundLocked }),
	enumKey("opening.lock_ends", []string{"first_round", "all_opened"}, func(r *core.Rules) *core.LockEnds { return &r.Opening.LockEnds }),
	intKey("joker.penalty", 0, func(r *core.Rules) *int { return &r.Joker.Penalty }),
	boolKey("joker.take_before_opening", func(r *core.Rules) *bool { return &r.Joker.TakeBeforeOpening }),
	{key: "joker.replace_from",
		get: func(r *core.Rules) lua.LValue {
			t := newTable()
			for i, name := range sourceNames {
				if r.Joker.ReplaceFrom.Has(core.Source(1 << i)) {
					t.Append(lua.LString(name))
				}
			}
			return t
		},
		set: func(r *core.Rules, v lua.LValue) error {
			t, ok := v.(*lua.LTable)
			if !ok {
				return fmt.Errorf("a list of %s expected, got %s", quoteList(sourceNames), describe(v))
			}
			t = readable(t)
			var src core.Source
			for i := 1; i <= t.Len(); i++ {
				s, _ := t.RawGetInt(i).(lua.LString)
				k := slices.Index(sourceNames, string(s))
				if k < 0 {
					return fmt.Errorf("item %d: one of %s expected, got %s", i, quoteList(sourceNames), describe(t.RawGetInt(i)))
				}
				src |= core.Source(1 << k)
			}
			r.Joker.ReplaceFrom = src
			return nil
		}},
	boolKey("joker.keep", func(r *core.Rules) *bool { return &r.Joker.Keep }),
	intKey("draw.tiles", 0, func(r *core.Rules) *int { return &r.Draw.Tiles }),
	intKey("time_limit.seconds", 0, func(r *core.Rules) *int { return &r.TimeLimit.Seconds }),
	intKey("time_limit.penalty_tiles", 0, func(r *core.Rules) *int { return &r.TimeLimit.PenaltyTiles }),
	intKey("failed_play.penalty_tiles", 0, func(r *core.Rules) *int { return &r.FailedPlay.PenaltyTiles }),
	enumKey("end_of_pool.losers_score", []string{"own", "difference"}, func(r *core.Rules) *core.LosersScore { return &r.EndOfPool.LosersScore }),
	intKey("match.rounds", 0, func(r *core.Rules) *int { return &r.Match.Rounds }),
	enumKey("match.winner", []string{"most_rounds", "highest_total"}, func(r *core.Rules) *core.MatchWinner { return &r.Match.Winner }),
	{key: "hooks",
		get: func(r *core.Rules) lua.LValue {
			if r.Hooks == "" {
				return lua.LNil
			}
			return lua.LString(r.Hooks)
		},
		// A rules table read back (view.rules) names its hooks; changing
		// them takes a variant file.
		set: func(r *core.Rules, v lua.LValue) error {
			if s, ok := v.(lua.LString); ok && string(s) == r.Hooks {
				return nil
			}
			return fmt.Errorf("hooks are set in a variant file, not from a script")
		}},
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

// newTable is an empty table made without a state (getters have none).
func newTable() *lua.LTable { return &lua.LTable{Metatable: lua.LNil} }

// rulesTable is r as a Lua table with the variant files' keys:
// t.opening.points, t.joker.replace_from[1] ...
func rulesTable(L *lua.LState, r *core.Rules) *lua.LTable {
	t := L.NewTable()
	for _, k := range ruleKeys {
		v := k.get(r)
		if v == lua.LNil {
			continue
		}
		dst := t
		section, leaf, nested := strings.Cut(k.key, ".")
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
	byKey := make(map[string]ruleKey, len(ruleKeys))
	sections := map[string]bool{}
	for _, k := range ruleKeys {
		byKey[k.key] = k
		if s, _, ok := strings.Cut(k.key, "."); ok {
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
				errs = append(errs, setKey(r, byKey, key+"."+leaf, v)...)
			})
			return
		}
		errs = append(errs, setKey(r, byKey, key, v)...)
	})
	if len(errs) > 0 {
		sort.Strings(errs)
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	if err := r.Tiles.Validate(); err != nil {
		return fmt.Errorf("%s", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return nil
}

func setKey(r *core.Rules, byKey map[string]ruleKey, key string, v lua.LValue) []string {
	k, ok := byKey[key]
	switch {
	case !ok:
		names := make([]string, 0, len(byKey)+1)
		for n := range byKey {
			names = append(names, n)
		}
		names = append(names, "extends")
		if near := suggest.Nearest(key, names); near != "" {
			return []string{fmt.Sprintf("unknown key %s; did you mean %s?", key, near)}
		}
		return []string{fmt.Sprintf("unknown key %s", key)}
	}
	if err := k.set(r, v); err != nil {
		return []string{key + ": " + err.Error()}
	}
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

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
