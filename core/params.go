package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Params is params: in a variant file, values the variant's hooks read
// (view.params in Lua, read-only): a handicap's seat, a house's bonus. Each
// name is a lower-case word (letters, digits, _); each value is text, a
// whole number, or true or false. The engine itself reads none of them.
// A variant that sets params replaces its base's params whole.
type Params map[string]any

// MaxParams is the most params a variant may have, and MaxParamText the
// longest text value, in bytes.
const (
	MaxParams    = 64
	MaxParamText = 200
)

// Names lists the params' names, sorted.
func (p Params) Names() []string { return slices.Sorted(maps.Keys(p)) }

// String writes the params as a variant file's flow map would,
// "{bonus: 10, seat: 2}"; none is "{}".
func (p Params) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range p.Names() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
		b.WriteString(": ")
		switch v := p[n].(type) {
		case string:
			b.WriteString(strconv.Quote(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Clone copies p; none is nil.
func (p Params) Clone() Params {
	if len(p) == 0 {
		return nil
	}
	return maps.Clone(p)
}

// checkParams checks params however they came in.
func checkParams(p Params) error {
	if len(p) > MaxParams {
		return &ValueError{Msg: fmt.Sprintf("params has %d values; a variant may have at most %d", len(p), MaxParams)}
	}
	for _, n := range p.Names() {
		if err := CheckParamName(n); err != nil {
			return err
		}
		switch v := p[n].(type) {
		case int, bool:
		case string:
			if !plainText(v) {
				return &ValueError{Msg: fmt.Sprintf("params.%s holds control characters (%s); write plain text", n, strconv.Quote(v))}
			}
			if len(v) > MaxParamText {
				return &ValueError{Msg: fmt.Sprintf("params.%s is %d bytes long; a param's text may have at most %d", n, len(v), MaxParamText)}
			}
		default:
			return &ValueError{Msg: fmt.Sprintf("params.%s must be %s, not %T", n, ParamWant, v)}
		}
	}
	return nil
}

// ParamWant says what a param's value may be, for errors.
const ParamWant = "text, a whole number, or true or false"

// CheckParamName checks a param's name: a lower-case letter, then
// lower-case letters, digits or _, at most 40 in all.
func CheckParamName(n string) error {
	ok := n != "" && len(n) <= 40 && n[0] >= 'a' && n[0] <= 'z'
	for i := 0; ok && i < len(n); i++ {
		c := n[i]
		ok = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	}
	if !ok {
		return &ValueError{Msg: fmt.Sprintf("params has the name %s; a param's name is a lower-case word (letters, digits and _, starting with a letter, at most 40), as handicap_seat", strconv.Quote(n))}
	}
	return nil
}

// UnmarshalJSON reads params as a save writes them: numbers must be
// whole, values must not nest.
func (p *Params) UnmarshalJSON(b []byte) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var raw map[string]any
	if err := d.Decode(&raw); err != nil {
		return err
	}
	out := Params{}
	for n, v := range raw {
		switch v := v.(type) {
		case json.Number:
			i, err := strconv.Atoi(v.String())
			if err != nil {
				return fmt.Errorf("params.%s is %s; a number in params is whole", n, v)
			}
			out[n] = i
		case string, bool:
			out[n] = v
		default:
			return fmt.Errorf("params.%s must be %s", n, ParamWant)
		}
	}
	*p = out.Clone()
	return nil
}
