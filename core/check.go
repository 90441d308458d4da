package core

import (
	"errors"
	"slices"
)

// Checking a play against every rule, changing nothing: Play's steps 2 to
// 9 (see Play), which Play, Check and the lesson runner share.

// playCheck is what checking a play learned, for accept and for the
// play's record (playRecord), which would otherwise work it out again.
type playCheck struct {
	sr     SetRules
	before Table     // the game's table before the play
	after  Table     // the table after the play: the caller's, until a caller that keeps it copies it
	added  Multiset  // rack tiles placed
	kept   int       // freed jokers going to the rack (Rules.Joker.Keep)
	infos  []SetInfo // each set of after, valid
	match  setMatch  // which sets stayed as they were; nil slices when not worked out
	jk     jokerCheck
}

// checkPlay checks a play against every rule, changing nothing.
func (g *Game) checkPlay(after Table) (*playCheck, *RuleError) {
	r := &g.Rules
	sr := r.SetRules()
	s := &g.s
	cur := s.current
	rack := &s.racks[cur]
	before := s.table

	// 2. Every set valid (or, refused by the built-in check, accepted by
	// the variant's check_set hook).
	infos := make([]SetInfo, len(after))
	for i, set := range after {
		info, err := sr.Validate(set)
		if err != nil {
			shaped, ok, herr := g.checkShaped(set)
			if herr != nil {
				return nil, &RuleError{Err: g.hookErr("check_set", herr)}
			}
			if ok {
				infos[i] = shaped
				continue
			}
		}
		if err != nil {
			says := MsgText(err.Error())
			var se *SetError
			if errors.As(err, &se) {
				se.Index = i + 1
				says = se.Message()
			}
			return nil, &RuleError{Rule: ErrInvalidSet, Set: i + 1, Variant: r.Name, Says: says, Err: err}
		}
		infos[i] = info
	}

	// 3. Tiles placed are on the rack.
	ch := Diff(before, after)
	if !rack.Includes(&ch.Added) {
		return nil, notOnRack(r, rack, &ch.Added, after)
	}

	// 4. Nothing leaves the table but, where the variant allows, a joker.
	if left := ch.Missing.Len() - ch.Missing.Jokers(); left > 0 {
		var tiles []any
		first := NoTile
		for _, t := range ch.Missing.Tiles() {
			if !t.IsJoker() {
				tiles = append(tiles, t)
				if first == NoTile {
					first = t
				}
			}
		}
		return nil, r.refusal(ErrTileLeftTable, setHolding(before, first),
			MsgRuleTileLeftTable(List{Items: tiles}, len(tiles)))
	}

	// 5. At least one rack tile placed.
	if ch.Added.Len() == 0 {
		return nil, r.refusal(ErrNothingPlaced, 0, MsgRuleNothingPlaced())
	}

	jk := g.jokers(before, after, infos)
	var match setMatch // which sets stayed as they were; only some rules need it
	if s.drawn != NoTile || !s.opened[cur] || g.locked() || r.Table.Manipulation == NewSetsOnly {
		match = matchSets(sr, before, after, infos)
	}

	// 6. After a draw that left the turn open, only the joker swap.
	if s.drawn != NoTile && !jk.drawnUsed(match, after, s.drawn) {
		return nil, r.refusal(ErrDrawnTileOnly, 0, MsgRuleDrawnTileOnly(s.drawn))
	}

	// 7. The initial meld.
	if !s.opened[cur] {
		if len(jk.freed) > 0 && !r.Joker.TakeBeforeOpening {
			f := jk.freed[0]
			return nil, r.refusal(ErrJokerBeforeOpening, f.set+1,
				MsgRuleJokerBeforeOpening(f.set+1, before[f.set], r.says()))
		}
		// firstChanged marks the swapped sets not fresh: on a copy, so that
		// the record (playRecord) gets the match as it is.
		opening := setMatch{gone: match.gone, fresh: cloneSlice(match.fresh)}
		if b := opening.firstChanged(sr, before, after, r.Joker.TakeBeforeOpening); b >= 0 {
			return nil, r.refusal(ErrOpeningUsesTable, b+1,
				MsgRuleOpeningUsesTable(b+1, before[b], r.says()))
		}
		value := 0
		var joker any // what a joker is worth, said only when the meld has one
		for i, info := range infos {
			if opening.fresh[i] {
				value += info.Value
				if r.Opening.JokerValue == Zero {
					value -= jokerWorth(&info)
				}
				if slices.ContainsFunc(after[i], Tile.IsJoker) {
					joker = r.jokerSays()
				}
			}
		}
		if value < r.Opening.Points && !g.opensByPairs(after, opening.fresh) {
			pairs := 0 // said only where an opening by pairs could be
			if r.Sets.Pairs {
				pairs = r.Opening.Pairs
			}
			return nil, r.refusal(ErrOpeningTooLow, 0, MsgRuleOpeningTooLow(value, r.says(), r.Opening.Points, joker, pairs))
		}
	}

	// 8. The first-round lock.
	if g.locked() {
		if b := match.firstChangedExact(); b >= 0 {
			m := MsgRuleLockedFirstRound(b+1, before[b], r.says())
			switch r.Opening.LockEnds {
			case AllOpened:
				m = MsgRuleLockedAllOpened(b+1, before[b], r.says())
			case LockTurns:
				m = MsgRuleLockedTurns(b+1, before[b], r.says(), r.Opening.LockTurns)
			}
			return nil, r.refusal(ErrFirstRoundLocked, b+1, m)
		}
	}

	// 8b. What the variant lets a player do to the table's sets
	// (table.manipulation), swapping a joker included.
	switch r.Table.Manipulation {
	case NewSetsOnly:
		if b := match.firstChangedExact(); b >= 0 {
			return nil, r.refusal(ErrTableManipulation, b+1,
				MsgRuleManipulationNone(b+1, before[b], r.says()))
		}
	case AddOnly:
		if b := brokenSet(sr, before, after, infos); b >= 0 {
			return nil, r.refusal(ErrTableManipulation, b+1,
				MsgRuleManipulationAddOnly(b+1, before[b], r.says()))
		}
	}

	// 9. Where freed jokers' replacements came from, and where the jokers went.
	for _, f := range jk.freed {
		if f.replaced && f.allowed&r.Joker.ReplaceFrom == 0 {
			return nil, r.refusal(ErrJokerSource, f.set+1, MsgRuleJokerSource(f.set+1, before[f.set], f.tile, sourceSays(f.allowed), r.says(), sourceSays(r.Joker.ReplaceFrom)))
		}
	}
	kept := ch.Missing.Jokers()
	if kept > 0 && r.Joker.Keep {
		if f, ok := jk.keepable(kept, &ch.Added); !ok {
			m := MsgRuleJokerKept(r.says())
			if f != nil {
				m = MsgRuleJokerKeptFrom(f.set+1, before[f.set], r.says(), List{Items: tileItems(f.stands), Or: true})
				return nil, r.refusal(ErrJokerNotPlayed, f.set+1, m)
			}
			return nil, r.refusal(ErrJokerNotPlayed, 0, m)
		}
	}
	if kept > 0 && !r.Joker.Keep {
		if len(jk.freed) > 0 { // always, but for runs of more jokers than SetInfo describes
			set := jk.freed[0].set + 1
			return nil, r.refusal(ErrJokerNotPlayed, set,
				MsgRuleJokerNotPlayedFrom(set, before[set-1], r.says()))
		}
		return nil, r.refusal(ErrJokerNotPlayed, 0, MsgRuleJokerNotPlayed(r.says()))
	}
	return &playCheck{sr: sr, before: before, after: after, added: ch.Added, kept: kept, infos: infos, match: match, jk: jk}, nil
}

// opensByPairs reports whether the fresh sets of after are an opening by
// pairs (opening.pairs): that many pairs or more, and nothing else.
func (g *Game) opensByPairs(after Table, fresh []bool) bool {
	r := &g.Rules
	if r.Opening.Pairs <= 0 || !r.Sets.Pairs {
		return false
	}
	pairs := 0
	for i, s := range after {
		if i < len(fresh) && fresh[i] {
			if !isPair(r, s) {
				return false
			}
			pairs++
		}
	}
	return pairs >= r.Opening.Pairs
}

// notOnRack explains which placed tiles the rack does not hold.
func notOnRack(r *Rules, rack, added *Multiset, after Table) *RuleError {
	excess := added.Minus(rack)
	var items []any
	for _, t := range excess.Tiles() {
		if rack.Count(t) > 0 {
			items = append(items, MsgTileAnother(t))
		} else {
			items = append(items, t)
		}
	}
	first := excess.Tiles()[0]
	return r.refusal(ErrNotOnRack, setHolding(after, first),
		MsgRuleNotOnRack(List{Items: items}, len(items)))
}

// setHolding is the place, from 1, of the first set of t holding tile x.
func setHolding(t Table, x Tile) int {
	for i, s := range t {
		if containsTile(s, x) {
			return i + 1
		}
	}
	return 0
}

// jokerWorth is what the jokers of a valid set add to its value.
func jokerWorth(info *SetInfo) int {
	if info.Kind == Group {
		return info.Jokers * info.Number
	}
	w := 0
	for _, t := range info.JokerTiles() {
		w += t.Number()
	}
	return w
}

// tileItems are tiles as the items of a List.
func tileItems(tiles []Tile) []any {
	out := make([]any, len(tiles))
	for i, t := range tiles {
		out[i] = t
	}
	return out
}

// checkShaped asks the variant's check_set hook (SetChecker) about a set
// the built-in check refused: ok with its SetInfo (Shaped, its length,
// value and jokers) when the hook accepts it.
func (g *Game) checkShaped(set Set) (SetInfo, bool, error) {
	if g.Rules.Sets.Pairs {
		if info, ok := pairSet(&g.Rules, set); ok {
			return info, true, nil
		}
	}
	if g.Rules.Sets.PairRuns {
		if info, ok := shapedRun(&g.Rules, set, false); ok {
			return info, true, nil
		}
	}
	if g.Rules.Sets.MirrorRuns {
		if info, ok := shapedRun(&g.Rules, set, true); ok {
			return info, true, nil
		}
	}
	sc, has := g.Hooks.(SetChecker)
	if !has {
		return SetInfo{}, false, nil
	}
	value, ok, err := sc.CheckSet(g.View(-1), set)
	if err != nil || !ok {
		return SetInfo{}, false, err
	}
	jokers := 0
	for _, t := range set {
		if t.IsJoker() {
			jokers++
		}
	}
	return SetInfo{Kind: Shaped, Len: len(set), Value: value, Jokers: jokers}, true, nil
}

// validateTable is SetRules.ValidateTable with the variant's check_set
// hook asked about each set the built-in check refuses (a scenario's or a
// save's table may hold the house's shapes).
func (g *Game) validateTable(t Table) error {
	sr := g.Rules.SetRules()
	err := sr.ValidateTable(t)
	if err == nil {
		return nil
	}
	if _, has := g.Hooks.(SetChecker); !has && !g.Rules.Sets.PairRuns && !g.Rules.Sets.MirrorRuns && !g.Rules.Sets.Pairs {
		return err
	}
	var errs []error
	for i, s := range t {
		if _, verr := sr.Validate(s); verr != nil {
			if _, ok, herr := g.checkShaped(s); herr != nil {
				return g.hookErr("check_set", herr)
			} else if !ok {
				if se, isSet := verr.(*SetError); isSet {
					se.Index = i + 1
				}
				errs = append(errs, verr)
			}
		}
	}
	return errors.Join(errs...)
}

// ValidateSet is this game's check of one set: the variant's set rules,
// then, for a set they refuse, its check_set hook (SetChecker). The error
// is the set rules' (a hook's own failure is said when a play is sent).
// The faces use it to mark a staged table's sets as the referee will read
// them.
func (g *Game) ValidateSet(s Set) (SetInfo, error) {
	info, err := g.Rules.SetRules().Validate(s)
	if err == nil {
		return info, nil
	}
	if shaped, ok, herr := g.checkShaped(s); herr == nil && ok {
		return shaped, nil
	}
	return info, err
}

// pairSet reads set as a pair (sets.pairs): two of one numbered tile of
// the box, a joker (under Okey's indicator, the okey) standing for either;
// worth its numbers.
func pairSet(r *Rules, set Set) (SetInfo, bool) {
	if len(set) != 2 {
		return SetInfo{}, false
	}
	s := SwapWild(set, r.Wild)
	a, b := s[0], s[1]
	if a.IsJoker() {
		a, b = b, a
	}
	if a.IsJoker() || a.IsSpecial() || !r.Tiles.Contains(a) || b != a && !b.IsJoker() {
		return SetInfo{}, false
	}
	info := SetInfo{Kind: Shaped, Color: a.Color(), Number: a.Number(), Len: 2, Value: 2 * a.Number()}
	if b.IsJoker() {
		info.Jokers, info.Stands[0] = 1, a
	}
	return info, true
}

// isPair reports whether set is a pair (sets.pairs), for the opening by
// pairs.
func isPair(r *Rules, set Set) bool {
	_, ok := pairSet(r, set)
	return ok
}

// shapedRun reads set as a run of pairs (sets.pair_runs: one colour, the
// numbers from its lowest to its highest numbered tile each twice) or, with
// mirror, a mirror run (sets.mirror_runs: the same, but its highest number
// once: up and back down), at least MinRun numbers, each joker standing for
// a missing tile (none spare). Its value is its tiles' numbers.
func shapedRun(r *Rules, set Set, mirror bool) (SetInfo, bool) {
	var count [MaxNumber + 1]int
	jokers, lo, hi := 0, MaxNumber+1, 0
	colour := Color(255)
	for _, t := range set {
		switch {
		case t.IsJoker():
			jokers++
			continue
		case !t.Valid() || int(t.Color()) >= r.Tiles.Colors || t.Number() > r.Tiles.Numbers:
			return SetInfo{}, false
		case colour != 255 && t.Color() != colour:
			return SetInfo{}, false
		}
		colour = t.Color()
		count[t.Number()]++
		lo, hi = min(lo, t.Number()), max(hi, t.Number())
	}
	if hi == 0 {
		return SetInfo{}, false
	}
	// A mirror's turn is its highest numbered tile, or a joker above it.
	tops := []int{hi}
	if mirror && hi < r.Tiles.Numbers {
		tops = append(tops, hi+1)
	}
	for _, top := range tops {
		if top-lo+1 < max(r.Sets.MinRun, 1) {
			continue
		}
		missing, value, fits := 0, 0, true
		for n := lo; n <= top; n++ {
			want := 2
			if mirror && n == top {
				want = 1 // the turn: once
			}
			if count[n] > want {
				fits = false
				break
			}
			missing += want - count[n]
			value += want * n
		}
		if fits && missing == jokers {
			return SetInfo{Kind: Shaped, Color: colour, Number: lo, Len: len(set), Value: value, Jokers: jokers}, true
		}
	}
	return SetInfo{}, false
}
