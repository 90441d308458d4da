package repl

import (
	"context"
	"errors"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/view"
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
	if err := s.needTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 0 {
		return fail("repl.usage.put")
	}
	last := args[len(args)-1]
	if s.isTile(last) {
		return fail("repl.put.where", "Tiles", strings.Join(args, " "))
	}
	toks := args[:len(args)-1]
	if n := len(toks); n > 0 && isFiller(toks[n-1]) {
		toks = toks[:n-1]
	}
	tiles, err := s.parseTiles(toks)
	if err != nil {
		return err
	}
	to, err := s.parseTarget(last)
	if err != nil {
		return err
	}
	if err := s.ws.Put(tiles, to); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdMove(s *Session, _ context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
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
		n, err := s.parseSetRef(args[from+1])
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
	refs := make([]TileRef, 0, len(refToks))
	for _, tok := range refToks {
		r, err := s.parseTableTile(tok, inSet)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	to, err := s.parseTarget(toTok)
	if err != nil {
		return err
	}
	if err := s.ws.Move(refs, to); err != nil {
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
	if err := s.needTurn(); err != nil {
		return err
	}
	args := l.Args
	if len(args) == 3 && strings.EqualFold(args[1], "at") {
		args = []string{args[0], args[2]}
	}
	if len(args) != 2 {
		return fail("repl.usage.split")
	}
	n, err := s.parseSetRef(args[0])
	if err != nil {
		return err
	}
	r, err := s.parseTableTile(args[1], n)
	if err != nil {
		return err
	}
	if err := s.ws.Split(n, r.Pos); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdJoin(s *Session, _ context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if len(l.Args) < 2 {
		return fail("repl.usage.join")
	}
	sets := make([]int, 0, len(l.Args))
	for _, a := range l.Args {
		n, err := s.parseSetRef(a)
		if err != nil {
			return err
		}
		sets = append(sets, n)
	}
	if err := s.ws.Join(sets); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdTake(s *Session, _ context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if len(l.Args) == 0 {
		return fail("repl.usage.take")
	}
	refs := make([]TileRef, 0, len(l.Args))
	for _, tok := range l.Args {
		r, err := s.parseTakeTile(tok)
		if err != nil {
			return err
		}
		refs = append(refs, r)
	}
	if err := s.ws.Take(refs); err != nil {
		return err
	}
	s.showStaged()
	return nil
}

func cmdReset(s *Session, _ context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	s.ws.Reset()
	s.printf("%s\n", s.say("repl.reset"))
	s.showStaged()
	return nil
}

func cmdDone(s *Session, ctx context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, Move{Table: s.ws.Table()})
	}
	return s.commit(ctx, s.ws.Table())
}

func cmdPlay(s *Session, ctx context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if l.Rest == "" {
		return fail("repl.usage.play")
	}
	t, err := s.game.Rules.Tiles.ParseTable(l.Rest)
	if err != nil {
		return fail("repl.play.bad", "Error", err)
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, Move{Table: t})
	}
	return s.commit(ctx, t)
}

// commit plays after through the engine. Refused, the turn stays open and
// the staged edits stay (unless the variant charges for a failed play,
// which ends the turn).
func (s *Session) commit(ctx context.Context, after core.Table) error {
	g := s.game
	cur := g.Current()
	name := g.Names()[cur]
	hist := len(g.History())
	before, round, turn := g.Table(), g.Round(), g.Turn()+1
	if err := g.Play(after); err != nil {
		var re *core.RuleError
		if len(g.History()) != hist && errors.As(err, &re) {
			s.printf("%s\n", s.say("repl.refused", "Error", err))
			if len(re.Penalty) > 0 {
				s.printf("%s\n", s.say("repl.penalty", "You", s.isYou(name), "Name", name, "Tiles", s.paint.Tiles(re.Penalty)))
			}
			s.settle(ctx)
			return nil
		}
		return fail("repl.refused.keep", "Error", err)
	}
	r := view.ReportRecord(g.Rules.SetRules(), name, round, turn, before, g.LastTurn())
	s.record(r)
	s.printf("%s\n", s.say("repl.plays", "You", s.isYou(name), "Name", name, "Tiles", s.paint.Tiles(r.Placed)))
	s.settle(ctx)
	return nil
}

func cmdDraw(s *Session, ctx context.Context, l Line) error {
	if err := s.needTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if s.lesson != nil {
		return s.checkLesson(ctx, Move{Draw: true})
	}
	g := s.game
	name := g.Names()[g.Current()]
	dropped := s.ws.Changed()
	round, turn := g.Round(), g.Turn()+1
	drawn, err := g.Draw()
	if err != nil {
		return err
	}
	kind := core.ActDraw
	if len(drawn) == 0 {
		kind = core.ActPass
	}
	s.record(TurnReport{Player: name, Round: round, Turn: turn, Kind: kind, Drawn: len(drawn)})
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
	if err := s.needTurn(); err != nil {
		return err
	}
	if err := noArgs(l); err != nil {
		return err
	}
	name := s.game.Names()[s.game.Current()]
	if err := s.game.EndTurn(); err != nil {
		if errors.Is(err, core.ErrTurnNotOpen) {
			return fail("repl.end.not_open")
		}
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
	g, err := s.undo.Back(s.game)
	if err != nil {
		return err
	}
	s.game = g
	s.ended = g.RoundOver()
	s.printf("%s\n", s.say("repl.undo.done", "Name", g.Names()[g.Current()], "You", s.isYou(g.Names()[g.Current()]), "Round", g.Round(), "Turn", g.Turn()+1))
	s.since = s.clock.Now()
	s.settle(ctx)
	return nil
}
