package core

import "fmt"

// Inert is a rule key whose value has no effect given the others (a bank
// of seconds under a clock of one minute a turn), or a combination that
// plays otherwise than it reads: `variants check` warns about each.
type Inert struct {
	Key string // the key, as the variant files nest it
	Why string // what makes it inert, in English, with the fix
}

// Inert lists the keys of r that have no effect given the others, in the
// keys' order, and the trap of a match to a target won by rounds. A key at
// its "off" value (0, false, nothing, the first word) is left out: saying
// "none" is never wrong.
func (r *Rules) Inert() []Inert {
	var out []Inert
	add := func(key, format string, args ...any) {
		if k := LookupRuleKey(key); k != nil && !offValue(k, k.get(r)) {
			out = append(out, Inert{Key: key, Why: fmt.Sprintf(format, args...)})
		}
	}
	o := r.Opening
	if !o.FirstRoundLocked {
		add("opening.lock_ends", "opening.lock_ends has no effect: opening.first_round_locked is false, so there is no lock to lift")
		add("opening.lock_turns", "opening.lock_turns has no effect: opening.first_round_locked is false, so there is no lock")
	} else if o.LockEnds != LockTurns {
		add("opening.lock_turns", "opening.lock_turns has no effect: opening.lock_ends is %s, not turns", o.LockEnds)
	}
	if r.TimeLimit.Mode == PerTurn {
		add("time_limit.bank", "time_limit.bank has no effect under time_limit.mode: per_turn; it is a chess clock's (fischer, bronstein or delay)")
		add("time_limit.increment", "time_limit.increment has no effect under time_limit.mode: per_turn; it is a chess clock's (fischer, bronstein or delay)")
	} else {
		add("time_limit.seconds", "time_limit.seconds has no effect under a chess clock (time_limit.mode: %s): each player has time_limit.bank", r.TimeLimit.Mode)
	}
	if !r.HasClock() {
		add("time_limit.penalty_tiles", "time_limit.penalty_tiles has no effect: time_limit.seconds is 0 and there is no chess clock, so no turn runs out of time")
	}
	if r.Deal.Method == DealDraw {
		add("deal.piles", "deal.piles has no effect with deal.method: draw; it is the pile deal's (method: piles)")
		add("deal.take", "deal.take has no effect with deal.method: draw; it is the pile deal's (method: piles)")
	}
	switch {
	case r.Tiles.Jokers == 0:
		for _, key := range []string{"opening.joker_value", "joker.penalty", "joker.take_before_opening", "joker.replace_from", "joker.keep"} {
			add(key, "%s has no effect: the box has no jokers (tiles.jokers: 0)", key)
		}
	case r.Table.Manipulation != FullManipulation:
		for _, key := range []string{"joker.take_before_opening", "joker.keep"} {
			add(key, "%s has no effect under table.manipulation: %s: no joker is ever taken from a set on the table", key, r.Table.Manipulation)
		}
	case !r.Joker.ReplaceFrom.Has(FromRack):
		add("joker.keep", "joker.keep has no effect: joker.replace_from has no rack, and only a joker replaced from the player's own rack may be kept")
	}
	if r.Hooks == "" && r.FreeSum() {
		out = append(out, Inert{Key: "scoring.zero_sum", Why: "scoring.zero_sum: false has no effect: the variant has no score_round hook whose scores it frees (the books' scores always add up to 0)"})
	}
	if r.Hooks == "" && len(r.Params) > 0 {
		out = append(out, Inert{Key: "params", Why: "params has no effect: the variant has no hooks to read them"})
	}
	if r.Match.Target > 0 {
		switch {
		case r.Match.Rounds == 1:
			add("match.target", "match.target has no effect: match.rounds is 1, so the match ends after its one round")
		case r.Match.Winner == MostRounds:
			add("match.target", "match.target ends the match when a total reaches %d, but match.winner: most_rounds gives it to whoever won most rounds, whatever the totals (a player on -73 can win over one on 73); write match.winner: highest_total", r.Match.Target)
		}
	}
	return out
}

// offValue reports whether v is key k's "off" value: 0, false, nothing, an
// empty list, or the first of its words.
func offValue(k *RuleKey, v any) bool {
	switch v := v.(type) {
	case int:
		return v == 0
	case bool:
		return !v
	case string:
		return v == "" || k.Type == WordKey && len(k.Words) > 0 && v == k.Words[0]
	case []int:
		return len(v) == 0
	case []string:
		return len(v) == 0
	case Params:
		return len(v) == 0
	}
	return v == nil
}
