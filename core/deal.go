package core

import "fmt"

// startRound gathers the whole box, shuffles it, picks the first player and
// deals, all with the game's generator: seed and round decide every tile.
// The order follows the French book: choose who starts, then deal.
func (g *Game) startRound() error {
	n := len(g.names)
	s := &g.s
	s.pool = g.Rules.Tiles.Tiles()
	g.shuffle()
	for i := range s.racks {
		s.racks[i] = Multiset{}
		s.opened[i] = false
		s.played[i] = 0
	}
	s.table, s.aside = nil, Multiset{}
	s.turn, s.passes = 0, 0
	s.winners, s.scores, s.last, s.drawn = nil, nil, nil, NoTile
	s.clocks, s.used = nil, 0
	if tl := g.Rules.TimeLimit; tl.Mode != PerTurn {
		s.clocks = make([]int, n)
		for i := range s.clocks {
			s.clocks[i] = tl.Bank * 1000
		}
	}
	s.current = 0
	if g.Rules.FirstPlayer == HighestTile {
		s.current = g.firstByDraw()
	}
	g.Rules.Wild, s.indicator = NoTile, NoTile
	if g.Rules.Deal.Method == DealPiles {
		g.dealPiles()
	} else {
		for seat := range n {
			for range g.Rules.Deal.Tiles {
				s.racks[seat].Add(g.pop())
			}
		}
	}
	if g.Rules.Deal.Indicator { // after the deal, so that a deal of piles keeps it aside
		g.turnIndicator()
	}
	if g.Hooks == nil {
		return nil
	}
	if err := g.dealHook(); err != nil {
		return err
	}
	seat, handled, err := g.Hooks.FirstPlayer(g.View(-1))
	switch {
	case err != nil:
		return g.hookErr("first_player", err)
	case handled && (seat < 0 || seat >= n):
		return g.hookErr("first_player", fmt.Errorf("seat %d is out of range 0..%d", seat, n-1))
	case handled:
		s.current = seat
	}
	return nil
}

// turnIndicator turns up Okey's indicator from the draw end of the pool,
// set aside (out of play, SetAside): the first numbered tile, the jokers
// passed over going to the pool's far end, as a false joker turned up goes
// back to its stack. The round's okey is the tile one above it
// (Rules.Wild).
func (g *Game) turnIndicator() {
	s := &g.s
	for range len(s.pool) {
		t := g.pop()
		if !t.IsJoker() && !t.IsSpecial() {
			s.indicator = t
			s.aside.Add(t)
			g.Rules.Wild = OkeyOf(t, g.Rules.Tiles.Numbers)
			return
		}
		s.pool = append([]Tile{t}, s.pool...)
	}
}

// Indicator is the tile turned up at this round's deal under
// deal.indicator (Okey), NoTile otherwise; the round's okey, wild, is
// Rules.Wild.
func (g *Game) Indicator() Tile { return g.s.indicator }

func (g *Game) shuffle() {
	p := g.s.pool
	g.rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
}

// pop draws the tile at the draw end of the pool, NoTile if it is empty.
func (g *Game) pop() Tile {
	p := g.s.pool
	if len(p) == 0 {
		return NoTile
	}
	t := p[len(p)-1]
	g.s.pool = p[:len(p)-1]
	return t
}

// firstByDraw: each player draws a tile and the highest number starts; a
// joker counts as nothing. The players tied for the highest draw again. All
// the tiles drawn go back and the pool is shuffled again.
func (g *Game) firstByDraw() int {
	contenders := make([]int, len(g.names))
	for i := range contenders {
		contenders[i] = i
	}
	var drawn []Tile
	for len(contenders) > 1 && len(g.s.pool) >= len(contenders) {
		best, top := -1, []int(nil)
		for _, seat := range contenders {
			t := g.pop()
			drawn = append(drawn, t)
			switch n := t.Number(); {
			case n > best:
				best, top = n, []int{seat}
			case n == best:
				top = append(top, seat)
			}
		}
		contenders = top
	}
	g.s.pool = append(g.s.pool, drawn...)
	g.shuffle()
	return contenders[0]
}

// dealPiles is the Italian deal: the shuffled pool is cut into piles of the
// sizes Deal.Piles lists; each player in turn picks a pile at random, Take
// times round; the piles left, in order, then any tiles not cut, are the pool.
func (g *Game) dealPiles() {
	d := g.Rules.Deal
	var piles [][]Tile
	off := 0
	for _, size := range d.Piles {
		piles = append(piles, g.s.pool[off:off+size])
		off += size
	}
	rest := g.s.pool[off:]
	order := g.rng.Perm(len(piles))
	taken := make([]bool, len(piles))
	k := 0
	for range d.Take {
		for seat := range g.s.racks {
			p := order[k]
			k++
			taken[p] = true
			for _, t := range piles[p] {
				g.s.racks[seat].Add(t)
			}
		}
	}
	pool := make([]Tile, 0, len(g.s.pool))
	for i, p := range piles {
		if !taken[i] {
			pool = append(pool, p...)
		}
	}
	g.s.pool = append(pool, rest...)
}

// dealHook lets Hooks.Deal replace the racks. Tiles move between the racks
// and the pool only; the pool is shuffled again afterwards.
func (g *Game) dealHook() error {
	v := g.View(-1)
	pool := MultisetOf(g.s.pool...)
	v.PoolTiles = pool.Tiles()
	v.RackTiles = make([][]Tile, len(g.s.racks))
	for i := range g.s.racks {
		v.RackTiles[i] = g.s.racks[i].Tiles()
	}
	racks, handled, err := g.Hooks.Deal(v)
	if err != nil {
		return g.hookErr("deal", err)
	}
	if !handled {
		return nil
	}
	if len(racks) != len(g.names) {
		return g.hookErr("deal", fmt.Errorf("%d racks for %d players", len(racks), len(g.names)))
	}
	all := MultisetOf(g.s.pool...)
	for i := range g.s.racks {
		all.AddAll(&g.s.racks[i])
	}
	var dealt Multiset
	newRacks := make([]Multiset, len(racks))
	for i, r := range racks {
		newRacks[i] = MultisetOf(r...)
		dealt.AddAll(&newRacks[i])
	}
	if dealt.Len() != totalLen(racks) || !all.Includes(&dealt) {
		extra := dealt.Minus(&all)
		return g.hookErr("deal", fmt.Errorf("the racks hold tiles the pool and racks do not: %s", extra.String()))
	}
	copy(g.s.racks, newRacks)
	left := all.Minus(&dealt)
	g.s.pool = left.Tiles()
	g.shuffle()
	return nil
}

func totalLen(racks [][]Tile) int {
	n := 0
	for _, r := range racks {
		n += len(r)
	}
	return n
}

// NextRound deals the next round of the match: every tile goes back in the
// box, which is shuffled, and the first player is chosen again. It fails
// while the round goes on and once the match is over.
func (g *Game) NextRound() error {
	switch {
	case g.MatchOver():
		return g.Rules.refusal(ErrMatchOver, 0, MsgRuleMatchOver(g.seatSays(g.s.champ), g.s.round))
	case !g.RoundOver():
		return g.Rules.refusal(ErrRoundNotOver, 0, MsgRuleRoundNotOver(g.s.round))
	}
	snap, n := g.s.clone(), len(g.history)
	g.s.round++
	if err := g.startRound(); err != nil {
		g.s, g.history = snap, g.history[:n:n] // clipped: see Clone
		return err
	}
	g.record(Action{Kind: ActNextRound, Seat: g.s.current})
	return nil
}

// Setup lays out a scenario, for lessons, puzzles and tests: the racks, the
// table and whose turn it is. The round goes on from there as a fresh round
// (Turn 0, nobody has passed).
type Setup struct {
	Racks   [][]Tile // one a seat
	Table   Table
	Current int    // the seat to play
	Opened  []bool // who has made the initial meld; nil: nobody
	// Pool is how many of the tiles not on a rack or the table stay in the
	// pool, picked at random; the others are set aside (SetAside). -1 keeps
	// them all in the pool.
	Pool int
	// Next are the next tiles drawn from the pool, in order (they count in
	// Pool), for a scenario that needs a given draw.
	Next []Tile
	// Turn is the turns already ended this round: the first-round lock
	// (Opening.FirstRoundLocked) holds while it is below the player count.
	// They are taken to have gone round in seat order, ending with the seat
	// before Current: so each seat's own count of turns (Opening.LockTurns).
	Turn int
}

// Setup replaces the current round's racks, table, pool and turn with the
// scenario s, while the round goes on (a finished round is scored: deal the
// next one first). It checks that the scenario fits the box and that every
// set on its table is valid; on error (ErrSetup) nothing changes.
func (g *Game) Setup(s Setup) error {
	r := &g.Rules
	n := len(g.names)
	bad := func(format string, args ...any) error {
		return r.ruleErr(ErrSetup, 0, "scenario: "+format, args...)
	}
	switch {
	case g.RoundOver():
		return r.ruleErr(ErrRoundOver, 0, "round %d is over: deal the next round before setting up a scenario", g.s.round)
	case len(s.Racks) != n:
		return bad("%d %s for %d players", len(s.Racks), plural(len(s.Racks), "rack", "racks"), n)
	case s.Opened != nil && len(s.Opened) != n:
		return bad("%d opened %s for %d players", len(s.Opened), plural(len(s.Opened), "flag", "flags"), n)
	case s.Current < 0 || s.Current >= n:
		return bad("seat %d is not a seat (1..%d)", s.Current+1, n)
	case s.Pool < -1:
		return bad("the pool cannot hold %d tiles", s.Pool)
	case s.Pool >= 0 && len(s.Next) > s.Pool:
		return bad("%d tiles to draw next from a pool of %d", len(s.Next), s.Pool)
	case s.Turn < 0:
		return bad("turn %d is before the first", s.Turn)
	}
	if err := g.validateTable(s.Table); err != nil {
		return &RuleError{Rule: ErrSetup, Variant: r.Name, Msg: "scenario: " + err.Error(), Says: MsgRuleScenario(err), Err: err}
	}
	used := s.Table.Tiles()
	for i, rack := range s.Racks {
		for _, t := range rack {
			if !r.Tiles.Contains(t) {
				return bad("rack %d holds %s, which is not a tile of this box", i+1, t)
			}
			used.Add(t)
		}
	}
	onTable := s.Table.Tiles()
	for _, t := range onTable.Tiles() {
		if !r.Tiles.Contains(t) {
			return bad("the table holds %s, which is not a tile of this box", t)
		}
	}
	if err := r.CheckBox(s.Table, s.Racks...); err != nil {
		return &RuleError{Rule: ErrSetup, Variant: r.Name, Msg: "scenario: " + err.Error(), Says: MsgRuleScenario(err), Err: err}
	}
	full := r.Tiles.Full()
	rest := full.Minus(&used)
	if s.Pool > rest.Len() {
		return bad("the pool cannot hold %d tiles: only %d are off the racks and the table", s.Pool, rest.Len())
	}
	next := MultisetOf(s.Next...)
	if !rest.Includes(&next) || next.Len() != len(s.Next) {
		return bad("the next tiles %s are not all off the racks and the table", tilesText(s.Next))
	}
	rest = rest.Minus(&next)

	st := &g.s
	for i, rack := range s.Racks {
		st.racks[i] = MultisetOf(rack...)
		st.opened[i] = s.Opened != nil && s.Opened[i]
	}
	st.table = nil
	if len(s.Table) > 0 {
		st.table = s.Table.Clone()
	}
	st.pool = rest.Tiles()
	g.shuffle()
	st.aside = Multiset{}
	if k := s.Pool - len(s.Next); s.Pool >= 0 {
		st.aside = MultisetOf(st.pool[k:]...)
		st.pool = st.pool[:k]
	}
	for i := len(s.Next) - 1; i >= 0; i-- {
		st.pool = append(st.pool, s.Next[i])
	}
	st.current, st.turn, st.passes, st.used = s.Current, s.Turn, 0, 0
	// The turns ended went round in seat order up to the seat before
	// Current: each seat's own count follows.
	for i := range st.played {
		back := ((s.Current-1-i)%n + n) % n // how many turns ago seat i last played, less one
		st.played[i] = s.Turn / n
		if back < s.Turn%n {
			st.played[i]++
		}
	}
	st.winners, st.scores, st.last, st.drawn = nil, nil, nil, NoTile
	g.record(Action{Kind: ActSetup, Seat: s.Current, Table: st.table.Clone(), Setup: s.clone()})
	return nil
}

// clone copies the scenario deeply.
func (s *Setup) clone() *Setup {
	c := &Setup{Table: s.Table.Clone(), Current: s.Current, Opened: cloneSlice(s.Opened), Pool: s.Pool,
		Next: cloneSlice(s.Next), Turn: s.Turn}
	c.Racks = make([][]Tile, len(s.Racks))
	for i, r := range s.Racks {
		c.Racks[i] = cloneSlice(r)
	}
	return c
}
