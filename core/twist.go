package core

import "slices"

// Rummikub Twist's special jokers (variants/twist.yaml cites the rules).
//
// Each is a tile kind of its own, two of each in the box:
//
//   - the double joker (JD) stands for two tiles: two consecutive numbers
//     of a run ([r2 JD r5]: r3 and r4) or two missing colours of a group
//     ([b3 r3 JD]); it counts both in the initial meld, and it needs room
//     for both (no double joker below 2 or above 12 standing for 1 and 2);
//   - the mirror joker (JM) makes its set a palindrome: the tiles after it
//     repeat, in reverse, the tiles before it ([r2 r3 JM r3 r2]). It stands
//     for the tile that would come next, so the tiles before it and it are
//     the start of a run or a group (r2 r3 and r4; r5 b5 and k5 or o5); it
//     counts 0 in the initial meld;
//   - the colour-change joker (JC) stands for one number of a run whose
//     colour changes across it: [r3 r4 JC b6 b7], each side a colour of its
//     own with a numbered tile to say which; it stands only in runs.
//
// A set still needs three tiles (a double joker is one tile). A set with a
// special joker is read as it is written, as the players lay it: a run goes
// up (or down) one place at a time, the double joker taking two places, and
// Canonical keeps it as written.

// halfRules are the relaxed rules the part of a mirror set before the
// mirror is checked under: the start of a run or a group, two places or
// more.
func (r *SetRules) halfRules() *SetRules {
	h := *r
	h.MinRun, h.MinGroup = 2, 2
	return &h
}

// twist validates a set that holds a special joker.
func (r *SetRules) twist(s Set, info *SetInfo) error {
	mirrors := 0
	at := -1
	for i, t := range s {
		if t == MirrorJoker {
			mirrors++
			at = i
		}
	}
	if mirrors > 1 {
		return r.twistRefusal(s, MsgSetTwistMirrors())
	}
	if mirrors == 1 {
		return r.mirror(s, at, info)
	}
	if len(s) < min(r.MinRun, r.MinGroup) {
		return r.twistRefusal(s, MsgSetTwistShort(min(r.MinRun, r.MinGroup)))
	}
	// One numbered tile and jokers is a run where it can be one, as with
	// plain jokers (see SetRules.Validate); otherwise a group first.
	numbered := 0
	for _, t := range s {
		if !t.IsJoker() && !t.IsSpecial() {
			numbered++
		}
	}
	if numbered > 1 && r.twistGroup(s, info) {
		return nil
	}
	*info = SetInfo{}
	why, _ := r.twistRun(s, info)
	if why.ID == "" {
		return nil
	}
	*info = SetInfo{}
	if numbered == 1 && r.twistGroup(s, info) {
		return nil
	}
	*info = SetInfo{}
	if why := r.twistGroupWhy(s); why.ID != "" {
		return &SetError{Set: s, Kind: Group, Err: ErrTwist, Why: why}
	}
	return &SetError{Set: s, Kind: Run, Err: ErrTwist, Why: why}
}

// twistGroupWhy says why s, meant as a group (two numbered tiles or more,
// all of one number), is none; the zero Message when s was not meant as
// one, or is refused as any group would be (the plain explanation).
func (r *SetRules) twistGroupWhy(s Set) Message {
	num, numbered, colours := 0, 0, 0
	change := false
	for _, t := range s {
		switch {
		case t == ColorChangeJoker:
			change = true
		case t.IsJoker() || t.IsSpecial():
		case num != 0 && t.Number() != num:
			return Message{}
		default:
			num = t.Number()
			numbered++
		}
		colours += places(t)
	}
	switch {
	case numbered < 2:
		return Message{}
	case change:
		return MsgSetTwistChangeGroup()
	case colours > r.maxGroup():
		return MsgSetTwistGroupFull(r.maxGroup())
	}
	var plain Set // the group without its special jokers: what else is wrong
	for _, t := range s {
		if !t.IsSpecial() {
			plain = append(plain, t)
		}
	}
	return r.explain(plain).Why
}

// twistRefusal is a refusal of a Twist set, said by why.
func (r *SetRules) twistRefusal(s Set, why Message) *SetError {
	return &SetError{Set: s, Kind: NoKind, Err: ErrTwist, Why: why}
}

// places is how many numbers of a run a tile takes.
func places(t Tile) int {
	if t == DoubleJoker {
		return 2
	}
	return 1
}

// twistGroup describes s if it is a group: one number; a plain joker a
// missing colour, a double joker two; no mirror or colour-change joker.
func (r *SetRules) twistGroup(s Set, info *SetInfo) bool {
	var count [MaxColors]int
	num, colours := 0, 0
	for _, t := range s {
		switch {
		case t == Joker || t == DoubleJoker:
		case t.IsSpecial() || !t.Valid() || t.IsJoker() || int(t.Color()) >= r.Colors ||
			t.Number() > r.Numbers || num != 0 && t.Number() != num:
			return false
		default:
			num = t.Number()
			count[t.Color()]++
			if count[t.Color()] > 1 && r.GroupColors != AnyColors || count[t.Color()] > r.copies() {
				return false
			}
		}
		colours += places(t)
	}
	if num == 0 || len(s) < r.MinGroup || colours > r.maxGroup() {
		return false
	}
	info.Kind, info.Number, info.Len, info.Value = Group, num, len(s), num*colours
	for _, t := range s {
		if t == Joker {
			info.Jokers++
		}
	}
	room := 1
	if r.GroupColors == AnyColors {
		room = r.copies()
	}
	k := 0
	for c := range r.Colors {
		if count[c] < room {
			info.Missing |= 1 << c
			if k < info.Jokers && k < MaxSetJokers {
				info.Stands[k] = NewTile(Color(c), num)
				k++
			}
		}
	}
	return true
}

// twistRun describes s if, read as written (or backwards), it is a run:
// each tile one place further, a double joker two, the colour the same but
// across a colour-change joker, where it changes. It returns why not.
func (r *SetRules) twistRun(s Set, info *SetInfo) (why Message, down bool) {
	if why = r.runAsWritten(s, info, false); why.ID == "" {
		return why, false
	}
	*info = SetInfo{}
	if back := r.runAsWritten(s, info, true); back.ID == "" {
		return back, true
	}
	return why, false
}

// runAsWritten reads s as a run from its first tile up, or with down from
// its last tile up (the same run written going down).
func (r *SetRules) runAsWritten(s Set, info *SetInfo, down bool) Message {
	n := len(s)
	at := func(i int) Tile {
		if down {
			return s[n-1-i]
		}
		return s[i]
	}
	start, place := 0, 0 // the run's first number, once a numbered tile says it
	numbered := false
	var colour, before Color
	segment, coloured := 0, false // the colour-change jokers passed; a numbered tile since
	for i := range n {
		t := at(i)
		switch {
		case t == ColorChangeJoker:
			if i == 0 || i == n-1 {
				return MsgSetTwistChangeEnd()
			}
			if !coloured {
				return MsgSetTwistChangeSide()
			}
			segment, coloured, before = segment+1, false, colour
		case t == Joker || t == DoubleJoker:
		case t.IsSpecial() || !t.Valid() || t.IsJoker() || int(t.Color()) >= r.Colors || t.Number() > r.Numbers:
			return MsgSetTwistTile(t)
		default:
			if !numbered {
				start, numbered = t.Number()-place, true
			}
			if t.Number() != start+place {
				return MsgSetTwistOrder(t)
			}
			switch {
			case !coloured && segment > 0 && t.Color() == before:
				return MsgSetTwistChangeSame(t, t.Color())
			case coloured && t.Color() != colour:
				return MsgSetTwistColour(t, colour)
			}
			colour, coloured = t.Color(), true
		}
		place += places(t)
	}
	if !coloured {
		return MsgSetTwistChangeSide()
	}
	if !numbered {
		return MsgSetReasonNoNumber()
	}
	if n < r.MinRun || place < r.MinRun {
		return MsgSetTwistShort(r.MinRun)
	}
	if start < 1 || start+place-1 > r.Numbers {
		return MsgSetTwistRoom(r.Numbers)
	}
	// What it is: the colour of its first tile, the jokers' tiles in the
	// colour of the stretch they lie in.
	info.Kind, info.Number, info.Len = Run, start, n
	info.Value = place*start + place*(place-1)/2
	place, colour = 0, Color(255)
	var pending []int // the jokers' places before the stretch's colour is known
	k, named := 0, false
	stand := func(c Color, p int) {
		if k < MaxSetJokers {
			info.Stands[k] = NewTile(c, start+p)
		}
		k++
	}
	for i := range n {
		t := at(i)
		switch {
		case t == Joker:
			info.Jokers++
			if colour == 255 {
				pending = append(pending, place)
			} else {
				stand(colour, place)
			}
		case t == ColorChangeJoker:
			colour = 255
		case !t.IsSpecial():
			if colour == 255 {
				for _, p := range pending {
					stand(t.Color(), p)
				}
				pending = pending[:0]
			}
			if !named { // the run's colour: its first numbered tile's
				info.Color, named = t.Color(), true
			}
			colour = t.Color()
		}
		place += places(t)
	}
	return Message{}
}

// mirror validates s with its mirror joker at index at: the tiles after it
// the tiles before it in reverse, a plain joker on either side standing
// for the tile across; the tiles before it, and the tile it stands for,
// the start of a run (read as written) or of a group.
func (r *SetRules) mirror(s Set, at int, info *SetInfo) error {
	k := at
	if k == 0 || len(s)-1-at != k {
		return r.twistRefusal(s, MsgSetTwistMirrorSides())
	}
	half := make(Set, k+1)
	var across []Tile // what a joker facing a numbered tile stands for
	for i := range k {
		a, b := s[i], s[len(s)-1-i]
		switch {
		case a == b:
			half[i] = a
		case b == Joker && !a.IsSpecial():
			half[i] = a
			across = append(across, a)
		case a == Joker && !b.IsSpecial():
			half[i] = b
			across = append(across, b)
		default:
			return r.twistRefusal(s, MsgSetTwistMirrorPair(a, b))
		}
	}
	half[k] = Joker // the tile the mirror stands for: the next place
	h := r.halfRules()
	var read SetInfo
	stands := 0 // the mirror's number
	if h.twistGroup(half, &read) {
		stands = read.Number
	} else {
		read = SetInfo{}
		why, down := h.twistRun(half, &read)
		if why.ID != "" {
			return r.twistRefusal(s, MsgSetTwistMirrorHalf(why))
		}
		stands = read.Number // written going down, the mirror is the lowest
		if !down {
			for _, t := range half {
				stands += places(t)
			}
			stands--
		}
	}
	// Each side counts the half's tiles; the mirror counts 0.
	*info = SetInfo{Kind: read.Kind, Color: read.Color, Number: read.Number, Len: len(s),
		Value: 2 * (read.Value - stands), Missing: read.Missing}
	// The jokers: one facing a numbered tile stands for it; a pair of
	// jokers for what the half's joker stood for (the half's reading, the
	// mirror's own place left out).
	var paired []Tile
	for _, t := range read.JokerTiles() {
		if t.Number() != stands || read.Kind == Group && len(paired) < read.Jokers-1 {
			paired = append(paired, t, t)
		}
	}
	for _, t := range append(across, paired...) {
		if info.Jokers < MaxSetJokers {
			info.Stands[info.Jokers] = t
		}
		info.Jokers++
	}
	slices.Sort(info.Stands[:min(info.Jokers, MaxSetJokers)])
	return nil
}

// hasSpecial reports whether s holds a special joker.
func hasSpecial(s Set) bool {
	for _, t := range s {
		if t.IsSpecial() {
			return true
		}
	}
	return false
}
