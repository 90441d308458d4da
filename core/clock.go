package core

import "time"

// Chess clocks (TimeLimit.Mode fischer, bronstein and delay): each player has a
// bank of time, set again at the start of each round. The referee never
// reads a clock itself: whoever times the turn says how long it has taken
// (SetTurnTime) before the action that ends it, and the history keeps that
// time (Action.Used), so a replay, and a saved game, give the same clocks.

// SetTurnTime says how long the current turn has taken so far; the action
// that ends the turn charges it to the player's bank. Under a per-turn
// limit it changes nothing (the caller times each turn alone).
func (g *Game) SetTurnTime(d time.Duration) {
	if g.s.clocks != nil {
		g.s.used = int(max(d, 0) / time.Millisecond)
	}
}

// Clock is the time on seat's clock at the start of its turn: the bank
// under a chess clock, the time a turn has (TimeLimit.Seconds) under a
// per-turn limit; 0 for a seat out of range.
func (g *Game) Clock(seat int) time.Duration {
	if seat < 0 || seat >= len(g.names) {
		return 0
	}
	if g.s.clocks == nil {
		return time.Duration(g.Rules.TimeLimit.Seconds) * time.Second
	}
	return time.Duration(g.s.clocks[seat]) * time.Millisecond
}

// TimeForTurn is how long the current player may take over this turn
// before it times out: the per-turn limit, the bank (fischer, and
// bronstein, which gives time back only after the move), or the bank and
// the free seconds (delay); 0 without a clock.
func (g *Game) TimeForTurn() time.Duration {
	d := g.Clock(g.s.current)
	if g.Rules.TimeLimit.Mode == Delay {
		d += time.Duration(g.Rules.TimeLimit.Increment) * time.Second
	}
	return d
}

// chargeClock charges the ending turn's time to the current player's bank.
func (g *Game) chargeClock() {
	s := &g.s
	used := s.used
	s.used = 0
	if s.clocks == nil {
		return
	}
	inc := g.Rules.TimeLimit.Increment * 1000
	bank := s.clocks[s.current]
	switch g.Rules.TimeLimit.Mode {
	case Fischer:
		bank = max(bank-used, 0) + inc
	case Bronstein, Delay:
		// bronstein: the time used comes off, and up to inc comes back;
		// delay: only the time past the free inc comes off
		bank = max(bank-max(used-inc, 0), 0)
	}
	s.clocks[s.current] = bank
}
