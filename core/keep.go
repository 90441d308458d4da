package core

// CheckKeptJokers is the keeping part of Play's rule 9 alone, for a turn
// staged a step at a time (the REPL's take J): the jokers of the table
// before the turn that after no longer holds may go to the player's rack
// only under Rules.Joker.Keep, and each only once a tile it stood for,
// placed from the player's own rack beside its old set's tiles, has
// replaced it (one rack tile frees one joker). after may still hold sets
// being built: a set that is not valid yet plays no joker. It changes
// nothing, and returns nil or a *RuleError (ErrJokerNotPlayed) naming the
// joker and the tiles that would free it.
func (g *Game) CheckKeptJokers(after Table) error {
	r := &g.Rules
	before := g.s.table
	ch := Diff(before, after)
	kept := ch.Missing.Jokers()
	if kept == 0 {
		return nil
	}
	jk := g.jokers(before, after, nil)
	if !r.Joker.Keep {
		if len(jk.freed) > 0 {
			set := jk.freed[0].set + 1
			return r.refusal(ErrJokerNotPlayed, set,
				MsgRuleJokerNotPlayedFrom(set, before[set-1], r.says()))
		}
		return r.refusal(ErrJokerNotPlayed, 0, MsgRuleJokerNotPlayed(r.says()))
	}
	f, ok := jk.keepable(kept, &ch.Added)
	switch {
	case ok:
		return nil
	case f != nil:
		return r.refusal(ErrJokerNotPlayed, f.set+1, MsgRuleJokerKeepNotYet(f.set+1, before[f.set], r.says(), List{Items: tileItems(f.stands), Or: true}))
	default:
		return r.refusal(ErrJokerNotPlayed, 0, MsgRuleJokerKeepNotYetAny(r.says()))
	}
}
