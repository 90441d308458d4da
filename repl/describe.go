package repl

import (
	"context"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/text"
	"github.com/meldlab/meldlab/repl/view"
)

// wrap breaks text into lines of at most width columns at spaces, the lines
// after the first indented; each line ends with a newline.
func wrap(s string, width int, indent string) string { return text.Wrap(s, width, indent) }

func cmdExplain(s *Session, _ context.Context, l Line) error {
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "last") {
		last, ok := s.desk.Tab.Last()
		if !ok {
			return fail(msg.ReplExplainNoLast())
		}
		s.tell.Printf("%s", s.tell.Paint.ExplainTurn(last))
		return nil
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	sr := g.Rules.SetRules()
	t := s.desk.Tab.Stage().Table()
	var b strings.Builder
	b.WriteString(s.tell.Say(msg.ReplExplainHead(core.VariantName(g.Rules.Name))) + "\n")
	if len(t) == 0 {
		b.WriteString("  " + s.tell.Say(msg.ReplExplainNoSets()) + "\n")
	}
	pad := 0
	for _, set := range t {
		pad = max(pad, len(set.String()))
	}
	for i, set := range t {
		// The verdicts start in one column, a long one going on under it.
		head := fmt.Sprintf("  %d %s%s  ", i+1, s.tell.Paint.Set(set), strings.Repeat(" ", pad-len(set.String())))
		info, err := sr.Validate(set)
		if err != nil {
			b.WriteString(view.HangText(head, s.tell.Paint.Warn()+" "+s.tell.Paint.SetReason(err), view.Width))
			continue
		}
		b.WriteString(view.HangText(head, s.tell.Say(msg.ReplExplainOk(s.tell.Paint.DescribeSet(sr, set, &info))), view.Width))
	}
	placed := s.desk.Tab.Stage().Placed()
	if placed.Len() == 0 {
		b.WriteString(s.tell.Say(msg.ReplExplainNothing()) + "\n")
	} else {
		// Twist's special jokers are jokers too: their points are not the
		// tiles' (the double counts two numbers, the mirror none).
		b.WriteString(wrap(s.tell.Say(msg.ReplExplainPlaced(s.tell.Paint.Tiles(placed.Tiles()), placed.Value(0), placed.Jokers()+placed.Specials())), view.Width, "  "))
	}
	// The engine's verdict, from a copy: the real game is untouched.
	if err := g.Clone().Play(t); err != nil {
		b.WriteString(wrap(s.tell.Say(msg.ReplExplainRefused(err)), view.Width, "  "))
	} else {
		b.WriteString(s.tell.Say(msg.ReplExplainAccepted()) + "\n")
	}
	s.tell.Printf("%s", b.String())
	return nil
}
