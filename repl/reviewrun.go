package repl

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
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/review"
	"github.com/meldlab/meldlab/variants"
)

// review in the REPL and the browser (the typed command Review): review
// lists the turns of the game in play where the first person seated placed
// fewer tiles than the best legal play, most lost first, numbered; review
// N plays that position again, judged as a puzzle is (legal, 5 tiles; the
// best places 7) and never rated. The terminal prints the list; a page is
// given it as values (Reply.Review) and draws its own panel.

// reviewRun is the session's last review: what review N retries, and what
// a page downloads.
type reviewRun struct {
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
	seats   []seat
	// record is the reviewed game's record, annotated: "?" and "??" at
	// the turns short of the best, the better play as a variation.
	record []byte
}

// ReviewReply is a review as a page shows it: every turn of the seat, those
// short of the best first (most tiles lost first), and the summary, all in
// the learner's words.
type ReviewReply struct {
	Seat    string         `json:"seat"`
	Summary string         `json:"summary"` // best plays in %, tiles and points lost, the turn of the initial meld, jokers left
	Figures review.Summary `json:"figures"`
	Turns   []ReviewTurn   `json:"turns"`
}

// ReviewTurn is one turn of the list.
type ReviewTurn struct {
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

func cmdReview(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplUsageReview())
	}
	c := command.Review{}
	if len(l.Args) == 1 {
		n, err := strconv.Atoi(l.Args[0])
		if err != nil || n < 1 {
			return fail(msg.ReplReviewNoSuch(l.Args[0], s.reviewCount()))
		}
		c.N = n
	}
	return s.perform(ctx, c)
}

// doReview runs a typed review: the list, or a retry.
func (s *Session) doReview(ctx context.Context, c command.Review) error {
	if c.N == 0 {
		return s.reviewGame(ctx)
	}
	if s.rev == nil || c.N > len(s.rev.turns) {
		return fail(msg.ReplReviewNoSuch(c.N, s.reviewCount()))
	}
	return s.retry(ctx, s.rev.turns[c.N-1])
}

func (s *Session) reviewCount() int {
	if s.rev == nil {
		return 0
	}
	return len(s.rev.turns)
}

// ReviewRecord is the last review's game as an annotated record (.mgn);
// nil before a review.
func (s *Session) ReviewRecord() []byte {
	if s.rev == nil {
		return nil
	}
	return s.rev.record
}

// reviewGame reviews the game in play for its first person.
func (s *Session) reviewGame(ctx context.Context) error {
	g := s.tab.Game()
	if g == nil {
		return fail(msg.ReplNoGame())
	}
	seat := 0
	for i := range g.Players() {
		if s.tab.Human(i) {
			seat = i
			break
		}
	}
	start, err := s.replayed(nil)
	if err != nil {
		return err
	}
	defer start.Close()
	hist := slices.Clone(g.History())
	rep, err := review.Review(ctx, start, hist, seat, review.Options{PerTurn: 2 * time.Second})
	if err != nil {
		return err
	}
	run := &reviewRun{hist: hist, rules: g.Rules, names: g.Names(), seed: g.Seed(),
		variant: s.tab.Variant(), ref: s.tab.VariantRef(), seats: slices.Clone(s.tab.Seats())}
	for _, t := range rep.Turns {
		if t.Verdict != review.Best && len(t.Best.Placed) > 0 {
			run.turns = append(run.turns, t)
		}
	}
	slices.SortStableFunc(run.turns, func(a, b review.Turn) int { return b.LostTiles - a.LostTiles })
	opt := table.RecordOptions(s.tab.Seats(), s.tab.VariantRef())
	opt.Notes = review.Notes(rep, func(v review.Verdict) string { return s.say(core.Msg("repl.review.verdict." + string(v))) })
	run.record = record.Write(g, opt)
	s.rev = run

	// The page lists every turn: those short of the best first, most lost
	// first, numbered for review N; then the best ones, in the game's
	// order. The terminal lists the first.
	page := &ReviewReply{Seat: rep.Seat, Figures: rep.Summary, Turns: []ReviewTurn{}}
	for i, t := range run.turns {
		rt := s.reviewTurn(g.Rules.Tiles, t, i+1)
		s.printf("%s", wrap(rt.Line, view.Width, "  "))
		page.Turns = append(page.Turns, rt)
	}
	for _, t := range rep.Turns {
		if t.Verdict == review.Best {
			page.Turns = append(page.Turns, s.reviewTurn(g.Rules.Tiles, t, 0))
		}
	}
	sm := rep.Summary
	open := make([]string, len(sm.OpenTurns))
	for i, n := range sm.OpenTurns {
		open[i] = strconv.Itoa(n)
	}
	figures := s.say(msg.ReplReviewFigures(sm.LostTiles, sm.LostPoints, strings.Join(open, ", "), sm.JokersLeft))
	s.printf("%s", wrap(s.say(msg.ReplReviewSummary(rep.Seat, sm.BestTurns, sm.Turns, sm.BestShare, len(run.turns) > 0))+" "+figures, view.Width, "  "))
	page.Summary = s.say(msg.ReplReviewSummary(rep.Seat, sm.BestTurns, sm.Turns, sm.BestShare, false)) + " " + figures
	s.reviewed = page
	return nil
}

// reviewTurn is a turn as the page shows it; n is its number in the list
// review N retries (0: a best turn, not listed there).
func (s *Session) reviewTurn(box core.TileSet, t review.Turn, n int) ReviewTurn {
	verdict := s.say(core.Msg("repl.review.verdict." + string(t.Verdict)))
	rt := ReviewTurn{N: n, Round: t.Round, Turn: t.Turn, Step: t.Action, Verdict: string(t.Verdict), Words: verdict,
		Heading: s.say(msg.ReplReviewHeading(t.Round, t.Turn, verdict)),
		Played:  orEmpty(t.Played.Placed), Best: orEmpty(t.Best.Placed), Table: [][]string{},
		LostTiles: t.LostTiles, LostPoints: t.LostPoints}
	if n == 0 {
		return rt
	}
	played := strings.Join(t.Played.Placed, " ")
	if played == "" {
		played = s.say(msg.ReplReviewDrew())
	}
	rt.Line = s.say(msg.ReplReviewTurn(n, t.Round, t.Turn, verdict, played, strings.Join(t.Best.Placed, " "), t.LostTiles))
	rt.Table, rt.Steps = newSets(t.Start, t.Best.Table), s.stepWords(box, t)
	return rt
}

// stepWords says the moves that make a turn's best play from the table
// as the turn began, as a hint plans them (planSteps), the sets numbered
// as the page numbers them at each step.
func (s *Session) stepWords(box core.TileSet, t review.Turn) []string {
	start, err1 := tableOf(box, t.Start)
	after, err2 := tableOf(box, t.Best.Table)
	if err1 != nil || err2 != nil {
		return nil
	}
	var out []string
	for _, st := range planSteps(start, after) {
		names := make([]string, len(st.tiles))
		for k, tile := range st.tiles {
			names[k] = tile.String()
			if st.from != nil {
				names[k] = s.say(msg.ReplReviewStepFrom(tile.String(), st.from[k]))
			}
		}
		tiles := strings.Join(names, ", ")
		var step core.Message
		switch {
		case st.from == nil && st.to.Set == 0:
			step = msg.ReplReviewStepPutNew(tiles)
		case st.from == nil:
			step = msg.ReplReviewStepPut(tiles, st.to.Set)
		case st.to.Set == 0:
			step = msg.ReplReviewStepMoveNew(tiles)
		default:
			step = msg.ReplReviewStepMove(tiles, st.to.Set)
		}
		out = append(out, s.say(step))
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

// retry plays a reviewed turn's position again, judged as a puzzle, not
// rated: the reviewed game, replayed to that turn, is the game in play;
// the rest of it is dropped.
func (s *Session) retry(ctx context.Context, t review.Turn) error {
	run := s.rev
	hooks, err := s.deal.Hooks(run.variant, run.seed)
	if err != nil {
		return err
	}
	at, err := core.ReplayWithHooks(run.rules, hooks, run.names, run.seed, run.hist[:t.Action])
	if err != nil {
		return err
	}
	sets := make([]string, len(t.Best.Table))
	for i, set := range t.Best.Table {
		sets[i] = "[" + strings.Join(set, " ") + "]"
	}
	s.dropLesson(true)
	s.install(ctx, at, run.seats)
	s.tab.UseVariant(run.ref, run.variant)
	s.puzzle = &puzzleRun{rated: true, p: puzzle.Puzzle{ID: "review", Opened: t.Opened,
		Best: puzzle.Best{Tiles: t.Best.Tiles, Points: t.Best.Points, Placed: strings.Join(t.Best.Placed, " "),
			Table: strings.Join(sets, " "), Optimal: t.Optimal}}}
	s.puzzle.heading = s.say(msg.ReplReviewRetry(t.Round, t.Turn))
	s.printf("%s", wrap(s.puzzle.heading+" "+s.say(msg.ReplPuzzleHow()), view.Width, "  "))
	return nil
}
