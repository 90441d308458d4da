package repl

import (
	"context"
	"strconv"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/reviewrun"
)

// ReviewReply is a review as a page shows it (reviewrun.Reply).
type ReviewReply = reviewrun.Reply

// ReviewTurn is one turn of a review's list (reviewrun.Turn).
type ReviewTurn = reviewrun.Turn

// ReviewRecord is the last review's game as an annotated record (.mgn);
// nil before a review.
func (s *Session) ReviewRecord() []byte { return s.rev.Record() }

func cmdReview(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplUsageReview())
	}
	c := command.Review{}
	if len(l.Args) == 1 {
		n, err := strconv.Atoi(l.Args[0])
		if err != nil || n < 1 {
			return fail(msg.ReplReviewNoSuch(l.Args[0], s.rev.Count()))
		}
		c.N = n
	}
	return s.perform(ctx, c)
}
