package repl

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
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
		return fail(msg.ReplVariantArgs(l.Args[0]))
	}
	r := s.desk.Tab.Game().Rules
	s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplVariant(r.Name, s.tell.Lang.VariantTitle(r.Name, r.Title))), view.Width, "  "))
	if r.Source != "" {
		s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplVariantSource(s.tell.Lang.VariantSource(r.Name, r.Source))), view.Width, "  "))
	}
	s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplVariants(strings.Join(s.deal.VariantNames(), ", "))), view.Width, "  "))
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
	b.WriteString(wrap(s.tell.Say(msg.ReplWho(g.Round(), s.tell.Paint.Rounds(g), g.Turn()+1, g.Rules.Direction == core.Right)), view.Width, "  "))
	// The columns as wide as their widest word, in any language.
	rows := make([][4]string, len(names))
	var w [4]int
	for i, n := range names {
		kind := s.tell.Say(msg.ReplWhoPerson())
		if s.desk.Tab.Seats()[i].Bot != nil {
			kind = s.tell.Say(msg.ReplWhoBot(s.desk.Tab.Seats()[i].Spec))
		}
		opened := s.tell.Say(msg.ReplWhoNotOpened())
		if g.Opened(i) {
			opened = s.tell.Say(msg.ReplWhoOpened())
		}
		rack := g.Rack(i)
		rows[i] = [4]string{n, kind, s.tell.Say(msg.ReplWhoTiles(rack.Len())), opened}
		for k := range w {
			w[k] = max(w[k], utf8.RuneCountInString(rows[i][k]))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	for i, r := range rows {
		fmt.Fprintf(&b, "  %d %s  %s  %s  %s", i+1, pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3])
		if !g.RoundOver() && g.Current() == i {
			b.WriteString(strings.Repeat(" ", w[3]-utf8.RuneCountInString(r[3])) + "  " + s.tell.Say(msg.ReplWhoToPlay()))
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
		s.tell.Printf("%s\n", s.tell.Say(msg.ReplPlaced(s.tell.Paint.Tiles(placed.Tiles()))))
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
	s.tell.Printf("%s\n", s.tell.Say(msg.ReplPool(n, aside, okey, g.Indicator())))
	return nil
}

func cmdScores(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	g := s.desk.Tab.Game()
	if g.RoundOver() {
		b.WriteString(s.tell.Say(msg.ReplScoresOver(g.Round(), s.tell.Paint.Rounds(g))) + "\n")
	} else {
		b.WriteString(s.tell.Say(msg.ReplScoresOn(g.Round(), s.tell.Paint.Rounds(g))) + "\n")
	}
	s.tell.Paint.Scores(&b, g)
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdSave(s *Session, _ context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail(msg.ReplUsageSave())
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
		return fail(msg.ReplUsageLoad())
	}
	ld, err := s.deal.Load(l.Args[0])
	if err != nil {
		return err
	}
	g := ld.Game
	s.install(ctx, view.Wrap(s.tell.Say(msg.ReplLoaded(l.Args[0], core.VariantName(g.Rules.Name), g.Round(), s.tell.Seats(ld.Seats))), view.Width, "  "), g, ld.Seats)
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
		return fail(msg.ReplUsageTimer())
	}
	if len(l.Args) == 1 {
		on, ok := map[string]bool{"on": true, "off": false}[strings.ToLower(l.Args[0])]
		if !ok {
			return fail(msg.ReplTimerBad(l.Args[0]))
		}
		if err := s.perform(ctx, command.Timer{On: on}); err != nil {
			return err
		}
	}
	if s.desk.Tab.Game() == nil || !s.desk.Tab.Game().Rules.HasClock() {
		s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplTimerNone(s.desk.Timer)), view.Width, "  "))
		return nil
	}
	tl := s.desk.Tab.Game().Rules.TimeLimit
	if tl.Mode != core.PerTurn {
		s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplTimerClock(s.desk.Timer, core.VariantName(s.desk.Tab.Game().Rules.Name), tl.Mode.String(), tl.Bank, tl.Increment, tl.PenaltyTiles)), view.Width, "  "))
		return nil
	}
	s.tell.Printf("%s", wrap(s.tell.Say(msg.ReplTimer(s.desk.Timer, core.VariantName(s.desk.Tab.Game().Rules.Name), tl.Seconds, tl.PenaltyTiles)), view.Width, "  "))
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
	s.tell.Printf("%s\n", s.tell.Say(msg.ReplScenario(g.Name(g.Current()), g.Pool(), s.tell.IsYou(g.Name(g.Current())))))
	s.tell.Settle(ctx, s.desk.Tab)
	return nil
}
