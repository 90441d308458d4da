package repl

import (
	"context"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/plugin"
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

func cmdPut(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 0 {
		return fail("repl.usage.put")
	}
	last := args[len(args)-1]
	if s.refs().IsTile(last) {
		return fail("repl.put.where", "Tiles", strings.Join(args, " "))
	}
	toks := args[:len(args)-1]
	if n := len(toks); n > 0 && isFiller(toks[n-1]) {
		toks = toks[:n-1]
	}
	tiles, err := s.refs().Tiles(toks)
	if err != nil {
		return err
	}
	to, err := s.refs().Target(last)
	if err != nil {
		return err
	}
	if err := s.tab.Stage().Put(tiles, to); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdMove(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
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
			return fail("repl.usage.move_from")
		}
		n, err := s.refs().SetRef(args[from+1])
		if err != nil {
			return err
		}
		refToks, inSet, toTok = args[:from], n, args[to+1]
	} else {
		if len(args) < 2 {
			return fail("repl.usage.move")
		}
		refToks, toTok = args[:len(args)-1], args[len(args)-1]
		if n := len(refToks); n > 1 && isFiller(refToks[n-1]) {
			refToks = refToks[:n-1]
		}
	}
	refs := make([]stage.TileRef, 0, len(refToks))
	for _, tok := range refToks {
		r, err := s.refs().TableTile(tok, inSet)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	to, err := s.refs().Target(toTok)
	if err != nil {
		return err
	}
	if err := s.tab.Stage().Move(refs, to); err != nil {
		return err
	}
	s.showStaged()
	return nil
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

func cmdSplit(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 3 && strings.EqualFold(args[1], "at") {
		args = []string{args[0], args[2]}
	}
	if len(args) != 2 {
		return fail("repl.usage.split")
	}
	n, err := s.refs().SetRef(args[0])
	if err != nil {
		return err
	}
	r, err := s.refs().TableTile(args[1], n)
	if err != nil {
		return err
	}
	if err := s.tab.Stage().Split(n, r.Pos); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdJoin(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if len(l.Args) < 2 {
		return fail("repl.usage.join")
	}
	sets := make([]int, 0, len(l.Args))
	for _, a := range l.Args {
		n, err := s.refs().SetRef(a)
		if err != nil {
			return err
		}
		sets = append(sets, n)
	}
	if err := s.tab.Stage().Join(sets); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdTake(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if len(l.Args) == 0 {
		return fail("repl.usage.take")
	}
	refs := make([]stage.TileRef, 0, len(l.Args))
	for _, tok := range l.Args {
		r, err := s.refs().TakeTile(tok)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	if err := s.tab.Stage().Take(refs); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdReset(s *Session, _ context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	s.tab.Stage().Reset()
	s.printf("%s\n", s.say("repl.reset"))
	s.showStaged()
	return nil
}

func cmdDone(s *Session, ctx context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, plugin.Move{Table: s.tab.Stage().Table()})
	}
	return s.commit(ctx, s.tab.Stage().Table())
}

func cmdPlay(s *Session, ctx context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if l.Rest == "" {
		return fail("repl.usage.play")
	}
	t, err := s.tab.Game().Rules.Tiles.ParseTable(l.Rest)
	if err != nil {
		return fail("repl.play.bad", "Error", err)
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, plugin.Move{Table: t})
	}
	return s.commit(ctx, t)
}

// commit plays after through the referee (table.Commit). Refused, the
// turn stays open and the staged edits stay, unless the variant charges
// for a failed play, which ends the turn.
func (s *Session) commit(ctx context.Context, after core.Table) error {
	g := s.tab.Game()
	name := g.Name(g.Current())
	r, refused, err := s.tab.Commit(after)
	switch {
	case err != nil:
		return fail("repl.refused.keep", "Error", err)
	case refused != nil:
		s.printf("%s\n", s.say("repl.refused", "Error", refused.Err))
		if len(refused.Penalty) > 0 {
			s.printf("%s\n", s.say("repl.penalty", "You", s.isYou(name), "Name", name, "Tiles", s.paint.Tiles(refused.Penalty)))
		}
	default:
		s.turns = append(s.turns, r)
		s.printf("%s\n", s.say("repl.plays", "You", s.isYou(name), "Name", name, "Tiles", s.paint.Tiles(r.Placed)))
	}
	s.settle(ctx)
	return nil
}

func cmdDraw(s *Session, ctx context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, plugin.Move{Draw: true})
	}
	name := s.tab.Game().Name(s.tab.Game().Current())
	r, drawn, dropped, err := s.tab.Draw()
	if err != nil {
		return err
	}
	s.turns = append(s.turns, r)
	if dropped {
		s.printf("%s\n", s.say("repl.dropped"))
	}
	if len(drawn) == 0 {
		s.printf("%s\n", s.say("repl.passes", "You", s.isYou(name), "Name", name))
	} else {
		s.printf("%s\n", s.say("repl.draws", "You", s.isYou(name), "Name", name, "Tiles", s.paint.Tiles(drawn)))
	}
	s.settle(ctx)
	return nil
}

func cmdEnd(s *Session, ctx context.Context, l Line) error {
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	name := s.tab.Game().Name(s.tab.Game().Current())
	if err := s.tab.EndTurn(); err != nil {
		return err
	}
	s.printf("%s\n", s.say("repl.ends", "Name", name, "You", s.isYou(name)))
	s.settle(ctx)
	return nil
}

func cmdUndo(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	if err := s.tab.Undo(); err != nil {
		return err
	}
	g := s.tab.Game()
	s.printf("%s\n", s.say("repl.undo.done", "Name", g.Name(g.Current()), "You", s.isYou(g.Name(g.Current())), "Round", g.Round(), "Turn", g.Turn()+1))
	s.settle(ctx)
	return nil
}
