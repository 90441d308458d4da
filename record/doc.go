// Package record reads and writes game records a person can read: the
// .mgn format ("meldlab game notation"), shaped like chess's PGN, and its
// JSON Lines twin for programs. docs/record.md specifies the format.
//
// A record is tag pairs, then the moves:
//
//	[Event "Family game"]
//	[Variant "original"]
//	[Rules "5f0c1e9a27d3b4c8"]
//	[Seed "7"]
//	[Seats "Ana, Bob"]
//	[View "all"]
//	[Result "*"]
//
//	1. Ana: draw o5
//	1. Bob: r10 r11 r12 => [r10 r11 r12] !
//	2. Ana: draw k9 {she holds her run back}
//
// Write makes one from a game; Parse reads one, every problem located by
// line and column; Record.Game replays a record of every seat's view into
// the game it records (checked by the referee move by move), and
// Record.Check follows a record of one seat's view (a real game typed in
// by one player, the others' racks unknown) as far as what it shows allows.
//
// The package knows the game only through core: it holds no rule.
package record
