package core

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The rule keys, declared once. Every way a Rules is written or read goes
// through this table: the YAML variant files and their schema.json (package
// variants), Lua tables (package scripts), "meldlab variants show/diff",
// the REPL's rules page, and Validate, which every way in calls. A key is
// named as the variant files nest it ("opening.points"); its type, range or
// words, default (the Spanish original, rulebook 000), meaning and the
// places where the books differ are here and nowhere else.

// KeyType is the type of a rule key's value.
type KeyType uint8

const (
	TextKey     KeyType = iota // a string
	IntKey                     // a whole number in Min..Max
	BoolKey                    // true or false
	WordKey                    // one of Words
	IntListKey                 // a list of whole numbers, each in Min..Max
	WordListKey                // a list of some of Words, each once, in Words' order
	ParamsKey                  // a map of names to text, whole numbers or booleans (Params)
)

// RuleKey is one rule key. Values pass as any: string (TextKey and WordKey),
// int, bool, []int, []string (WordListKey, in Words' order) or Params.
type RuleKey struct {
	Path     string // "players.min"
	Type     KeyType
	Min, Max int      // IntKey, and the items of IntListKey
	Words    []string // WordKey, WordListKey
	// Default is the value in the original (rulebook 000), the base every
	// variant inherits from; Original is built from these.
	Default any
	// Optional keys may be left out of a variant file that extends nothing.
	Optional bool
	// PerFile keys (name, title, source) belong to one variant file: they
	// are not rules, not inherited and not compared.
	PerFile bool
	Doc     string // what it means
	Books   string // where the four rulebooks differ on it ("" if they agree)
	// BoolWords: a WordKey whose first two words are false and true, which
	// may be written as booleans (sets.wrap was true or false before it
	// took ace_high): variant files and Lua read true for "true", and Lua
	// sees false and true as booleans.
	BoolWords bool
	// SaidWith is the key whose sentence already says this one's value
	// (deal.method's says deal.tiles): a page of every rule leaves it out.
	SaidWith string

	get func(r *Rules) any
	set func(r *Rules, v any)

	// applies, if set, says whether the key matters under r (deal.piles
	// only in a pile deal).
	applies func(r *Rules) bool
}

// Get is the key's value in r.
func (k *RuleKey) Get(r *Rules) any { return k.get(r) }

// Set sets the key's value in r; v must have the key's type and pass Check
// (an enumeration word not in Words sets the first word).
func (k *RuleKey) Set(r *Rules, v any) { k.set(r, v) }

// Applies reports whether the key matters under r: deal.piles only in a
// pile deal, time_limit.penalty_tiles only with a time limit.
func (k *RuleKey) Applies(r *Rules) bool { return k.applies == nil || k.applies(r) }

// Says reports whether the key has a sentence (the per-file keys do not).
func (k *RuleKey) Says() bool {
	_, ok := EnglishText("rulekey." + k.Path)
	return ok
}

// Sentence says the key's value under r as a clause of a learner's words,
// in any language: "a run needs at least 3 tiles". Its English is the
// message rulekey.PATH (core/messages_en.go), V the value; the deal's
// method says its tiles or piles too, and the sources of a joker's
// replacement are a list.
func (k *RuleKey) Sentence(r *Rules) Message {
	id := "rulekey." + k.Path
	switch k.Path {
	case "deal.method":
		return Msg(id, "V", k.get(r), "Tiles", r.Deal.Tiles, "Piles", pilesSay(r.Deal.Piles), "Take", r.Deal.Take)
	case "deal.piles":
		return Msg(id, "V", pilesSay(r.Deal.Piles))
	case "joker.replace_from":
		return Msg(id, "V", placesSay(r.Joker.ReplaceFrom), "None", r.Joker.ReplaceFrom == 0)
	case "opening.lock_ends":
		return Msg(id, "V", k.get(r), "Turns", r.Opening.LockTurns)
	case "match.rounds":
		return Msg(id, "V", k.get(r), "Target", r.Match.Target > 0)
	case "params":
		return Msg(id, "V", r.Params.String(), "None", len(r.Params) == 0)
	case "time_limit.mode":
		return Msg(id, "V", k.get(r), "Bank", r.TimeLimit.Bank, "Increment", r.TimeLimit.Increment)
	case "time_limit.increment":
		return Msg(id, "V", r.TimeLimit.Increment, "Mode", r.TimeLimit.Mode.String())
	}
	return Msg(id, "V", k.get(r))
}

// Want says what the key takes, for error messages: "a whole number".
func (k *RuleKey) Want() string {
	switch k.Type {
	case IntKey:
		return "a whole number"
	case BoolKey:
		return "true or false"
	case WordKey:
		return "one of " + strings.Join(k.Words, ", ")
	case IntListKey:
		return "a list of whole numbers, as [7, 7, 8]"
	case WordListKey:
		return "a list of some of " + strings.Join(k.Words, ", ") + ", as [" + k.Words[0] + "]"
	case ParamsKey:
		return "a map of names to values (" + ParamWant + "), as {seat: 2}"
	}
	return "text"
}

// TypeError is the error for a value of the wrong type, described by the
// caller ("the number 1.5", "a list"): "players.min must be a whole
// number, not "two"".
func (k *RuleKey) TypeError(got string) error {
	if got == "nothing" {
		return fmt.Errorf("%s has no value; it must be %s", k.Path, k.Want())
	}
	return fmt.Errorf("%s must be %s, not %s", k.Path, k.Want(), got)
}

// ValueError is a value out of a key's range or words. Word is the word
// not among the key's words, for a suggestion.
type ValueError struct {
	Key  *RuleKey
	Msg  string
	Word string
}

func (e *ValueError) Error() string { return e.Msg }

// Check checks a value of the key's type against its range or words; the
// error is a *ValueError. Its words are the same whichever way the value
// came in.
func (k *RuleKey) Check(v any) error {
	bad := func(word, format string, args ...any) error {
		return &ValueError{Key: k, Msg: fmt.Sprintf(format, args...), Word: word}
	}
	switch k.Type {
	case IntKey:
		n := v.(int)
		if n < k.Min || n > k.Max {
			return bad("", "%s is %d; it must be %d..%d", k.Path, n, k.Min, k.Max)
		}
	case WordKey:
		w := v.(string)
		if !slices.Contains(k.Words, w) {
			return bad(w, "%s is %q; it must be one of %s", k.Path, w, strings.Join(k.Words, ", "))
		}
	case IntListKey:
		for _, n := range v.([]int) {
			if n < k.Min || n > k.Max {
				return bad("", "%s has %d; each must be %d..%d", k.Path, n, k.Min, k.Max)
			}
		}
	case ParamsKey:
		if err := checkParams(v.(Params)); err != nil {
			err.(*ValueError).Key = k
			return err
		}
	case WordListKey:
		seen := map[string]bool{}
		for _, w := range v.([]string) {
			if !slices.Contains(k.Words, w) {
				return bad(w, "%s has %q; it may list %s", k.Path, w, strings.Join(k.Words, ", "))
			}
			if seen[w] {
				return bad("", "%s lists %s twice", k.Path, w)
			}
			seen[w] = true
		}
	}
	return nil
}

// RuleKeys lists every key in the variant files' order. The keys are
// shared: do not change them.
func RuleKeys() []*RuleKey { return ruleKeys }

// LookupRuleKey finds a key by path ("opening.points"); nil if there is none.
func LookupRuleKey(path string) *RuleKey { return ruleKeyByPath[path] }

// Format writes a value as a variant file does: 14, true, left, [rack, table].
func Format(v any) string {
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
	case Params:
		return v.String()
	}
	return fmt.Sprint(v)
}

func wordIndex(words []string, v any) uint8 {
	return uint8(max(slices.Index(words, v.(string)), 0))
}

func intKey(path string, lo, hi int, p func(r *Rules) *int) *RuleKey {
	return &RuleKey{Path: path, Type: IntKey, Min: lo, Max: hi,
		get: func(r *Rules) any { return *p(r) }, set: func(r *Rules, v any) { *p(r) = v.(int) }}
}

func boolKey(path string, p func(r *Rules) *bool) *RuleKey {
	return &RuleKey{Path: path, Type: BoolKey,
		get: func(r *Rules) any { return *p(r) }, set: func(r *Rules, v any) { *p(r) = v.(bool) }}
}

func textKey(path string, p func(r *Rules) *string) *RuleKey {
	return &RuleKey{Path: path, Type: TextKey,
		get: func(r *Rules) any { return *p(r) }, set: func(r *Rules, v any) { *p(r) = v.(string) }}
}

// wordKey is an enumeration: words[i] is the value i.
func wordKey[T ~uint8](path string, words []string, p func(r *Rules) *T) *RuleKey {
	return &RuleKey{Path: path, Type: WordKey, Words: words,
		get: func(r *Rules) any {
			if i := int(*p(r)); i < len(words) {
				return words[i]
			}
			return strconv.Itoa(int(*p(r)))
		},
		set: func(r *Rules, v any) { *p(r) = T(wordIndex(words, v)) }}
}

// with fills in the rest of a key declared by one of the makers above;
// what its values mean in words is the message rulekey.PATH.
func (k *RuleKey) with(def any, doc, books string) *RuleKey {
	k.Default, k.Doc, k.Books = def, doc, books
	return k
}

func drawDeal(r *Rules) bool   { return r.Deal.Method == DealDraw }
func pileDeal(r *Rules) bool   { return r.Deal.Method == DealPiles }
func timeLimit(r *Rules) bool  { return r.HasClock() }
func perTurn(r *Rules) bool    { return r.TimeLimit.Mode == PerTurn }
func chessClock(r *Rules) bool { return r.TimeLimit.Mode != PerTurn }

var ruleKeys = []*RuleKey{
	perFile(textKey("name", func(r *Rules) *string { return &r.Name }).with("original",
		"the variant's short name, as original or house/fifty (default: the file's name)", "")),
	perFile(textKey("title", func(r *Rules) *string { return &r.Title }).with("Rummikub, the original rules",
		"a line for people (default: the name)", "")),
	perFile(textKey("source", func(r *Rules) *string { return &r.Source }).with(
		"rulebook 000: El Original Rummikub, 2025 printing (Kod Kod / Lemada), Spanish",
		"the rulebook the variant comes from", "")),

	intKey("players.min", 2, 16, func(r *Rules) *int { return &r.Players.Min }).with(2,
		"the fewest players", ""),
	intKey("players.max", 2, 16, func(r *Rules) *int { return &r.Players.Max }).with(4,
		"the most players (the deal must serve that many)",
		"000 and 003: 2-4, 5-6 with the 160-tile XP box; 001: 2-4; 002: \"2 or more\""),

	intKey("tiles.colors", 1, MaxColors, func(r *Rules) *int { return &r.Tiles.Colors }).with(4,
		"colours in the box, in this order: black (k), red (r), blue (b), orange (o), then for a house box of 5 or 6 green (g) and purple (p)",
		"the four books: 4"),
	intKey("tiles.numbers", 1, MaxNumber, func(r *Rules) *int { return &r.Tiles.Numbers }).with(13,
		"tiles are numbered 1 to this", ""),
	intKey("tiles.copies", 1, MaxCopies, func(r *Rules) *int { return &r.Tiles.Copies }).with(2,
		"copies of each numbered tile", "the XP box (000, 003, 5-6 players) has 3"),
	intKey("tiles.jokers", 0, MaxCopies, func(r *Rules) *int { return &r.Tiles.Jokers }).with(2,
		"jokers in the box", "001 counts 104 tiles yet deals 106: jokers implied; the XP box has 4"),
	optional(intKey("tiles.double_jokers", 0, MaxCopies, func(r *Rules) *int { return &r.Tiles.DoubleJokers }).with(0,
		"Rummikub Twist's double jokers (JD) in the box: each stands for two consecutive numbers of a run or two missing colours of a group, and counts both in the initial meld",
		"Twist: 2")),
	optional(intKey("tiles.mirror_jokers", 0, MaxCopies, func(r *Rules) *int { return &r.Tiles.MirrorJokers }).with(0,
		"Rummikub Twist's mirror jokers (JM) in the box: the tiles after one repeat, in reverse, the tiles before it ([r2 r3 JM r3 r2]); it counts 0 in the initial meld",
		"Twist: 2")),
	optional(intKey("tiles.color_change_jokers", 0, MaxCopies, func(r *Rules) *int { return &r.Tiles.ColorChangeJokers }).with(0,
		"Rummikub Twist's colour-change jokers (JC) in the box: each stands for one number of a run whose colour changes across it ([r3 r4 JC b6 b7])",
		"Twist: 2")),

	intKey("sets.min_run", 2, MaxNumber, func(r *Rules) *int { return &r.Sets.MinRun }).with(3,
		"the shortest run", ""),
	intKey("sets.min_group", 2, MaxColors, func(r *Rules) *int { return &r.Sets.MinGroup }).with(3,
		"the smallest group", ""),
	boolWords(wordKey("sets.wrap", wrapNames, func(r *Rules) *WrapMode { return &r.Sets.Wrap }).with("false",
		"may a run go on from the highest number to 1? false: no (the books); true: round and round, as 12-13-1 and 13-1-2 (a house rule); ace_high: 13 may be followed by 1 and nothing follows that 1, as 11-12-13-1, not 13-1-2 (tournament and online rules)",
		"")),
	optional(wordKey("sets.group_colors", groupColorsNames, func(r *Rules) *GroupColors { return &r.Sets.GroupColors }).with("distinct",
		"distinct: a group's tiles are of different colours; any: a group may repeat a colour (a beginners' rule), up to tiles.colors × tiles.copies tiles, each tile at most tiles.copies times",
		"")),
	optional(boolKey("sets.pair_runs", func(r *Rules) *bool { return &r.Sets.PairRuns }).with(false,
		"also a run of pairs: sets.min_run or more consecutive numbers, each twice, in one colour, as [r5 r5 r6 r6 r7 r7], a joker standing for a missing tile (a house rule); the solver leaves such a set as it lies",
		"")),
	optional(boolKey("sets.pairs", func(r *Rules) *bool { return &r.Sets.Pairs }).with(false,
		"also a pair: two of one tile, as [r5 r5], a joker standing for either (Okey 101); worth its numbers; the solver leaves such a set as it lies",
		"")),
	optional(boolKey("sets.mirror_runs", func(r *Rules) *bool { return &r.Sets.MirrorRuns }).with(false,
		"also a mirror run: up sets.min_run or more consecutive numbers and back down, in one colour, as [r4 r5 r6 r5 r4], a joker standing for a missing tile (a house rule); the solver leaves such a set as it lies",
		"")),

	{Path: "deal.method", Type: WordKey, Words: dealMethodNames, Default: "draw",
		Doc:   "draw: each player takes deal.tiles; piles: the pool is cut into deal.piles and each player takes deal.take of them",
		Books: "001: 15 face-down piles (14 of 7, 1 of 8), each player picks 2; the others: 14 tiles each",
		get:   func(r *Rules) any { return wordOf(dealMethodNames, uint8(r.Deal.Method)) },
		set:   func(r *Rules, v any) { r.Deal.Method = DealMethod(wordIndex(dealMethodNames, v)) },
	},
	optional(boolKey("deal.indicator", func(r *Rules) *bool { return &r.Deal.Indicator }).with(false,
		"Okey's deal: a numbered tile is turned up, out of play; the tile one above it in its colour (above the highest number, the 1) is the round's okey, wild, standing for any tile, and the box's jokers are false jokers, each standing for the okey's tile",
		"")),
	saidWith("deal.method", withApplies(intKey("deal.tiles", 1, 100, func(r *Rules) *int { return &r.Deal.Tiles }).with(14,
		"each player's hand, with method draw", ""), drawDeal)),
	saidWith("deal.method", optional(withApplies((&RuleKey{Path: "deal.piles", Type: IntListKey, Min: 1, Max: 255,
		get: func(r *Rules) any { return slices.Clone(r.Deal.Piles) },
		set: func(r *Rules, v any) {
			r.Deal.Piles = nil // no piles reads as nil, however written
			if len(v.([]int)) > 0 {
				r.Deal.Piles = slices.Clone(v.([]int))
			}
		}}).with([]int(nil),
		"the pile sizes, in order, with method piles", ""), pileDeal))),
	saidWith("deal.method", optional(withApplies(intKey("deal.take", 0, 100, func(r *Rules) *int { return &r.Deal.Take }).with(0,
		"piles each player takes, with method piles", ""), pileDeal))),

	wordKey("first_player", firstPlayerNames, func(r *Rules) *FirstPlayer { return &r.FirstPlayer }).with("highest_tile",
		"highest_tile: each draws a tile, the highest starts; seat: the first seat starts",
		"000 and 001 do not say; 002 and 003: each draws a tile, the highest starts"),
	wordKey("direction", directionNames, func(r *Rules) *Direction { return &r.Direction }).with("left",
		"the way play passes round the table", "000: to the left; 002: to the right; 003: clockwise; 001 does not say"),

	intKey("opening.points", 0, 1000, func(r *Rules) *int { return &r.Opening.Points }).with(30,
		"the least value of the initial meld", ""),
	optional(intKey("opening.pairs", 0, 50, func(r *Rules) *int { return &r.Opening.Pairs }).with(0,
		"an initial meld of this many pairs or more (sets.pairs), and nothing else, opens whatever its points: Okey 101's opening by 5 pairs; 0: none",
		"")),
	wordKey("opening.joker_value", jokerValueNames, func(r *Rules) *JokerValue { return &r.Opening.JokerValue }).with("represented",
		"a joker in the initial meld is worth the tile it represents, or zero",
		"002: a joker is worth nothing in the initial meld"),
	boolKey("opening.first_round_locked", func(r *Rules) *bool { return &r.Opening.FirstRoundLocked }).with(false,
		"during the first round the sets on the table may be neither changed nor added to: a player may only lay down new sets",
		"001 and 003 lock the table's sets during the first round"),
	withApplies(wordKey("opening.lock_ends", lockEndsNames, func(r *Rules) *LockEnds { return &r.Opening.LockEnds }).with("first_round",
		"when the first-round lock lifts: first_round, after every seat has had a turn; all_opened, once every player has made the initial meld; turns, for each player after their own first opening.lock_turns turns",
		"001's game \"begins when all have laid down 30 points\""), func(r *Rules) bool { return r.Opening.FirstRoundLocked }),
	saidWith("opening.lock_ends", optional(withApplies(intKey("opening.lock_turns", 0, MaxLockTurns, func(r *Rules) *int { return &r.Opening.LockTurns }).with(0,
		"with lock_ends: turns, how many of each player's own turns of the round the table's sets stay locked for (a house rule: 3)",
		""), func(r *Rules) bool { return r.Opening.FirstRoundLocked && r.Opening.LockEnds == LockTurns }))),

	optional(wordKey("table.manipulation", manipulationNames, func(r *Rules) *Manipulation { return &r.Table.Manipulation }).with("full",
		"what an opened player may do to the sets on the table: full, split, join, rearrange and take tiles, every set valid at the end (the books); add_only, lay new sets and add rack tiles to the sets on the table (at either end of a run, a new colour in a group), never split, rearrange or take from them, jokers included (the children's rule); none, lay new sets only, as the first-round lock, all game",
		"none of the books: My First Rummikub and first games with children play add_only")),
	intKey("joker.penalty", 0, 1000, func(r *Rules) *int { return &r.Joker.Penalty }).with(30,
		"what a joker left on a rack costs", ""),
	boolKey("joker.take_before_opening", func(r *Rules) *bool { return &r.Joker.TakeBeforeOpening }).with(false,
		"may a player who has not opened free a joker from the table?", ""),
	{Path: "joker.replace_from", Type: WordListKey, Words: sourceNames, Default: []string{"rack", "table"},
		Doc:   "where the tile that frees a joker may come from: the player's rack, another set on the table, the tile just drawn",
		Books: "000: the rack or rearranging; 002: the rack or the table; 003: the rack or the tile just drawn",
		get:   func(r *Rules) any { return r.Joker.ReplaceFrom.Names() },
		set: func(r *Rules, v any) {
			var s Source
			for _, w := range v.([]string) {
				if i := slices.Index(sourceNames, w); i >= 0 {
					s |= 1 << i
				}
			}
			r.Joker.ReplaceFrom = s
		},
	},
	boolKey("joker.keep", func(r *Rules) *bool { return &r.Joker.Keep }).with(false,
		"may a joker the player replaces with the tile it stands for, from their own rack, go to that rack? (any other freed joker must be played again the same turn)",
		"001: whoever holds the tile it stands for may take it and reuse it at will"),

	intKey("draw.tiles", 0, 20, func(r *Rules) *int { return &r.Draw.Tiles }).with(1,
		"what a turn that places nothing draws", ""),
	optional(intKey("draw.refill_to", 0, 100, func(r *Rules) *int { return &r.Draw.RefillTo }).with(0,
		"after a play that leaves fewer tiles on the rack (and does not empty it), the rack is filled back up to this many from the pool (Rummikub Word: 7); 0 for no refill",
		"")),
	optional(intKey("draw.tiles_opened", 0, 20, func(r *Rules) *int { return &r.Draw.TilesOpened }).with(0,
		"what a turn that places nothing draws once the player has made the initial meld (a house rule); 0: as draw.tiles",
		"")),
	withApplies(intKey("time_limit.seconds", 0, 3600, func(r *Rules) *int { return &r.TimeLimit.Seconds }).with(60,
		"seconds per turn, with mode per_turn; 0 for no limit", "001: none; 002: optional 1 minute (tournaments); 000 and 003: 1 minute"), perTurn),
	withApplies(intKey("time_limit.penalty_tiles", 0, 20, func(r *Rules) *int { return &r.TimeLimit.PenaltyTiles }).with(1,
		"tiles drawn by a player out of time (the turn ends, the table is restored)", "000: 1 tile; 003: 3 tiles"), timeLimit),
	optional(wordKey("time_limit.mode", clockModeNames, func(r *Rules) *ClockMode { return &r.TimeLimit.Mode }).with("per_turn",
		"per_turn: each turn has time_limit.seconds; fischer: a chess clock, each player's bank (time_limit.bank, again each round) loses what a turn takes and gains time_limit.increment a move; bronstein: a chess clock (FIDE) that runs from the start of each move and gives back the time it took, up to time_limit.increment seconds, after it; delay: a chess clock whose first time_limit.increment seconds of each move are free (the US delay)",
		"none of the books; tournaments and online play (Fischer: 10 minutes plus 10 s a move)")),
	saidWith("time_limit.mode", optional(withApplies(intKey("time_limit.bank", 0, 36000, func(r *Rules) *int { return &r.TimeLimit.Bank }).with(0,
		"seconds on each player's clock at the start of a round, with mode fischer, bronstein or delay", ""), chessClock))),
	saidWith("time_limit.mode", optional(withApplies(intKey("time_limit.increment", 0, 3600, func(r *Rules) *int { return &r.TimeLimit.Increment }).with(0,
		"seconds a move adds to the player's clock (fischer), the most it gives back (bronstein), or its free seconds (delay)", ""), chessClock))),
	intKey("failed_play.penalty_tiles", 0, 20, func(r *Rules) *int { return &r.FailedPlay.PenaltyTiles }).with(0,
		"tiles a refused play costs (and it ends the turn); 0 lets the player try again",
		"000: the turn ends; 003: as running out of time"),
	wordKey("end_of_pool.losers_score", losersScoreNames, func(r *Rules) *LosersScore { return &r.EndOfPool.LosersScore }).with("difference",
		"when the pool runs out: each loser scores minus their own rack, or minus the difference from the winner's",
		"000: minus (own total - the winner's); 002 and 003: minus their own total"),
	optional(wordKey("end_of_pool.play", poolPlayNames, func(r *Rules) *PoolPlay { return &r.EndOfPool.Play }).with("pass_round",
		"once the pool is empty: pass_round, the round ends when every player in a row has passed; must_place, the first player who places no tile ends it; score_now, the round is scored when the turn that emptied the pool ends; no_pass, a player who can place a tile may not pass (the tournament reading), the round ending as with pass_round",
		"000 and 002: play on until nobody can place a tile; 003: \"la pioche vient à être épuisée ... les joueurs ajoutent les points\" (read as play on)")),
	optional(intKey("scoring.unopened_penalty", 0, 1000, func(r *Rules) *int { return &r.Scoring.UnopenedPenalty }).with(0,
		"points a player who has not made the initial meld when the round ends loses on top, nobody gaining them (a house rule: -100); scores then need not sum to zero",
		"")),
	optional(intKey("scoring.round_to", 0, 100, func(r *Rules) *int { return &r.Scoring.RoundTo }).with(0,
		"round each round score to the nearest multiple of this, half away from zero (a house rule: to tens); 0 or 1 for none; scores then need not sum to zero",
		"")),
	optional((&RuleKey{Path: "scoring.zero_sum", Type: BoolKey,
		get: func(r *Rules) any { return !r.FreeSum() },
		set: func(r *Rules, v any) {
			r.Scoring.ZeroSum = nil // true, the default, reads as nil however written
			if !v.(bool) {
				r.Scoring.ZeroSum = new(bool)
			}
		}}).with(true,
		"whether a score_round hook's scores must add up to 0 (the books); false lets a hook score only the winner, or add a league's bonuses",
		"")),
	optional((&RuleKey{Path: "scoring.tile_values", Type: IntListKey, Min: 0, Max: 1000,
		get: func(r *Rules) any { return slices.Clone(r.Scoring.TileValues) },
		set: func(r *Rules, v any) {
			r.Scoring.TileValues = nil // none reads as nil, however written
			if len(v.([]int)) > 0 {
				r.Scoring.TileValues = slices.Clone(v.([]int))
			}
		}}).with([]int(nil),
		"what a tile left on a rack at the round's end counts, by number, from 1 (one value a number: [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10] is the American count); empty, its number; a joker counts joker.penalty",
		"")),
	intKey("match.rounds", 0, MaxMatchRounds, func(r *Rules) *int { return &r.Match.Rounds }).with(0,
		"rounds in a match; 0 for one per player, or with a match.target as many as it takes (at most 100)", "000: agreed, at least one a player"),
	wordKey("match.winner", matchWinnerNames, func(r *Rules) *MatchWinner { return &r.Match.Winner }).with("most_rounds",
		"most_rounds: most rounds won, ties by points; highest_total: the highest total score",
		"000: most rounds won; 003: the highest total score"),
	optional(intKey("match.target", 0, 10000, func(r *Rules) *int { return &r.Match.Target }).with(0,
		"the match ends after the round in which a player's total reaches this many points (a house rule: first to 200); 0 for no target",
		"")),

	optional(textKey("hooks", func(r *Rules) *string { return &r.Hooks }).with("",
		"a Lua file beside this one with hook functions: deal, first_player, check_play, check_set, score_round, on_turn_end", "")),
	optional(&RuleKey{Path: "params", Type: ParamsKey, Default: Params(nil),
		Doc: "values the hooks read, as view.params (read-only): a map of names to text, whole numbers or true or false, as {seat: 2}; a variant that sets params replaces its base's",
		get: func(r *Rules) any { return r.Params.Clone() },
		set: func(r *Rules, v any) { r.Params = v.(Params).Clone() }}),
}

func perFile(k *RuleKey) *RuleKey { k.PerFile = true; return k }
func saidWith(path string, k *RuleKey) *RuleKey {
	k.SaidWith = path
	return k
}
func optional(k *RuleKey) *RuleKey  { k.Optional = true; return k }
func boolWords(k *RuleKey) *RuleKey { k.BoolWords = true; return k }
func withApplies(k *RuleKey, f func(r *Rules) bool) *RuleKey {
	k.applies = f
	return k
}

func wordOf(words []string, v uint8) string {
	if int(v) < len(words) {
		return words[v]
	}
	return strconv.Itoa(int(v))
}

var ruleKeyByPath = func() map[string]*RuleKey {
	m := make(map[string]*RuleKey, len(ruleKeys))
	for _, k := range ruleKeys {
		m[k.Path] = k
	}
	return m
}()

// placesSay lists where a joker's replacement may come from, as the rules
// page says it: "the player's rack or another set on the table".
func placesSay(s Source) List {
	var parts []any
	for i, w := range sourceNames {
		if s&(1<<i) != 0 {
			parts = append(parts, Msg("place."+w))
		}
	}
	return List{Items: parts, Or: true}
}

// pilesSay says a list of pile sizes: "14 piles of 7 tiles and 1 of 8".
func pilesSay(piles []int) Message {
	if len(piles) == 0 {
		return MsgPilesNone()
	}
	var parts []any
	for i := 0; i < len(piles); {
		j := i
		for j < len(piles) && piles[j] == piles[i] {
			j++
		}
		id := "piles.more"
		if len(parts) == 0 {
			id = "piles.first"
		}
		parts = append(parts, Msg(id, "Count", j-i, "Tiles", piles[i]))
		i = j
	}
	return MsgPiles(List{Items: parts})
}
