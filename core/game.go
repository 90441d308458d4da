package core

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Game is the referee of a match: the pool, the racks, the table, whose turn
// it is, who has opened, the scores, and every action so far. Rules decide
// everything a printed edition could change; Hooks, when set, are the
// variant's Lua answers (see Hooks).
//
// A Game is driven one action at a time by the player whose turn it is
// (Play, Draw, Timeout, EndTurn) and between rounds by NextRound. An action
// the rules refuse returns a *RuleError and changes nothing, unless the
// variant charges for failed plays (Rules.FailedPlay). All randomness comes
// from a generator seeded by the game's seed and owned by the game, so a game
// is reproducible from its seed and its actions (see Replay), and a saved
// game resumes exactly (see Save).
//
// A Game is not safe for concurrent use; Clone gives an independent copy.
type Game struct {
	Rules Rules
	// Hooks are the variant's hooks; nil: none. The game owns them: Close
	// closes them (when they are an io.Closer), once; set them with
	// SetHooks, which closes the ones they replace.
	Hooks Hooks
	// borrowed: the hooks belong to the game this one was cloned from.
	borrowed bool

	seed    uint64
	names   []string
	s       state
	rng     *rand.Rand // draws from s.pcg
	history []Action
}

// state is everything an action may change, kept together so a snapshot is
// one copy (hooks may fail after a change: the game then goes back to it).
type state struct {
	round     int
	turn      int // turns ended this round
	current   int
	pool      []Tile // the draw end is the last element
	racks     []Multiset
	table     Table // never changed in place, only replaced: the history shares it (see sharedTable)
	aside     Multiset
	opened    []bool
	played    []int // turns each seat has ended this round (Opening.LockTurns)
	passes    int   // consecutive turns that neither placed nor drew; counts only once the pool is empty
	winners   []int // this round's winners in seat order; nil while the round goes on
	scores    []int // this round's scores; nil while the round goes on
	totals    []int
	won       []int
	champ     int  // the match winner; -1 until the match is over
	drawn     Tile // a tile just drawn that may still free a joker (FromDrawn); NoTile if none
	indicator Tile // Okey's indicator, turned up at the deal (deal.indicator); NoTile if none
	last      []Tile
	// rec is the last turn action's record, if recOK: a value, not a
	// pointer, so that keeping one costs no allocation; its slices are
	// never changed, so clones share them.
	rec   TurnRecord
	recOK bool
	// recSets, for an accepted play's record, is its check, from which
	// LastTurn works out the sets the play made, changed and undid (see
	// rememberPlay); nil otherwise. Never changed either.
	recSets *playCheck
	pcg     rand.PCG
	// clocks is each seat's bank in milliseconds under a chess clock
	// (TimeLimit.Mode fischer or bronstein), nil otherwise; used is the
	// time the current turn has taken so far (SetTurnTime), charged when
	// the turn ends and kept in the history (Action.Used), so that a
	// replay gives the same clocks.
	clocks []int
	used   int
}

// clone copies s deeply, keeping nil slices nil so snapshots compare equal.
func (s *state) clone() state {
	c := *s
	c.pool = cloneSlice(s.pool)
	c.racks = cloneSlice(s.racks)
	c.table = s.table.Clone()
	c.opened = cloneSlice(s.opened)
	c.played = cloneSlice(s.played)
	c.winners = cloneSlice(s.winners)
	c.scores = cloneSlice(s.scores)
	c.totals = cloneSlice(s.totals)
	c.won = cloneSlice(s.won)
	c.last = cloneSlice(s.last)
	c.clocks = cloneSlice(s.clocks)
	return c
}

func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// NewGame starts a match for the named players (one a seat, in play order)
// under rules: it checks the player count against Rules.Players, shuffles the box with a generator
// seeded by seed, picks the first player and deals round 1.
func NewGame(rules Rules, players []string, seed uint64) (*Game, error) {
	return NewGameWithHooks(rules, nil, players, seed)
}

// NewGameWithHooks is NewGame with the variant's hooks attached before the
// first deal, so that Hooks.Deal and Hooks.FirstPlayer see round 1 too.
// The game takes the hooks over: Game.Close closes them, and so does
// NewGameWithHooks itself when it fails.
func NewGameWithHooks(rules Rules, hooks Hooks, players []string, seed uint64) (g *Game, err error) {
	defer func() {
		if err != nil {
			closeHooks(hooks)
		}
	}()
	if err := checkRules(&rules, len(players)); err != nil {
		return nil, err
	}
	// The history starts with room for a round of four players (some 35
	// actions): it would otherwise be copied six times on the way there,
	// and the lab starts thousands of games.
	g = &Game{Rules: rules, Hooks: hooks, seed: seed, history: make([]Action, 0, historyRoom)}
	g.names = make([]string, len(players))
	for i, p := range players {
		if p == "" {
			p = "player " + strconv.Itoa(i+1)
		}
		g.names[i] = p
	}
	n := len(players)
	g.s = state{
		round:  1,
		racks:  make([]Multiset, n),
		opened: make([]bool, n),
		played: make([]int, n),
		totals: make([]int, n),
		won:    make([]int, n),
		champ:  -1,
		pcg:    *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15),
	}
	g.rng = rand.New(&g.s.pcg)
	if err := g.startRound(); err != nil {
		return nil, err
	}
	return g, nil
}

// historyRoom is the actions a new game's history has room for.
const historyRoom = 64

// checkRules refuses rules and player counts no game can be played with:
// the rules as Validate checks them, then the number of players.
func checkRules(r *Rules, n int) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("%s: %w", r.words(), err)
	}
	lo, hi := r.Players.Min, r.Players.Max
	if n < lo || n > hi {
		return r.refusal(ErrPlayers, 0, MsgRulePlayers(r.says(), lo, hi, n))
	}
	// Validate checked the deal for the most players, so it serves these;
	// checked again, as what a refusal would say.
	size := r.Tiles.Size()
	switch r.Deal.Method {
	case DealDraw:
		if n*r.Deal.Tiles > size {
			return r.refusal(ErrDeal, 0, MsgRuleDealTiles(r.says(), r.Deal.Tiles, n, n*r.Deal.Tiles, size))
		}
	case DealPiles:
		if n*r.Deal.Take > len(r.Deal.Piles) {
			return r.refusal(ErrDeal, 0, MsgRuleDealPiles(r.says(), r.Deal.Take, n, n*r.Deal.Take, len(r.Deal.Piles)))
		}
	}
	return nil
}

// Seed is the seed the game was created with.
func (g *Game) Seed() uint64 { return g.seed }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.names) }

// Names lists the players in seat order.
func (g *Game) Names() []string { return cloneSlice(g.names) }

// Name is the player of seat (from 0): Names()[seat] without copying the
// list, for the many places that name one player (the one to play).
func (g *Game) Name(seat int) string { return g.names[seat] }

// Rename gives seat i (from 0) a new name, as a front shows it: a lesson
// calls its learner "you" and the others "player 2" in the learner's
// language.
func (g *Game) Rename(i int, name string) {
	if i >= 0 && i < len(g.names) && name != "" {
		g.names[i] = name
	}
}

// Round is the round being played, from 1.
func (g *Game) Round() int { return g.s.round }

// Turn is the number of turns ended this round.
func (g *Game) Turn() int { return g.s.turn }

// Current is the seat to play, from 0.
func (g *Game) Current() int { return g.s.current }

// Rack is the tiles on the rack of seat (empty for a seat out of range).
func (g *Game) Rack(seat int) Multiset {
	if seat < 0 || seat >= len(g.s.racks) {
		return Multiset{}
	}
	return g.s.racks[seat]
}

// Table is a deep copy of the table.
func (g *Game) Table() Table { return g.s.table.Clone() }

// Pool is the number of tiles left in the pool.
func (g *Game) Pool() int { return len(g.s.pool) }

// SetAside is the tiles out of play (a scenario's unused tiles, see Setup).
func (g *Game) SetAside() Multiset { return g.s.aside }

// Opened reports whether seat has made its initial meld this round.
func (g *Game) Opened(seat int) bool { return seat >= 0 && seat < len(g.s.opened) && g.s.opened[seat] }

// RoundOver reports whether the round has ended.
func (g *Game) RoundOver() bool { return g.s.winners != nil }

// Winner is this round's winner, -1 while the round goes on. A shared round
// (see ScoreRound) reports the first of the tied winners; Winners lists all.
func (g *Game) Winner() int {
	if len(g.s.winners) == 0 {
		return -1
	}
	return g.s.winners[0]
}

// Winners lists this round's winners in seat order (more than one only for a
// shared round); nil while the round goes on.
func (g *Game) Winners() []int { return cloneSlice(g.s.winners) }

// RoundScores is this round's scores, one a seat; nil while the round goes on.
func (g *Game) RoundScores() []int { return cloneSlice(g.s.scores) }

// Totals is the match totals so far, one a seat.
func (g *Game) Totals() []int { return cloneSlice(g.s.totals) }

// RoundsWon is the rounds each seat has won (a shared round counts for each
// of its winners).
func (g *Game) RoundsWon() []int { return cloneSlice(g.s.won) }

// MatchOver reports whether the last round of the match has ended.
func (g *Game) MatchOver() bool { return g.s.champ >= 0 }

// MatchWinner is the match winner, -1 until the match is over.
func (g *Game) MatchWinner() int { return g.s.champ }

// Rounds is the most rounds the match may have: Rules.Match.Rounds, or when
// that is 0 one a player, or MaxMatchRounds for a match to a target
// (Rules.Match.Target), which may end sooner.
func (g *Game) Rounds() int {
	switch {
	case g.Rules.Match.Rounds > 0:
		return g.Rules.Match.Rounds
	case g.Rules.Match.Target > 0:
		return MaxMatchRounds
	}
	return len(g.names)
}

// targetReached reports whether a player's total has reached the match's
// target (Rules.Match.Target), if it has one.
func (g *Game) targetReached() bool {
	t := g.Rules.Match.Target
	if t <= 0 {
		return false
	}
	for _, x := range g.s.totals {
		if x >= t {
			return true
		}
	}
	return false
}

// DrawnTile is the tile a Draw left waiting to free a joker (see Draw and
// FromDrawn): while it is not NoTile the turn is still open.
func (g *Game) DrawnTile() Tile { return g.s.drawn }

// View is the snapshot hooks and bots see, for seat (from 0), or with seat
// -1 the referee's view, whose Rack is the current player's. It returns nil
// for a seat out of range.
func (g *Game) View(seat int) *View { return g.view(seat, true) }

// ReadView is View for a reader that changes nothing of it: its Table is
// the game's own table, not a copy. The game never changes a table in
// place, only replaces it (a play's table becomes the game's), so the
// view's table stays as it was even past the turn; but a set of it changed
// in place would change the game's. The bots that only read (bots.Ask)
// get it: the table's copy, a set at a time, was a third of the
// allocations of a lab's turn (issue 47, item 7).
func (g *Game) ReadView(seat int) *View { return g.view(seat, false) }

// view is View, with the table copied (copyTable) or the game's own
// (ReadView).
func (g *Game) view(seat int, copyTable bool) *View {
	if seat < -1 || seat >= len(g.names) {
		return nil
	}
	rackSeat := seat
	if seat < 0 {
		rackSeat = g.s.current
	}
	v := &View{
		Variant:  g.Rules.Name,
		Round:    g.s.round,
		Turn:     g.s.turn,
		Current:  g.s.current,
		Seat:     seat,
		Rack:     g.s.racks[rackSeat].Tiles(),
		Racks:    make([]int, len(g.s.racks)),
		Opened:   cloneSlice(g.s.opened),
		Locked:   g.locked(),
		Table:    g.s.table,
		Pool:     len(g.s.pool),
		Scores:   cloneSlice(g.s.totals),
		Winner:   g.Winner(),
		Winners:  cloneSlice(g.s.winners),
		LastPlay: cloneSlice(g.s.last),
	}
	for i := range g.s.racks {
		v.Racks[i] = g.s.racks[i].Len()
	}
	if copyTable {
		v.Table = v.Table.Clone()
	}
	return v
}

// locked reports whether the first-round lock holds this turn: the sets on
// the table may not change, only new sets be added.
func (g *Game) locked() bool {
	o := g.Rules.Opening
	if !o.FirstRoundLocked {
		return false
	}
	switch o.LockEnds {
	case AllOpened:
		for _, opened := range g.s.opened {
			if !opened {
				return true
			}
		}
		return false
	case LockTurns:
		// The player's own turns, whoever started and whatever a scenario
		// set up (see Setup.Turn).
		return g.s.played[g.s.current] < o.LockTurns
	}
	return g.s.turn < len(g.names)
}

// Locked reports whether the current player may only add new sets this
// turn, the sets on the table being locked (Opening.FirstRoundLocked).
func (g *Game) Locked() bool { return g.locked() }

// Clone returns an independent copy of the game, its generator and its
// history included: both go on to make the same draws. The copy borrows the
// Hooks value (closing the copy leaves them open); hooks that keep state of
// their own need a fresh instance (SetHooks).
//
// The history is shared, not copied: it is append-only and a recorded
// action never changes (every caller gets copies, see History), so the
// copy holds the recorded prefix with its capacity clipped. An action
// either game records then goes into an array of its own (the copy's
// first append reallocates; the original's writes past the prefix, which
// the copy cannot see), and a history cut back (a failed deal or hook)
// is clipped too. Clone is what undo keeps at every turn: sharing makes it
// cost the state, not the whole match.
func (g *Game) Clone() *Game {
	c := &Game{Rules: g.Rules, Hooks: g.Hooks, borrowed: g.Hooks != nil, seed: g.seed, names: cloneSlice(g.names), s: g.s.clone()}
	c.Rules.Deal.Piles = cloneSlice(g.Rules.Deal.Piles)
	c.rng = rand.New(&c.s.pcg)
	c.history = slices.Clip(g.history)
	return c
}

// SetHooks gives the game new hooks (nil for none), which it then owns; the
// hooks it owned before are closed.
func (g *Game) SetHooks(h Hooks) {
	if g.Hooks != h && !g.borrowed {
		closeHooks(g.Hooks)
	}
	g.Hooks, g.borrowed = h, false
}

// Close releases what the game holds: its hooks' Lua state, once. A
// clone's borrowed hooks stay open for their owner. The game can still be
// read, and played on without hooks.
func (g *Game) Close() error {
	var err error
	if !g.borrowed {
		err = closeHooks(g.Hooks)
	}
	g.Hooks, g.borrowed = nil, false
	return err
}

func closeHooks(h Hooks) error {
	if c, ok := h.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// atomic runs an action. When it fails for any reason other than a rule (a
// hook's error), the game goes back to where it was: a *RuleError either
// changed nothing or charged a penalty that must stand.
func (g *Game) atomic(f func() error) error {
	if g.Hooks == nil {
		return f()
	}
	snap, n := g.s.clone(), len(g.history)
	err := f()
	if _, ok := err.(*RuleError); err != nil && !ok {
		g.s, g.history = snap, g.history[:n:n] // clipped: a clone may share what was cut (see Clone)
	}
	return err
}

// hookErr wraps a hook's failure with the variant and the hook's name,
// once: an error that already says them (a *HookError) is returned as is.
func (g *Game) hookErr(hook string, err error) error {
	var he *HookError
	if errors.As(err, &he) {
		return err
	}
	return &HookError{Variant: g.Rules.Name, Hook: hook, Err: err}
}

// seatName names a seat for messages: "Ann (seat 1)".
func (g *Game) seatName(seat int) string {
	return g.seatSays(seat).String()
}

// seatSays names a seat in any language: "ana (seat 1)".
func (g *Game) seatSays(seat int) Message {
	return MsgSeatName(g.names[seat], seat+1)
}
