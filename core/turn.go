package core

import (
	"errors"
)

// Play is the current player's turn given as the whole table after it: the
// engine works out which rack tiles were placed (Diff) and checks, in this
// order, naming the first rule broken:
//
//  1. the round goes on (ErrRoundOver);
//  2. every set is valid (ErrInvalidSet, wrapping the *SetError);
//  3. every tile placed is on the player's rack (ErrNotOnRack);
//  4. no numbered tile left the table (ErrTileLeftTable); a joker that left
//     it is judged at step 9;
//  5. at least one rack tile was placed (ErrNothingPlaced);
//  6. after a Draw that left the turn open, the play swaps the drawn tile
//     for a joker (ErrDrawnTileOnly; see Draw);
//  7. before the player's initial meld: no joker freed unless
//     Rules.Joker.TakeBeforeOpening (ErrJokerBeforeOpening); the sets on the
//     table are untouched, so the play is only new sets of rack tiles
//     (ErrOpeningUsesTable; per RULES.md the opening turn may not add to
//     table sets either); and they are worth Rules.Opening.Points
//     (ErrOpeningTooLow);
//  8. during the first round (until each seat has had a turn; or as
//     Rules.Opening.LockEnds says: until everyone has opened, or during each
//     player's own first LockTurns turns) with
//     Rules.Opening.FirstRoundLocked, the sets on the table are untouched
//     (ErrFirstRoundLocked);
//  9. each freed joker whose tile took its place got that tile from a source
//     of Rules.Joker.ReplaceFrom (ErrJokerSource), and is on the table again
//     (ErrJokerNotPlayed), except that with Rules.Joker.Keep a joker that a
//     tile it stood for, placed from the rack, replaced may go to the rack
//     (one rack tile frees one joker for the rack);
//  10. the variant's Hooks.CheckPlay does not veto it (ErrVetoed).
//
// RuleError.Set counts sets from 1 in after for rules 2 and 3, and in the
// table before the turn for the rules about sets that were already there.
//
// A refused play changes nothing and the player may try again, unless
// Rules.FailedPlay.PenaltyTiles is set: then the player draws those tiles
// (RuleError.Penalty) and the turn ends, the table as before the turn.
//
// An accepted play moves the tiles, marks the player opened, ends the turn
// and, if the rack is empty, the round.
//
// # Jokers
//
// A joker on the table stands for a tile (in a group, for any colour the
// group lacks). It is freed when, after the turn, no joker stands for that
// tile in a set sharing a numbered tile with its old set: it left the table,
// stands for something else, or went to unrelated tiles. Jokers are matched
// before and after as leniently as possible, so moving a set around never
// frees its joker. A freed joker was either replaced, when the tile it stood
// for now lies with a tile of its old set, or set free by splitting,
// extending or rearranging sets, which every edition allows. A replacing
// tile came from the rack (it is new on the table), from the table, or was
// the tile just drawn; Rules.Joker.ReplaceFrom lists the sources allowed.
func (g *Game) Play(after Table) error {
	return g.atomic(func() error {
		if err := g.playable(); err != nil {
			return err
		}
		chk, rerr := g.checkPlay(after)
		if rerr == nil {
			rerr = g.veto(chk)
		}
		if rerr != nil && rerr.Rule == nil { // the hook failed
			return rerr.Err
		}
		if rerr != nil {
			return g.refuse(rerr, after)
		}
		return g.accept(chk)
	})
}

// playable refuses any turn action once the round is over, or has had
// MaxTurns turns (turnlimit.go).
func (g *Game) playable() error {
	if g.RoundOver() {
		return g.Rules.refusal(ErrRoundOver, 0, Msg("rule.round_over", "Round", g.s.round, "Winner", g.seatSays(g.Winner())))
	}
	return g.turnLimit()
}

// refuse applies the variant's failed-play penalty, if any, to a refused play.
func (g *Game) refuse(rerr *RuleError, after Table) error {
	k := g.Rules.FailedPlay.PenaltyTiles
	if k == 0 {
		return rerr
	}
	rerr.Penalty = g.drawN(k)
	g.s.drawn = NoTile
	g.record(Action{Kind: ActFailedPlay, Tiles: cloneSlice(rerr.Penalty), Table: after.Clone()})
	rec := TurnRecord{Seat: g.s.current, Kind: ActFailedPlay, Drawn: cloneSlice(rerr.Penalty),
		Penalty: true, Ended: true, Table: g.s.table.Clone()}
	if err := g.endTurn(); err != nil {
		return err
	}
	rec.RoundOver = g.RoundOver()
	g.remember(rec)
	return rerr
}

// drawN moves up to k tiles from the pool to the current rack and keeps the
// pass count: a turn that draws nothing from an empty pool is a pass.
func (g *Game) drawN(k int) []Tile {
	var drawn []Tile
	for range k {
		t := g.pop()
		if t == NoTile {
			break
		}
		drawn = append(drawn, t)
		g.s.racks[g.s.current].Add(t)
	}
	switch {
	case len(drawn) > 0:
		g.s.passes = 0
	case len(g.s.pool) == 0:
		g.s.passes++
	}
	return drawn
}

// accept carries out a checked play.
func (g *Game) accept(c *playCheck) error {
	rec := g.playRecord(c)
	rec.Ended = true
	defer func() { rec.RoundOver = g.RoundOver(); g.remember(rec) }()
	s := &g.s
	rack := &s.racks[s.current]
	for _, t := range c.added.Tiles() {
		rack.Remove(t)
	}
	for range c.kept {
		rack.Add(Joker)
	}
	s.table = c.after
	s.opened[s.current] = true
	s.last = c.added.Tiles()
	s.passes = 0
	s.drawn = NoTile
	g.record(Action{Kind: ActPlay, Tiles: cloneSlice(s.last), Table: s.table.Clone()})
	if rack.Len() == 0 {
		g.chargeClock()
		s.turn++
		s.played[s.current]++
		if err := g.endRound(s.current); err != nil {
			return err
		}
		return g.turnEnded()
	}
	return g.endTurn()
}

// endTurn passes the turn on, ending the round when the pool is empty and
// Rules.EndOfPool.Play says so (poolOver).
func (g *Game) endTurn() error {
	s := &g.s
	g.chargeClock()
	s.turn++
	s.played[s.current]++
	if g.poolOver() {
		if err := g.endRound(-1); err != nil {
			return err
		}
	} else {
		s.current = (s.current + 1) % len(g.names)
	}
	return g.turnEnded()
}

// poolOver reports whether the round ends with the turn just ended, the
// pool being empty: under PassRound once every player in a row has passed,
// under MustPlace once one has (placing nothing and drawing nothing), under
// ScoreNow at once.
func (g *Game) poolOver() bool {
	s := &g.s
	if len(s.pool) > 0 {
		return false
	}
	switch g.Rules.EndOfPool.Play {
	case MustPlace:
		return s.passes >= 1
	case ScoreNow:
		return true
	}
	return s.passes >= len(g.names)
}

func (g *Game) turnEnded() error {
	if g.Hooks == nil {
		return nil
	}
	if err := g.Hooks.OnTurnEnd(g.View(-1)); err != nil {
		return g.hookErr("on_turn_end", err)
	}
	return nil
}

// Draw is the turn of a player who places nothing: it draws Rules.Draw.Tiles
// tiles (Rules.Draw.TilesOpened once the player has made the initial meld,
// when set) and the turn ends. From an empty pool it draws nothing and the turn
// is a pass (nil, nil); when every player in a row has passed, the round ends
// (or as Rules.EndOfPool.Play says: see poolOver).
//
// The French edition lets a joker be replaced by the tile just drawn
// (FromDrawn in Rules.Joker.ReplaceFrom). Its design here: when a tile drawn
// could take the place of a joker on the table, and the player may take
// jokers now, Draw leaves the turn open (DrawnTile reports the tile). The
// player may then make one more Play, which must replace a joker with that
// tile and, as ever, play the freed joker again (its changed sets must each
// hold the drawn tile or a joker), or end the turn with EndTurn (or Timeout).
// Every other edition's draw ends the turn at once, as the books say the
// drawn tile waits for the next turn.
func (g *Game) Draw() ([]Tile, error) {
	var drawn []Tile
	err := g.atomic(func() error {
		if err := g.playable(); err != nil {
			return err
		}
		if g.s.drawn != NoTile {
			return g.Rules.refusal(ErrDrawnTileOnly, 0, Msg("rule.drawn_already", "Tile", g.s.drawn))
		}
		drawn = g.drawN(g.Rules.Draw.DrawCount(g.s.opened[g.s.current]))
		kind := ActDraw
		if len(drawn) == 0 {
			kind = ActPass
		}
		g.record(Action{Kind: kind, Tiles: cloneSlice(drawn), Table: g.s.table.Clone()})
		rec := TurnRecord{Seat: g.s.current, Kind: kind, Drawn: cloneSlice(drawn), Table: g.s.table.Clone()}
		if t := g.swappable(drawn); t != NoTile {
			g.s.drawn = t
			g.remember(rec)
			return nil
		}
		rec.Ended = true
		err := g.endTurn()
		rec.RoundOver = g.RoundOver()
		g.remember(rec)
		return err
	})
	if err != nil {
		return nil, err
	}
	return drawn, nil
}

// swappable is the first drawn tile that could free a joker on the table
// now, under FromDrawn; NoTile if none.
func (g *Game) swappable(drawn []Tile) Tile {
	r := &g.Rules
	cur := g.s.current
	if !r.Joker.ReplaceFrom.Has(FromDrawn) ||
		!g.s.opened[cur] && !r.Joker.TakeBeforeOpening || g.locked() {
		return NoTile
	}
	roles := jokerRoles(r.SetRules(), g.s.table, nil)
	for _, t := range drawn {
		for _, jr := range roles {
			if jr.num == t.Number() && jr.mask&(1<<t.Color()) != 0 && t != Joker {
				return t
			}
		}
	}
	return NoTile
}

// EndTurn ends a turn that a Draw left open (see Draw); ErrTurnNotOpen if
// there is none.
func (g *Game) EndTurn() error {
	return g.atomic(func() error {
		if err := g.playable(); err != nil {
			return err
		}
		if g.s.drawn == NoTile {
			return g.Rules.ruleErr(ErrTurnNotOpen, 0, "no turn is left open: EndTurn follows a draw that could free a joker")
		}
		g.s.drawn = NoTile
		g.record(Action{Kind: ActEndTurn, Table: g.s.table.Clone()})
		rec := TurnRecord{Seat: g.s.current, Kind: ActEndTurn, Ended: true, Table: g.s.table.Clone()}
		err := g.endTurn()
		rec.RoundOver = g.RoundOver()
		g.remember(rec)
		return err
	})
}

// Timeout ends the turn of a player whose time ran out: the table stays as
// it was before the turn (a Play is all or nothing, so it already is), the
// player draws Rules.TimeLimit.PenaltyTiles tiles (1 in the original, 3 in
// the French edition) and the turn ends.
//
// Under a chess clock (TimeLimit.Mode fischer or bronstein) the player's
// bank is spent: it is 0, plus the increment under fischer, so the turns
// after it have the increment alone.
//
// Under rules with no time limit (TimeLimit.Seconds 0 with mode per_turn:
// the Italian and Novelty editions) no turn can time out: Timeout is refused
// (ErrNoTimeLimit) and the turn ends, as the books say, with a play or a
// draw.
func (g *Game) Timeout() ([]Tile, error) {
	var drawn []Tile
	err := g.atomic(func() error {
		if err := g.playable(); err != nil {
			return err
		}
		if !g.Rules.HasClock() {
			return g.Rules.refusal(ErrNoTimeLimit, 0, Msg("rule.no_time_limit", "Rules", g.Rules.says()))
		}
		g.s.drawn = NoTile
		drawn = g.drawN(g.Rules.TimeLimit.PenaltyTiles)
		g.record(Action{Kind: ActTimeout, Tiles: cloneSlice(drawn), Table: g.s.table.Clone()})
		if g.s.clocks != nil { // the bank is spent
			g.s.clocks[g.s.current], g.s.used = 0, 0
		}
		rec := TurnRecord{Seat: g.s.current, Kind: ActTimeout, Drawn: cloneSlice(drawn), Penalty: true,
			Ended: true, Table: g.s.table.Clone()}
		err := g.endTurn()
		rec.RoundOver = g.RoundOver()
		g.remember(rec)
		return err
	})
	if err != nil {
		return nil, err
	}
	return drawn, nil
}

// playCheck is what checking a play learned, for accept.
type playCheck struct {
	after Table    // a private copy of the table after the play
	added Multiset // rack tiles placed
	kept  int      // freed jokers going to the rack (Rules.Joker.Keep)
}

// checkPlay checks a play against every rule, changing nothing.
func (g *Game) checkPlay(after Table) (*playCheck, *RuleError) {
	r := &g.Rules
	sr := r.SetRules()
	s := &g.s
	cur := s.current
	rack := &s.racks[cur]
	before := s.table

	// 2. Every set valid.
	infos := make([]SetInfo, len(after))
	for i, set := range after {
		info, err := sr.Validate(set)
		if err != nil {
			says := Msg("text", "Text", err.Error())
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
			if t != Joker {
				tiles = append(tiles, t)
				if first == NoTile {
					first = t
				}
			}
		}
		return nil, r.refusal(ErrTileLeftTable, setHolding(before, first),
			Msg("rule.tile_left_table", "Tiles", List{Items: tiles}, "Count", len(tiles)))
	}

	// 5. At least one rack tile placed.
	if ch.Added.Len() == 0 {
		return nil, r.refusal(ErrNothingPlaced, 0, Msg("rule.nothing_placed"))
	}

	jk := g.jokers(before, after, infos)
	var match setMatch // which sets stayed as they were; only some rules need it
	if s.drawn != NoTile || !s.opened[cur] || g.locked() {
		match = matchSets(sr, before, after, infos)
	}

	// 6. After a draw that left the turn open, only the joker swap.
	if s.drawn != NoTile && !jk.drawnUsed(match, after, s.drawn) {
		return nil, r.refusal(ErrDrawnTileOnly, 0, Msg("rule.drawn_tile_only", "Tile", s.drawn))
	}

	// 7. The initial meld.
	if !s.opened[cur] {
		if len(jk.freed) > 0 && !r.Joker.TakeBeforeOpening {
			f := jk.freed[0]
			return nil, r.refusal(ErrJokerBeforeOpening, f.set+1,
				Msg("rule.joker_before_opening", "Index", f.set+1, "Set", before[f.set], "Rules", r.says()))
		}
		if b := match.firstChanged(sr, before, after, r.Joker.TakeBeforeOpening); b >= 0 {
			return nil, r.refusal(ErrOpeningUsesTable, b+1,
				Msg("rule.opening_uses_table", "Index", b+1, "Set", before[b], "Rules", r.says()))
		}
		value := 0
		for i, info := range infos {
			if match.fresh[i] {
				value += info.Value
				if r.Opening.JokerValue == Zero {
					value -= jokerWorth(&info)
				}
			}
		}
		if value < r.Opening.Points {
			return nil, r.refusal(ErrOpeningTooLow, 0, Msg("rule.opening_too_low",
				"Value", value, "Rules", r.says(), "Points", r.Opening.Points, "Joker", r.jokerSays()))
		}
	}

	// 8. The first-round lock.
	if g.locked() {
		if b := match.firstChangedExact(); b >= 0 {
			m := Msg("rule.locked.first_round", "Index", b+1, "Set", before[b], "Rules", r.says())
			switch r.Opening.LockEnds {
			case AllOpened:
				m = Msg("rule.locked.all_opened", "Index", b+1, "Set", before[b], "Rules", r.says())
			case LockTurns:
				m = Msg("rule.locked.turns", "Index", b+1, "Set", before[b], "Rules", r.says(), "Count", r.Opening.LockTurns)
			}
			return nil, r.refusal(ErrFirstRoundLocked, b+1, m)
		}
	}

	// 9. Where freed jokers' replacements came from, and where the jokers went.
	for _, f := range jk.freed {
		if f.replaced && f.allowed&r.Joker.ReplaceFrom == 0 {
			return nil, r.refusal(ErrJokerSource, f.set+1, Msg("rule.joker_source",
				"Index", f.set+1, "Set", before[f.set], "Tile", f.tile,
				"From", sourceSays(f.allowed), "Rules", r.says(), "Allowed", sourceSays(r.Joker.ReplaceFrom)))
		}
	}
	kept := ch.Missing.Jokers()
	if kept > 0 && r.Joker.Keep {
		if f, ok := jk.keepable(kept, &ch.Added); !ok {
			m := Msg("rule.joker_kept", "Rules", r.says())
			if f != nil {
				m = Msg("rule.joker_kept.from", "Index", f.set+1, "Set", before[f.set],
					"Stands", List{Items: tileItems(f.stands), Or: true}, "Rules", r.says())
				return nil, r.refusal(ErrJokerNotPlayed, f.set+1, m)
			}
			return nil, r.refusal(ErrJokerNotPlayed, 0, m)
		}
	}
	if kept > 0 && !r.Joker.Keep {
		if len(jk.freed) > 0 { // always, but for runs of more jokers than SetInfo describes
			set := jk.freed[0].set + 1
			return nil, r.refusal(ErrJokerNotPlayed, set,
				Msg("rule.joker_not_played.from", "Index", set, "Set", before[set-1], "Rules", r.says()))
		}
		return nil, r.refusal(ErrJokerNotPlayed, 0, Msg("rule.joker_not_played", "Rules", r.says()))
	}
	return &playCheck{after: after.Clone(), added: ch.Added, kept: kept}, nil
}

// notOnRack explains which placed tiles the rack does not hold.
func notOnRack(r *Rules, rack, added *Multiset, after Table) *RuleError {
	excess := added.Minus(rack)
	var items []any
	for _, t := range excess.Tiles() {
		if rack.Count(t) > 0 {
			items = append(items, Msg("tile.another", "Tile", t))
		} else {
			items = append(items, t)
		}
	}
	first := excess.Tiles()[0]
	return r.refusal(ErrNotOnRack, setHolding(after, first),
		Msg("rule.not_on_rack", "Tiles", List{Items: items}, "Count", len(items)))
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

// tileItems are tiles as the items of a List.
func tileItems(tiles []Tile) []any {
	out := make([]any, len(tiles))
	for i, t := range tiles {
		out[i] = t
	}
	return out
}

// jokers finds the jokers a play freed and how (see Play).
func (g *Game) jokers(before, after Table, infos []SetInfo) jokerCheck {
	if !hasJoker(before) {
		return jokerCheck{}
	}
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

// setMatch pairs the sets before a turn with identical sets after it.
type setMatch struct {
	gone  []bool // sets before with no identical set after
	fresh []bool // sets after with no identical set before
}

// setKey is a valid set's canonical text: two sets with the same key are
// the same meld (the same tiles, each joker in the same place).
func setKey(sr SetRules, s Set, info *SetInfo) string {
	c := info.Canonical(s, sr.Numbers)
	b := make([]byte, len(c))
	for i, t := range c {
		b[i] = byte(t)
	}
	return string(b)
}

func matchSets(sr SetRules, before, after Table, infos []SetInfo) setMatch {
	m := setMatch{gone: make([]bool, len(before)), fresh: make([]bool, len(after))}
	idx := map[string][]int{}
	for i, s := range after {
		m.fresh[i] = true
		k := setKey(sr, s, &infos[i])
		idx[k] = append(idx[k], i)
	}
	for i, s := range before {
		info, err := sr.Validate(s)
		if err != nil {
			m.gone[i] = true
			continue
		}
		k := setKey(sr, s, &info)
		if l := idx[k]; len(l) > 0 {
			m.fresh[l[0]] = false
			idx[k] = l[1:]
		} else {
			m.gone[i] = true
		}
	}
	return m
}

// firstChangedExact is the first set before the turn that is not on the
// table after it, unchanged; -1 if none.
func (m setMatch) firstChangedExact() int {
	for i, g := range m.gone {
		if g {
			return i
		}
	}
	return -1
}

// firstChanged is firstChangedExact, except that when swaps are allowed (a
// joker taken before the initial meld) a set whose jokers were swapped for
// tiles they stood for counts as unchanged, and its new form as not fresh.
func (m setMatch) firstChanged(sr SetRules, before, after Table, swaps bool) int {
	for i, gone := range m.gone {
		if !gone {
			continue
		}
		j := -1
		if swaps {
			j = swapOf(sr, before[i], after, m.fresh)
		}
		if j < 0 {
			return i
		}
		m.fresh[j] = false
	}
	return -1
}

// swapOf finds a fresh set of after that is b with some jokers replaced by
// tiles they stood for; -1 if none.
func swapOf(sr SetRules, b Set, after Table, fresh []bool) int {
	info, err := sr.Validate(b)
	if err != nil || info.Jokers == 0 {
		return -1
	}
	old := MultisetOf(b...)
	for j, a := range after {
		if !fresh[j] || len(a) != len(b) {
			continue
		}
		now := MultisetOf(a...)
		if now.Jokers() >= old.Jokers() {
			continue
		}
		numbered := old
		for numbered.Remove(Joker) {
		}
		if !now.Includes(&numbered) {
			continue
		}
		extra := now.Minus(&old)
		ok := true
		for _, x := range extra.Tiles() {
			if !standsFor(&info, x) {
				ok = false
			}
		}
		if ok {
			return j
		}
	}
	return -1
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
