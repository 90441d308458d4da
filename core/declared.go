package core

import "slices"

// Declared jokers.
//
// The rulebooks ask a player who lays one numbered tile and two jokers to
// say whether the set is a group or a run: [o13 J J] may be the run
// 11-12-13 (36 points) or the group of 13s (39). Plain notation reads such
// a set as a run whenever it can be one; a declaration says otherwise:
// [o13 J=13 J=13] is the group, [J=o11 J=o12 o13] the run, spelt out. A
// declaration never makes a set valid that no reading of it is: it picks
// one reading, and the set is checked as if each declared joker were the
// tile it stands for.

// hasDeclared reports whether s holds a declared joker.
func hasDeclared(s Set) bool {
	for _, t := range s {
		if t&declaredBit != 0 {
			return true
		}
	}
	return false
}

// refuse is validate's answer for a set its one pass could not read: a
// set with a declared joker is read by its declarations, any other is
// explained.
func (r *SetRules) refuse(s Set, info *SetInfo) error {
	if hasDeclared(s) {
		return r.declared(s, info)
	}
	if hasWide(s) {
		return r.wide(s, info)
	}
	return r.explain(s)
}

// declared validates a set with declared jokers: each stands for the tile
// it names, a group's member for a colour the group has room for, and the
// set so read must be valid. info is filled as for plain jokers: Jokers
// counts every joker, Stands says what each stands for, Missing is the
// colours no numbered tile has.
func (r *SetRules) declared(s Set, info *SetInfo) error {
	// a byte that claims to be a declaration but is none is no tile; and
	// a declaration, like a plain joker, needs a numbered tile beside it
	numbered := false
	for _, t := range s {
		if t&declaredBit != 0 && !t.Valid() {
			return r.explain(s)
		}
		numbered = numbered || !t.IsJoker()
	}
	if !numbered {
		return r.explain(s)
	}
	sub := make(Set, len(s))
	group := 0         // the number of the group the jokers are declared in
	var first Tile     // the first declared joker, for the refusal
	var groupDecl Tile // the first declared group member
	var count [MaxColors]int
	for i, t := range s {
		stands, n, ok := t.Declaration()
		switch {
		case !ok:
			sub[i] = t
		case stands != NoTile:
			sub[i] = stands
		case group != 0 && n != group:
			return r.contradiction(s, t, n)
		default:
			group, sub[i] = n, NoTile // a colour is chosen below
			if groupDecl == NoTile {
				groupDecl = t
			}
		}
		if ok && first == NoTile {
			first = t
		}
		if u := sub[i]; u != NoTile && !u.IsJoker() && u.Valid() && int(u.Color()) < MaxColors {
			count[u.Color()]++
		}
	}
	if group != 0 {
		for _, u := range sub {
			if u != NoTile && !u.IsJoker() && u.Number() != group {
				return r.contradiction(s, groupDecl, group)
			}
		}
		// each declared member takes a colour the group has room for;
		// with none left the set is too long, as the check then says
		room := 1
		if r.GroupColors == AnyColors {
			room = r.copies()
		}
		for i, u := range sub {
			if u != NoTile {
				continue
			}
			sub[i] = Joker
			for c := range min(r.Colors, MaxColors) {
				if count[c] < room {
					count[c]++
					sub[i] = NewTile(Color(c), group)
					break
				}
			}
		}
	}
	read, err := r.Validate(sub)
	if err != nil {
		plain := plainSet(s)
		if r.Valid(plain) {
			stands, n, _ := first.Declaration()
			if stands == NoTile {
				return r.contradiction(s, first, n)
			}
			return &SetError{Set: s, Kind: NoKind, Err: ErrDeclaration,
				Why: MsgSetDeclaredTile(first, stands)}
		}
		if se, ok := err.(*SetError); ok {
			se.Set = s
		}
		return err
	}
	if group != 0 && (read.Kind != Group || read.Number != group) {
		return r.contradiction(s, groupDecl, group)
	}
	// What the jokers stand for: the declared ones their tiles, the plain
	// ones what the reading gave them.
	var stands []Tile
	for i, t := range s {
		if t.IsJoker() && t != Joker {
			stands = append(stands, sub[i])
		}
	}
	stands = append(stands, read.JokerTiles()...)
	slices.Sort(stands)
	read.Jokers += len(stands) - len(read.JokerTiles())
	read.Stands = [MaxSetJokers]Tile{}
	copy(read.Stands[:], stands)
	if read.Kind == Group {
		// Missing is the colours no numbered tile has (room for one more
		// under group_colors: any): a joker in the group may stand for any
		read.Missing = 0
		var real [MaxColors]int
		for _, t := range s {
			if !t.IsJoker() && t.Valid() {
				real[t.Color()]++
			}
		}
		room := 1
		if r.GroupColors == AnyColors {
			room = r.copies()
		}
		for c := range min(r.Colors, MaxColors) {
			if real[c] < room {
				read.Missing |= 1 << c
			}
		}
	}
	// Declared: the plain jokers, in canonical order, read otherwise.
	canon := read.appendCanonical(nil, s, r.Numbers)
	if plainInfo, err := r.Validate(canon); err != nil || plainInfo.Kind != read.Kind ||
		plainInfo.Number != read.Number || plainInfo.Value != read.Value ||
		read.Kind == Run && plainInfo.Color != read.Color {
		read.Declared = true
	}
	*info = read
	return nil
}

// contradiction is the refusal of a joker declared as a member of the group
// of number n in a set that is no such group.
func (r *SetRules) contradiction(s Set, joker Tile, n int) *SetError {
	return &SetError{Set: s, Kind: Group, Err: ErrDeclaration,
		Why: MsgSetDeclaredGroup(joker, n)}
}

// plainSet is s with every declaration taken off its jokers.
func plainSet(s Set) Set {
	out := make(Set, len(s))
	for i, t := range s {
		out[i] = t.Plain()
	}
	return out
}

// Plain is the set with every declaration taken off its jokers: what a
// player who did not declare would have laid.
func (s Set) Plain() Set {
	if !hasDeclared(s) {
		return s
	}
	return plainSet(s)
}
