package repl

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/view"
)

func cmdNew(s *Session, ctx context.Context, l Line) error {
	c, err := command.ParseNew(l.Args)
	if err != nil {
		return err
	}
	return s.perform(ctx, c)
}

func cmdNext(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.NextRound{})
}

func cmdVariant(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 0 {
		return fail("repl.variant.args", "Name", l.Args[0])
	}
	r := s.desk.Tab.Game().Rules
	s.tell.Printf("%s", wrap(s.tell.Say("repl.variant", "Name", r.Name, "Title", s.tell.Lang.VariantTitle(r.Name, r.Title)), view.Width, "  "))
	if r.Source != "" {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.variant.source", "Source", s.tell.Lang.VariantSource(r.Name, r.Source)), view.Width, "  "))
	}
	s.tell.Printf("%s", wrap(s.tell.Say("repl.variants", "Names", strings.Join(s.deal.VariantNames(), ", ")), view.Width, "  "))
	return nil
}

func cmdRules(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	s.tell.Printf("%s", view.Rules(&s.desk.Tab.Game().Rules, s.tell.Lang))
	return nil
}

func cmdWho(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	names := g.Names()
	var b strings.Builder
	b.WriteString(wrap(s.tell.Say("repl.who", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g), "Turn", g.Turn()+1,
		"Right", g.Rules.Direction == core.Right), view.Width, "  "))
	// The columns as wide as their widest word, in any language.
	rows := make([][4]string, len(names))
	var w [4]int
	for i, n := range names {
		kind := s.tell.Say("repl.who.person")
		if s.desk.Tab.Seats()[i].Bot != nil {
			kind = s.tell.Say("repl.who.bot", "Kind", s.desk.Tab.Seats()[i].Spec)
		}
		opened := s.tell.Say("repl.who.not_opened")
		if g.Opened(i) {
			opened = s.tell.Say("repl.who.opened")
		}
		rack := g.Rack(i)
		rows[i] = [4]string{n, kind, s.tell.Say("repl.who.tiles", "Count", rack.Len()), opened}
		for k := range w {
			w[k] = max(w[k], utf8.RuneCountInString(rows[i][k]))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	for i, r := range rows {
		fmt.Fprintf(&b, "  %d %s  %s  %s  %s", i+1, pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3])
		if !g.RoundOver() && g.Current() == i {
			b.WriteString(strings.Repeat(" ", w[3]-utf8.RuneCountInString(r[3])) + "  " + s.tell.Say("repl.who.to_play"))
		}
		b.WriteByte('\n')
	}
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdRack(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	if g.RoundOver() {
		for i, n := range g.Names() {
			s.tell.Printf("%s\n", s.tell.Paint.RackLine(n, g.Rack(i), g.Rules.Joker.Penalty))
		}
		return nil
	}
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	s.tell.Printf("%s\n", s.tell.Paint.RackLine(g.Name(g.Current()), s.desk.Tab.Stage().Left(), g.Rules.Joker.Penalty))
	if placed := s.desk.Tab.Stage().Placed(); placed.Len() > 0 {
		s.tell.Printf("%s\n", s.tell.Say("repl.placed", "Tiles", s.tell.Paint.Tiles(placed.Tiles())))
	}
	return nil
}

func cmdTable(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	t := s.desk.Tab.Game().Table()
	if s.desk.Tab.HumanTurn() && s.desk.Tab.Stage() != nil {
		t = s.desk.Tab.Stage().Table()
	}
	g := s.desk.Tab.Game()
	p := s.tell.Paint
	p.Check = func(set core.Set) error { _, err := g.ValidateSet(set); return err }
	p.Table(&b, t, g.Rules.SetRules())
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdPool(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	n := s.desk.Tab.Game().Pool()
	g := s.desk.Tab.Game()
	aside, okey := g.SetAside().Len(), any(nil)
	if g.Indicator() != core.NoTile {
		aside-- // the indicator is Okey's, not the scenario's
		okey = g.Rules.Wild
	}
	s.tell.Printf("%s\n", s.tell.Say("repl.pool", "Count", n, "Aside", aside, "Indicator", g.Indicator(), "Okey", okey))
	return nil
}

func cmdScores(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	g := s.desk.Tab.Game()
	if g.RoundOver() {
		b.WriteString(s.tell.Say("repl.scores.over", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g)) + "\n")
	} else {
		b.WriteString(s.tell.Say("repl.scores.on", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g)) + "\n")
	}
	s.tell.Paint.Scores(&b, g)
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdSave(s *Session, _ context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.save")
	}
	return s.tell.Save(s.desk.Tab, l.Args[0])
}

// SaveTo saves the game in play to path, as the save command does: a
// save (JSON), or a record for a path ending in .mgn (or .jsonl, its JSON
// Lines twin). It is the Go API the browser's server uses with a path of
// its own choosing; no typed command names a file.
func (s *Session) SaveTo(path string) (Reply, error) {
	err := cmdSave(s, context.Background(), Line{Name: "save", Args: []string{path}})
	return s.takeReply(), err
}

func cmdLoad(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.load")
	}
	ld, err := s.deal.Load(l.Args[0])
	if err != nil {
		return err
	}
	g := ld.Game
	s.install(ctx, view.Wrap(s.tell.Say("repl.loaded", "Path", l.Args[0], "Variant", core.VariantName(g.Rules.Name), "Round", g.Round(),
		"Seats", s.tell.Seats(ld.Seats)), view.Width, "  "), g, ld.Seats)
	s.desk.Tab.UseVariant(ld.Base, ld.Variant)
	return nil
}

// LoadFrom loads a game from path, as the load command does (a save
// checked by replaying it, or a record for .mgn or .jsonl); the Go API the
// browser's server uses.
func (s *Session) LoadFrom(ctx context.Context, path string) (Reply, error) {
	err := cmdLoad(s, ctx, Line{Name: "load", Args: []string{path}})
	return s.takeReply(), err
}

func cmdTimer(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail("repl.usage.timer")
	}
	if len(l.Args) == 1 {
		on, ok := map[string]bool{"on": true, "off": false}[strings.ToLower(l.Args[0])]
		if !ok {
			return fail("repl.timer.bad", "Word", l.Args[0])
		}
		if err := s.perform(ctx, command.Timer{On: on}); err != nil {
			return err
		}
	}
	if s.desk.Tab.Game() == nil || !s.desk.Tab.Game().Rules.HasClock() {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.timer.none", "On", s.desk.Timer), view.Width, "  "))
		return nil
	}
	tl := s.desk.Tab.Game().Rules.TimeLimit
	if tl.Mode != core.PerTurn {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.timer.clock", "On", s.desk.Timer, "Variant", core.VariantName(s.desk.Tab.Game().Rules.Name), "Mode", tl.Mode.String(),
			"Bank", tl.Bank, "Increment", tl.Increment, "Count", tl.PenaltyTiles), view.Width, "  "))
		return nil
	}
	s.tell.Printf("%s", wrap(s.tell.Say("repl.timer", "On", s.desk.Timer, "Variant", core.VariantName(s.desk.Tab.Game().Rules.Name), "Seconds", tl.Seconds,
		"Count", tl.PenaltyTiles), view.Width, "  "))
	return nil
}

// cmdSetup changes one part of the round's layout through Game.Setup, which
// checks the whole scenario and changes nothing when it is refused.
func cmdSetup(s *Session, ctx context.Context, l Line) error {
	sc, laying, err := s.desk.Tab.ParseSetup(l.Args, l.Rest)
	if err != nil {
		return err
	}
	if err := s.desk.Tab.Setup(sc, laying, s.seeds); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	s.tell.Printf("%s\n", s.tell.Say("repl.scenario", "Name", g.Name(g.Current()), "You", s.tell.IsYou(g.Name(g.Current())), "Pool", g.Pool()))
	s.tell.Settle(ctx, s.desk.Tab)
	return nil
}
