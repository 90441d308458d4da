package core

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RuleProblem is one thing wrong with a Rules: its words, and the keys
// involved, the one most to blame first (a variant file's error is placed
// at the first of them the file sets).
type RuleProblem struct {
	Keys []string
	Msg  string
	Rule error // ErrPlayers or ErrDeal for those checks, else nil
}

// RulesError is every problem Validate found, in the keys' order.
type RulesError []RuleProblem

func (e RulesError) Error() string {
	parts := make([]string, len(e))
	for i, p := range e {
		parts[i] = p.Msg
	}
	return strings.Join(parts, "; ")
}

// Unwrap gives the rules broken (ErrDeal, ErrPlayers), for errors.Is.
func (e RulesError) Unwrap() []error {
	var out []error
	for _, p := range e {
		if p.Rule != nil {
			out = append(out, p.Rule)
		}
	}
	return out
}

// Validate checks rules however they came in (a variant file, a Lua table,
// a saved game, a solve input): every key in its range or words (see
// RuleKeys) where it applies, then the checks no single key can make, as a run longer than
// the numbers or a deal the box cannot serve. The error is a RulesError.
func (r *Rules) Validate() error {
	var errs RulesError
	var rule error // the rule the next problems break
	add := func(msg string, keys ...string) { errs = append(errs, RuleProblem{Keys: keys, Msg: msg, Rule: rule}) }
	for _, k := range ruleKeys {
		if k.Type == TextKey {
			// Names and titles are printed on terminals: an ESC or OSC
			// sequence in one (a save's, say) would act there.
			if v := k.get(r).(string); !plainText(v) {
				add(fmt.Sprintf("%s holds control characters (%s); write plain text", k.Path, strconv.Quote(v)), k.Path)
			}
			continue
		}
		if !k.Applies(r) {
			continue // deal.tiles means nothing in a pile deal
		}
		if err := k.Check(k.get(r)); err != nil {
			add(err.Error(), k.Path)
		}
	}
	if r.Joker.ReplaceFrom&^(FromRack|FromTable|FromDrawn) != 0 {
		add(fmt.Sprintf("joker.replace_from has unknown sources %#x", uint8(r.Joker.ReplaceFrom)), "joker.replace_from")
	}
	if len(errs) > 0 {
		return errs // the checks below assume every value in range
	}
	rule = ErrPlayers
	if r.Players.Min > r.Players.Max {
		add(fmt.Sprintf("players.min is %d but players.max is %d; the fewest cannot be more than the most", r.Players.Min, r.Players.Max),
			"players.min", "players.max")
	}
	rule = nil
	if r.Opening.FirstRoundLocked && r.Opening.LockEnds == LockTurns && r.Opening.LockTurns == 0 {
		add("opening.lock_ends is turns but opening.lock_turns is 0: say how many of each player's turns the table stays locked, as lock_turns: 3",
			"opening.lock_turns", "opening.lock_ends")
	}
	if r.Sets.MinRun > r.Tiles.Numbers {
		add(fmt.Sprintf("sets.min_run is %d but the tiles are numbered 1..%d: no run could be made", r.Sets.MinRun, r.Tiles.Numbers),
			"sets.min_run", "tiles.numbers")
	}
	if r.Sets.GroupColors == AnyColors { // a group may repeat a colour
		if r.Sets.MinGroup > r.Tiles.Colors*r.Tiles.Copies {
			add(fmt.Sprintf("sets.min_group is %d but the tiles come in %d colours of %d %s each: no group could be made",
				r.Sets.MinGroup, r.Tiles.Colors, r.Tiles.Copies, plural(r.Tiles.Copies, "copy", "copies")),
				"sets.min_group", "tiles.colors", "tiles.copies")
		}
	} else if r.Sets.MinGroup > r.Tiles.Colors {
		add(fmt.Sprintf("sets.min_group is %d but the tiles come in %d colours: no group could be made", r.Sets.MinGroup, r.Tiles.Colors),
			"sets.min_group", "tiles.colors")
	}
	if n := len(r.Scoring.TileValues); n > 0 && n != r.Tiles.Numbers {
		add(fmt.Sprintf("scoring.tile_values has %d values but the tiles are numbered 1..%d: give one value a number, in order", n, r.Tiles.Numbers),
			"scoring.tile_values", "tiles.numbers")
	}
	if tl := r.TimeLimit; tl.Mode != PerTurn && tl.Bank == 0 {
		add(fmt.Sprintf("time_limit.mode is %s but time_limit.bank is 0; a chess clock needs the seconds each player starts with, as bank: 600", tl.Mode),
			"time_limit.bank", "time_limit.mode")
	}
	// The deal must serve the most players.
	n := r.Players.Max
	ts := r.Tiles
	box := ts.Size()
	// (said only in a refusal: a game checks its rules as it starts, and
	// the lab starts thousands)
	boxWords := func() string {
		return fmt.Sprintf("%d (%d colours × %d numbers × %d copies + %d jokers)", box, ts.Colors, ts.Numbers, ts.Copies, ts.Jokers)
	}
	rule = ErrDeal
	switch r.Deal.Method {
	case DealDraw:
		if need := n * r.Deal.Tiles; need > box {
			add(fmt.Sprintf("the deal cannot serve %d players: %d × %d tiles is %d, and the box holds %s", n, n, r.Deal.Tiles, need, boxWords()),
				"deal.tiles", "players.max", "players.min", "deal.method", "tiles.jokers", "tiles.copies", "tiles.numbers", "tiles.colors")
		}
	case DealPiles:
		sum := 0
		for _, p := range r.Deal.Piles {
			sum += p
		}
		switch {
		case len(r.Deal.Piles) == 0:
			add("deal.method is piles but deal.piles lists no piles", "deal.method", "deal.piles")
		case r.Deal.Take < 1:
			add(fmt.Sprintf("deal.method is piles but deal.take is %d; each player must take at least one pile", r.Deal.Take),
				"deal.take", "deal.method")
		case sum > box:
			add(fmt.Sprintf("the piles hold %d tiles, but the box holds only %s", sum, boxWords()),
				"deal.piles", "tiles.jokers", "tiles.copies", "tiles.numbers", "tiles.colors", "deal.method")
		case n*r.Deal.Take > len(r.Deal.Piles):
			add(fmt.Sprintf("the deal cannot serve %d players: %d × %d piles is %d, and there are %d piles", n, n, r.Deal.Take, n*r.Deal.Take, len(r.Deal.Piles)),
				"deal.take", "players.max", "players.min", "deal.piles", "deal.method")
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// plainText reports whether s is UTF-8 without control characters (C0,
// DEL, C1; tabs and line breaks included).
func plainText(s string) bool {
	for _, c := range s {
		if c == utf8.RuneError || c < 0x20 || (c >= 0x7f && c <= 0x9f) {
			return false
		}
	}
	return true
}
