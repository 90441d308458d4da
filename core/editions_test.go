package core

// The four printed editions and the XP box as Rules values, built in Go from
// the edition matrix of docs/rules.md, for core's own tests, which may not
// import package variants. Where a book is silent the value is the
// original's (000). The shipped values are the variant files; their tests
// check those against the same matrix.

// Italian is rulebook 001: the pile deal (106 tiles, the reading that makes
// the book's own deal work), the first-round lock, and a freed joker its
// replacer may keep.
func Italian() Rules {
	r := Original()
	r.Name, r.Title, r.Source = "italian", "Rummikub, the Italian summary", "rulebook 001"
	r.Deal = Deal{Method: DealPiles, Piles: []int{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8}, Take: 2}
	r.Opening.FirstRoundLocked = true
	r.Joker.ReplaceFrom = FromRack
	r.Joker.Keep = true
	r.TimeLimit = TimeLimit{}
	return r
}

// Novelty is rulebook 002: "2 or more" players (as many as the box deals
// 14 tiles to, 7, as novelty.yaml reads it), a joker worth 0 in the
// initial meld, a replacing tile from the rack or the table, losers paying
// their own totals when the pool runs out.
func Novelty() Rules {
	r := Original()
	r.Name, r.Title, r.Source = "novelty", "Rummy by Novelty", "rulebook 002"
	r.Players = PlayerRange{Min: 2, Max: 7}
	r.Direction = Right
	r.Opening.JokerValue = Zero
	r.TimeLimit.Seconds = 0
	r.EndOfPool.LosersScore = Own
	return r
}

// French is rulebook 003: the first-round lock, a joker replaced from the
// rack or by the tile just drawn, 3 penalty tiles on timeout, own totals at
// the end of the pool, and the highest total wins the match.
func French() Rules {
	r := Original()
	r.Name, r.Title, r.Source = "french", "L'original Rummikub", "rulebook 003"
	r.Opening.FirstRoundLocked = true
	r.Joker.ReplaceFrom = FromRack | FromDrawn
	r.TimeLimit = TimeLimit{Seconds: 60, PenaltyTiles: 3}
	r.EndOfPool.LosersScore = Own
	r.Match.Winner = HighestTotal
	return r
}

// XP is the original rules with the 160-tile box for 5 or 6 players.
func XP() Rules {
	r := Original()
	r.Name, r.Title = "xp", "Rummikub XP"
	r.Players = PlayerRange{Min: 5, Max: 6}
	r.Tiles = XPTiles
	return r
}
