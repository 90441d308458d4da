package view

import (
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/text"
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
	Was, Now any // what it stood for: a tile, b9, or in a group a list of tiles joined by "or" (k10 or o10), said in the learner's words
}

// ReportRecord is what the referee's record of a turn says (its sets
// made, changed and undone), as the session shows it: nothing is worked
// out again from the tables.
func ReportRecord(sr core.SetRules, player string, round, turn int, before core.Table, rec core.TurnRecord) TurnReport {
	r := TurnReport{Player: player, Round: round, Turn: turn, Kind: rec.Kind}
	if rec.Kind != core.ActPlay {
		r.Drawn = len(rec.Drawn)
		return r
	}
	r.Placed = rec.Placed
	gone := make([]bool, len(before))
	made := make([]bool, len(rec.Table))
	for _, c := range rec.Changed {
		gone[c.Before], made[c.After] = true, true
	}
	for _, i := range rec.Undone {
		gone[i] = true
	}
	for _, j := range rec.Made {
		made[j] = true
	}
	for i, g := range gone {
		if g {
			r.Gone = append(r.Gone, before[i])
		}
	}
	for j, m := range made {
		if m {
			r.Made = append(r.Made, rec.Table[j])
		}
	}
	return r.withJokers(sr, len(rec.Table))
}

// ReportTurn compares the table before and after a play that is not
// taken (a hint's): a turn taken has its record (reportRecord).
func ReportTurn(sr core.SetRules, player string, round, turn int, kind core.ActionKind, before, after core.Table) TurnReport {
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
	return r.withJokers(sr, len(after))
}

// withJokers counts the sets left alone and pairs the jokers of the sets
// taken apart with those of the sets made.
func (r TurnReport) withJokers(sr core.SetRules, after int) TurnReport {
	r.Kept = after - len(r.Made)
	// The jokers of the sets taken apart, in order, against the jokers of
	// the sets made: which joker went where cannot be told apart, and
	// does not matter.
	type joker struct {
		set core.Set
		as  any
	}
	jokers := func(t core.Table) []joker {
		var out []joker
		for _, s := range t {
			info, err := sr.Validate(s)
			if err != nil {
				continue
			}
			for _, as := range JokerStands(sr, &info) {
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

// JokerStands says what each joker of a valid set stands for: the tile in
// a run, the colours it may be in a group ("k10 or o10", a core.List
// each language joins with its own "or").
func JokerStands(sr core.SetRules, info *core.SetInfo) []any {
	var out []any
	for _, t := range info.JokerTiles() {
		if info.Kind != core.Group {
			out = append(out, t)
			continue
		}
		var may []any
		for c := range core.Color(min(sr.Colors, core.MaxColors)) {
			if info.Missing&(1<<c) != 0 {
				may = append(may, core.NewTile(c, info.Number))
			}
		}
		out = append(out, core.List{Items: may, Or: true})
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

// TableLines are the lines under "greedy plays ...": what changed on the
// Table and the jokers freed.
func (p Painter) TableLines(r TurnReport) string {
	var b strings.Builder
	sets := func(t core.Table) string {
		parts := make([]string, len(t))
		for i, s := range t {
			parts[i] = p.Set(s)
		}
		return strings.Join(parts, " ")
	}
	switch {
	case len(r.Gone) > 0:
		b.WriteString("  " + text.Wrap(p.Lang.Message(msg.ReplMoveChanged(sets(r.Gone), sets(r.Made), len(r.Gone))), 76, "    "))
	case len(r.Made) > 0:
		b.WriteString("  " + text.Wrap(p.Lang.Message(msg.ReplMoveNew(sets(r.Made), len(r.Made))), 76, "    "))
	}
	for _, j := range r.Jokers {
		b.WriteString("  " + text.Wrap(p.Lang.Message(msg.ReplMoveJoker(j.Was, p.Set(j.From), j.Now, p.Set(j.To))), 76, "    "))
	}
	return b.String()
}

// ExplainTurn tells a turn in words, for explain last, in lines that fit
// 80 columns.
func (p Painter) ExplainTurn(r TurnReport) string {
	var b strings.Builder
	say := func(m core.Message) { b.WriteString(text.Wrap(p.Lang.Message(m), 78, "")) }
	list := func(t core.Table) core.List {
		items := make([]any, len(t))
		for i, s := range t {
			items[i] = p.Set(s)
		}
		return core.List{Items: items}
	}
	who := r.Player
	you := IsYou(p.Lang, who)
	say(msg.ReplLastHead(who, r.Round, r.Turn, you))
	switch r.Kind {
	case core.ActPlay:
		if len(r.Gone) == 0 {
			say(msg.ReplLastPlacedNew(who, p.Tiles(r.Placed), you, len(r.Made), list(r.Made)))
		} else {
			say(msg.ReplLastPlacedChanging(who, p.Tiles(r.Placed), you, list(r.Gone), list(r.Made)))
		}
		for _, j := range r.Jokers {
			say(msg.ReplLastJoker(p.Set(j.From), j.Was, p.Set(j.To), j.Now))
		}
		if r.Kept > 0 {
			say(msg.ReplLastKept(r.Kept))
		}
	case core.ActDraw:
		say(msg.ReplLastDrew(who, r.Drawn, you))
	case core.ActPass:
		say(msg.ReplLastPassed(who, you))
	case core.ActTimeout:
		say(msg.ReplLastTimeout(who, r.Drawn)) // You: no language says it
	case core.ActFailedPlay:
		say(msg.ReplLastFailed(who, r.Drawn))
	default:
		say(msg.ReplLastOther(who, r.Kind.String()))
	}
	if r.Penalty != nil {
		say(msg.ReplLastWhy(r.Penalty))
	}
	return b.String()
}
