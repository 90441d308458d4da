package variants

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// The keys of a variant file, pinned: scripts and other tools rely on these
// names. Each key says its type and range, where its value lives in
// core.Rules, and how to say its value in words (for Diff). The loader, the
// diff, "variants show" and the schema test all read this one table.

type kind uint8

const (
	kString kind = iota
	kInt
	kBool
	kEnum
	kIntList
	kEnumList
)

type key struct {
	path     string // "players.min"
	kind     kind
	min, max int      // kInt, and the items of kIntList
	words    []string // kEnum, kEnumList: the allowed words
	optional bool     // a root file (no extends) may leave it out
	doc      string   // for schema.json

	get func(r *core.Rules) any // int, bool, string, []int or []string
	set func(r *core.Rules, v any)

	// A difference is said "in A <subject> <say(a)>; in B <pronoun> <say(b)>".
	subject, pronoun string
	say              func(v any) string
	// sayRules, if set, replaces say: for a value that needs others to be
	// said (the deal method, with its tiles or piles).
	sayRules func(r *core.Rules) string
	// applies, if set, says whether the key matters under r (deal.piles
	// only in a pile deal); a difference counts only where it matters to both.
	applies func(r *core.Rules) bool
}

func drawDeal(r *core.Rules) bool  { return r.Deal.Method == core.DealDraw }
func pileDeal(r *core.Rules) bool  { return r.Deal.Method == core.DealPiles }
func timeLimit(r *core.Rules) bool { return r.TimeLimit.Seconds > 0 }

// perFile keys belong to one file and are never inherited.
var perFile = map[string]bool{"name": true, "title": true, "source": true, "extends": true}

// hookNames are the hook functions a variant's Lua file may define, in the
// order a game calls them.
var hookNames = []string{"deal", "first_player", "check_play", "score_round", "on_turn_end"}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

var keys = []*key{
	{path: "name", kind: kString, doc: "the variant's short name, as original or house/fifty (default: the file's name)",
		get: func(r *core.Rules) any { return r.Name }, set: func(r *core.Rules, v any) { r.Name = v.(string) }},
	{path: "title", kind: kString, doc: "a line for people (default: the name)",
		get: func(r *core.Rules) any { return r.Title }, set: func(r *core.Rules, v any) { r.Title = v.(string) }},
	{path: "source", kind: kString, doc: "the rulebook the variant comes from",
		get: func(r *core.Rules) any { return r.Source }, set: func(r *core.Rules, v any) { r.Source = v.(string) }},
	{path: "extends", kind: kString, doc: "the variant this one changes: a shipped name (original) or a path relative to this file"},

	{path: "players.min", kind: kInt, min: 2, max: 16, doc: "the fewest players",
		get: func(r *core.Rules) any { return r.Players.Min }, set: func(r *core.Rules, v any) { r.Players.Min = v.(int) },
		subject: "a game", pronoun: "it", say: func(v any) string { return fmt.Sprintf("needs at least %d players", v) }},
	{path: "players.max", kind: kInt, min: 2, max: 16, doc: "the most players",
		get: func(r *core.Rules) any { return r.Players.Max }, set: func(r *core.Rules, v any) { r.Players.Max = v.(int) },
		subject: "a game", pronoun: "it", say: func(v any) string { return fmt.Sprintf("takes at most %d players", v) }},

	{path: "tiles.colors", kind: kInt, min: 1, max: core.MaxColors, doc: "colours in the box: black, red, blue, orange, in that order",
		get: func(r *core.Rules) any { return r.Tiles.Colors }, set: func(r *core.Rules, v any) { r.Tiles.Colors = v.(int) },
		subject: "the tiles", pronoun: "they", say: func(v any) string { return fmt.Sprintf("come in %d colours", v) }},
	{path: "tiles.numbers", kind: kInt, min: 1, max: core.MaxNumber, doc: "tiles are numbered 1 to this",
		get: func(r *core.Rules) any { return r.Tiles.Numbers }, set: func(r *core.Rules, v any) { r.Tiles.Numbers = v.(int) },
		subject: "the tiles", pronoun: "they", say: func(v any) string { return fmt.Sprintf("are numbered 1 to %d", v) }},
	{path: "tiles.copies", kind: kInt, min: 1, max: core.MaxCopies, doc: "copies of each numbered tile",
		get: func(r *core.Rules) any { return r.Tiles.Copies }, set: func(r *core.Rules, v any) { r.Tiles.Copies = v.(int) },
		subject: "each numbered tile", pronoun: "it", say: func(v any) string { return "comes in " + plural(v.(int), "copy", "copies") }},
	{path: "tiles.jokers", kind: kInt, min: 0, max: core.MaxCopies, doc: "jokers in the box",
		get: func(r *core.Rules) any { return r.Tiles.Jokers }, set: func(r *core.Rules, v any) { r.Tiles.Jokers = v.(int) },
		subject: "the box", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "holds no jokers"
			}
			return "holds " + plural(v.(int), "joker", "jokers")
		}},

	{path: "sets.min_run", kind: kInt, min: 2, max: core.MaxNumber, doc: "the shortest run",
		get: func(r *core.Rules) any { return r.Sets.MinRun }, set: func(r *core.Rules, v any) { r.Sets.MinRun = v.(int) },
		subject: "a run", pronoun: "it", say: func(v any) string { return fmt.Sprintf("needs at least %d tiles", v) }},
	{path: "sets.min_group", kind: kInt, min: 2, max: core.MaxColors, doc: "the smallest group",
		get: func(r *core.Rules) any { return r.Sets.MinGroup }, set: func(r *core.Rules, v any) { r.Sets.MinGroup = v.(int) },
		subject: "a group", pronoun: "it", say: func(v any) string { return fmt.Sprintf("needs at least %d tiles", v) }},
	{path: "sets.wrap", kind: kBool, doc: "may a run go on from the highest number to 1, as 12-13-1?",
		get: func(r *core.Rules) any { return r.Sets.Wrap }, set: func(r *core.Rules, v any) { r.Sets.Wrap = v.(bool) },
		subject: "a run", pronoun: "it", say: func(v any) string {
			if v.(bool) {
				return "may go on from the highest number to 1, as 12-13-1"
			}
			return "stops at the highest number: no 13-1"
		}},

	{path: "deal.method", kind: kEnum, words: []string{"draw", "piles"}, doc: "draw: each player takes deal.tiles; piles: the pool is cut into deal.piles and each player takes deal.take of them",
		get:     func(r *core.Rules) any { return r.Deal.Method.String() },
		set:     func(r *core.Rules, v any) { r.Deal.Method = core.DealMethod(index(v, "draw", "piles")) },
		subject: "the deal", pronoun: "it", sayRules: func(r *core.Rules) string {
			if r.Deal.Method == core.DealPiles {
				return fmt.Sprintf("cuts the pool into %s, face down, and each player takes %d", pilesInWords(r.Deal.Piles), r.Deal.Take)
			}
			return fmt.Sprintf("gives each player %d tiles drawn from the pool", r.Deal.Tiles)
		}},
	{path: "deal.tiles", kind: kInt, min: 1, max: 100, doc: "each player's hand, with method draw",
		get: func(r *core.Rules) any { return r.Deal.Tiles }, set: func(r *core.Rules, v any) { r.Deal.Tiles = v.(int) },
		subject: "each player", pronoun: "each", say: func(v any) string { return fmt.Sprintf("draws a hand of %d tiles", v) }, applies: drawDeal},
	{path: "deal.piles", kind: kIntList, min: 1, max: 255, optional: true, doc: "the pile sizes, in order, with method piles",
		get: func(r *core.Rules) any { return r.Deal.Piles }, set: func(r *core.Rules, v any) { r.Deal.Piles = v.([]int) },
		subject: "the pool", pronoun: "it", say: func(v any) string { return "is cut into " + pilesInWords(v.([]int)) }, applies: pileDeal},
	{path: "deal.take", kind: kInt, min: 0, max: 100, optional: true, doc: "piles each player takes, with method piles",
		get: func(r *core.Rules) any { return r.Deal.Take }, set: func(r *core.Rules, v any) { r.Deal.Take = v.(int) },
		subject: "each player", pronoun: "each", say: func(v any) string { return "takes " + plural(v.(int), "pile", "piles") }, applies: pileDeal},

	{path: "first_player", kind: kEnum, words: []string{"highest_tile", "seat"}, doc: "highest_tile: each draws a tile, the highest starts; seat: the first seat starts",
		get:     func(r *core.Rules) any { return r.FirstPlayer.String() },
		set:     func(r *core.Rules, v any) { r.FirstPlayer = core.FirstPlayer(index(v, "highest_tile", "seat")) },
		subject: "the round", pronoun: "it", say: func(v any) string {
			if v == "seat" {
				return "starts with the first seat"
			}
			return "starts with whoever draws the highest tile"
		}},
	{path: "direction", kind: kEnum, words: []string{"left", "right"}, doc: "the way play passes round the table",
		get:     func(r *core.Rules) any { return r.Direction.String() },
		set:     func(r *core.Rules, v any) { r.Direction = core.Direction(index(v, "left", "right")) },
		subject: "play", pronoun: "it", say: func(v any) string { return "passes to the " + v.(string) }},

	{path: "opening.points", kind: kInt, min: 0, max: 1000, doc: "the least value of the initial meld",
		get: func(r *core.Rules) any { return r.Opening.Points }, set: func(r *core.Rules, v any) { r.Opening.Points = v.(int) },
		subject: "the initial meld", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "may be worth any points"
			}
			return fmt.Sprintf("must be worth at least %d points", v)
		}},
	{path: "opening.joker_value", kind: kEnum, words: []string{"represented", "zero"}, doc: "a joker in the initial meld is worth the tile it represents, or zero",
		get:     func(r *core.Rules) any { return r.Opening.JokerValue.String() },
		set:     func(r *core.Rules, v any) { r.Opening.JokerValue = core.JokerValue(index(v, "represented", "zero")) },
		subject: "a joker", pronoun: "it", say: func(v any) string {
			if v == "zero" {
				return "is worth 0 in the initial meld"
			}
			return "is worth the tile it replaces"
		}},
	{path: "opening.first_round_locked", kind: kBool, doc: "during the first round the sets on the table may not be changed, only added to",
		get: func(r *core.Rules) any { return r.Opening.FirstRoundLocked }, set: func(r *core.Rules, v any) { r.Opening.FirstRoundLocked = v.(bool) },
		subject: "the sets on the table", pronoun: "they", say: func(v any) string {
			if v.(bool) {
				return "may not be changed during the first round"
			}
			return "may be changed from the first round on"
		}},

	{path: "opening.lock_ends", kind: kEnum, words: []string{"first_round", "all_opened"}, doc: "when the first-round lock lifts: after every seat has had a turn, or once every player has made the initial meld",
		get:     func(r *core.Rules) any { return r.Opening.LockEnds.String() },
		set:     func(r *core.Rules, v any) { r.Opening.LockEnds = core.LockEnds(index(v, "first_round", "all_opened")) },
		subject: "the lock on the table's sets", pronoun: "it", say: func(v any) string {
			if v == "all_opened" {
				return "lifts once every player has made the initial meld"
			}
			return "lifts after the first round"
		}},

	{path: "joker.penalty", kind: kInt, min: 0, max: 1000, doc: "what a joker left on a rack costs",
		get: func(r *core.Rules) any { return r.Joker.Penalty }, set: func(r *core.Rules, v any) { r.Joker.Penalty = v.(int) },
		subject: "a joker left on a rack", pronoun: "it", say: func(v any) string { return fmt.Sprintf("costs %d points", v) }},
	{path: "joker.take_before_opening", kind: kBool, doc: "may a player who has not opened free a joker from the table?",
		get: func(r *core.Rules) any { return r.Joker.TakeBeforeOpening }, set: func(r *core.Rules, v any) { r.Joker.TakeBeforeOpening = v.(bool) },
		subject: "a player who has not opened", pronoun: "such a player", say: func(v any) string {
			if v.(bool) {
				return "may free a joker from the table"
			}
			return "may not free a joker from the table"
		}},
	{path: "joker.replace_from", kind: kEnumList, words: []string{"rack", "table", "drawn"}, doc: "where the tile that frees a joker may come from: the player's rack, another set on the table, the tile just drawn",
		get:     func(r *core.Rules) any { return sourceWords(r.Joker.ReplaceFrom) },
		set:     func(r *core.Rules, v any) { r.Joker.ReplaceFrom = sourceBits(v.([]string)) },
		subject: "the tile that frees a joker", pronoun: "it", say: func(v any) string {
			words := v.([]string)
			if len(words) == 0 {
				return "cannot be placed: a joker is freed only by rearranging"
			}
			places := map[string]string{"rack": "the player's rack", "table": "another set on the table", "drawn": "the tile just drawn"}
			parts := make([]string, len(words))
			for i, w := range words {
				parts[i] = places[w]
			}
			return "may come from " + orList(parts)
		}},
	{path: "joker.keep", kind: kBool, doc: "may a freed joker go to the player's rack? (otherwise it must be played again the same turn)",
		get: func(r *core.Rules) any { return r.Joker.Keep }, set: func(r *core.Rules, v any) { r.Joker.Keep = v.(bool) },
		subject: "a freed joker", pronoun: "it", say: func(v any) string {
			if v.(bool) {
				return "may be kept on the rack"
			}
			return "must be played again the same turn"
		}},

	{path: "draw.tiles", kind: kInt, min: 0, max: 20, doc: "what a turn that places nothing draws",
		get: func(r *core.Rules) any { return r.Draw.Tiles }, set: func(r *core.Rules, v any) { r.Draw.Tiles = v.(int) },
		subject: "a turn that places nothing", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "draws nothing"
			}
			return "draws " + plural(v.(int), "tile", "tiles")
		}},
	{path: "time_limit.seconds", kind: kInt, min: 0, max: 3600, doc: "seconds per turn; 0 for no limit",
		get: func(r *core.Rules) any { return r.TimeLimit.Seconds }, set: func(r *core.Rules, v any) { r.TimeLimit.Seconds = v.(int) },
		subject: "a turn", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "has no time limit"
			}
			return "has " + plural(v.(int), "second", "seconds")
		}},
	{path: "time_limit.penalty_tiles", kind: kInt, min: 0, max: 20, doc: "tiles drawn by a player out of time (the turn ends, the table is restored)",
		get: func(r *core.Rules) any { return r.TimeLimit.PenaltyTiles }, set: func(r *core.Rules, v any) { r.TimeLimit.PenaltyTiles = v.(int) },
		subject: "running out of time", pronoun: "it", say: func(v any) string {
			return "costs " + plural(v.(int), "penalty tile", "penalty tiles")
		}, applies: timeLimit},
	{path: "failed_play.penalty_tiles", kind: kInt, min: 0, max: 20, doc: "tiles a refused play costs (and it ends the turn); 0 lets the player try again",
		get: func(r *core.Rules) any { return r.FailedPlay.PenaltyTiles }, set: func(r *core.Rules, v any) { r.FailedPlay.PenaltyTiles = v.(int) },
		subject: "a refused play", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "may be tried again"
			}
			return "costs " + plural(v.(int), "penalty tile", "penalty tiles") + " and ends the turn"
		}},
	{path: "end_of_pool.losers_score", kind: kEnum, words: []string{"own", "difference"}, doc: "when the pool runs out: each loser scores minus their own rack, or minus the difference from the winner's",
		get:     func(r *core.Rules) any { return r.EndOfPool.LosersScore.String() },
		set:     func(r *core.Rules, v any) { r.EndOfPool.LosersScore = core.LosersScore(index(v, "own", "difference")) },
		subject: "a loser's score when the pool runs out", pronoun: "it", say: func(v any) string {
			if v == "own" {
				return "is minus their own rack total"
			}
			return "is minus the difference between their rack and the winner's"
		}},
	{path: "match.rounds", kind: kInt, min: 0, max: 100, doc: "rounds in a match; 0 for one per player",
		get: func(r *core.Rules) any { return r.Match.Rounds }, set: func(r *core.Rules, v any) { r.Match.Rounds = v.(int) },
		subject: "a match", pronoun: "it", say: func(v any) string {
			if v.(int) == 0 {
				return "lasts one round per player"
			}
			return "lasts " + plural(v.(int), "round", "rounds")
		}},
	{path: "match.winner", kind: kEnum, words: []string{"most_rounds", "highest_total"}, doc: "most_rounds: most rounds won, ties by points; highest_total: the highest total score",
		get: func(r *core.Rules) any { return r.Match.Winner.String() },
		set: func(r *core.Rules, v any) {
			r.Match.Winner = core.MatchWinner(index(v, "most_rounds", "highest_total"))
		},
		subject: "the match", pronoun: "it", say: func(v any) string {
			if v == "highest_total" {
				return "goes to the highest total score"
			}
			return "goes to whoever wins most rounds, ties by points"
		}},

	{path: "hooks", kind: kString, optional: true, doc: "a Lua file beside this one with hook functions: deal, first_player, check_play, score_round, on_turn_end",
		get: func(r *core.Rules) any { return r.Hooks }, set: func(r *core.Rules, v any) { r.Hooks = v.(string) },
		subject: "the variant", pronoun: "it", say: func(v any) string {
			if v == "" {
				return "has no Lua hooks"
			}
			return "runs the Lua hooks of " + v.(string)
		}},
}

// keyByPath finds a key of the table.
var keyByPath = func() map[string]*key {
	m := make(map[string]*key, len(keys))
	for _, k := range keys {
		m[k.path] = k
	}
	return m
}()

// topLevel lists the top-level names in the table's order; children lists
// the keys of each map.
var topLevel, children = func() ([]string, map[string][]string) {
	var top []string
	kids := map[string][]string{}
	for _, k := range keys {
		head, tail, nested := strings.Cut(k.path, ".")
		if _, seen := kids[head]; !seen {
			top = append(top, head)
			kids[head] = nil
		}
		if nested {
			kids[head] = append(kids[head], tail)
		}
	}
	return top, kids
}()

func index(v any, words ...string) int {
	for i, w := range words {
		if v == w {
			return i
		}
	}
	panic(fmt.Sprintf("variants: %v is not one of %v", v, words))
}

var sourceOrder = []struct {
	word string
	bit  core.Source
}{{"rack", core.FromRack}, {"table", core.FromTable}, {"drawn", core.FromDrawn}}

func sourceWords(s core.Source) []string {
	out := []string{}
	for _, o := range sourceOrder {
		if s.Has(o.bit) {
			out = append(out, o.word)
		}
	}
	return out
}

func sourceBits(words []string) core.Source {
	var s core.Source
	for _, w := range words {
		for _, o := range sourceOrder {
			if o.word == w {
				s |= o.bit
			}
		}
	}
	return s
}

// pilesInWords says a list of pile sizes: "14 piles of 7 tiles and 1 of 8".
func pilesInWords(piles []int) string {
	if len(piles) == 0 {
		return "no piles"
	}
	var parts []string
	for i := 0; i < len(piles); {
		j := i
		for j < len(piles) && piles[j] == piles[i] {
			j++
		}
		if len(parts) == 0 {
			parts = append(parts, fmt.Sprintf("%s of %s", plural(j-i, "pile", "piles"), plural(piles[i], "tile", "tiles")))
		} else {
			parts = append(parts, fmt.Sprintf("%d of %d", j-i, piles[i]))
		}
		i = j
	}
	return andList(parts)
}

func orList(parts []string) string  { return joinList(parts, "or") }
func andList(parts []string) string { return joinList(parts, "and") }

func joinList(parts []string, word string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " " + word + " " + parts[len(parts)-1]
}

// format writes a value as YAML would: 14, true, left, [rack, table].
func format(v any) string {
	switch v := v.(type) {
	case []int:
		parts := make([]string, len(v))
		for i, n := range v {
			parts[i] = strconv.Itoa(n)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		return "[" + strings.Join(v, ", ") + "]"
	case string:
		if v == "" {
			return `""`
		}
		return v
	}
	return fmt.Sprint(v)
}
