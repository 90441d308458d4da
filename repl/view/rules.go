package view

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/text"
)

// Rules is a variant's rules in plain words, as the rules command
// prints them: what every edition shares, then one line a rule key, in the
// words of core's rule table (core.RuleKeys), the same words as "meldlab
// variants diff".
func Rules(r *core.Rules, p *i18n.Printer) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(text.Wrap("- "+s, 78, "  ")) }
	fmt.Fprintf(&b, "%s: %s\n", r.Name, p.VariantTitle(r.Name, r.Title))
	if r.Source != "" {
		fmt.Fprintf(&b, "(%s)\n", p.VariantSource(r.Name, r.Source))
	}
	ts := r.Tiles
	colours := make([]string, 0, ts.Colors)
	for c := range min(ts.Colors, core.MaxColors) {
		colours = append(colours, p.Message(core.MsgRulesColour(p.T("rules.colour."+core.Color(c).String()), string(core.Color(c).Letter()))))
	}
	b.WriteString(p.Message(core.MsgRulesEveryEdition()) + "\n")
	line(p.Message(core.MsgRulesBox(ts.Size(), ts.Numbers, ts.Colors, strings.Join(colours, ", "))))
	for _, m := range []core.Message{core.MsgRulesSets(), core.MsgRulesOpening(), core.MsgRulesRearrange(), core.MsgRulesJoker(), core.MsgRulesScoring()} {
		line(p.Message(m))
	}
	b.WriteString(p.Message(core.MsgRulesUnder(core.VariantName(r.Name))) + "\n")
	if note, ok := p.VariantNote(r.Name); ok {
		line(note)
	}
	for _, k := range core.RuleKeys() {
		if k.PerFile || k.SaidWith != "" || !k.Says() || !k.Applies(r) || k.Path == "hooks" && r.Hooks == "" || k.Path == "params" && len(r.Params) == 0 ||
			k.Path == "time_limit.mode" && r.TimeLimit.Mode == core.PerTurn {
			continue
		}
		if k.Optional && core.Format(k.Get(r)) == core.Format(k.Default) {
			continue // a house rule's key left as every book has it (match.target 0) says nothing
		}
		line(UpperFirst(p.Message(k.Sentence(r))) + ".")
	}
	if r.HasClock() {
		line(p.Message(core.MsgRulesClock()))
	}
	return b.String()
}

// UpperFirst is s with its first letter in upper case.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
