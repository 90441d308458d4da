// Package tell is the game in play as a session tells it: what a line
// shows, in the learner's language. It runs the table's actions (package
// table) that end a turn and says what followed from them: the play or the
// draw, the bots' turns, the round's end, the person's turn with the table
// and rack. The parts above it (lessons, hints, puzzles, reviews) write
// through the same Teller, so a line's reply keeps its order.
//
// It knows no Session: the table it tells of is passed in, so that a
// lesson's table and the game it set aside are told alike.
package tell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// Teller holds what the line being run shows, and says it.
type Teller struct {
	Lang  *i18n.Printer
	Paint view.Painter
	// Reply is the text the line shows; kept from line to line, its room
	// with it.
	Reply bytes.Buffer
	// Errs is where an error met on the way (a bot's, a timeout's) is shown
	// at once, as the terminal's loop shows a line's error.
	Errs io.Writer
	// Turns are the turns the line played; RanOut is the turn the clock
	// ended before it: what a page shows on the table rather than in a log.
	Turns  []view.TurnReport
	RanOut *TimeUp
	// TimerOn reports whether the person's turns are timed now: the
	// session's switch, which a lesson holds off.
	TimerOn func() bool
}

// New is a Teller that says everything in lang, in colour when color is
// set, and shows errors met on the way on errs.
func New(lang i18n.Lang, color bool, errs io.Writer, timerOn func() bool) *Teller {
	return &Teller{Lang: i18n.New(lang), Paint: view.Painter{Color: color, Lang: i18n.New(lang)}, Errs: errs, TimerOn: timerOn}
}

// TimeUp is a turn the clock ended.
type TimeUp struct {
	Name    string // the seat
	You     bool   // the learner's own seat
	Seconds int    // the turn's time
	Drawn   []core.Tile
}

// Printf adds to the reply.
func (t *Teller) Printf(format string, args ...any) { fmt.Fprintf(&t.Reply, format, args...) }

// Write adds what Lua and the variant's hooks print to the reply, in order
// with the rest.
func (t *Teller) Write(p []byte) (int, error) { return t.Reply.Write(p) }

// Say says the message m in the learner's language.
func (t *Teller) Say(m core.Message) string { return t.Lang.Message(m) }

// Wrap adds the message m to the reply, filled to the width, its lines
// after the first indented by indent.
func (t *Teller) Wrap(indent string, m core.Message) {
	t.Reply.WriteString(view.Wrap(t.Say(m), view.Width, indent))
}

// IsYou reports whether a seat's name is the learner's default one: "you"
// in the learner's language (tú, tu, toi), or in English (a game saved in
// English).
func (t *Teller) IsYou(name string) bool { return view.IsYou(t.Lang, name) }

// ErrorText is an error as the learner reads it: in their language, without
// the Go packages it passed through, its control characters escaped (it
// may quote a file's text or a path) and its line breaks kept.
func (t *Teller) ErrorText(err error) string { return escape.String(UserWords(t.Lang.Error(err))) }

// Error shows an error at once, as the loops show a line's error:
// "error: ...". A refusal has its own label ("refused: ..."), said without
// "error: ".
func (t *Teller) Error(err error) {
	text := t.ErrorText(err)
	if m, ok := err.(core.Messager); !ok || !strings.HasPrefix(m.Message().ID, "repl.refused") {
		text = t.Say(msg.ReplError(text))
	}
	io.WriteString(t.Errs, view.Fit(text+"\n", view.Width))
}

// goPrefix is a Go package's name before an error's text ("bots: ",
// "core: load: "), at the start or after another error's colon.
var goPrefix = regexp.MustCompile(`(^|: )(?:core|scripts|bots|variants|sandbox|solve|sim|repl)(?:: load)?: `)

// UserWords is an error's text for the person at the keyboard: without the
// names of the Go packages it passed through ("seat \"x\": unknown bot"
// rather than "seat \"x\": bots: unknown bot").
func UserWords(text string) string { return goPrefix.ReplaceAllString(text, "$1") }

// Seats lists the seats: "ana, greedy (bot), bob".
func (t *Teller) Seats(seats []table.Seat) string {
	names, bots := make([]string, len(seats)), make([]bool, len(seats))
	for i, st := range seats {
		names[i], bots[i] = st.Name, st.Bot != nil
	}
	return t.Paint.Seats(names, bots)
}

// TimeLeft is the time the person to play on tab has left, when the turn
// is timed.
func (t *Teller) TimeLeft(tab *table.Table) (time.Duration, bool) { return tab.TimeLeft(t.TimerOn()) }

// Install puts a game in play on tab with its seats (table.Install) and
// tells what follows: the bots' turns, the person's turn.
func (t *Teller) Install(ctx context.Context, tab *table.Table, g *core.Game, seats []table.Seat) {
	tab.Install(g, seats)
	if g.Rules.Hooks != "" && g.Hooks == nil {
		t.Printf("%s\n", t.Say(msg.ReplHooksNotRun(core.VariantName(g.Rules.Name), g.Rules.Hooks)))
	}
	t.Settle(ctx, tab)
}

// Settle lets tab catch up after the game changed (table.Settle) and tells
// each thing that happened: the bots' turns, a stop, the round's end, the
// person's turn with the table and rack.
func (t *Teller) Settle(ctx context.Context, tab *table.Table) {
	evs := tab.Settle(ctx)
	played := 0
	for _, ev := range evs {
		if ev.Kind == table.BotPlayed {
			played++
		}
	}
	if played > 0 { // room for the bots' turns at once: a report is large
		t.Turns = slices.Grow(t.Turns, played)
	}
	for _, ev := range evs {
		switch ev.Kind {
		case table.BotPlayed:
			t.Turns = append(t.Turns, ev.Report)
			t.Printf("%s", t.Paint.BotTurn(ev.Report, ev.Tiles))
		case table.BotsStopped:
			if ev.Err != nil {
				t.Error(ev.Err)
			}
			t.Printf("%s\n", t.Say(msg.ReplBotsStopped(ev.Name)))
		case table.RoundEnded:
			t.Printf("%s", t.Paint.RoundEnd(tab.Game()))
		case table.TurnBegan:
			t.Turn(tab)
		}
	}
}

// Turn tells whose turn it is, the table and the rack.
func (t *Teller) Turn(tab *table.Table) {
	left, timed := t.TimeLeft(tab)
	ws := tab.Stage()
	t.Printf("%s", t.Paint.Turn(tab.Game(), ws.Shown(), ws.Left(), left, timed))
}

// Staged tells the staged table and the rack left, after an edit.
func (t *Teller) Staged(tab *table.Table) {
	ws := tab.Stage()
	t.Printf("%s", t.Paint.Staged(tab.Game(), ws.Shown(), ws.Left()))
}

// TimeUp ends the turn of a person whose time ran out, with the variant's
// penalty, and reports whether it did. The clock is read when the player
// acts: a turn cannot end while nobody types.
func (t *Teller) TimeUp(ctx context.Context, tab *table.Table) bool {
	left, ok := t.TimeLeft(tab)
	if !ok || left >= 0 {
		tab.ChargeTurn(t.TimerOn())
		return false
	}
	g := tab.Game()
	name := g.Name(g.Current())
	seconds := int(g.TimeForTurn().Round(time.Second).Seconds())
	drawn, err := g.Timeout()
	if err != nil {
		t.Error(err)
		return false
	}
	t.RanOut = &TimeUp{Name: name, You: t.IsYou(name), Seconds: seconds, Drawn: drawn}
	t.Wrap("  ", msg.ReplTimeUp(name, seconds, len(drawn) > 0, t.IsYou(name), t.Paint.Tiles(drawn)))
	t.Settle(ctx, tab)
	return true
}

// Commit plays after through the referee (table.Commit). Refused, the
// turn stays open and the staged edits stay, unless the variant charges
// for a failed play, which ends the turn.
func (t *Teller) Commit(ctx context.Context, tab *table.Table, after core.Table) error {
	g := tab.Game()
	name := g.Name(g.Current())
	r, refused, err := tab.Commit(after)
	switch {
	case err != nil:
		return view.Fail(msg.ReplRefusedKeep(err))
	case refused != nil:
		t.Printf("%s\n", t.Say(msg.ReplRefused(refused.Err)))
		if len(refused.Penalty) > 0 {
			t.Printf("%s\n", t.Say(msg.ReplPenalty(t.IsYou(name), name, t.Paint.Tiles(refused.Penalty))))
		}
	default:
		t.Turns = append(t.Turns, r)
		t.Printf("%s\n", t.Say(msg.ReplPlays(t.IsYou(name), name, t.Paint.Tiles(r.Placed))))
	}
	t.Settle(ctx, tab)
	return nil
}

// Draw draws for the person to play (or passes, the pool empty).
func (t *Teller) Draw(ctx context.Context, tab *table.Table) error {
	name := tab.Game().Name(tab.Game().Current())
	r, drawn, dropped, err := tab.Draw()
	if err != nil {
		return err
	}
	t.Turns = append(t.Turns, r)
	if dropped {
		t.Printf("%s\n", t.Say(msg.ReplDropped()))
	}
	if len(drawn) == 0 {
		t.Printf("%s\n", t.Say(msg.ReplPasses(t.IsYou(name), name)))
	} else {
		t.Printf("%s\n", t.Say(msg.ReplDraws(t.IsYou(name), name, t.Paint.Tiles(drawn))))
	}
	t.Settle(ctx, tab)
	return nil
}

// EndTurn ends a turn the variant lets end without a play or a draw.
func (t *Teller) EndTurn(ctx context.Context, tab *table.Table) error {
	name := tab.Game().Name(tab.Game().Current())
	if err := tab.EndTurn(); err != nil {
		return err
	}
	t.Printf("%s\n", t.Say(msg.ReplEnds(t.IsYou(name), name)))
	t.Settle(ctx, tab)
	return nil
}

// Undo takes back the last whole turn.
func (t *Teller) Undo(ctx context.Context, tab *table.Table) error {
	if err := tab.Undo(); err != nil {
		return err
	}
	g := tab.Game()
	t.Printf("%s\n", t.Say(msg.ReplUndoDone(t.IsYou(g.Name(g.Current())), g.Name(g.Current()), g.Round(), g.Turn()+1)))
	t.Settle(ctx, tab)
	return nil
}

// NextRound deals the match's next round.
func (t *Teller) NextRound(ctx context.Context, tab *table.Table) error {
	if err := tab.NextRound(); err != nil {
		return err
	}
	g := tab.Game()
	t.Printf("%s\n", t.Say(msg.ReplRoundDealt(g.Round(), t.Paint.Rounds(g))))
	t.Settle(ctx, tab)
	return nil
}

// Save saves the game on tab to path (table.Save).
func (t *Teller) Save(tab *table.Table, path string) error {
	if err := tab.Save(path); err != nil {
		return err
	}
	t.Printf("%s\n", t.Say(msg.ReplSaved(path)))
	return nil
}

// Lua runs f, a call into Lua, then catches up with what it did to the
// game on tab: a game that Lua changed is settled (the bots play, the turn
// shows), and the undo snapshots, which no longer lead to it, go.
func (t *Teller) Lua(ctx context.Context, tab *table.Table, f func() error) error {
	mark := tab.Mark()
	err := f()
	if tab.Changed(mark) {
		t.Settle(ctx, tab)
	}
	if err != nil && ctx.Err() != nil {
		return view.Fail(msg.ReplLuaStopped())
	}
	return err
}

// Prompt is the game's prompt on tab: the person to play and, with clock
// and a timed turn, the time left ("ana 0:42> "); "meldlab> " once the
// round is over; "> " with no game. A terminal that shows the countdown on
// its own line leaves the clock out, where it would stand still.
func (t *Teller) Prompt(tab *table.Table, clock bool) string {
	g := tab.Game()
	switch {
	case g == nil:
		return "> "
	case g.RoundOver():
		return "meldlab> "
	}
	p := g.Name(g.Current())
	if left, ok := t.TimeLeft(tab); ok && clock {
		p += " " + view.Clock(left)
	}
	return p + "> "
}
