package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/review"
)

func init() {
	register("review", runReview)
}

// runReview is meldlab review FILE: every turn of a seat against the best
// legal play there.
func runReview(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var seat, mgn *string
	var asJSON *bool
	var perTurn *time.Duration
	fs, code := recordFlags("review", args, stderr, func(fs *flag.FlagSet) {
		seat = fs.String("seat", "", flagDoc(msg.CmdReviewFlagSeat()))
		asJSON = fs.Bool("json", false, flagDoc(msg.CmdReviewFlagJson()))
		mgn = fs.String("mgn", "", flagDoc(msg.CmdReviewFlagMgn()))
		perTurn = fs.Duration("time", 2*time.Second, flagDoc(msg.CmdReviewFlagTime()))
	}, msg.CmdReviewHelp())
	if fs == nil {
		return code
	}
	ld, err := table.Load(fs.Arg(0), hooksFor, botRegistry)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab review: %s\n", say.Error(err))
		return 1
	}
	defer ld.Game.Close()
	g := ld.Game
	who := 0
	if *seat != "" {
		if who = slices.Index(g.Names(), *seat); who < 0 {
			fmt.Fprintf(stderr, "meldlab review: %s\n", say.Message(core.MsgRecordUnknownSeat(fmt.Sprintf("%q", *seat), strings.Join(g.Names(), ", "))))
			return 2
		}
	} else {
		for i, st := range ld.Seats { // the first person, as a learner reviews their own game
			if st.Bot == nil {
				who = i
				break
			}
		}
	}
	var hooks core.Hooks
	if ld.Variant != nil {
		if hooks, err = hooksFor(ld.Variant, g.Seed()); err != nil {
			fmt.Fprintf(stderr, "meldlab review: %s\n", say.Error(err))
			return 1
		}
	}
	start, err := core.NewGameWithHooks(g.Rules, hooks, g.Names(), g.Seed())
	if err != nil {
		fmt.Fprintf(stderr, "meldlab review: %s\n", say.Error(err))
		return 1
	}
	defer start.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := review.Review(ctx, start, g.History(), who, review.Options{PerTurn: *perTurn})
	if err != nil {
		fmt.Fprintf(stderr, "meldlab review: %s\n", say.Error(err))
		return 1
	}
	if *mgn != "" {
		if err := writeReviewed(*mgn, ld, rep); err != nil {
			fmt.Fprintf(stderr, "meldlab review: %s\n", say.Error(err))
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		return 0
	}
	// The turns that lost tiles, most lost first; then the summary.
	worst := slices.Clone(rep.Turns)
	slices.SortStableFunc(worst, func(a, b review.Turn) int { return b.LostTiles - a.LostTiles })
	for _, t := range worst {
		if t.Verdict == review.Best {
			continue
		}
		fmt.Fprintln(stdout, say.Message(msg.CmdReviewTurn(t.Round, t.Turn, say.T("cmd.review.verdict."+string(t.Verdict)), tilesOrDraw(t.Played.Placed), strings.Join(t.Best.Placed, " "), t.LostTiles, t.LostPoints)))
	}
	s := rep.Summary
	fmt.Fprintln(stdout, say.Message(msg.CmdReviewTotals(rep.Seat, s.BestTurns, s.Turns, s.BestShare, s.LostTiles, s.LostPoints, joinInts(s.OpenTurns), s.JokersLeft)))
	return 0
}

func tilesOrDraw(placed []string) string {
	if len(placed) == 0 {
		return say.Message(msg.CmdReviewDrew())
	}
	return strings.Join(placed, " ")
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// writeReviewed writes the game's record annotated by its review: "?" for
// one tile fewer than the best, "??" for a mistake or a missed play, the
// best play as a variation.
func writeReviewed(path string, ld table.Loaded, rep review.Report) error {
	opt := table.RecordOptions(ld.Seats, ld.Base)
	opt.Notes = review.Notes(rep, func(v review.Verdict) string { return say.T("cmd.review.verdict." + string(v)) })
	data := record.Write(ld.Game, opt)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return errors.New(err.Error())
	}
	return nil
}
