package repl

import (
	"context"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/puzzlerun"
)

func cmdPuzzle(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplUsagePuzzle())
	}
	c := command.Puzzle{}
	if len(l.Args) == 1 {
		arg := strings.ToLower(l.Args[0])
		if g, err := strconv.Atoi(arg); err == nil {
			c.Grade = g
		} else if arg == "hint" || arg == "answer" {
			c.Ask = arg
		} else {
			c.ID = arg
		}
	}
	return s.perform(ctx, c)
}

// PuzzleState is the puzzle in play as the page shows it (puzzlerun.State).
type PuzzleState = puzzlerun.State
