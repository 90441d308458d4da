// Package reviewrun is review in the REPL and the browser (the typed
// command Review): review
// lists the turns of the game in play where the first person seated placed
// fewer tiles than the best legal play, most lost first, numbered; review
// N plays that position again, judged as a puzzle is (legal, 5 tiles; the
// best places 7) and never rated. The terminal prints the list; a page is
// given it as values (Reply) and draws its own panel.
package reviewrun

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl/puzzlerun"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/review"
	"github.com/meldlab/meldlab/variants"
)

// Run is the session's last review: what review N retries, and what a
// page downloads.
type Run struct {
	// hist is the reviewed game's history: a retry replays it to the
	// turn, so that every turn of the list can be retried, one after
	// another, though a retry drops the rest of the game in play.
	hist  []core.Action
	turns []review.Turn // short of the best, most lost first: review N is turns[N-1]
	// The reviewed game as it was dealt, and who sat at it: a retry
	// replays it even when another game is in play since.
	rules   core.Rules
	names   []string
	seed    uint64
	variant *variants.Variant
	ref     string
	seats   []table.Seat
	// record is the reviewed game's record, annotated: "?" and "??" at
	// the turns short of the best, the better play as a variation.
	record []byte
}

// Reply is a review as a page shows it: every turn of the seat, those
// short of the best first (most tiles lost first), and the summary, all in
// the learner's words.
type Reply struct {
	Seat    string         `json:"seat"`
	Summary string         `json:"summary"` // best plays in %, tiles and points lost, the turn of the initial meld, jokers left
	Figures review.Summary `json:"figures"`
	Turns   []Turn         `json:"turns"`
}

// Turn is one turn of the list.
type Turn struct {
	N          int        `json:"n"` // review N retries it; 0: a best turn
	Round      int        `json:"round"`
	Turn       int        `json:"turn"`
	Step       int        `json:"step"`    // the replay's step where the turn begins
	Verdict    string     `json:"verdict"` // a review.Verdict
	Words      string     `json:"words"`   // the verdict in words
	Heading    string     `json:"heading"` // "Round 1, turn 3: a mistake"
	Played     []string   `json:"played"`  // empty: a draw
	Best       []string   `json:"best"`
	Table      [][]string `json:"table"` // the sets the best play makes or changes (the others stay as they are)
	LostTiles  int        `json:"lostTiles"`
	LostPoints int        `json:"lostPoints"`
	// Steps are the best play as moves from the turn's table, in words:
	// "put r7 on set 3", "move b1 of set 1 to a new set".
	Steps []string `json:"steps,omitempty"`
	Line  string   `json:"line,omitempty"` // the turn as the terminal lists it
}

// Count is how many turns review N can retry; 0 before a review.
func (r *Run) Count() int {
	if r == nil {
		return 0
	}
	return len(r.turns)
}

// Turns are the turns short of the best, most lost first: review N
// retries Turns()[N-1].
func (r *Run) Turns() []review.Turn { return r.turns }

// Record is the reviewed game as an annotated record (.mgn); nil before a
// review.
func (r *Run) Record() []byte {
	if r == nil {
		return nil
	}
	return r.record
}

// Review reviews the game in play on tab for its first person, tells the
// turns short of the best and the summary, and gives them as a page shows
// them.
func Review(ctx context.Context, tab *table.Table, d table.Dealer, tl *tell.Teller) (*Run, *Reply, error) {
	g := tab.Game()
	if g == nil {
		return nil, nil, view.Fail(msg.ReplNoGame())
	}
	seat := 0
	for i := range g.Players() {
		if tab.Human(i) {
			seat = i
			break
		}
	}
	start, err := d.Replay(tab, nil)
	if err != nil {
		return nil, nil, err
	}
	defer start.Close()
	hist := slices.Clone(g.History())
	rep, err := review.Review(ctx, start, hist, seat, review.Options{PerTurn: 2 * time.Second})
	if err != nil {
		return nil, nil, err
	}
	run := &Run{hist: hist, rules: g.Rules, names: g.Names(), seed: g.Seed(),
		variant: tab.Variant(), ref: tab.VariantRef(), seats: slices.Clone(tab.Seats())}
	for _, t := range rep.Turns {
		if t.Verdict != review.Best && len(t.Best.Placed) > 0 {
			run.turns = append(run.turns, t)
		}
	}
	slices.SortStableFunc(run.turns, func(a, b review.Turn) int { return b.LostTiles - a.LostTiles })
	opt := table.RecordOptions(tab.Seats(), tab.VariantRef())
	opt.Notes = review.Notes(rep, func(v review.Verdict) string { return tl.Say(core.Msg("repl.review.verdict." + string(v))) })
	run.record = record.Write(g, opt)

	// The page lists every turn: those short of the best first, most lost
	// first, numbered for review N; then the best ones, in the game's
	// order. The terminal lists the first.
	page := &Reply{Seat: rep.Seat, Figures: rep.Summary, Turns: []Turn{}}
	for i, t := range run.turns {
		rt := turnOf(tl, g.Rules.Tiles, t, i+1)
		tl.Printf("%s", view.Wrap(rt.Line, view.Width, "  "))
		page.Turns = append(page.Turns, rt)
	}
	for _, t := range rep.Turns {
		if t.Verdict == review.Best {
			page.Turns = append(page.Turns, turnOf(tl, g.Rules.Tiles, t, 0))
		}
	}
	sm := rep.Summary
	open := make([]string, len(sm.OpenTurns))
	for i, n := range sm.OpenTurns {
		open[i] = strconv.Itoa(n)
	}
	figures := tl.Say(msg.ReplReviewFigures(sm.LostTiles, sm.LostPoints, strings.Join(open, ", "), sm.JokersLeft))
	tl.Printf("%s", view.Wrap(tl.Say(msg.ReplReviewSummary(rep.Seat, sm.BestTurns, sm.Turns, sm.BestShare, len(run.turns) > 0))+" "+figures, view.Width, "  "))
	page.Summary = tl.Say(msg.ReplReviewSummary(rep.Seat, sm.BestTurns, sm.Turns, sm.BestShare, false)) + " " + figures
	return run, page, nil
}

// turnOf is a turn as the page shows it; n is its number in the list
// review N retries (0: a best turn, not listed there).
func turnOf(tl *tell.Teller, box core.TileSet, t review.Turn, n int) Turn {
	verdict := tl.Say(core.Msg("repl.review.verdict." + string(t.Verdict)))
	rt := Turn{N: n, Round: t.Round, Turn: t.Turn, Step: t.Action, Verdict: string(t.Verdict), Words: verdict,
		Heading: tl.Say(msg.ReplReviewHeading(t.Round, t.Turn, verdict)),
		Played:  orEmpty(t.Played.Placed), Best: orEmpty(t.Best.Placed), Table: [][]string{},
		LostTiles: t.LostTiles, LostPoints: t.LostPoints}
	if n == 0 {
		return rt
	}
	played := strings.Join(t.Played.Placed, " ")
	if played == "" {
		played = tl.Say(msg.ReplReviewDrew())
	}
	rt.Line = tl.Say(msg.ReplReviewTurn(n, t.Round, t.Turn, verdict, played, strings.Join(t.Best.Placed, " "), t.LostTiles))
	rt.Table, rt.Steps = newSets(t.Start, t.Best.Table), stepWords(tl, box, t)
	return rt
}

// stepWords says the moves that make a turn's best play from the table
// as the turn began, as a hint plans them (stage.Plan), the sets numbered
// as the page numbers them at each step.
func stepWords(tl *tell.Teller, box core.TileSet, t review.Turn) []string {
	start, err1 := tableOf(box, t.Start)
	after, err2 := tableOf(box, t.Best.Table)
	if err1 != nil || err2 != nil {
		return nil
	}
	var out []string
	for _, st := range stage.Plan(start, after) {
		names := make([]string, len(st.Tiles))
		for k, tile := range st.Tiles {
			names[k] = tile.String()
			if st.From != nil {
				names[k] = tl.Say(msg.ReplReviewStepFrom(tile.String(), st.From[k]))
			}
		}
		tiles := strings.Join(names, ", ")
		var step core.Message
		switch {
		case st.From == nil && st.To.Set == 0:
			step = msg.ReplReviewStepPutNew(tiles)
		case st.From == nil:
			step = msg.ReplReviewStepPut(tiles, st.To.Set)
		case st.To.Set == 0:
			step = msg.ReplReviewStepMoveNew(tiles)
		default:
			step = msg.ReplReviewStepMove(tiles, st.To.Set)
		}
		out = append(out, tl.Say(step))
	}
	return out
}

func tableOf(box core.TileSet, sets [][]string) (core.Table, error) {
	t := make(core.Table, len(sets))
	for i, set := range sets {
		for _, name := range set {
			tile, err := box.ParseTile(name)
			if err != nil {
				return nil, err
			}
			t[i] = append(t[i], tile)
		}
	}
	return t, nil
}

// newSets are the sets of after that start has not: what a play made or
// changed, each set compared as the tiles it holds, in any order.
func newSets(start, after [][]string) [][]string {
	key := func(set []string) string { return strings.Join(slices.Sorted(slices.Values(set)), " ") }
	left := map[string]int{}
	for _, set := range start {
		left[key(set)]++
	}
	out := [][]string{}
	for _, set := range after {
		if k := key(set); left[k] > 0 {
			left[k]--
		} else {
			out = append(out, set)
		}
	}
	return out
}

func orEmpty(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// Retry is the position of the reviewed turn n (from 1) to play again,
// judged as a puzzle, not rated: the reviewed game, replayed to that turn,
// for the session to put in play in place of the rest of it.
func (r *Run) Retry(n int, d table.Dealer, tl *tell.Teller) (*puzzlerun.Dealt, error) {
	if r == nil || n > len(r.turns) {
		return nil, view.Fail(msg.ReplReviewNoSuch(n, r.Count()))
	}
	t := r.turns[n-1]
	hooks, err := d.Hooks(r.variant, r.seed)
	if err != nil {
		return nil, err
	}
	at, err := core.ReplayWithHooks(r.rules, hooks, r.names, r.seed, r.hist[:t.Action])
	if err != nil {
		return nil, err
	}
	sets := make([]string, len(t.Best.Table))
	for i, set := range t.Best.Table {
		sets[i] = "[" + strings.Join(set, " ") + "]"
	}
	p := puzzle.Puzzle{ID: "review", Opened: t.Opened,
		Best: puzzle.Best{Tiles: t.Best.Tiles, Points: t.Best.Points, Placed: strings.Join(t.Best.Placed, " "),
			Table: strings.Join(sets, " "), Optimal: t.Optimal}}
	heading := tl.Say(msg.ReplReviewRetry(t.Round, t.Turn))
	return puzzlerun.Retry(p, heading, at, r.seats, r.ref, r.variant), nil
}
