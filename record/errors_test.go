package record_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/record"
)

const head = `[Variant "original"]
[Seed "5"]
[Seats "Ana, Bob"]
[View "all"]

`

// Every problem of a record is found and placed, its message in full.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		errs       []string
	}{
		{"a tag without quotes", "[Event Family]\n", []string{
			`g.mgn:1:1: a tag is written on a line of its own: [Name "value"]`}},
		{"a tag twice", "[Event \"a\"]\n[Event \"b\"]\n", []string{
			`g.mgn:2:1: the tag Event appears twice`}},
		{"a tag after the moves", head + "1. Ana: draw\n[Event \"x\"]\n", []string{
			`g.mgn:7:1: a tag after the moves: the tags come first`}},
		{"no number", head + "Ana: draw\n", []string{
			`g.mgn:6:1: a move starts with its number and its seat: "3. Ana: ..."`}},
		{"no seat", head + "1. draw\n", []string{
			`g.mgn:6:4: the move names no seat: "3. Ana: ..."`}},
		{"not a move", head + "1. Ana: jump\n", []string{
			`g.mgn:6:9: "jump" is not a move: a move is a play (TILES => TABLE), draw, pass, timeout, end or refused`}},
		{"a play without its table", head + "1. Ana: r1 r2 r3\n", []string{
			`g.mgn:6:9: a play is written "TILES => TABLE": the tiles placed, then the whole table after`}},
		{"a set never closed", head + "1. Ana: r1 r2 r3 => [r1 r2 r3\n", []string{
			`g.mgn:6:21: the "[" here is never closed with "]" on its line`}},
		{"a comment never closed", head + "1. Ana: draw {all\nthe rest\n", []string{
			`g.mgn:6:14: the comment opened here is never closed with "}"`}},
		{"nested variations", head + "1. Ana: draw (1. Ana: draw (1. Ana: pass))\n", []string{
			`g.mgn:6:28: a variation inside a variation: variations nest one level only`}},
		{"a stray close", head + "1. Ana: draw )\n", []string{
			`g.mgn:6:14: a ")" with no variation open`}},
		{"refused, badly", head + "1. Ana: refused [r1 r2]\n", []string{
			`g.mgn:6:9: a refused play is written "refused TABLE penalty TILES"`}},
		{"a round without its number", head + "Round two\n", []string{
			`g.mgn:6:7: "Round" is followed by the round's number`}},
		{"a setup never ended", head + "Setup\n  Ana: r1\n", []string{
			`g.mgn:6:1: the setup opened here is never closed with "End"`}},
		{"a setup's bad line", head + "Setup\n  Ana r1\n  Pool: many\nEnd\n", []string{
			`g.mgn:7:3: a setup line is "Seat: TILES", "Seat: ?N", "Table: ...", "Opened: ...", "Pool: N", "Next: ...", "Turn: N" or "Current: Seat"`,
			`g.mgn:8:9: "many" is not a number`}},
		{"several at once", head + "1. Ana: jump\n2. Bob: r1 r2\nRound x\n", []string{
			`g.mgn:6:9: "jump" is not a move: a move is a play (TILES => TABLE), draw, pass, timeout, end or refused`,
			`g.mgn:7:9: a play is written "TILES => TABLE": the tiles placed, then the whole table after`,
			`g.mgn:8:7: "Round" is followed by the round's number`}},
		{"not UTF-8", "[Event \"a\xffb\"]\n", []string{`g.mgn:1:10: the record is not UTF-8 text`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := record.Parse("g.mgn", []byte(tc.text))
			if assert.Error(t, err) {
				assert.Equal(t, strings.Join(tc.errs, "\n"), err.Error())
			}
		})
	}
}

// A record that reads well but breaks a rule, or does not belong to its
// seed, is refused at the move, by the referee.
func TestReplayErrors(t *testing.T) {
	resolve := resolver(t)
	for _, tc := range []struct {
		name, text, err string
	}{
		{"no seed", strings.Replace(head, "[Seed \"5\"]\n", "", 1), `g.mgn: the tag Seed is missing: add [Seed "7"]`},
		{"an unknown variant", strings.Replace(head, "original", "nope", 1), `g.mgn:1:1: no variant "nope"; the shipped variants are `},
		{"rules changed", head[:len(head)-1] + "[Rules \"0000000000000000\"]\n\n",
			`g.mgn:5:1: the rules of original here are not the record's: their digest is e96c53017587f9de, the record says 0000000000000000 (was the variant changed since the game was played?)`},
		{"a bad change", head[:len(head)-1] + "[Changes \"opening.points=lots\"]\n\n",
			`g.mgn:5:1: opening.points=lots is not a change of a rule: "key=value", as "match.rounds=3", separated by ";"`},
		{"another seat's turn", head + "1. Ana: draw\n", `g.mgn:6:1: the action is seat 1's in round 1; it is Bob (seat 2)'s turn in round 1`},
		{"an unknown seat", head + "1. Cid: draw\n", `g.mgn:6:1: "Cid" is not a seat of this record (its seats: Ana, Bob)`},
		{"a wrong draw", head + "1. Bob: draw r1\n", `g.mgn:6:14: the record says Bob drew r1; this game's pool gives k8`},
		{"an invalid set", head + "1. Bob: r1 r2 => [r1 r2]\n", `g.mgn:6:18: set 1 [r1 r2] is too short: a run needs at least 3 tiles`},
		{"bad notation", head + "1. Bob: r1 => [r1 r2 r99]\n", `g.mgn:6:22: set 1, tile 3 "r99": numbers run 1..13`},
		{"a declaration that contradicts its set", head + "1. Bob: r1 => [r1 r2 J=13]\n",
			`g.mgn:6:15: set 1 [r1 r2 J=13] is not a group: J=13 declares a member of the group of 13s, and this set is no such group`},
		{"a declaration that is none", head + "1. Bob: r1 => [r1 r2 J=x]\n", `g.mgn:6:22: set 1, tile 3 "J=x": unknown colour "x": colours are k, r, b, o, and J is a joker`},
		{"a joker declared as a tile it cannot be", head + "1. Bob: r1 => [r1 J=r5 r2]\n",
			`g.mgn:6:15: set 1 [r1 J=r5 r2] is not a set: J=r5 declares the joker as r5, and it cannot stand for r5 in this set`},
		{"a one-seat view", strings.Replace(head, `"all"`, `"Ana"`, 1),
			`g.mgn:4:1: this is Ana's view of the game, without the others' racks: it can be checked, not replayed (a save needs every seat's view)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := record.Parse("g.mgn", []byte(tc.text))
			if !assert.NoError(t, err) {
				return
			}
			_, err = rec.Game(resolve)
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), tc.err)
				assert.True(t, strings.HasPrefix(err.Error(), tc.err[:min(len(tc.err), 10)]), err.Error())
			}
		})
	}
}
