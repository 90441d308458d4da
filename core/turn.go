package core

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
//     (ErrOpeningUsesTable; per docs/rules.md the opening turn may not add to
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
		chk.after = after.Clone() // the game's table from now on: its own
		return g.accept(chk)
	})
}

// playable refuses any turn action once the round is over, or has had
// MaxTurns turns (turnlimit.go).
func (g *Game) playable() error {
	if g.RoundOver() {
		return g.Rules.refusal(ErrRoundOver, 0, MsgRuleRoundOver(g.s.round, g.seatSays(g.Winner())))
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
	rerr.Ended = true
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

// sharedTable is the table for an action's history entry and its record
// to share with the game: none of the three is ever changed once kept
// (History and LastTurn hand out copies, clones of the game share the
// history and the record already, and the game's table is never changed in
// place, only replaced by an accepted play's), so the table serves all
// three without a copy.
func (g *Game) sharedTable() Table { return g.s.table }

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
	// c.after becomes the game's table, and the record's and the history
	// entry's, as sharedTable's; the tiles placed are the record's, the
	// history entry's and the game's last play: all never changed.
	rec := g.playRecord(c, c.after)
	rec.Ended = true
	defer func() { rec.RoundOver = g.RoundOver(); g.rememberPlay(rec, c) }()
	s := &g.s
	rack := &s.racks[s.current]
	for _, t := range rec.Placed {
		rack.Remove(t)
	}
	for range c.kept {
		rack.Add(Joker)
	}
	s.table = c.after
	s.opened[s.current] = true
	s.last = rec.Placed
	s.passes = 0
	s.drawn = NoTile
	g.record(Action{Kind: ActPlay, Tiles: rec.Placed, Table: rec.Table})
	if rack.Len() == 0 {
		g.chargeClock()
		s.turn++
		s.played[s.current]++
		if err := g.endRound(s.current); err != nil {
			return err
		}
		return g.turnEnded()
	}
	// draw.refill_to: the rack is filled back up, from the pool, before
	// the turn passes on (drawn in the pool's order, so a replay draws the
	// same)
	for rack.Len() < g.Rules.Draw.RefillTo {
		t := g.pop()
		if t == NoTile {
			break
		}
		rack.Add(t)
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
			return g.Rules.refusal(ErrDrawnTileOnly, 0, MsgRuleDrawnAlready(g.s.drawn))
		}
		if g.Rules.EndOfPool.Play == NoPass && len(g.s.pool) == 0 && playFinder != nil && playFinder(g) {
			return g.Rules.refusal(ErrNoPass, 0, MsgRuleNoPass(g.Rules.says()))
		}
		drawn = g.drawN(g.Rules.Draw.DrawCount(g.s.opened[g.s.current]))
		kind := ActDraw
		if len(drawn) == 0 {
			kind = ActPass
		}
		// the history entry and the record share their copies: neither
		// is ever changed (see sharedTable)
		table, tiles := g.sharedTable(), cloneSlice(drawn)
		g.record(Action{Kind: kind, Tiles: tiles, Table: table})
		rec := TurnRecord{Seat: g.s.current, Kind: kind, Drawn: tiles, Table: table}
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
			if jr.num == t.Number() && jr.mask&(1<<t.Color()) != 0 && !t.IsJoker() {
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
		table := g.sharedTable()
		g.record(Action{Kind: ActEndTurn, Table: table})
		rec := TurnRecord{Seat: g.s.current, Kind: ActEndTurn, Ended: true, Table: table}
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
			return g.Rules.refusal(ErrNoTimeLimit, 0, MsgRuleNoTimeLimit(g.Rules.says()))
		}
		g.s.drawn = NoTile
		drawn = g.drawN(g.Rules.TimeLimit.PenaltyTiles)
		table := g.sharedTable()
		g.record(Action{Kind: ActTimeout, Tiles: cloneSlice(drawn), Table: table})
		if g.s.clocks != nil { // the bank is spent
			g.s.clocks[g.s.current], g.s.used = 0, 0
		}
		rec := TurnRecord{Seat: g.s.current, Kind: ActTimeout, Drawn: cloneSlice(drawn), Penalty: true,
			Ended: true, Table: table}
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
