package core

// Rules is one edition or house variant: every difference between the printed
// rulebooks is a field here, never a test of the edition's name. The YAML
// variant files (package variants) fill a Rules; their keys are named in the
// comments. Original returns the Spanish original (rulebook 000), the base
// that every other edition inherits from where its book is silent.
type Rules struct {
	Name   string `json:"name"`   // name: the variant's short name, as "original" or "house/fifty"
	Title  string `json:"title"`  // title: a line for people
	Source string `json:"source"` // source: the rulebook it comes from

	Players PlayerRange `json:"players"` // players: {min, max}
	Tiles   TileSet     `json:"tiles"`   // tiles: {colors, numbers, copies, jokers}
	Sets    SetShape    `json:"sets"`    // sets: {min_run, min_group, wrap, group_colors, pair_runs, pairs, mirror_runs}

	Deal        Deal        `json:"deal"`         // deal: {method, tiles, piles, take}
	FirstPlayer FirstPlayer `json:"first_player"` // first_player: highest_tile | seat
	Direction   Direction   `json:"direction"`    // direction: left | right (for display)

	Opening Opening `json:"opening"` // opening: {points, joker_value, first_round_locked}
	// Table is table: {manipulation}: what an opened player may do to the
	// sets already on the table. The zero value, as in a save without the
	// key, is the books' (anything, every set valid at the end).
	Table     TableRules `json:"table,omitzero"`
	Joker     JokerRules `json:"joker"`      // joker: {penalty, take_before_opening, replace_from, keep}
	Draw      DrawRules  `json:"draw"`       // draw: {tiles, tiles_opened}
	TimeLimit TimeLimit  `json:"time_limit"` // time_limit: {seconds, penalty_tiles}
	// FailedPlay is failed_play: {penalty_tiles}: a refused play costs this many
	// tiles and ends the turn. 0, the default, lets the player try again, as
	// software can (see docs/rules.md, "A failed play").
	FailedPlay FailedPlay `json:"failed_play"`
	EndOfPool  EndOfPool  `json:"end_of_pool"` // end_of_pool: {losers_score, play}
	// Scoring is scoring: {unopened_penalty, round_to}: changes to each
	// round's scores, after the hooks' score_round; with either set, scores
	// need not sum to zero.
	Scoring Scoring    `json:"scoring,omitzero"`
	Match   MatchRules `json:"match"` // match: {rounds, winner}

	// Hooks is the Lua file beside the YAML (hooks:), resolved by the loader;
	// empty for none. The engine calls the compiled hooks through Game.Hooks.
	Hooks string `json:"hooks"`
	// Params is params: values the hooks read (view.params); nil for none.
	Params Params `json:"params,omitempty"`

	// Wild is the round's okey under deal.indicator: the game sets it at
	// each deal (NoTile otherwise). It is no key of a variant file but the
	// deal's outcome, carried here so that every reader of the rules (the
	// set check, the solver, a hint) reads sets as the round's referee does.
	Wild Tile `json:"-"`
}

// PlayerRange is how many may play.
type PlayerRange struct {
	Min int `json:"min"`
	Max int `json:"max"` // at least Min; the deal must serve this many
}

// SetShape is the variant's set rules that do not come from the tile box.
type SetShape struct {
	MinRun   int      `json:"min_run"`
	MinGroup int      `json:"min_group"`
	Wrap     WrapMode `json:"wrap"` // may a run go 12-13-1? (false, true, ace_high)
	// GroupColors says whether a group's colours must differ; the zero
	// value, as in a save without the key, is DistinctColors.
	GroupColors GroupColors `json:"group_colors,omitempty"`
	// PairRuns (sets.pair_runs) also makes valid a run of pairs, each of
	// MinRun or more consecutive numbers twice in one colour, [r5 r5 r6 r6
	// r7 r7] (worth its numbers), a joker standing for a missing tile of
	// it; a shape of the house's (a Shaped set, as a check_set hook's),
	// which the solver leaves as it lies.
	PairRuns bool `json:"pair_runs,omitempty"`
	// Pairs (sets.pairs) also makes valid a pair, two of one tile, [r5 r5]
	// (worth its numbers), a joker standing for either: Okey 101's pairs,
	// a Shaped set the solver leaves as it lies.
	Pairs bool `json:"pairs,omitempty"`
	// MirrorRuns (sets.mirror_runs) also makes valid a mirror run, a run
	// that goes up to a number and back down in one colour, [r4 r5 r6 r5
	// r4]: MinRun or more numbers up, its highest once, the others twice,
	// a joker standing for a missing tile; a Shaped set, as a pair run.
	MirrorRuns bool `json:"mirror_runs,omitempty"`
}

// WrapMode is sets.wrap: whether a run may go on from the highest number
// to 1. It reads and writes false and true as booleans, as the key did
// before ace_high, so older files and saves read the same.
type WrapMode uint8

const (
	// NoWrap (false): a run stops at the highest number, no 13-1.
	NoWrap WrapMode = iota
	// WrapRound (true): the numbers go round, 12-13-1 and 13-1-2.
	WrapRound
	// AceHigh (ace_high): 13 may be followed by 1, and nothing follows that
	// 1: 11-12-13-1 is a run, 13-1-2 is not.
	AceHigh
)

func (w WrapMode) String() string { return wordOf(wrapNames, uint8(w)) }

// GroupColors is sets.group_colors: whether a group may repeat a colour.
type GroupColors uint8

const (
	// DistinctColors: one tile of each colour at most (the books).
	DistinctColors GroupColors = iota
	// AnyColors: colours may repeat (a beginners' rule); a group holds at
	// most tiles.colors × tiles.copies tiles, each at most tiles.copies times.
	AnyColors
)

func (g GroupColors) String() string { b, _ := g.MarshalText(); return string(b) }

// SetRules combines the tile box and the set shape into what set validation needs.
func (r Rules) SetRules() SetRules {
	return SetRules{Colors: r.Tiles.Colors, Numbers: r.Tiles.Numbers, Copies: r.Tiles.Copies,
		MinRun: r.Sets.MinRun, MinGroup: r.Sets.MinGroup, Wrap: r.Sets.Wrap, GroupColors: r.Sets.GroupColors,
		Twist: r.Tiles.Specials() > 0, Okey: r.Wild}
}

// DealMethod is how the tiles reach the racks.
type DealMethod uint8

const (
	// DealDraw: each player takes Deal.Tiles from the shuffled pool.
	DealDraw DealMethod = iota
	// DealPiles: the shuffled pool is cut into piles of Deal.Piles sizes; each
	// player takes Deal.Take piles; the other piles, in order, are the pool
	// (the Italian deal: 14 piles of 7 and 1 of 8, two each).
	DealPiles
)

func (m DealMethod) String() string { b, _ := m.MarshalText(); return string(b) }

// Deal is deal: {method, tiles, piles, take}.
type Deal struct {
	Method DealMethod `json:"method"`
	Tiles  int        `json:"tiles"`           // each player's hand with DealDraw
	Piles  []int      `json:"piles,omitempty"` // the pile sizes with DealPiles, in order
	Take   int        `json:"take,omitempty"`  // piles each player takes with DealPiles
	// Indicator is deal.indicator, Okey's deal: a numbered tile is turned
	// up from the pool, out of play; the tile one above it in its colour
	// (above the highest number, the 1) is the round's okey, wild (see
	// Rules.Wild), and the box's jokers are false jokers, each standing for
	// the okey.
	Indicator bool `json:"indicator,omitempty"`
}

// FirstPlayer is how the round's first player is chosen.
type FirstPlayer uint8

const (
	// HighestTile: each player draws a tile, the highest number starts (a joker
	// counts as nothing); ties draw again; the tiles go back to the pool.
	HighestTile FirstPlayer = iota
	// Seat: the first seat starts (seat order, rotating each round is up to the caller).
	Seat
)

func (f FirstPlayer) String() string { b, _ := f.MarshalText(); return string(b) }

// Direction is the way play passes round the table; it changes only how a
// game is shown, seats always play in index order.
type Direction uint8

const (
	Left Direction = iota
	Right
)

func (d Direction) String() string { b, _ := d.MarshalText(); return string(b) }

// JokerValue is what a joker is worth in the initial meld.
type JokerValue uint8

const (
	// Represented: the tile the joker stands for.
	Represented JokerValue = iota
	// Zero: nothing (the Novelty edition).
	Zero
)

func (v JokerValue) String() string { b, _ := v.MarshalText(); return string(b) }

// Opening is opening: {points, joker_value, first_round_locked}.
type Opening struct {
	Points     int        `json:"points"` // the initial meld's least value
	JokerValue JokerValue `json:"joker_value"`
	// FirstRoundLocked: during the first round (until every player has had a
	// turn) the sets on the table may not be changed, only new sets added.
	FirstRoundLocked bool `json:"first_round_locked"`
	// LockEnds is when that lock lifts (lock_ends): after the first cycle of
	// turns (the default, the books' "first round"), or only once every
	// player has made the initial meld (a reading of the Italian book, whose
	// game "begins when all have laid down 30 points").
	LockEnds LockEnds `json:"lock_ends"`
	// LockTurns is, with LockEnds LockTurns, how many of each player's own
	// turns of the round the lock holds for (lock_turns).
	LockTurns int `json:"lock_turns,omitempty"`
	// Pairs (opening.pairs) lets an initial meld of this many pairs or more
	// (sets.pairs), and nothing else, open whatever its points: Okey 101's
	// opening by five pairs. 0: no such opening.
	Pairs int `json:"pairs,omitempty"`
}

// MaxLockTurns is the most turns a lock of turns (Opening.LockTurns) may
// last.
const MaxLockTurns = 100

// LockEnds is when the first-round lock lifts.
type LockEnds uint8

const (
	// AfterFirstRound: once every seat has had one turn.
	AfterFirstRound LockEnds = iota
	// AllOpened: once every player has made the initial meld.
	AllOpened
	// LockTurns: once the player to play has had Opening.LockTurns turns of
	// their own this round.
	LockTurns
)

func (l LockEnds) String() string { b, _ := l.MarshalText(); return string(b) }

// TableRules is table: {manipulation}.
type TableRules struct {
	Manipulation Manipulation `json:"manipulation,omitempty"`
}

// Manipulation is what an opened player may do to the sets on the table
// (table.manipulation).
type Manipulation uint8

const (
	// FullManipulation (full): split, join, rearrange and take from the
	// table's sets, every tile still in a valid set at the end (the books).
	FullManipulation Manipulation = iota
	// AddOnly (add_only): the children's rule, "add to the sets on the
	// table, never split or rearrange them": each set on the table
	// survives whole inside a set of its own after the play, grown only by
	// rack tiles (at either end of a run, as new colours of a group);
	// nothing is taken from it, jokers included (each stands for the same
	// tile). New sets from the rack may be laid too.
	AddOnly
	// NewSetsOnly (none): the table's sets stay exactly as they are, as
	// under the first-round lock, all the time: new sets from the rack only.
	NewSetsOnly
)

func (m Manipulation) String() string { return wordOf(manipulationNames, uint8(m)) }

// Source is where a tile that frees a joker may come from; a bit set.
type Source uint8

const (
	FromRack  Source = 1 << iota // rack: the player's own rack
	FromTable                    // table: a tile moved from another set
	FromDrawn                    // drawn: the tile the player has just drawn
)

// Has reports whether s includes every source of o.
func (s Source) Has(o Source) bool { return s&o == o }

// JokerRules is joker: {penalty, take_before_opening, replace_from, keep}.
type JokerRules struct {
	Penalty           int    `json:"penalty"`             // a joker left on a rack costs this much (30)
	TakeBeforeOpening bool   `json:"take_before_opening"` // may a player who has not opened free a joker?
	ReplaceFrom       Source `json:"replace_from"`        // [rack, table, drawn]
	// Keep: a joker the player replaces with the tile it stands for, from
	// their own rack, may go to that rack (the Italian reading); a joker
	// freed any other way, and every freed joker without Keep, must be
	// played again the same turn.
	Keep bool `json:"keep"`
}

// DrawRules is draw: {tiles, tiles_opened}: what a turn that places
// nothing draws.
type DrawRules struct {
	Tiles int `json:"tiles"`
	// TilesOpened is what it draws once the player has made the initial
	// meld; 0, the default, means Tiles (a save without the key reads so).
	TilesOpened int `json:"tiles_opened,omitempty"`
	// RefillTo (draw.refill_to) fills the rack back up to this many tiles
	// from the pool after each play that leaves it with fewer and does not
	// empty it (Rummikub Word's 7-tile rack); 0, the default: no refill.
	RefillTo int `json:"refill_to,omitempty"`
}

// DrawCount is what a turn that places nothing draws for a player who has
// (opened) or has not made the initial meld.
func (d DrawRules) DrawCount(opened bool) int {
	if opened && d.TilesOpened > 0 {
		return d.TilesOpened
	}
	return d.Tiles
}

// TimeLimit is time_limit: {mode, seconds, bank, increment, penalty_tiles}.
// Under PerTurn each turn has Seconds (0: no limit); under Fischer,
// Bronstein and Delay each player has a chess clock: a bank of Bank seconds at the
// start of each round, and Increment seconds a move (see ClockMode).
type TimeLimit struct {
	Seconds      int       `json:"seconds"`
	PenaltyTiles int       `json:"penalty_tiles"`
	Mode         ClockMode `json:"mode"`
	Bank         int       `json:"bank"`
	Increment    int       `json:"increment"`
}

// ClockMode is how a turn's time is counted.
type ClockMode uint8

const (
	// PerTurn: each turn has TimeLimit.Seconds, whatever the turns before
	// took (the printed rules' minute).
	PerTurn ClockMode = iota
	// Fischer: a chess clock; each player's bank loses the time a turn
	// takes, then gains Increment seconds.
	Fischer
	// Bronstein (FIDE): a chess clock that runs from the start of the
	// move; after it, the time it took is given back, up to Increment
	// seconds. A player with 5 s left flags at 5 s.
	Bronstein
	// Delay (the US delay): the first Increment seconds of a turn pass
	// before the bank runs; only the time past them comes off it (what
	// bronstein meant before issue 40).
	Delay
)

func (m ClockMode) String() string { b, _ := m.MarshalText(); return string(b) }

// HasClock reports whether a turn can run out of time: a time per turn, or
// a chess clock.
func (r *Rules) HasClock() bool {
	return r.TimeLimit.Mode != PerTurn || r.TimeLimit.Seconds > 0
}

// FailedPlay is failed_play: {penalty_tiles}.
type FailedPlay struct {
	PenaltyTiles int `json:"penalty_tiles"`
}

// LosersScore is how the losers score when the pool runs out and nobody goes out.
type LosersScore uint8

const (
	// Own: each loser scores minus their own rack total.
	Own LosersScore = iota
	// Difference: each loser scores minus (own total - the winner's total).
	Difference
)

func (l LosersScore) String() string { b, _ := l.MarshalText(); return string(b) }

// PoolPlay is what play does once the pool is empty (end_of_pool.play).
type PoolPlay uint8

const (
	// PassRound: play on; the round ends when every player in a row has
	// passed (the books: "until nobody can place a tile").
	PassRound PoolPlay = iota
	// MustPlace: play on; the first player who places no tile ends the round
	// ("play the table").
	MustPlace
	// ScoreNow: the round is scored when the turn that emptied the pool ends
	// (a literal reading of 003: "la pioche vient à être épuisée ... les
	// joueurs ajoutent les points").
	ScoreNow
	// NoPass (no_pass): the tournament reading (WRC/MSO: "you must perform
	// a move that includes at least 1 tile from your hand"): once the pool
	// is empty a player who can place a tile may not pass (Draw refuses it,
	// ErrNoPass, where a play finder is registered: RegisterPlayFinder); the
	// round ends as under PassRound, when every player in a row has passed.
	NoPass
)

func (p PoolPlay) String() string { b, _ := p.MarshalText(); return string(b) }

// EndOfPool is end_of_pool: {losers_score, play}.
type EndOfPool struct {
	LosersScore LosersScore `json:"losers_score"`
	// Play is what an empty pool does to the round; the zero value, as in a
	// save without the key, is PassRound.
	Play PoolPlay `json:"play,omitempty"`
}

// Scoring is scoring: {unopened_penalty, round_to}. The zero value, as in a
// save without the keys, changes nothing.
type Scoring struct {
	// UnopenedPenalty is what a player who has not made the initial meld
	// when the round ends loses on top of the round's score (the winner
	// too, when the pool ran out); nobody gains it.
	UnopenedPenalty int `json:"unopened_penalty,omitempty"`
	// RoundTo rounds each round score to the nearest multiple of it, half
	// away from zero (-5 to tens is -10); 0 or 1: no rounding.
	RoundTo int `json:"round_to,omitempty"`
	// ZeroSum false (scoring.zero_sum: false) lets a score_round hook's
	// scores add up to anything: "only the winner scores", a league's
	// bonuses. nil is true, the books' zero-sum scoring: a save without
	// the key reads as it always did.
	ZeroSum *bool `json:"zero_sum,omitempty"`
	// TileValues (scoring.tile_values) are what a tile left on a rack at
	// the round's end counts, by number: TileValues[n-1] for number n (the
	// American 10 for 1 and 11-13, a family's 5/10/15/25); empty: its
	// number. The joker counts Joker.Penalty either way.
	TileValues []int `json:"tile_values,omitempty"`
}

// ZeroSum reports whether the rounds' scores sum to zero: unless the
// scoring keys change them (Scoring), they do.
func (r *Rules) ZeroSum() bool {
	return r.Scoring.UnopenedPenalty == 0 && r.Scoring.RoundTo <= 1 && !r.FreeSum()
}

// FreeSum reports whether a score_round hook's scores may add up to
// anything (scoring.zero_sum: false).
func (r *Rules) FreeSum() bool { return r.Scoring.ZeroSum != nil && !*r.Scoring.ZeroSum }

// RackValue is what the tiles of rack count at the round's end: each its
// number or its scoring.tile_values entry, a joker Joker.Penalty.
//
// Under Okey's deal (Wild) a rack is counted as its tiles play: an okey
// left over is a joker, a false joker the okey's tile.
func (r *Rules) RackValue(rack Multiset) int {
	if r.Wild != NoTile {
		rack = MultisetOf(SwapWild(rack.Tiles(), r.Wild)...)
	}
	if len(r.Scoring.TileValues) == 0 {
		return rack.Value(r.Joker.Penalty)
	}
	v := (rack.Jokers() + rack.Specials()) * r.Joker.Penalty // Twist's too, as Value counts them
	for _, t := range rack.Tiles() {
		if n := t.Number(); n >= 1 && n <= len(r.Scoring.TileValues) {
			v += r.Scoring.TileValues[n-1]
		} else if !t.IsJoker() {
			v += n
		}
	}
	return v
}

// MatchWinner is how a match's winner is chosen.
type MatchWinner uint8

const (
	// MostRounds: most rounds won; ties go to the higher total.
	MostRounds MatchWinner = iota
	// HighestTotal: the highest total score.
	HighestTotal
)

func (m MatchWinner) String() string { b, _ := m.MarshalText(); return string(b) }

// MatchRules is match: {rounds, winner, target}; Rounds 0 means one per
// player, or, with a Target, no set number (at most MaxMatchRounds).
type MatchRules struct {
	Rounds int         `json:"rounds"`
	Winner MatchWinner `json:"winner"`
	// Target ends the match after the round in which a player's total
	// reaches it ("first to 200"); 0, the default, means none. Winner still
	// picks the match's winner: highest_total gives it to the highest total.
	Target int `json:"target,omitempty"`
}

// MaxMatchRounds is the most rounds a match may have: match.rounds' largest
// value, and the length of a match to a target that no player reaches.
const MaxMatchRounds = 100

// Original returns the rules of the Spanish original (rulebook 000), the
// default variant and the base the others inherit from: every key's Default
// (see RuleKeys).
func Original() Rules {
	var r Rules
	for _, k := range ruleKeys {
		k.set(&r, k.Default)
	}
	return r
}
