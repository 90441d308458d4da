package repl

import (
	"context"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/stage"
)

// fillers are words a command may take for readability: put r7 to 3.
func isFiller(tok string) bool {
	switch strings.ToLower(tok) {
	case "to", "into", "in", "on", "onto":
		return true
	}
	return false
}

func cmdPut(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 0 {
		return fail(msg.ReplUsagePut())
	}
	last := args[len(args)-1]
	if s.desk.Tab.Refs().IsTile(last) {
		return fail(msg.ReplPutWhere(strings.Join(args, " ")))
	}
	toks := args[:len(args)-1]
	if n := len(toks); n > 0 && isFiller(toks[n-1]) {
		toks = toks[:n-1]
	}
	tiles, err := s.desk.Tab.Refs().Tiles(toks)
	if err != nil {
		return err
	}
	to, err := s.desk.Tab.Refs().Target(last)
	if err != nil {
		return err
	}
	return s.perform(ctx, command.Put{Tiles: tiles, To: to})
}

func cmdMove(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	args := l.Args
	from := indexFold(args, "from")
	var (
		refToks []string
		inSet   int
		toTok   string
	)
	if from >= 0 {
		// move TILE... from SET to TARGET
		to := indexFold(args, "to")
		if to != from+2 || to != len(args)-2 || from == 0 {
			return fail(msg.ReplUsageMoveFrom())
		}
		n, err := s.desk.Tab.Refs().SetRef(args[from+1])
		if err != nil {
			return err
		}
		refToks, inSet, toTok = args[:from], n, args[to+1]
	} else {
		if len(args) < 2 {
			return fail(msg.ReplUsageMove())
		}
		refToks, toTok = args[:len(args)-1], args[len(args)-1]
		if n := len(refToks); n > 1 && isFiller(refToks[n-1]) {
			refToks = refToks[:n-1]
		}
	}
	refs := make([]stage.TileRef, 0, len(refToks))
	for _, tok := range refToks {
		r, err := s.desk.Tab.Refs().TableTile(tok, inSet)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	to, err := s.desk.Tab.Refs().Target(toTok)
	if err != nil {
		return err
	}
	return s.perform(ctx, command.Move{Tiles: refs, To: to})
}

// indexFold is the index of the first arg equal to word, ignoring case; -1 if none.
func indexFold(args []string, word string) int {
	for i, a := range args {
		if strings.EqualFold(a, word) {
			return i
		}
	}
	return -1
}

func cmdSplit(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 3 && strings.EqualFold(args[1], "at") {
		args = []string{args[0], args[2]}
	}
	if len(args) != 2 {
		return fail(msg.ReplUsageSplit())
	}
	n, err := s.desk.Tab.Refs().SetRef(args[0])
	if err != nil {
		return err
	}
	r, err := s.desk.Tab.Refs().TableTile(args[1], n)
	if err != nil {
		return err
	}
	return s.perform(ctx, command.Split{Set: n, Pos: r.Pos})
}

func cmdDeclare(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if len(l.Args) != 2 || !strings.EqualFold(l.Args[1], "group") && !strings.EqualFold(l.Args[1], "run") {
		return fail(msg.ReplUsageDeclare())
	}
	n, err := s.desk.Tab.Refs().SetRef(l.Args[0])
	if err != nil {
		return err
	}
	return s.perform(ctx, command.Declare{Set: n, Group: strings.EqualFold(l.Args[1], "group")})
}

func cmdJoin(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if len(l.Args) < 2 {
		return fail(msg.ReplUsageJoin())
	}
	sets := make([]int, 0, len(l.Args))
	for _, a := range l.Args {
		n, err := s.desk.Tab.Refs().SetRef(a)
		if err != nil {
			return err
		}
		sets = append(sets, n)
	}
	return s.perform(ctx, command.Join{Sets: sets})
}

func cmdTake(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if len(l.Args) == 0 {
		return fail(msg.ReplUsageTake())
	}
	refs := make([]stage.TileRef, 0, len(l.Args))
	for _, tok := range l.Args {
		r, err := s.desk.Tab.Refs().TakeTile(tok)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	return s.perform(ctx, command.Take{Tiles: refs})
}

func cmdReset(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.RestartTurn{})
}

func cmdDone(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.Done{})
}

func cmdPlay(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if l.Rest == "" {
		return fail(msg.ReplUsagePlay())
	}
	t, err := s.desk.Tab.Game().Rules.Tiles.ParseTable(l.Rest)
	if err != nil {
		return fail(msg.ReplPlayBad(err))
	}
	return s.perform(ctx, command.Play{Table: t})
}

func cmdDraw(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.Draw{})
}

func cmdEnd(s *Session, ctx context.Context, l Line) error {
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.End{})
}

// cmdUndo is the whole-turn undo; "undo edit" takes back the staged
// turn's last edit only.
func cmdUndo(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "edit") {
		if err := s.desk.Tab.NeedTurn(); err != nil {
			return err
		}
		return s.perform(ctx, command.UndoEdit{})
	}
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.UndoTurn{})
}
