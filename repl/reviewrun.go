package repl

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/review"
)

// review in the REPL: review lists the turns of the game in play where the
// first person seated placed fewer tiles than the best legal play, most
// lost first, numbered; review N plays that position again, judged as a
// puzzle is (legal, 5 tiles; the best places 7) and never rated.

func cmdReview(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail("repl.usage.review")
	}
	if len(l.Args) == 1 {
		n, err := strconv.Atoi(l.Args[0])
		if err != nil || n < 1 || n > len(s.reviewed) {
			return fail("repl.review.no_such", "N", l.Args[0], "Count", len(s.reviewed))
		}
		return s.retry(ctx, s.reviewed[n-1])
	}
	return s.reviewGame(ctx)
}

// reviewGame reviews the game in play for its first person.
func (s *Session) reviewGame(ctx context.Context) error {
	g := s.tab.Game()
	if g == nil {
		return fail("repl.no_game")
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
	rep, err := review.Review(ctx, start, g.History(), seat, review.Options{PerTurn: 2 * time.Second})
	if err != nil {
		return err
	}
	s.reviewed = s.reviewed[:0]
	for _, t := range rep.Turns {
		if t.Verdict != review.Best && len(t.Best.Placed) > 0 {
			s.reviewed = append(s.reviewed, t)
		}
	}
	slices.SortStableFunc(s.reviewed, func(a, b review.Turn) int { return b.LostTiles - a.LostTiles })
	for i, t := range s.reviewed {
		played := strings.Join(t.Played.Placed, " ")
		if played == "" {
			played = s.say("repl.review.drew")
		}
		s.printf("%s", wrap(s.say("repl.review.turn", "N", i+1, "Round", t.Round, "Turn", t.Turn,
			"Verdict", s.say("repl.review.verdict."+string(t.Verdict)), "Played", played,
			"Best", strings.Join(t.Best.Placed, " "), "Lost", t.LostTiles), view.Width, "  "))
	}
	sm := rep.Summary
	s.printf("%s", wrap(s.say("repl.review.summary", "Seat", rep.Seat, "Best", sm.BestTurns, "Turns", sm.Turns,
		"Share", sm.BestShare, "Retry", len(s.reviewed) > 0), view.Width, "  "))
	return nil
}

// retry plays a reviewed turn's position again, judged as a puzzle, not
// rated: the game goes back to that turn, the rest of it is dropped.
func (s *Session) retry(ctx context.Context, t review.Turn) error {
	g := s.tab.Game()
	at, err := s.replayed(g.History()[:t.Action])
	if err != nil {
		return err
	}
	sets := make([]string, len(t.Best.Table))
	for i, set := range t.Best.Table {
		sets[i] = "[" + strings.Join(set, " ") + "]"
	}
	seats := s.tab.Seats()
	s.dropLesson(true)
	s.install(ctx, at, seats)
	s.puzzle = &puzzleRun{rated: true, p: puzzle.Puzzle{ID: "review", Opened: t.Opened,
		Best: puzzle.Best{Tiles: t.Best.Tiles, Points: t.Best.Points, Placed: strings.Join(t.Best.Placed, " "),
			Table: strings.Join(sets, " "), Optimal: t.Optimal}}}
	s.puzzle.heading = s.say("repl.review.retry", "Round", t.Round, "Turn", t.Turn)
	s.printf("%s", wrap(s.puzzle.heading+" "+s.say("repl.puzzle.how"), view.Width, "  "))
	return nil
}
