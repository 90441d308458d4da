package repl

import (
	"context"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/text"
	"github.com/meldlab/meldlab/repl/view"
)

// wrap breaks text into lines of at most width columns at spaces, the lines
// after the first indented; each line ends with a newline.
func wrap(s string, width int, indent string) string { return text.Wrap(s, width, indent) }

// describeSet says what a valid set is: "a run, red 3 to 5, 12 points; J
// is r6".
func (s *Session) describeSet(r core.SetRules, info *core.SetInfo) string {
	var what string
	switch info.Kind {
	case core.Run:
		last := (info.Number+info.Len-2)%r.Numbers + 1
		what = s.say("repl.set.run", "Colour", info.Color, "From", info.Number, "To", last, "Points", info.Value)
	default:
		what = s.say("repl.set.group", "Len", info.Len, "Number", info.Number, "Points", info.Value)
	}
	if info.Jokers == 0 {
		return what
	}
	var stands []string
	if info.Kind == core.Group {
		var cols []any
		for c := range core.Color(min(r.Colors, core.MaxColors)) {
			if info.Missing&(1<<c) != 0 {
				cols = append(cols, core.NewTile(c, info.Number))
			}
		}
		if info.Jokers == 1 {
			stands = append(stands, s.say("repl.set.joker_is", "Tiles", core.List{Items: cols, Or: true}))
		} else {
			stands = append(stands, s.say("repl.set.jokers_are", "Count", info.Jokers, "Tiles", core.List{Items: cols}))
		}
	} else {
		for _, t := range info.JokerTiles() {
			stands = append(stands, s.say("repl.set.joker_is", "Tiles", t))
		}
	}
	return s.say("repl.set.facts", "What", what, "Jokers", strings.Join(stands, ", "))
}

func cmdExplain(s *Session, _ context.Context, l Line) error {
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "last") {
		return s.explainLast()
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if err := s.needTurn(); err != nil {
		return err
	}
	g := s.game
	sr := g.Rules.SetRules()
	t := s.ws.Table()
	var b strings.Builder
	b.WriteString(s.say("repl.explain.head", "Variant", core.VariantName(g.Rules.Name)) + "\n")
	if len(t) == 0 {
		b.WriteString("  " + s.say("repl.explain.no_sets") + "\n")
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
			b.WriteString(view.HangText(head, s.paint.Warn()+" "+s.paint.SetReason(err), Width))
			continue
		}
		b.WriteString(view.HangText(head, s.say("repl.explain.ok", "What", s.describeSet(sr, &info)), Width))
	}
	placed := s.ws.Placed()
	if placed.Len() == 0 {
		b.WriteString(s.say("repl.explain.nothing") + "\n")
	} else {
		b.WriteString(wrap(s.say("repl.explain.placed", "Tiles", s.paint.Tiles(placed.Tiles()),
			"Points", placed.Value(0), "Jokers", placed.Jokers()), Width, "  "))
	}
	// The engine's verdict, from a copy: the real game is untouched.
	if err := g.Clone().Play(t); err != nil {
		b.WriteString(wrap(s.say("repl.explain.refused", "Error", err), Width, "  "))
	} else {
		b.WriteString(s.say("repl.explain.accepted") + "\n")
	}
	s.printf("%s", b.String())
	return nil
}
