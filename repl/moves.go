package repl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// TurnReport is what one turn did, as the session shows it after a bot's
// turn and explain last tells it: the tiles placed or drawn, the sets of
// the table that changed, and the jokers that moved.
type TurnReport struct {
	Player string
	Round  int
	Turn   int             // from 1
	Kind   core.ActionKind // ActPlay, ActDraw, ActPass, ActTimeout, ActFailedPlay
	Placed []core.Tile     // from the rack (a play)
	Drawn  int             // tiles drawn (a draw or a penalty)
	// Gone are the sets of the table before the turn that are not on it
	// after; Made the sets after it that were not there before. Sets left
	// alone are in neither.
	Gone, Made core.Table
	Jokers     []JokerMove // the jokers of Gone, each freed and played again
	Kept       int         // sets the turn left alone
	Penalty    error       // why a bot lost its turn, if it did
}

// JokerMove is a joker freed from a set and played again in another: what
// it stood for before and after.
type JokerMove struct {
	From, To core.Set
	Was, Now string // what it stood for: "b9", or "k10 or o10" in a group
}

// reportTurn compares the table before and after a turn.
func reportTurn(sr core.SetRules, player string, round, turn int, kind core.ActionKind, before, after core.Table) TurnReport {
	r := TurnReport{Player: player, Round: round, Turn: turn, Kind: kind}
	if kind != core.ActPlay {
		return r
	}
	used := make([]bool, len(after))
	for _, s := range before {
		if j := findSet(after, used, s); j >= 0 {
			used[j] = true
			continue
		}
		r.Gone = append(r.Gone, s)
	}
	for j, s := range after {
		if !used[j] {
			r.Made = append(r.Made, s)
		}
	}
	r.Kept = len(after) - len(r.Made)
	// The jokers of the sets taken apart, in order, against the jokers of
	// the sets made: which joker went where cannot be told apart, and
	// does not matter.
	type joker struct {
		set core.Set
		as  string
	}
	jokers := func(t core.Table) []joker {
		var out []joker
		for _, s := range t {
			info, err := sr.Validate(s)
			if err != nil {
				continue
			}
			for _, as := range jokerStands(sr, &info) {
				out = append(out, joker{s, as})
			}
		}
		return out
	}
	from, to := jokers(r.Gone), jokers(r.Made)
	for i := range min(len(from), len(to)) {
		r.Jokers = append(r.Jokers, JokerMove{From: from[i].set, To: to[i].set, Was: from[i].as, Now: to[i].as})
	}
	return r
}

// jokerStands says what each joker of a valid set stands for: the tile in
// a run, the colours it may be in a group ("k10 or o10").
func jokerStands(sr core.SetRules, info *core.SetInfo) []string {
	var out []string
	for _, t := range info.JokerTiles() {
		if info.Kind != core.Group {
			out = append(out, t.String())
			continue
		}
		var may []string
		for c := range core.Color(min(sr.Colors, core.MaxColors)) {
			if info.Missing&(1<<c) != 0 {
				may = append(may, core.NewTile(c, info.Number).String())
			}
		}
		out = append(out, strings.Join(may, " or "))
	}
	return out
}

// findSet is the index of a set of t holding the tiles of s, not used yet; -1 if none.
func findSet(t core.Table, used []bool, s core.Set) int {
	want := core.MultisetOf(s...)
	for j, u := range t {
		if !used[j] && core.MultisetOf(u...) == want {
			return j
		}
	}
	return -1
}

// tableLines are the lines under "greedy plays ...": what changed on the
// table and the jokers freed.
func (p painter) tableLines(r TurnReport) string {
	var b strings.Builder
	sets := func(t core.Table) string {
		parts := make([]string, len(t))
		for i, s := range t {
			parts[i] = p.set(s)
		}
		return strings.Join(parts, " ")
	}
	switch {
	case len(r.Gone) > 0:
		b.WriteString("  " + wrap(fmt.Sprintf("changed: %s -> %s", sets(r.Gone), sets(r.Made)), 76, "    "))
	case len(r.Made) > 0:
		b.WriteString("  " + wrap(fmt.Sprintf("new: %s", sets(r.Made)), 76, "    "))
	}
	for _, j := range r.Jokers {
		b.WriteString("  " + wrap(fmt.Sprintf("joker freed: it was %s in %s, it is %s in %s",
			j.Was, p.set(j.From), j.Now, p.set(j.To)), 76, "    "))
	}
	return b.String()
}

// explainTurn tells a turn in words, for explain last, in lines that fit
// 80 columns.
func (p painter) explainTurn(r TurnReport) string {
	var b strings.Builder
	say := func(format string, args ...any) { b.WriteString(wrap(fmt.Sprintf(format, args...), 78, "")) }
	list := func(t core.Table) string {
		parts := make([]string, len(t))
		for i, s := range t {
			parts[i] = p.set(s)
		}
		if len(parts) == 1 {
			return parts[0]
		}
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	who := r.Player
	its := "their"
	if who == "you" {
		its = "your"
	}
	say("The last turn was %s's, round %d, turn %d.", who, r.Round, r.Turn)
	switch r.Kind {
	case core.ActPlay:
		if len(r.Gone) == 0 {
			say("%s placed %s from %s rack as new %s: %s.", who, p.tiles(r.Placed), its,
				plural(len(r.Made), "set", "sets"), list(r.Made))
		} else {
			say("%s placed %s from %s rack, changing %s into %s.", who, p.tiles(r.Placed), its,
				list(r.Gone), list(r.Made))
		}
		for _, j := range r.Jokers {
			say("The joker of %s, which stood for %s, was freed and played again: in %s it stands for %s.",
				p.set(j.From), j.Was, p.set(j.To), j.Now)
		}
		if r.Kept > 0 {
			say("The other %s on the table %s as %s.", plural(r.Kept, "set", "sets"),
				plural(r.Kept, "is", "are"), plural(r.Kept, "it was", "they were"))
		}
	case core.ActDraw:
		say("%s drew %d %s instead of playing (a rack is private: you see how many, not which).",
			who, r.Drawn, plural(r.Drawn, "tile", "tiles"))
	case core.ActPass:
		say("%s passed: the pool is empty.", who)
	case core.ActTimeout:
		say("%s ran out of time: the table stayed as it was, and %d penalty %s drawn.",
			who, r.Drawn, plural(r.Drawn, "tile was", "tiles were"))
	case core.ActFailedPlay:
		say("%s made a play the rules refused and drew %d penalty %s.",
			who, r.Drawn, plural(r.Drawn, "tile", "tiles"))
	default:
		say("%s: %s.", who, r.Kind)
	}
	if r.Penalty != nil {
		say("Why: %v.", r.Penalty)
	}
	return b.String()
}

// explainLast tells the last turn played in words.
func (s *Session) explainLast() error {
	if s.last == nil {
		return errors.New("no turn has been played in this game yet")
	}
	s.printf("%s", s.paint.explainTurn(*s.last))
	return nil
}
