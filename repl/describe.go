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
		last, ok := s.tab.Last()
		if !ok {
			return fail(msg.ReplExplainNoLast())
		}
		s.printf("%s", s.paint.ExplainTurn(last))
		return nil
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	g := s.tab.Game()
	sr := g.Rules.SetRules()
	t := s.tab.Stage().Table()
	var b strings.Builder
	b.WriteString(s.say(msg.ReplExplainHead(core.VariantName(g.Rules.Name))) + "\n")
	if len(t) == 0 {
		b.WriteString("  " + s.say(msg.ReplExplainNoSets()) + "\n")
	}
	pad := 0
	for _, set := range t {
		pad = max(pad, len(set.String()))
	}
	for i, set := range t {
		// The verdicts start in one column, a long one going on under it.
		head := fmt.Sprintf("  %d %s%s  ", i+1, s.paint.Set(set), strings.Repeat(" ", pad-len(set.String())))
		info, err := sr.Validate(set)
		if err != nil {
			b.WriteString(view.HangText(head, s.paint.Warn()+" "+s.paint.SetReason(err), view.Width))
			continue
		}
		b.WriteString(view.HangText(head, s.say(msg.ReplExplainOk(s.paint.DescribeSet(sr, &info))), view.Width))
	}
	placed := s.tab.Stage().Placed()
	if placed.Len() == 0 {
		b.WriteString(s.say(msg.ReplExplainNothing()) + "\n")
	} else {
		b.WriteString(wrap(s.say(msg.ReplExplainPlaced(s.paint.Tiles(placed.Tiles()), placed.Value(0), placed.Jokers())), view.Width, "  "))
	}
	// The engine's verdict, from a copy: the real game is untouched.
	if err := g.Clone().Play(t); err != nil {
		b.WriteString(wrap(s.say(msg.ReplExplainRefused(err)), view.Width, "  "))
	} else {
		b.WriteString(s.say(msg.ReplExplainAccepted()) + "\n")
	}
	s.printf("%s", b.String())
	return nil
}
