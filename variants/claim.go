package variants

import (
	"reflect"
	"slices"

	"github.com/meldlab/meldlab/core"
)

// CustomPrefix begins the name rules get when they take a shipped variant's
// name but not its rules: "custom, based on original".
const CustomPrefix = "custom, based on "

// IsShipped reports whether name is a shipped variant's ("original",
// "house/fifty"). It never looks at a file on disk.
func IsShipped(name string) bool { return slices.Contains(Names(), name) }

// Claim judges rules that carry a name, from a save, a script or a variant
// file: the name of a shipped variant means that variant's rules, exactly,
// hooks included. It returns the shipped variant when rules are its own (so
// its hooks may be attached), and the name to show: rules.Name, or, for
// rules that take a shipped name with other rules (original with runs of
// 2, house/clean-opening without its hooks), "custom, based on NAME".
// Other names are shown as they are, and never looked up on disk.
func Claim(rules core.Rules) (shipped *Variant, name string) {
	if !IsShipped(rules.Name) {
		return nil, rules.Name
	}
	v, err := Resolve(rules.Name)
	if err != nil || !SameRules(v.Rules, rules) {
		return nil, CustomPrefix + rules.Name
	}
	return v, rules.Name
}

// SameRules reports whether a and b are the same rules, every key (name,
// title, source and hooks included); a nil and an empty list of piles are
// the same.
func SameRules(a, b core.Rules) bool {
	if !slices.Equal(a.Deal.Piles, b.Deal.Piles) || !slices.Equal(a.Scoring.TileValues, b.Scoring.TileValues) ||
		a.FreeSum() != b.FreeSum() {
		return false
	}
	a.Deal.Piles, b.Deal.Piles = nil, nil
	a.Scoring.TileValues, b.Scoring.TileValues = nil, nil
	a.Scoring.ZeroSum, b.Scoring.ZeroSum = nil, nil
	return reflect.DeepEqual(a, b)
}
