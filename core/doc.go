// Package core is meldlab's model of Rummikub-style tile rummy: tiles and
// their notation, sets and tables and their validation, the Rules that
// every printed edition fills in differently, and Game, the referee of a
// whole match. It imports only the standard library.
//
// Tiles are written as a colour letter and a number, J for a joker: k3 is a
// black 3, r13 a red 13. A set is tiles in brackets, [r3 r4 J]; a table is
// sets side by side, [r3 r4 r5] [k8 b8 o8]; a rack is bare tiles, k3 r10 J.
//
// # Validating a set
//
//	set, err := core.ParseSet("[r4 b5 r6]") // a *ParseError if the notation is wrong
//	info, err := core.ValidateSet(set)
//	// err: "[r4 b5 r6] is not a run: b5 is blue, the run is red", a
//	// *SetError wrapping ErrMixedColors. For [r4 J r6], err is nil and
//	// info.Kind == core.Run, info.Value == 15, info.JokerTiles() == [r5].
//
// A variant's own set rules come from its Rules: rules.SetRules().Validate(set),
// and for a whole table rules.SetRules().ValidateTable(table). A table must
// also fit the variant's box: rules.CheckBox(table) refuses one that uses
// more copies of a tile, or more jokers, than the box holds ("the table
// uses 3 × r5; the original box has 2", a *BoxError).
//
// # Playing a turn
//
// A turn is the whole table after it; the engine works out what came from
// the rack and checks every rule (see Game.Play for the list and order):
//
//	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 42)
//	seat := g.Current()
//	rack := g.Rack(seat)                         // a Multiset: rack.String() is "k3 r10 ..."
//	after, _ := core.ParseTable("[k8 k9 k10]")   // the table as it should be after the turn
//	if err := g.Play(after); err != nil {
//		// "initial meld is 27 points; the original rules need 30": a
//		// *RuleError; errors.Is(err, core.ErrOpeningTooLow). Nothing
//		// changed: play again, or draw.
//		drawn, _ := g.Draw()
//	}
//
// Play, Draw and Timeout each end the turn (Draw's doc tells the one
// exception, the French joker swap with the tile just drawn); a variant
// with no time limit refuses Timeout (ErrNoTimeLimit). A round ends
// when a rack is empty or, the pool empty, every player has passed; then
// NextRound deals the next. History, Replay, Clone, MarshalSave and ParseSave
// record, repeat, copy and keep a match: all randomness comes from the
// game's seed, so the same seed and actions give the same game.
//
// # Scoring a round
//
// Game scores each round as it ends (RoundScores, Totals, MatchWinner). The
// same rules are a function for a score sheet or a lesson:
//
//	racks := []core.Multiset{empty, rackOf("k3 r10 J"), rackOf("o5")}
//	scores, winners := core.ScoreRound(core.Original(), racks, 0)
//	// seat 0 went out: scores [48 -43 -5] (the joker costs 30), winners [0]
//
// With out = -1 (the pool ran out and everyone passed) the lowest rack wins,
// and Rules.EndOfPool says what the losers pay (and, in Play, when an empty
// pool ends the round). AdjustScores applies a house rule's Rules.Scoring
// (a penalty for not opening, rounding), after which scores need not sum to
// zero. MatchResult totals a score sheet and picks the match winner per
// Rules.Match.Winner; a Game also ends the match at Rules.Match.Target.
package core
