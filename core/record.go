package core

import "slices"

// TurnRecord is the referee's account of one turn action: what it placed,
// which sets it made, changed and undid, the jokers it freed and where they
// went, what it drew and whether the turn ended. Game.Check returns one for
// a play it would accept; Game.LastTurn has the one for the last action
// taken, so a front end, a bot's driver or the lab reads what happened
// instead of working it out again from racks and tables.
type TurnRecord struct {
	Seat int        // the seat that acted, from 0
	Kind ActionKind // ActPlay, ActDraw, ActPass, ActTimeout, ActFailedPlay or ActEndTurn
	// Placed are the rack tiles a play placed, in tile order.
	Placed []Tile
	// Made are the sets of Table, from 0, that are new: no numbered tile of
	// theirs was in a set the play changed.
	Made []int
	// Changed pairs a set of the table before (Before, from 0) that is not on
	// the table after as it was with each set after (After) that holds some
	// of its numbered tiles: "[r3 r4 J] -> [r3 r4 r5 J]".
	Changed []SetChange
	// Undone are the sets before, from 0, that are gone with none of their
	// numbered tiles in a new set (only a set of jokers could be).
	Undone []int
	// Freed are the jokers of the table before that no joker after stands
	// in for: replaced by a tile they stood for, or set free by moving
	// tiles.
	Freed []FreedJoker
	// Kept is how many freed jokers went to the player's rack
	// (Rules.Joker.Keep); the others are on the table again.
	Kept int
	// Drawn are the tiles drawn: a draw, or a timeout's or a failed play's
	// penalty.
	Drawn []Tile
	// Penalty reports that Drawn is a penalty (a timeout or a failed play).
	Penalty bool
	// Ended reports that the turn ended (a draw that may free a joker
	// leaves it open); RoundOver that the round ended with it.
	Ended, RoundOver bool
	// Table is the table after the action.
	Table Table
}

// SetChange is one set before a turn and one set after it that took some
// of its numbered tiles.
type SetChange struct{ Before, After int }

// FreedJoker is a joker that a play freed.
type FreedJoker struct {
	Set      int    // its set on the table before, from 0
	Stood    []Tile // the tiles it stood for (a group's joker: each missing colour)
	Replaced bool   // a tile it stood for took its place beside its old set's tiles
	By       Tile   // that tile, when Replaced
	From     Source // where that tile came from
}

func (r TurnRecord) clone() TurnRecord {
	c := r
	c.Placed = cloneSlice(r.Placed)
	c.Made = cloneSlice(r.Made)
	c.Changed = cloneSlice(r.Changed)
	c.Undone = cloneSlice(r.Undone)
	c.Freed = make([]FreedJoker, len(r.Freed))
	for i, f := range r.Freed {
		f.Stood = cloneSlice(f.Stood)
		c.Freed[i] = f
	}
	if r.Freed == nil {
		c.Freed = nil
	}
	c.Drawn = cloneSlice(r.Drawn)
	c.Table = r.Table.Clone()
	return c
}

// LastTurn is the record of the last turn action taken on the game (Play,
// Draw, EndTurn, Timeout, or a play refused at a cost); the zero record,
// Kind ActSetup, before any.
func (g *Game) LastTurn() TurnRecord {
	if !g.s.recOK {
		return TurnRecord{Kind: ActSetup}
	}
	rec := g.s.rec.clone()
	if c := g.s.recSets; c != nil {
		c.fillSets(&rec)
	}
	return rec
}

// Check asks the referee whether the current player may play after (the
// whole table after the turn), by every rule Play applies, the variant's
// check_play hook included, and changes nothing. An accepted play gets its
// record, as Play would leave it in LastTurn (but for Ended and RoundOver,
// which only playing it settles); a refused one the *RuleError Play would
// return. A hook's failure is an error of another type.
//
// Anyone planning a turn asks here, so the solver, hints and bots follow
// the rules the referee enforces, house rules and hooks included.
func (g *Game) Check(after Table) (TurnRecord, error) {
	if err := g.playable(); err != nil {
		return TurnRecord{}, err
	}
	chk, err := g.judge(after)
	if err != nil {
		return TurnRecord{}, err
	}
	rec := g.playRecord(chk, after.Clone())
	chk.fillSets(&rec)
	return rec, nil
}

// Verdict is the referee's word on a play it accepts, without the turn's
// record: the rack tiles the play places and the freed jokers it sends to
// the rack (Rules.Joker.Keep). It is what a planner needs of a play; the
// record (which sets changed, which jokers were freed and how) costs as
// much again to write, and only a play made or shown needs it.
type Verdict struct {
	Placed []Tile
	Kept   int
}

// Verdict is the part of an accepted play's record that is its verdict.
func (r TurnRecord) Verdict() Verdict { return Verdict{Placed: r.Placed, Kept: r.Kept} }

// Judge is Check without the record: the same rules, the variant's
// check_play hook included, the same refusals and hook failures, and
// nothing changed; an accepted play gets its Verdict. The legal search
// (solve.Legal) asks it of every play it proposes.
func (g *Game) Judge(after Table) (Verdict, error) {
	if err := g.playable(); err != nil {
		return Verdict{}, err
	}
	chk, err := g.judge(after)
	if err != nil {
		return Verdict{}, err
	}
	return Verdict{Placed: chk.added.Tiles(), Kept: chk.kept}, nil
}

// Plain reports whether, in this position, the referee asks of a play
// only what every play must be: valid sets by the built-in check, at
// least one tile placed, every tile placed from the current player's rack,
// and every tile of the table, jokers included, still on it. Then a play
// built to be those things (the solver's answer to the player's own
// problem) is legal by construction, and a planner need not ask Judge
// about it (solve.Legal does not).
//
// An initial meld is plain too, where the solver's answer to it is the
// table as it was and new sets worth the points the rules ask: it may not
// take a joker from the table first (joker.take_before_opening).
//
// It is not plain where more may refuse a play: a variant's hook; a tile
// drawn this turn; the first round's lock; a table.manipulation other
// than full; where the jokers' rules could refuse a joker moved (a joker
// on the table whose replacement may not come from the rack or the
// table); Okey's wild tile; the house shapes (pairs, pair and mirror
// runs); a round over or at its turn limit.
func (g *Game) Plain() bool {
	r := &g.Rules
	s := &g.s
	switch {
	case g.Hooks != nil, g.playable() != nil, !s.opened[s.current] && r.Joker.TakeBeforeOpening, s.drawn != NoTile, g.locked(),
		r.Table.Manipulation != FullManipulation, r.Wild != NoTile,
		r.Sets.Pairs, r.Sets.PairRuns, r.Sets.MirrorRuns:
		return false
	}
	return r.Joker.ReplaceFrom.Has(FromRack|FromTable) || !hasJoker(s.table)
}

// Vouches reports whether the game vouches for t under the set rules sr:
// t is its table, set for set and tile for tile, sr the set rules it is
// played under, and neither a house shape (pairs, pair or mirror runs) nor
// a check_set hook may have let a set onto it that sr refuses. Then every
// set of t is valid under sr, as the game lets no other play onto its
// table: solve.Legal does not check the table again (half a microsecond
// of a hint that costs five, issue 47 item 7).
func (g *Game) Vouches(t Table, sr SetRules) bool {
	r := &g.Rules
	if r.Sets.Pairs || r.Sets.PairRuns || r.Sets.MirrorRuns || sr != r.SetRules() {
		return false
	}
	if _, has := g.Hooks.(SetChecker); has {
		return false
	}
	return slices.EqualFunc(t, g.s.table, slices.Equal)
}

// judge is Check's and Judge's judgement: the play checked against every
// rule and asked of the hook; a refusal as a *RuleError, a hook's failure
// as its own error.
func (g *Game) judge(after Table) (*playCheck, error) {
	chk, rerr := g.checkPlay(after)
	if rerr == nil {
		rerr = g.veto(chk)
	}
	switch {
	case rerr == nil:
		return chk, nil
	case rerr.Rule == nil: // the hook failed
		return nil, rerr.Err
	}
	return nil, rerr
}

// veto asks the variant's check_play hook about a play the rules accept:
// nil, a refusal (ErrVetoed), or a *RuleError with no Rule whose Err is the
// hook's failure.
func (g *Game) veto(chk *playCheck) *RuleError {
	if g.Hooks == nil {
		return nil
	}
	ok, reason, err := g.Hooks.CheckPlay(g.View(-1), chk.after.Clone(), chk.added.Tiles())
	switch {
	case err != nil:
		return &RuleError{Err: g.hookErr("check_play", err)}
	case !ok:
		if reason == "" {
			reason = "no reason given"
		}
		return g.Rules.refusal(ErrVetoed, 0, MsgRuleVetoed(g.Rules.says(), reason))
	}
	return nil
}

// playRecord is the record of a checked play, before it is carried out,
// with table as its Table: c.after, or a copy of it, never changed once
// the record has it (Play's record shares the game's table). It uses
// what checkPlay worked out (the freed jokers), as the game has not
// changed since. The sets the play made, changed and undid are left to
// fillSets: Check fills them at once, Play when LastTurn asks (see
// rememberPlay).
func (g *Game) playRecord(c *playCheck, table Table) TurnRecord {
	rec := TurnRecord{Seat: g.s.current, Kind: ActPlay, Placed: c.added.Tiles(), Kept: c.kept, Table: table}
	for _, f := range c.jk.freed {
		fj := FreedJoker{Set: f.set, Stood: cloneSlice(f.stands), Replaced: f.replaced}
		if f.replaced {
			fj.By, fj.From = f.tile, f.allowed
		}
		rec.Freed = append(rec.Freed, fj)
	}
	return rec
}

// fillSets fills rec's Made, Changed and Undone from what checkPlay
// worked out: the tables before and after, the sets' infos and, where its
// rules needed it, the match. It changes none of them, so a record can be
// filled from c at any time, any number of times.
func (c *playCheck) fillSets(rec *TurnRecord) {
	before, after := c.before, c.after
	m := c.match
	if m.fresh == nil { // checkPlay's rules did not need it
		m = matchSets(c.sr, before, after, c.infos)
	}
	linked := make([]bool, len(after))
	for i, gone := range m.gone {
		if !gone {
			continue
		}
		mates := MultisetOf(before[i]...)
		any := false
		for j, fresh := range m.fresh {
			if !fresh {
				continue
			}
			for _, t := range after[j] {
				if !t.IsJoker() && mates.Count(t) > 0 {
					rec.Changed = append(rec.Changed, SetChange{Before: i, After: j})
					linked[j], any = true, true
					break
				}
			}
		}
		if !any {
			rec.Undone = append(rec.Undone, i)
		}
	}
	for j, fresh := range m.fresh {
		if fresh && !linked[j] {
			rec.Made = append(rec.Made, j)
		}
	}
}

// remember keeps rec as the last turn action's record. It lives in the
// game's state, so an action a hook's failure undoes takes its record back
// too; a record is never changed once kept.
func (g *Game) remember(rec TurnRecord) {
	g.s.rec, g.s.recOK, g.s.recSets = rec, true, nil
}

// rememberPlay keeps an accepted play's record, whose sets made, changed
// and undone LastTurn works out from c when asked (fillSets): the lab,
// which never asks, plays every turn without matching the tables' sets.
// c holds nothing that changes: its tables are the game's (see
// sharedTable), and what it worked out is read, never written.
func (g *Game) rememberPlay(rec TurnRecord, c *playCheck) {
	g.s.rec, g.s.recOK, g.s.recSets = rec, true, c
}

// LastKept is LastTurn().Kept without a copy of the record: the freed
// jokers the last turn action sent to the player's rack
// (Rules.Joker.Keep), which the lab counts every turn.
func (g *Game) LastKept() int {
	return g.s.rec.Kept // 0 before any action
}
