package variants

import "github.com/meldlab/meldlab/core"

// Diff explains in plain words how two variants' rules differ, one sentence
// a key, in the order of the keys:
//
//	in novelty a joker is worth 0 in the initial meld; in original it is worth the tile it replaces
//
// name, title and source are not rules and are left out. No differences
// gives nil.
func Diff(a, b *Variant) []string {
	var out []string
	for _, k := range keys {
		if k.say == nil && k.sayRules == nil || k.applies != nil && !(k.applies(&a.Rules) && k.applies(&b.Rules)) {
			continue
		}
		if format(k.get(&a.Rules)) == format(k.get(&b.Rules)) {
			continue
		}
		out = append(out, "in "+a.Rules.Name+" "+k.subject+" "+k.sayFor(&a.Rules)+"; in "+b.Rules.Name+" "+k.pronoun+" "+k.sayFor(&b.Rules))
	}
	return out
}

// sayFor says the key's value under r, in words.
func (k *key) sayFor(r *core.Rules) string {
	if k.sayRules != nil {
		return k.sayRules(r)
	}
	return k.say(k.get(r))
}
