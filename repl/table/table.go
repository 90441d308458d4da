package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/variants"
)

// Table is the game in play with its seats, the turn a person is staging
// and the undo snapshots: everything a lesson puts aside and gives back
// untouched. Its methods change the game and return what happened (a
// report, a list of events); the front end (the REPL's dispatcher, the
// browser's server) tells it in the learner's words.
type Table struct {
	now     func() time.Time // the clock of the turn timer
	botTime time.Duration    // each bot turn's time; 0: 10 seconds

	variantRef string            // the name or file the variant came from, for new
	variant    *variants.Variant // the variant, to make hooks for new games; nil for none
	game       *core.Game
	seats      []Seat
	undo       Undo
	ended      bool             // the current round's end has been told
	laidOut    map[int]bool     // seats whose rack a setup laid out this round
	last       *view.TurnReport // the last turn played, for explain last
	savedAt    int              // the game's history length when dealt, saved or loaded
	ws         *stage.Workspace // the person's staged turn; nil when no person is to play
	since      time.Time        // when the person's turn began, for the timer
	tables     *solve.Tables    // the solver's tables prepared for the last game dealt; nil: the default
}

// Solver is the solver's tables the hints search with: those prepared for
// the game last dealt (Dealer.New), or the package's default.
func (t *Table) Solver() *solve.Tables {
	if t.tables == nil {
		return solve.Default()
	}
	return t.tables
}

// New is an empty table: no game yet. now is the timer's clock (nil: the
// real one); botTime each bot turn's time (0: 10 seconds).
func New(now func() time.Time, botTime time.Duration) *Table {
	if now == nil {
		now = time.Now
	}
	return &Table{now: now, botTime: botTime}
}

// Game is the game in play; nil before the first.
func (t *Table) Game() *core.Game { return t.game }

// Seats are who plays each seat.
func (t *Table) Seats() []Seat { return t.seats }

// Stage is the turn the person to play is staging; nil when no person is
// to play (a bot's turn, the round over, bots stopped by Ctrl-C).
func (t *Table) Stage() *stage.Workspace { return t.ws }

// Last is the last turn played, for explain last.
func (t *Table) Last() (view.TurnReport, bool) {
	if t.last == nil {
		return view.TurnReport{}, false
	}
	return *t.last, true
}

// VariantRef is what new deals next: the name or file of the variant.
func (t *Table) VariantRef() string { return t.variantRef }

// Variant is the variant new games are dealt from, for their Lua hooks;
// nil when it has none or is not a file.
func (t *Table) Variant() *variants.Variant { return t.variant }

// UseVariant makes ref (its file v, nil for none) what new deals next.
func (t *Table) UseVariant(ref string, v *variants.Variant) { t.variantRef, t.variant = ref, v }

// Install puts a game in play with its seats: a fresh start (new, load, a
// lesson's scenario, a game from Lua), so the undo snapshots go. The hooks
// of the game it replaces are closed: a game owns its hooks.
func (t *Table) Install(g *core.Game, seats []Seat) {
	if old := t.game; old != nil && old.Hooks != g.Hooks {
		old.Close()
	}
	t.game, t.seats = g, seats
	// What new deals next: a game from Lua or a lesson names its rules as
	// it likes, and that name is never read as a file; only a shipped
	// variant's own rules make new deal that variant (a file given to new
	// sets the reference itself, after this).
	if v, _ := variants.Claim(g.Rules); v != nil {
		t.variantRef = g.Rules.Name
	}
	t.undo, t.ended, t.ws = Undo{}, g.RoundOver(), nil
	t.laidOut, t.last = nil, nil
	t.MarkSaved()
}

// Close releases the game's hooks (its Lua state), if it has any.
func (t *Table) Close() {
	if t.game != nil {
		t.game.Close()
	}
}

// Unsaved reports whether turns were played since the game was dealt,
// saved or loaded: leaving would lose them.
func (t *Table) Unsaved() bool { return t.game != nil && t.game.HistoryLen() != t.savedAt }

// MarkSaved notes that the game as it is now is kept (saved or loaded).
func (t *Table) MarkSaved() {
	if t.game != nil {
		t.savedAt = t.game.HistoryLen()
	}
}

// Human reports whether a person plays seat i.
func (t *Table) Human(i int) bool { return i >= 0 && i < len(t.seats) && t.seats[i].Bot == nil }

// HumanTurn reports whether a person is to play now.
func (t *Table) HumanTurn() bool {
	return t.game != nil && !t.game.RoundOver() && t.Human(t.game.Current())
}

// BotsWaiting reports whether a bot is to play and has not: Ctrl-C
// stopped the bots, and any turn command lets them go on.
func (t *Table) BotsWaiting() bool {
	return t.game != nil && !t.game.RoundOver() && !t.Human(t.game.Current())
}

// NeedTurn refuses a turn action when no person is to play.
func (t *Table) NeedTurn() error {
	g := t.game
	switch {
	case g == nil:
		return view.Fail(msg.ReplNoGame())
	case g.MatchOver():
		return view.Fail(msg.ReplMatchIsOver())
	case g.RoundOver():
		return view.Fail(msg.ReplRoundIsOver(g.Round(), g.Round()+1))
	case !t.Human(g.Current()):
		return view.Fail(msg.ReplBotTurn(g.Name(g.Current())))
	}
	return nil
}

// EventKind is what kind of thing happened at the table.
type EventKind int

const (
	// BotPlayed: a bot took its turn (Report, Tiles).
	BotPlayed EventKind = iota
	// BotsStopped: the bots stopped before a person's turn, Err says why
	// (nil: interrupted); Name is the bot to play. Any turn command lets
	// them go on.
	BotsStopped
	// RoundEnded: the round is over (told once a round).
	RoundEnded
	// TurnBegan: a person is to play, with a fresh staged turn; Shown
	// again when the turn had begun before (after a lesson, say).
	TurnBegan
)

// Event is one thing that happened at the table, for the front end to
// tell: a bot's turn with its report (also for explain last) and the tiles
// it placed or drew, the bots stopped, the round's end, a person's turn.
type Event struct {
	Kind   EventKind
	Report view.TurnReport
	Tiles  []core.Tile // placed (a play) or drawn
	Name   string      // BotsStopped: the bot to play
	Err    error       // BotsStopped: why (nil when interrupted)
}

// Settle brings the table up to date after the game changed: bots play
// until a person is to play or the round ends, then the round's end or the
// person's new turn (a fresh staged turn, an undo snapshot, the timer).
// What happened is returned in order.
func (t *Table) Settle(ctx context.Context) []Event {
	// Room for a turn of each seat and the event after them: an Event is
	// large, and growing the list would copy it over and again.
	evs := make([]Event, 0, len(t.seats)+1)
	g := t.game
	for !g.RoundOver() && !t.Human(g.Current()) {
		var err error
		if err = ctx.Err(); err == nil {
			var ev Event
			if ev, err = BotTurn(ctx, g, t.seats[g.Current()], t.botTime); err == nil {
				t.remember(ev.Report)
				evs = append(evs, ev)
				continue
			}
		}
		if ctx.Err() != nil {
			err = nil // interrupted, not failed
		}
		t.ws = nil
		return append(evs, Event{Kind: BotsStopped, Name: g.Name(g.Current()), Err: err})
	}
	if g.RoundOver() {
		t.ws = nil
		if !t.ended {
			t.ended = true
			evs = append(evs, Event{Kind: RoundEnded})
		}
		return evs
	}
	t.ended = false
	cur := g.Current()
	var keep func(core.Table) error
	if g.Rules.Joker.Keep {
		keep = g.CheckKeptJokers
	}
	t.ws = stage.NewWorkspace(g.Rules.SetRules(), g.Table(), g.Rack(cur), keep)
	fresh := t.undo.Mark(g)
	if fresh {
		t.since = t.now()
	}
	return append(evs, Event{Kind: TurnBegan})
}

// remember keeps a turn's report for explain last.
func (t *Table) remember(r view.TurnReport) { t.last = &r }

// Refusal is a play the referee refused at a cost: the variant charges for
// failed plays, so the turn ended (Penalty may be empty: an empty pool).
type Refusal struct {
	Err     error
	Penalty []core.Tile
}

// Commit plays after for the person to play. Accepted, it returns the
// turn's report (kept for explain last). Refused, the error says why and
// the game and the staged turn are exactly as before, unless the variant
// charges for failed plays: then the refusal comes back as a Refusal, the
// turn over.
func (t *Table) Commit(after core.Table) (view.TurnReport, *Refusal, error) {
	g := t.game
	name := g.Name(g.Current())
	before, round, turn := g.Table(), g.Round(), g.Turn()+1
	if err := g.Play(after); err != nil {
		var re *core.RuleError
		if errors.As(err, &re) && re.Ended {
			t.ws = nil // the turn is over: Settle starts the next
			return view.TurnReport{}, &Refusal{Err: err, Penalty: re.Penalty}, nil
		}
		return view.TurnReport{}, nil, err
	}
	r := view.ReportRecord(g.Rules.SetRules(), name, round, turn, before, g.LastTurn())
	t.remember(r)
	t.ws = nil // the turn is over: Settle starts the next
	return r, nil, nil
}

// Draw ends the person's turn with a draw (a pass when the pool is empty);
// the tiles drawn come back with the report, and dropped reports that
// staged edits were dropped.
func (t *Table) Draw() (r view.TurnReport, drawn []core.Tile, dropped bool, err error) {
	g := t.game
	name := g.Name(g.Current())
	dropped = t.ws != nil && t.ws.Changed()
	round, turn := g.Round(), g.Turn()+1
	if drawn, err = g.Draw(); err != nil {
		return view.TurnReport{}, nil, false, err
	}
	kind := core.ActDraw
	if len(drawn) == 0 {
		kind = core.ActPass
	}
	r = view.TurnReport{Player: name, Round: round, Turn: turn, Kind: kind, Drawn: len(drawn)}
	t.remember(r)
	t.ws = nil // Settle stages the next turn (this one, when the draw left it open)
	return r, drawn, dropped, nil
}

// EndTurn ends a turn left open by a draw that may free a joker.
func (t *Table) EndTurn() error {
	if err := t.game.EndTurn(); err != nil {
		if errors.Is(err, core.ErrTurnNotOpen) {
			return view.Fail(msg.ReplEndNotOpen())
		}
		return err
	}
	return nil
}

// Undo goes back to the start of the last person's turn before this one
// (Undo.Back); the timer starts again.
func (t *Table) Undo() error {
	g, err := t.undo.Back(t.game)
	if err != nil {
		return err
	}
	g.SetHooks(t.game.Hooks) // the copy owns the hooks now, as the game it replaces did
	t.game = g
	t.ended = g.RoundOver()
	t.since = t.now()
	return nil
}

// NextRound deals the next round.
func (t *Table) NextRound() error {
	if t.game == nil {
		return view.Fail(msg.ReplNoGame())
	}
	if err := t.game.NextRound(); err != nil {
		return err
	}
	t.ended = false
	return nil
}

// Setup changes the round's layout (core.Game.Setup), which checks the
// whole scenario and changes nothing when it refuses; laying is the seat
// whose rack sc lays out (-1: none). Tiles the scenario needs beyond the
// box's copies come off racks no setup has laid out (MakeRoom, with
// tiles drawn by rng). The undo snapshots go: the game no longer leads
// back to them.
func (t *Table) Setup(sc core.Setup, laying int, rng *rand.Rand) error {
	MakeRoom(t.game.Rules.Tiles, &sc, func(seat int) bool { return t.laidOut[seat] || seat == laying }, rng)
	if err := t.game.Setup(sc); err != nil {
		return err
	}
	if laying >= 0 {
		if t.laidOut == nil {
			t.laidOut = map[int]bool{}
		}
		t.laidOut[laying] = true
	}
	t.ended = false
	t.undo.Clear()
	return nil
}

// TimeLeft is the time the person to play has left, when their turn is
// timed (on: the timer runs).
func (t *Table) TimeLeft(on bool) (time.Duration, bool) {
	if !on || !t.HumanTurn() {
		return 0, false
	}
	return t.game.TimeForTurn() - t.now().Sub(t.since), true
}

// ChargeTurn tells the referee how long the person's turn has taken, for
// a chess clock (core.Game.SetTurnTime): the action that ends the turn
// charges it.
func (t *Table) ChargeTurn(on bool) {
	if on && t.HumanTurn() {
		t.game.SetTurnTime(t.now().Sub(t.since))
	}
}

// RestartTimer starts the person's turn timer again from now.
func (t *Table) RestartTimer() { t.since = t.now() }

// Paused moves the timer's start on by how long the table was set aside
// (a lesson): the clock waited.
func (t *Table) Paused(d time.Duration) { t.since = t.since.Add(d) }

// CanUndo reports whether undo has a turn to go back to.
func (t *Table) CanUndo() bool { return t.undo.Len() > 0 }

// Save writes the game and its seats to path (Save) and notes it kept.
func (t *Table) Save(path string) error {
	save := Save
	if IsRecord(path) {
		save = func(path string, g *core.Game, seats []Seat) error { return SaveRecord(path, g, seats, t.variantRef) }
	}
	if err := save(path, t.game, t.seats); err != nil {
		return err
	}
	t.MarkSaved()
	return nil
}

// Mark is the game in play as it was before a script ran, to tell whether
// the script changed it (Changed).
type Mark struct {
	game *core.Game
	hist int
}

// Mark notes the game in play, before a script runs.
func (t *Table) Mark() Mark {
	if t.game == nil {
		return Mark{}
	}
	return Mark{t.game, t.game.HistoryLen()}
}

// Changed reports whether a script changed the game since m, and then
// drops the undo snapshots, which no longer lead to it; the caller settles
// the table.
func (t *Table) Changed(m Mark) bool {
	if t.game == nil || t.game != m.game || t.game.HistoryLen() == m.hist {
		return false
	}
	t.ended = t.ended && t.game.RoundOver()
	t.undo.Clear()
	return true
}

// Rehearsal is a copy of the table whose staged turn starts again from
// the turn's start, to try edits on (a hint's steps): they leave this
// table as it is. The game is shared, so only the staged turn may change.
func (t *Table) Rehearsal() *Table {
	c := *t
	if t.ws != nil {
		ws := *t.ws
		ws.Reset()
		c.ws = &ws
	}
	return &c
}

// RehearsalAsStaged is Rehearsal with the staged turn as it is now, not
// as it began.
func (t *Table) RehearsalAsStaged() *Table {
	c := *t
	if t.ws != nil {
		c.ws = t.ws.Copy()
	}
	return &c
}

// Seated is a game with who plays each seat, ready to Install.
type Seated struct {
	Game  *core.Game
	Seats []Seat
}

// UndoLen is how many turns undo can go back through, and one: the
// snapshots kept (Undo.Len).
func (t *Table) UndoLen() int { return t.undo.Len() }
