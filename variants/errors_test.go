package variants

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errorCases are bad variant files, one class of problem each, with the
// full text of what loading them reports.
var errorCases = []struct {
	name  string
	files map[string]string // written to a fresh directory
	file  string            // the one to load
	want  string
}{
	{name: "unknown keys, with did-you-mean", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayrs: {min: 2}\nopening:\n  pionts: 40\n  joker_vale: zero\nfoo: 1\nmin_run: 4\nsets: {minimum: 2}\n"},
		want: `bad.yaml:2:1: unknown key "playrs"; did you mean "players"?
 | playrs: {min: 2}
 | ^
bad.yaml:4:3: unknown key "pionts" in opening; did you mean "points"?
 |   pionts: 40
 |   ^
bad.yaml:5:3: unknown key "joker_vale" in opening; did you mean "joker_value"?
 |   joker_vale: zero
 |   ^
bad.yaml:6:1: unknown key "foo"; the keys are name, title, source, extends, players, tiles, sets, deal, first_player, direction, opening, table, joker, draw, time_limit, failed_play, end_of_pool, scoring, match, hooks, params
 | foo: 1
 | ^
bad.yaml:7:1: unknown key "min_run"; min_run belongs under sets:
 | min_run: 4
 | ^
bad.yaml:8:8: unknown key "minimum" in sets; the keys are min_run, min_group, wrap, group_colors, pair_runs, pairs, mirror_runs
 | sets: {minimum: 2}
 |        ^`},
	{name: "wrong types", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers:\n  min: two\n  max: 4.5\ntiles: [4, 13]\nsets:\n  wrap: yes\ndirection: {to: left}\nname: 2025\nopening:\n  points:\njoker:\n  replace_from: rack\ndeal:\n  piles: [7, x]\n"},
		want: `bad.yaml:3:8: players.min must be a whole number, not "two"
 |   min: two
 |        ^
bad.yaml:4:8: players.max must be a whole number, not the number 4.5
 |   max: 4.5
 |        ^
bad.yaml:5:8: tiles must be a map of colors, numbers, copies, jokers, double_jokers, mirror_jokers, color_change_jokers, not a list
 | tiles: [4, 13]
 |        ^
bad.yaml:7:9: sets.wrap is "yes"; it must be one of false, true, ace_high
 |   wrap: yes
 |         ^
bad.yaml:8:12: direction must be one of left, right, not a map
 | direction: {to: left}
 |            ^
bad.yaml:9:7: name must be text, not the number 2025; put it in quotes
 | name: 2025
 |       ^
bad.yaml:11:10: opening.points has no value; it must be a whole number
 |   points:
 |          ^
bad.yaml:13:17: joker.replace_from must be a list of some of rack, table, drawn, as [rack], not "rack"
 |   replace_from: rack
 |                 ^
bad.yaml:15:14: deal.piles must be a list of whole numbers, as [7, 7, 8], not "x"
 |   piles: [7, x]
 |              ^`},
	{name: "no most players", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers:\n  max: 0\n"},
		want: `bad.yaml:3:8: players.max is 0; it must be 2..16
 |   max: 0
 |        ^`},
	{name: "out of range", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers: {min: 1, max: 40}\ntiles: {colors: 7, jokers: -1}\ndeal: {piles: [0, 7]}\n"},
		want: `bad.yaml:2:16: players.min is 1; it must be 2..16
 | players: {min: 1, max: 40}
 |                ^
bad.yaml:2:24: players.max is 40; it must be 2..16
 | players: {min: 1, max: 40}
 |                        ^
bad.yaml:3:17: tiles.colors is 7; it must be 1..6
 | tiles: {colors: 7, jokers: -1}
 |                 ^
bad.yaml:3:28: tiles.jokers is -1; it must be 0..255
 | tiles: {colors: 7, jokers: -1}
 |                            ^
bad.yaml:4:16: deal.piles has 0; each must be 1..255
 | deal: {piles: [0, 7]}
 |                ^`},
	{name: "bad enum values", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\ndirection: up\ndeal:\n  method: pile\nfirst_player: random\njoker:\n  replace_from: [rack, hand, rack]\n"},
		want: `bad.yaml:2:12: direction is "up"; it must be one of left, right
 | direction: up
 |            ^
bad.yaml:4:11: deal.method is "pile"; it must be one of draw, piles (did you mean "piles"?)
 |   method: pile
 |           ^
bad.yaml:5:15: first_player is "random"; it must be one of highest_tile, seat
 | first_player: random
 |               ^
bad.yaml:7:24: joker.replace_from has "hand"; it may list rack, table, drawn
 |   replace_from: [rack, hand, rack]
 |                        ^
bad.yaml:7:30: joker.replace_from lists rack twice
 |   replace_from: [rack, hand, rack]
 |                              ^`},
	{name: "a draw deal too big for the box", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers: {max: 8}\n"},
		want: `bad.yaml:2:16: the deal cannot serve 8 players: 8 × 14 tiles is 112, and the box holds 106 (4 colours × 13 numbers × 2 copies + 2 jokers)
 | players: {max: 8}
 |                ^`},
	{name: "piles that hold more than the box", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: italian\ntiles: {jokers: 0}\n"},
		want: `bad.yaml:2:17: the piles hold 106 tiles, but the box holds only 104 (4 colours × 13 numbers × 2 copies + 0 jokers)
 | tiles: {jokers: 0}
 |                 ^`},
	{name: "too few piles for the players", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: italian\nplayers: {max: 8}\n"},
		want: `bad.yaml:2:16: the deal cannot serve 8 players: 8 × 2 piles is 16, and there are 15 piles
 | players: {max: 8}
 |                ^`},
	{name: "a pile deal without piles", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\ndeal: {method: piles}\n"},
		want: `bad.yaml:2:16: deal.method is piles but deal.piles lists no piles
 | deal: {method: piles}
 |                ^`},
	{name: "rules that contradict each other", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers: {min: 4, max: 3}\ntiles: {colors: 2}\nsets: {min_run: 14}\n"},
		want: `bad.yaml:2:16: players.min is 4 but players.max is 3; the fewest cannot be more than the most
 | players: {min: 4, max: 3}
 |                ^
bad.yaml:3:17: sets.min_group is 3 but the tiles come in 2 colours: no group could be made
 | tiles: {colors: 2}
 |                 ^
bad.yaml:4:17: sets.min_run is 14 but the tiles are numbered 1..13: no run could be made
 | sets: {min_run: 14}
 |                 ^`},
	{name: "an extends cycle", file: "a.yaml", files: map[string]string{
		"a.yaml": "extends: b.yaml\n", "b.yaml": "extends: ./a.yaml\n"},
		want: `b.yaml:1:10: extends: a cycle: a.yaml, which extends b.yaml, which extends a.yaml
 | extends: ./a.yaml
 |          ^`},
	{name: "an unknown base, with did-you-mean", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: orignal\n"},
		want: `bad.yaml:1:10: extends: no variant "orignal"; did you mean "original"?
 | extends: orignal
 |          ^`},
	{name: "an unknown base", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: chess\n"},
		want: `bad.yaml:1:10: extends: no variant "chess"; the shipped variants are house/ace-high, house/american, house/any-colours, house/chess-clock, house/clean-opening, house/draw-two, house/family-values, house/fifty, house/first-to-200, house/five-colours, house/handicap, house/joker-grows, house/kids, house/league, house/lock-all-open, house/lock-three, house/must-place, house/no-jokers, house/pair-runs, house/penalty-100, house/pool-out, house/refill-seven, house/six-colours, house/teams, house/winner-scores, house/wrap, italian, mso, novelty, okey, original, original-fr, original-fr-xp, twist, xp, or name a .yaml file
 | extends: chess
 |          ^`},
	{name: "a missing base file", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: ./nowhere.yaml\n"},
		want: `bad.yaml:1:10: extends: cannot read nowhere.yaml: no such file
 | extends: ./nowhere.yaml
 |          ^`},
	{name: "a broken base", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: base.yaml\nplayers: {max: 5}\n", "base.yaml": "extends: original\nplayers: {max: x}\n"},
		want: `base.yaml:2:16: players.max must be a whole number, not "x"
 | players: {max: x}
 |                ^`},
	{name: "a missing hook file", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nhooks: nowhere.lua\n"},
		want: `bad.yaml:2:8: hooks: cannot read nowhere.lua: no such file
 | hooks: nowhere.lua
 |        ^`},
	{name: "YAML syntax", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers: {min: 2\nopening: 3\n"},
		want: `bad.yaml:2:1: YAML syntax: did not find expected ',' or '}'
 | players: {min: 2
 | ^`},
	{name: "a tab in the indentation", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nplayers:\n\tmin: 2\n  \tmax: 4\n\t# a comment may\n"},
		want: `bad.yaml:3:1: YAML cannot indent with tabs; indent with spaces
 | 	min: 2
 | ^
bad.yaml:4:3: YAML cannot indent with tabs; indent with spaces
 |   	max: 4
 |   ^`},
	{name: "a key under the wrong section says where it belongs", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\njokers: 3\npoints: 40\npenalty_tiles: 2\nopening:\n  min_run: 2\n  tiles: {}\ntiles:\n  jokrs: 3\n"},
		want: `bad.yaml:2:1: unknown key "jokers"; jokers belongs under tiles: (or did you mean "joker"?)
 | jokers: 3
 | ^
bad.yaml:3:1: unknown key "points"; points belongs under opening:
 | points: 40
 | ^
bad.yaml:4:1: unknown key "penalty_tiles"; penalty_tiles belongs under time_limit: or failed_play:
 | penalty_tiles: 2
 | ^
bad.yaml:6:3: unknown key "min_run" in opening; min_run belongs under sets:
 |   min_run: 2
 |   ^
bad.yaml:7:3: unknown key "tiles" in opening; tiles belongs at the top level, not under opening:
 |   tiles: {}
 |   ^
bad.yaml:9:3: unknown key "jokrs" in tiles; did you mean "jokers"?
 |   jokrs: 3
 |   ^`},
	{name: "an empty file", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "# nothing\n"},
		want: `bad.yaml:1:1: the file is empty; a variant needs at least "extends: original" and the rules it changes
 | # nothing
 | ^`},
	{name: "two documents", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\n---\nname: x\n"},
		want: `bad.yaml:2:1: a variant file holds one YAML document; remove this "---" and what follows, or make it a file of its own
 | ---
 | ^`},
	{name: "a list, not a map", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "- extends: original\n"},
		want: `bad.yaml:1:1: a variant file is a map of keys (name:, extends:, players:, ...), not a list
 | - extends: original
 | ^`},
	{name: "duplicate keys", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nopening:\n  points: 40\nopening:\n  points: 50\nplayers: {min: 2, min: 3}\n"},
		want: `bad.yaml:4:1: duplicate key "opening" (first set on line 2)
 | opening:
 | ^
bad.yaml:6:19: duplicate key "players.min" (first set on line 6)
 | players: {min: 2, min: 3}
 |                   ^`},
	{name: "a file that extends nothing must be complete", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "name: mine\nplayers: {min: 2, max: 4}\n"},
		want: `bad.yaml:1:1: this file extends no variant, so it must set every rule; 26 are missing: tiles.colors, tiles.numbers, tiles.copies, tiles.jokers, sets.min_run, sets.min_group, sets.wrap, deal.method, deal.tiles, first_player, direction, opening.points, opening.joker_value, opening.first_round_locked, opening.lock_ends, joker.penalty, joker.take_before_opening, joker.replace_from, joker.keep, draw.tiles, time_limit.seconds, time_limit.penalty_tiles, failed_play.penalty_tiles, end_of_pool.losers_score, match.rounds, match.winner (or add "extends: original" to inherit them)
 | name: mine
 | ^`},
	{name: "the house-rule keys: bad values", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\ndraw:\n  tiles_opened: 30\n  tiles_openned: 2\nend_of_pool:\n  play: must_play\nmatch:\n  target: -200\nscoring:\n  unopened_penalty: 5000\n  round_to: ten\n  round: 10\nopening:\n  lock_ends: turn\n  lock_turns: 200\n"},
		want: `bad.yaml:3:17: draw.tiles_opened is 30; it must be 0..20
 |   tiles_opened: 30
 |                 ^
bad.yaml:4:3: unknown key "tiles_openned" in draw; did you mean "tiles_opened"?
 |   tiles_openned: 2
 |   ^
bad.yaml:6:9: end_of_pool.play is "must_play"; it must be one of pass_round, must_place, score_now, no_pass (did you mean "must_place"?)
 |   play: must_play
 |         ^
bad.yaml:8:11: match.target is -200; it must be 0..10000
 |   target: -200
 |           ^
bad.yaml:10:21: scoring.unopened_penalty is 5000; it must be 0..1000
 |   unopened_penalty: 5000
 |                     ^
bad.yaml:11:13: scoring.round_to must be a whole number, not "ten"
 |   round_to: ten
 |             ^
bad.yaml:12:3: unknown key "round" in scoring; did you mean "round_to"?
 |   round: 10
 |   ^
bad.yaml:14:14: opening.lock_ends is "turn"; it must be one of first_round, all_opened, turns (did you mean "turns"?)
 |   lock_ends: turn
 |              ^
bad.yaml:15:15: opening.lock_turns is 200; it must be 0..100
 |   lock_turns: 200
 |               ^`},
	{name: "the set shapes: bad values", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nsets:\n  wrap: ace-high\n  group_colors: distinc\n  group_colours: any\n"},
		want: `bad.yaml:3:9: sets.wrap is "ace-high"; it must be one of false, true, ace_high (did you mean "ace_high"?)
 |   wrap: ace-high
 |         ^
bad.yaml:4:17: sets.group_colors is "distinc"; it must be one of distinct, any (did you mean "distinct"?)
 |   group_colors: distinc
 |                 ^
bad.yaml:5:3: unknown key "group_colours" in sets; did you mean "group_colors"?
 |   group_colours: any
 |   ^`},
	{name: "sets.wrap takes a word or true or false, not a number", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nsets: {wrap: 1}\n"},
		want: `bad.yaml:2:14: sets.wrap must be one of false, true, ace_high, not the number 1
 | sets: {wrap: 1}
 |              ^`},
	{name: "a lock of turns without a number of turns", file: "bad.yaml", files: map[string]string{
		"bad.yaml": "extends: original\nopening:\n  first_round_locked: true\n  lock_ends: turns\n"},
		want: `bad.yaml:4:14: opening.lock_ends is turns but opening.lock_turns is 0: say how many of each player's turns the table stays locked, as lock_turns: 3
 |   lock_ends: turns
 |              ^`},
	{name: "a file that does not exist", file: "bad.yaml", files: map[string]string{},
		want: `cannot read bad.yaml: no such file`},
}

func TestErrors(t *testing.T) {
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
			}
			t.Chdir(dir)
			v, err := Resolve(tc.file)
			assert.Nil(t, v)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
