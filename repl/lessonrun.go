package repl

// The lesson commands as the terminal types them; the lesson beside the
// game is package lesson's (lesson.Desk).

import (
	"context"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/plugin"
)

func cmdLesson(s *Session, ctx context.Context, l Line) error {
	switch len(l.Args) {
	case 0:
		return s.perform(ctx, command.Lesson{})
	case 1:
	default:
		return fail(core.MsgLessonUsage())
	}
	if strings.EqualFold(l.Args[0], "next") {
		return s.perform(ctx, command.Lesson{Next: true})
	}
	n, err := strconv.Atoi(l.Args[0])
	if err != nil || n <= 0 {
		if s.opt.Lua == nil {
			return plugin.ErrNoLua
		}
		return fail(core.MsgLessonNotALesson(strconv.Quote(l.Args[0])))
	}
	return s.perform(ctx, command.Lesson{N: n})
}

func cmdBack(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.Back{})
}
