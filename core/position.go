package core

// Position is the scenario of one player's turn, for asking the referee
// about a position that comes without a game (a solver problem, a puzzle):
// seat 1 to play rack on table, the other seats with empty racks and
// opened, the rest of the box in the pool. locked puts the turn in the
// first round, so that the first-round lock holds where the rules have one;
// unlocked, every seat has had MaxLockTurns turns, so that no lock of turns
// (Opening.LockTurns) holds either.
func Position(players int, table Table, rack []Tile, opened, locked bool) Setup {
	s := Setup{Table: table.Clone(), Racks: make([][]Tile, players), Opened: make([]bool, players), Pool: -1}
	s.Racks[0] = cloneSlice(rack)
	for i := range s.Opened {
		s.Opened[i] = i > 0 || opened
	}
	if !locked {
		s.Turn = players * MaxLockTurns
	}
	return s
}
