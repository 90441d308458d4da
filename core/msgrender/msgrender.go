// Package msgrender is what the generated render functions of meldlab's
// messages need at run time. The catalogs (i18n/locales/*.yaml) are
// text/template sources, but nothing parses them when a message is said:
// go generate ./i18n compiles every form of every message with template
// actions to a Go function (core's English into core/messages_en.go, the
// rest into i18n/render_gen.go), its control flow written out. What a
// value prints as, whether it counts as true and how two compare is
// text/template's own, kept here, once, for core and package i18n alike,
// so that what is said never differs from what the template said
// (i18n's TestRenderSaysAsTemplates checks every form against
// text/template itself).
//
// It imports the standard library only, as core does.
package msgrender

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A Func says one form of one message with its arguments into b. It
// reports false where text/template would have failed, or printed
// "<no value>" for a missing argument: the message is then not said, and
// its caller falls back (to English, then to the id and arguments).
type Func func(b *strings.Builder, a Args) bool

// Args are a message's arguments as a Func reads them: Word is the
// argument name, made words as the caller says them (a colour by its
// name, a nested message said in full); nil for one not given. A given
// nil and a missing argument read alike, as they do in text/template.
type Args interface {
	Word(name string) any
}

// Faults is what a render notes as it goes: whether any step failed as
// text/template's would have (a comparison of incompatible kinds, a value
// it cannot print, a missing argument printed). A render goes on to its
// end regardless, because what it wrote is thrown away when it failed, and
// its conditions read as the template's do, without an ok after each.
type Faults struct{ bad bool }

// OK is the render's verdict: no step failed.
func (f *Faults) OK() bool { return !f.bad }

// Print writes each of vs as text/template prints a pipeline's value:
// fmt.Print's text, except a missing value ("<no value>", a fault here)
// and a pointer, which is followed to what it points to unless that is
// nil. A render passes its texts among the values (a string prints as
// itself): a run of a template's text and fields is one call.
func (f *Faults) Print(b *strings.Builder, vs ...any) {
	for _, v := range vs {
		f.print(b, v)
	}
}

func (f *Faults) print(b *strings.Builder, v any) {
	switch v := v.(type) {
	case string:
		b.WriteString(v)
	case nil:
		f.bad = true
	case int:
		b.WriteString(strconv.Itoa(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	default:
		p, ok := printable(reflect.ValueOf(v))
		if !ok {
			f.bad = true
			return
		}
		fmt.Fprint(b, p)
	}
}

var (
	errorType    = reflect.TypeFor[error]()
	stringerType = reflect.TypeFor[fmt.Stringer]()
)

// printable is text/template's printableValue: the value fmt.Print is
// given for v, or false for one the template cannot print (a func, a
// channel).
func printable(v reflect.Value) (any, bool) {
	if v.Kind() == reflect.Pointer {
		v, _ = indirect(v) // fmt.Fprint says a nil pointer <nil>.
	}
	if !v.IsValid() {
		return "<no value>", true
	}
	if !v.Type().Implements(errorType) && !v.Type().Implements(stringerType) {
		if v.CanAddr() && (reflect.PointerTo(v.Type()).Implements(errorType) || reflect.PointerTo(v.Type()).Implements(stringerType)) {
			v = v.Addr()
		} else {
			switch v.Kind() {
			case reflect.Chan, reflect.Func:
				return nil, false
			}
		}
	}
	return v.Interface(), true
}

// indirect follows pointers and interfaces to the first nil or the value.
func indirect(v reflect.Value) (reflect.Value, bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

// Truth is text/template's: false for a missing value and the zero of
// its kind (0, "", false, a nil pointer), an empty slice, map or array;
// true for anything else, a struct always. if, not, and and or all test
// so.
func Truth(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case string:
		return v != ""
	case int:
		return v != 0
	case bool:
		return v
	}
	val := reflect.ValueOf(v)
	switch val.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return val.Len() > 0
	case reflect.Bool:
		return val.Bool()
	case reflect.Complex64, reflect.Complex128:
		return val.Complex() != 0
	case reflect.Chan, reflect.Func, reflect.Pointer, reflect.UnsafePointer, reflect.Interface:
		return !val.IsNil()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return val.Int() != 0
	case reflect.Float32, reflect.Float64:
		return val.Float() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return val.Uint() != 0
	}
	return true // a struct
}

// Eq is text/template's eq of two values: a fault where they are of
// incompatible kinds (an int and a string), false where either is missing.
func (f *Faults) Eq(x, y any) bool { return f.check(eqAny(x, y)) }

// Le is text/template's le: lt or eq.
func (f *Faults) Le(x, y any) bool { return f.check(leAny(x, y)) }

// Gt is text/template's gt: not le.
func (f *Faults) Gt(x, y any) bool {
	t, err := leAny(x, y)
	return f.check(!t, err)
}

// check notes err, if any, and says t, or false where err failed it (as
// text/template's comparisons answer with their error).
func (f *Faults) check(t bool, err error) bool {
	if err != nil {
		f.bad = true
		return false
	}
	return t
}

// eqAny and leAny are text/template's eq and le for the values the
// messages get, the ints and strings they compare without reflection,
// anything else as text/template compares it. (lt, ne and ge are not
// here because no catalog uses them: the generator refuses them until
// one does and they are added.)
func eqAny(x, y any) (bool, error) {
	switch x := x.(type) {
	case int:
		if y, ok := y.(int); ok {
			return x == y, nil
		}
	case string:
		if y, ok := y.(string); ok {
			return x == y, nil
		}
	}
	return eq(reflect.ValueOf(x), reflect.ValueOf(y))
}

func leAny(x, y any) (bool, error) {
	if x, ok := x.(int); ok {
		if y, ok := y.(int); ok {
			return x <= y, nil
		}
	}
	t, err := lt(reflect.ValueOf(x), reflect.ValueOf(y))
	if t || err != nil {
		return t, err
	}
	return eq(reflect.ValueOf(x), reflect.ValueOf(y))
}

// The comparisons below are text/template's own (its funcs.go, Go 1.26),
// on reflected values, for the kinds the fast paths above leave to them;
// its errors' words are not kept, only that they fail.

type kind int

const (
	invalidKind kind = iota
	boolKind
	complexKind
	intKind
	floatKind
	stringKind
	uintKind
)

var (
	errBadComparisonType = errors.New("invalid type for comparison")
	errBadComparison     = errors.New("incompatible types for comparison")
	errNotComparable     = errors.New("non-comparable types")
)

func basicKind(v reflect.Value) (kind, error) {
	switch v.Kind() {
	case reflect.Bool:
		return boolKind, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intKind, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintKind, nil
	case reflect.Float32, reflect.Float64:
		return floatKind, nil
	case reflect.Complex64, reflect.Complex128:
		return complexKind, nil
	case reflect.String:
		return stringKind, nil
	}
	return invalidKind, errBadComparisonType
}

func isNil(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return v.IsNil()
	}
	return false
}

func canCompare(v1, v2 reflect.Value) bool {
	k1, k2 := v1.Kind(), v2.Kind()
	if k1 == k2 {
		return true
	}
	// The type can be compared to nil.
	return k1 == reflect.Invalid || k2 == reflect.Invalid
}

func eq(arg1, arg reflect.Value) (bool, error) {
	k1, _ := basicKind(arg1)
	k2, _ := basicKind(arg)
	if k1 != k2 {
		// Integers compare regardless of their types' sign.
		switch {
		case k1 == intKind && k2 == uintKind:
			return arg1.Int() >= 0 && uint64(arg1.Int()) == arg.Uint(), nil
		case k1 == uintKind && k2 == intKind:
			return arg.Int() >= 0 && arg1.Uint() == uint64(arg.Int()), nil
		case arg1.IsValid() && arg.IsValid():
			return false, errBadComparison
		}
		return false, nil
	}
	switch k1 {
	case boolKind:
		return arg1.Bool() == arg.Bool(), nil
	case complexKind:
		return arg1.Complex() == arg.Complex(), nil
	case floatKind:
		return arg1.Float() == arg.Float(), nil
	case intKind:
		return arg1.Int() == arg.Int(), nil
	case stringKind:
		return arg1.String() == arg.String(), nil
	case uintKind:
		return arg1.Uint() == arg.Uint(), nil
	}
	if !canCompare(arg1, arg) {
		return false, errNotComparable
	}
	if isNil(arg1) || isNil(arg) {
		return isNil(arg) == isNil(arg1), nil
	}
	if !arg.Type().Comparable() {
		return false, errNotComparable
	}
	return arg1.Interface() == arg.Interface(), nil
}

func lt(arg1, arg2 reflect.Value) (bool, error) {
	k1, err := basicKind(arg1)
	if err != nil {
		return false, err
	}
	k2, err := basicKind(arg2)
	if err != nil {
		return false, err
	}
	if k1 != k2 {
		// Integers compare regardless of their types' sign.
		switch {
		case k1 == intKind && k2 == uintKind:
			return arg1.Int() < 0 || uint64(arg1.Int()) < arg2.Uint(), nil
		case k1 == uintKind && k2 == intKind:
			return arg2.Int() >= 0 && arg1.Uint() < uint64(arg2.Int()), nil
		}
		return false, errBadComparison
	}
	switch k1 {
	case floatKind:
		return arg1.Float() < arg2.Float(), nil
	case intKind:
		return arg1.Int() < arg2.Int(), nil
	case stringKind:
		return arg1.String() < arg2.String(), nil
	case uintKind:
		return arg1.Uint() < arg2.Uint(), nil
	}
	return false, errBadComparisonType // bools and complex numbers do not order
}
