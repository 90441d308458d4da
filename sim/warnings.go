package sim

import (
	"fmt"
	"strings"
)

// cutShortShare is the share of the bots' searches cut short past which
// the report warns: their play is then weaker than their best, and a
// difference may come from that rather than from the rules.
const cutShortShare = 0.01

// warnings say what the comparisons of r cannot claim.
func (r *Result) warnings() []string {
	out := []string{}
	s := &r.Setup
	for _, m := range s.Mixed {
		base := func(name string) string {
			for i, v := range s.Variants {
				if v == name && i < len(s.Bases) {
					return s.Bases[i]
				}
			}
			return "?"
		}
		w := fmt.Sprintf("%s is built on %s and %s on %s: their comparison mixes %d rule changes, not one",
			m.B, base(m.B), m.A, base(m.A), len(m.Changes))
		if len(m.Changes) > 0 {
			w += ": " + strings.Join(m.Changes, "; ")
		}
		out = append(out, w)
	}
	for _, v := range r.Variants {
		cut := v.CutShort + v.TimedOut
		if v.Solves > 0 && float64(cut) > cutShortShare*float64(v.Solves) {
			out = append(out, fmt.Sprintf("%s: the bots' searches were cut short in %.1f%% of %d searches "+
				"(%d by the node budget, %d by the deadline): their play there is weaker than their best, "+
				"and a difference may come from that", v.Name, 100*float64(cut)/float64(v.Solves), v.Solves, v.CutShort, v.TimedOut))
		}
	}
	for _, p := range r.Pairs {
		if p.Games > 0 && p.Identical == p.Games {
			out = append(out, fmt.Sprintf("%s played the very same games as %s: the rule change made no difference in these %d games",
				p.B, p.A, p.Games))
		}
	}
	return out
}
