package repl

import (
	"context"
	"strings"

	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/hint"
)

func cmdHint(s *Session, ctx context.Context, l Line) error {
	step := len(l.Args) == 1 && strings.EqualFold(l.Args[0], "step")
	if !step {
		if err := noArgs(l); err != nil {
			return err
		}
	}
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	return s.perform(ctx, command.Hint{Step: step})
}

// HintReply is a hint as a page draws it (hint.Reply).
type HintReply = hint.Reply
