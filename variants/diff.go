package variants

import "github.com/meldlab/meldlab/core"

// Diff explains in plain words how two variants' rules differ, one sentence
// a key, in the order of the keys, with each key's own words
// (core.RuleKey.Sentence), as messages to say in the learner's language:
//
//	in novelty a joker is worth 0 in the initial meld; in original a joker is worth the tile it replaces
//
// name, title and source are not rules and are left out; a key that does
// not matter under both (deal.piles in a draw deal) is left out too. No
// differences gives nil.
func Diff(a, b *Variant) []core.Message {
	var out []core.Message
	for _, k := range core.RuleKeys() {
		if !k.Says() || k.PerFile || !(k.Applies(&a.Rules) && k.Applies(&b.Rules)) {
			continue
		}
		if core.Format(k.Get(&a.Rules)) == core.Format(k.Get(&b.Rules)) {
			continue
		}
		out = append(out, core.MsgRulekeyDiff(core.VariantName(a.Rules.Name), k.Sentence(&a.Rules), core.VariantName(b.Rules.Name), k.Sentence(&b.Rules)))
	}
	return out
}
