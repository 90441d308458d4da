package sim

import (
	"fmt"
	"math"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

// cutShortShare is the share of the bots' searches cut short past which
// the report warns: their play is then weaker than their best, and a
// difference may come from that rather than from the rules.
const cutShortShare = 0.01

// warnings say what the comparisons of r cannot claim.
func (r *Result) warnings() []core.Message {
	out := []core.Message{}
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
		out = append(out, msg.SimWarnMixed(base(m.B) != m.B || base(m.A) != m.A, m.B, base(m.B), m.A, base(m.A), len(m.Changes), clauses(m.Changes)))
	}
	for _, v := range r.Variants {
		cut := v.CutShort + v.TimedOut
		if v.Solves > 0 && float64(cut) > cutShortShare*float64(v.Solves) {
			out = append(out, msg.SimWarnCut(v.Name, fmt.Sprintf("%.1f", 100*float64(cut)/float64(v.Solves)), v.Solves, v.CutShort, v.TimedOut))
		}
	}
	for _, v := range r.Variants {
		if v.Refused > 0 {
			out = append(out, msg.SimWarnRefused(v.Name, v.Refused, fmt.Sprintf("%.1f", 100*float64(v.Refused)/float64(max(v.Turns, 1)))))
		}
	}
	for _, v := range r.Variants {
		for _, m := range s.Mechanisms[v.Name] {
			switch {
			case m == "keep" && v.JokersKept == 0 && v.Finished > 0:
				out = append(out, msg.SimWarnNeverKeep(v.Name, v.Games))
			case m == "pool" && v.PoolEmpty == 0 && v.Finished > 0:
				out = append(out, msg.SimWarnNeverPool(v.Name, v.Games, s.Players))
			case m == "clock" && v.Timeouts == 0 && v.Turns > 0:
				out = append(out, msg.SimWarnNeverClock(v.Name, v.Games))
			case m == "byparts" && v.Turns > 0:
				out = append(out, msg.SimWarnByparts(v.Name))
			}
		}
	}
	out = append(out, r.seatingWarnings()...)
	for _, p := range r.Pairs {
		if p.Games > 0 && p.Identical == p.Games {
			out = append(out, msg.SimWarnSame(p.B, p.A, p.Games))
		}
	}
	return out
}

// seatingWarnings warn, when the seats hold different bots, that wins by
// bot depend on the seating: each bot keeps its seats (and neighbours) in
// every game, and a seat's own advantage goes to its bot. The example is
// the bot whose seats' win rates differ most, under the variant where they
// do.
func (r *Result) seatingWarnings() []core.Message {
	bots := r.Setup.Bots
	distinct := map[string]bool{}
	for _, b := range bots {
		distinct[b] = true
	}
	if len(distinct) < 2 {
		return nil
	}
	best, variant, bot, hi, lo, seatHi, seatLo := -1.0, "", "", 0.0, 0.0, 0, 0
	for _, v := range r.Variants {
		if v.Finished == 0 || len(v.WinsBySeat) != len(bots) {
			continue
		}
		for s := range bots {
			for u := s + 1; u < len(bots); u++ {
				if bots[s] != bots[u] {
					continue
				}
				a := float64(v.WinsBySeat[s]) / float64(v.Finished)
				b := float64(v.WinsBySeat[u]) / float64(v.Finished)
				if d := math.Abs(a - b); d > best {
					best, variant, bot = d, v.Name, bots[s]
					hi, lo, seatHi, seatLo = a, b, s+1, u+1
				}
			}
		}
	}
	if best < 0 {
		return []core.Message{msg.SimWarnSeating()}
	}
	return []core.Message{msg.SimWarnSeatingExample(variant, bot, fmt.Sprintf("%.1f", 100*hi), seatHi, fmt.Sprintf("%.1f", 100*lo), seatLo)}
}

// clauses are sentences said one after another, joined by the language's
// semicolon (sim.clauses: "; ", " ; " in French).
type clauses []string

func (c clauses) Message() core.Message {
	if len(c) <= 1 {
		return core.MsgText(strings.Join(c, ""))
	}
	return msg.SimClauses(c[0], c[1:])
}

// sayErr is a configuration error the learner reads in their language (a
// core.Refusal), with English as its Error.
func sayErr(m core.Message) error { return &core.Refusal{Msg: m} }
