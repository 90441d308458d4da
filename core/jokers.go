package core

import "slices"

// Jokers on the table: what each stands for, which a play freed and how,
// and whether freed jokers may go to the rack (see Play, "Jokers").

// jokerRole is what one joker on a table stands for: a number and the
// colours it may have (one for a run, the missing ones for a group).
type jokerRole struct {
	set   int    // its set's place in its table, from 0
	num   int    // the number it stands for
	mask  uint8  // the colours it may stand for
	mates uint64 // the numbered tiles of its set, as Multiset.Bits
}

func (a jokerRole) fits(b jokerRole) bool {
	return a.num == b.num && a.mask&b.mask != 0 && a.mates&b.mates != 0
}

// jokerRoles lists the roles of the jokers of a valid table; infos, when
// not nil, are its sets' SetInfo.
func jokerRoles(sr SetRules, t Table, infos []SetInfo) []jokerRole {
	var roles []jokerRole
	for i, set := range t {
		var info SetInfo
		if infos != nil {
			info = infos[i]
		} else {
			var err error
			if info, err = sr.Validate(set); err != nil {
				continue
			}
		}
		if info.Jokers == 0 {
			continue
		}
		m := MultisetOf(set...)
		switch info.Kind {
		case Group:
			for range info.Jokers {
				roles = append(roles, jokerRole{set: i, num: info.Number, mask: info.Missing, mates: m.Bits()})
			}
		case Run:
			for _, x := range info.JokerTiles() {
				roles = append(roles, jokerRole{set: i, num: x.Number(), mask: 1 << x.Color(), mates: m.Bits()})
			}
		}
	}
	return roles
}

// freedJoker is a joker of the table before the turn that no joker after it
// still plays.
type freedJoker struct {
	set      int    // its set before the turn, from 0
	tile     Tile   // a tile it stood for (the replacing one, when replaced)
	replaced bool   // the tile it stood for took its place
	allowed  Source // where that tile came from
	drawn    bool   // the replacing tile is the drawn tile, and the variant allows it
	stands   []Tile // every tile it stood for (a group joker: each colour its group lacked)
	fromRack []Tile // those of them placed from the rack beside its old set's tiles
}

type jokerCheck struct {
	freed []freedJoker
}

// keepable reports whether kept jokers may go to the rack under
// Rules.Joker.Keep: each must be a freed joker that a tile it stood for,
// placed from the rack, replaced; one rack tile replaces one joker. When
// not, it gives a freed joker that no rack tile replaced (nil if every
// freed joker was replaced, and the kept jokers are more than were freed).
func (jc jokerCheck) keepable(kept int, added *Multiset) (*freedJoker, bool) {
	// The largest matching of freed jokers to the rack tiles placed that
	// could have replaced them (augmenting paths; a table holds few jokers).
	var slots []Tile
	seen := map[Tile]bool{}
	for _, f := range jc.freed {
		for _, x := range f.fromRack {
			if !seen[x] {
				seen[x] = true
				for range added.Count(x) {
					slots = append(slots, x)
				}
			}
		}
	}
	matched := matching(len(jc.freed), len(slots), func(i, j int) bool {
		return containsTile(jc.freed[i].fromRack, slots[j])
	})
	n := 0
	for _, m := range matched {
		if m {
			n++
		}
	}
	if kept <= n {
		return nil, true
	}
	for i := range jc.freed {
		if !matched[i] {
			return &jc.freed[i], false
		}
	}
	return nil, false
}

// jokers finds the jokers a play freed and how (see Play).
func (g *Game) jokers(before, after Table, infos []SetInfo) jokerCheck {
	if !hasJoker(before) || g.jokerSetsStay(before, after) {
		return jokerCheck{}
	}
	return g.freedJokers(before, after, infos)
}

// jokerSetsStay reports whether every set of before that holds a joker is
// in after as it was, tile for tile: then each joker plays its old role,
// so none is freed, which freedJokers would find at many times the cost
// (the common case: a play away from the jokers). Not where a group may
// repeat a colour (sets.group_colors: any), whose joker may have no colour
// left to stand for, and so no role even where it stays.
func (g *Game) jokerSetsStay(before, after Table) bool {
	if g.Rules.Sets.GroupColors != DistinctColors {
		return false
	}
	var used [64]bool // the sets of after matched so far (a table holds few joker sets)
	for _, set := range before {
		if !containsTile(set, Joker) {
			continue
		}
		found := false
		for j, a := range after {
			if j < len(used) && !used[j] && slices.Equal(set, a) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// freedJokers is jokers' full reading: the roles of before's jokers
// matched to after's, and each one left over freed.
func (g *Game) freedJokers(before, after Table, infos []SetInfo) jokerCheck {
	sr := g.Rules.SetRules()
	old := jokerRoles(sr, before, nil)
	now := jokerRoles(sr, after, infos)
	// The largest matching of old roles to new ones.
	matched := matching(len(old), len(now), func(i, j int) bool { return old[i].fits(now[j]) })

	bt, at := before.Tiles(), after.Tiles()
	rack := &g.s.racks[g.s.current]
	var jc jokerCheck
	for i, o := range old {
		if matched[i] {
			continue
		}
		f := freedJoker{set: o.set}
		for c := Color(0); c < MaxColors; c++ {
			if o.mask&(1<<c) == 0 {
				continue
			}
			x := NewTile(c, o.num)
			if f.tile == NoTile {
				f.tile = x
			}
			f.stands = append(f.stands, x)
			if !besideMates(after, x, o.mates) {
				continue
			}
			var from Source
			switch {
			case at.Count(x) <= bt.Count(x):
				from = FromTable
			default:
				if x == g.s.drawn {
					from |= FromDrawn
				}
				if rack.Count(x) > 1 || x != g.s.drawn {
					from |= FromRack
					f.fromRack = append(f.fromRack, x)
				}
			}
			// Keep the most favourable reading of a group joker's colours.
			if !f.replaced || from&g.Rules.Joker.ReplaceFrom != 0 && f.allowed&g.Rules.Joker.ReplaceFrom == 0 {
				f.tile, f.replaced, f.allowed = x, true, from
				f.drawn = from.Has(FromDrawn) && g.Rules.Joker.ReplaceFrom.Has(FromDrawn)
			}
		}
		jc.freed = append(jc.freed, f)
	}
	return jc
}

// matching finds a largest matching of left items 0..left-1 to right items
// 0..right-1, each pair allowed when fits(i, j), and reports which left
// items it matched (augmenting paths: the graphs here are a few jokers).
func matching(left, right int, fits func(i, j int) bool) []bool {
	owner := make([]int, right)
	for j := range owner {
		owner[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for j := range right {
			if seen[j] || !fits(i, j) {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j], seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range left {
		try(i, make([]bool, right))
	}
	matched := make([]bool, left)
	for _, i := range owner {
		if i >= 0 {
			matched[i] = true
		}
	}
	return matched
}

func hasJoker(t Table) bool {
	for _, s := range t {
		if containsTile(s, Joker) {
			return true
		}
	}
	return false
}

// besideMates reports whether tile x lies in a set of t holding one of the
// numbered tiles in mates.
func besideMates(t Table, x Tile, mates uint64) bool {
	for _, set := range t {
		if !containsTile(set, x) {
			continue
		}
		m := MultisetOf(set...)
		if m.Bits()&^(1<<x)&mates != 0 {
			return true
		}
	}
	return false
}

// drawnUsed reports whether a play in a turn left open by a draw replaced a
// joker with the drawn tile and changed no set but those holding the drawn
// tile or a joker.
func (jc jokerCheck) drawnUsed(m setMatch, after Table, drawn Tile) bool {
	used := false
	for _, f := range jc.freed {
		used = used || f.drawn
	}
	if !used {
		return false
	}
	for i, set := range after {
		if m.fresh[i] && !containsTile(set, Joker) && !containsTile(set, drawn) {
			return false
		}
	}
	return true
}

// standsFor reports whether a joker of a valid set may stand for x.
func standsFor(info *SetInfo, x Tile) bool {
	if info.Kind == Group {
		return x.Number() == info.Number && info.Missing&(1<<x.Color()) != 0
	}
	for _, t := range info.JokerTiles() {
		if t == x {
			return true
		}
	}
	return false
}
