package core

import (
	"errors"
	"slices"
	"strings"
)

// Table is the sets on the table, in the order they lie.
type Table []Set

// String is the table in notation: sets separated by spaces.
func (t Table) String() string {
	var b []byte
	for i, s := range t {
		if i > 0 {
			b = append(b, ' ')
		}
		b = s.AppendText(b)
	}
	return string(b)
}

// Equal reports whether u is t: the same sets in the same order, each of
// the same tiles in the same order.
func (t Table) Equal(u Table) bool {
	return slices.EqualFunc(t, u, func(a, b Set) bool { return slices.Equal(a, b) })
}

// Tiles counts every tile on the table.
func (t Table) Tiles() Multiset {
	var m Multiset
	for _, s := range t {
		for _, x := range s {
			m.Add(x)
		}
	}
	return m
}

// Len is the number of tiles on the table.
func (t Table) Len() int {
	n := 0
	for _, s := range t {
		n += len(s)
	}
	return n
}

// Clone copies the table deeply, so the copy shares no set with t.
func (t Table) Clone() Table { return t.CloneRoom(0) }

// CloneRoom is Clone with room for n more sets after t's, so that sets
// appended to the copy (a play's new sets after the table's) cost no
// second copy of it.
func (t Table) CloneRoom(n int) Table {
	if t == nil && n == 0 {
		return nil
	}
	out := make(Table, len(t), len(t)+n)
	flat := make([]Tile, 0, t.Len())
	for i, s := range t {
		flat = append(flat, s...)
		out[i] = flat[len(flat)-len(s) : len(flat) : len(flat)]
	}
	return out
}

// ValidateTable checks every set of t under the printed rules.
func ValidateTable(t Table) error { return StandardSets.ValidateTable(t) }

// ValidateTable checks every set of t. A table is valid when every set is; the
// error joins one *SetError (with its Index) for each invalid set, in order.
func (r SetRules) ValidateTable(t Table) error {
	// A valid table, the common case, runs a loop that carries nothing but
	// the index across each call; the errors are gathered only after the
	// first invalid set.
	for i, s := range t {
		if !r.valid(s) {
			return r.tableErrors(t, i)
		}
	}
	return nil
}

// tableErrors is ValidateTable's error for t, whose first invalid set is t[first].
func (r *SetRules) tableErrors(t Table, first int) error {
	var errs []error
	for i := first; i < len(t); i++ {
		if s := t[i]; i == first || !r.valid(s) {
			se := r.explain(s)
			se.Index = i + 1
			errs = append(errs, se)
		}
	}
	return errors.Join(errs...)
}

// Canonical rewrites each valid set of t in canonical order (runs ascending,
// jokers in place; groups by colour); invalid sets stay as written.
//
// The sets share one array, as Clone's do (each capped at its length, so
// appending to one never writes into the next): a served table starts
// every turn with the canonical table.
func (r SetRules) Canonical(t Table) Table {
	out := make(Table, len(t))
	flat := make([]Tile, 0, t.Len())
	for i, s := range t {
		from := len(flat)
		info, err := r.Validate(s)
		if err != nil {
			flat = append(flat, s...)
		} else {
			flat = info.appendCanonical(flat, s, r.Numbers)
		}
		out[i] = flat[from:len(flat):len(flat)]
	}
	return out
}

// Change is what a turn did to the table: the tiles that came onto it and the
// tiles of the old table that are gone from it. A legal turn's Added all came
// from the player's rack, and its Missing is empty (save a joker some
// editions let its replacer keep).
type Change struct {
	Added   Multiset
	Missing Multiset
}

// Diff compares the table before a turn with the table after it.
func Diff(before, after Table) Change {
	b, a := before.Tiles(), after.Tiles()
	return Change{Added: a.Minus(&b), Missing: b.Minus(&a)}
}

// String describes the change: "added r6 J; missing k8".
func (c Change) String() string {
	var parts []string
	if c.Added.Len() > 0 {
		parts = append(parts, "added "+c.Added.String())
	}
	if c.Missing.Len() > 0 {
		parts = append(parts, "missing "+c.Missing.String())
	}
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, "; ")
}
