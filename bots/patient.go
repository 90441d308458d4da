package bots

import (
	"context"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Patient follows the rulebooks' advice on strategy (000 "Estrategia", 003
// "Stratégie"): early on, keep tiles back for later turns instead of laying
// everything at once, so that a later turn has a play instead of a draw;
// keep a joker for the best moment, except when the end nears, since a
// joker caught on the rack costs 30.
//
// The policy, each turn:
//
//  1. The end nears when its own rack holds EndRack tiles or fewer, the pool
//     EndPool or fewer, or an opponent's rack OpponentClose or fewer. Then it
//     plays as greedy does: the solver's play placing the most tiles, jokers
//     and all.
//  2. Otherwise it keeps its jokers out of the search: the solver looks for
//     the play with the most tiles from the rest of the rack (jokers already
//     on the table may still be moved). If there is none, it draws.
//  3. While its rack is still large (HoldRack tiles or more) and the play
//     places two tiles or more without emptying the rack, it holds one tile
//     back: the lowest-numbered placed tile whose removal leaves its set
//     valid, which is the fourth tile of a group or the end of a run (in the
//     sets the turn made or changed, never a set holding a joker). It stays
//     a play in hand for a later turn. An initial meld holds a tile back
//     only if the meld still reaches the opening points without it.
//
// Where the rules let a freed joker go to the rack (joker.keep), it takes
// one back when a play allows it and the end does not near: a joker kept
// counts as two tiles placed (it will complete a pair into a set later),
// and among plays as good it keeps. (Greedy
// keeps one only when it can place nothing else: the swap leaves its rack
// as large, where a draw would grow it.)
//
// It is deterministic: it ignores its seed.
type Patient struct {
	HoldRack      int // hold a tile back while the rack has at least this many (8)
	EndRack       int // the end nears: own rack at most this many tiles (6)
	EndPool       int // the end nears: pool at most this many tiles (12)
	OpponentClose int // the end nears: an opponent with at most this many tiles (4)
	// MaxNodes and Deadline bound each search (see DefaultMaxNodes).
	MaxNodes int
	Deadline time.Duration
	stats    SolverStats
}

// NewPatient makes the "patient" bot with the thresholds in Patient's doc.
func NewPatient() *Patient {
	return &Patient{HoldRack: 8, EndRack: 6, EndPool: 12, OpponentClose: 4,
		MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline}
}

// Name is "patient".
func (*Patient) Name() string { return "patient" }

// SolverStats counts the bot's searches so far.
func (b *Patient) SolverStats() SolverStats { return b.stats }

// EndNears reports whether v is near the end of the round by the bot's
// thresholds (step 1 of the policy).
func (b *Patient) EndNears(v *core.View) bool {
	if len(v.Rack) <= b.EndRack || v.Pool <= b.EndPool {
		return true
	}
	for seat, n := range v.Racks {
		if seat != v.Seat && n <= b.OpponentClose {
			return true
		}
	}
	return false
}

// Act plays by the policy in Patient's doc.
func (b *Patient) Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error) {
	rack := core.MultisetOf(v.Rack...)
	end := b.EndNears(v)
	if !end {
		for rack.Remove(core.Joker) {
		}
	}
	p := problem(rules, v, rack, solve.Tiles)
	p.PreferKeep = rules.Joker.Keep && !end
	res, err := search(ctx, &b.stats, p, v, b.MaxNodes, b.Deadline, nil)
	if err != nil {
		return Action{}, err
	}
	if res.Tiles == 0 {
		return Action{Draw: true}, nil
	}
	if end || len(v.Rack) < b.HoldRack || res.Tiles < 2 || res.Tiles >= len(v.Rack) {
		return Action{Table: res.Table}, nil
	}
	if t := holdBack(rules, v.Table, res.Table, res.Placed, opened(v)); t != nil && allowed(v, t) {
		return Action{Table: t}, nil
	}
	return Action{Table: res.Table}, nil
}

// allowed reports whether the referee of v accepts the play t (true for a
// view with no referee: the plain rules already hold by construction).
func allowed(v *core.View, t core.Table) bool {
	if v.Check == nil {
		return true
	}
	_, err := v.Check(t)
	return err == nil
}

// holdBack returns after with one placed tile taken back (step 3 of the
// Patient policy), or nil when no tile can be.
func holdBack(rules *core.Rules, before, after core.Table, placed []core.Tile, opened bool) core.Table {
	sr := rules.SetRules()
	old := map[string]int{}
	for _, s := range sr.Canonical(before) {
		old[s.String()]++
	}
	var pl core.Multiset
	for _, t := range placed {
		pl.Add(t)
	}
	// Only sets the turn made or changed: a set already on the table, as it
	// was, must stay as it is.
	fresh := freshSets(sr, old, after)
	bestSet, bestPos := -1, -1
	for i, s := range after {
		if !fresh[i] || containsJoker(s) {
			continue
		}
		for j, t := range s {
			if pl.Count(t) == 0 || bestSet >= 0 && t.Number() >= after[bestSet][bestPos].Number() {
				continue
			}
			if _, err := sr.Validate(without(s, j)); err != nil {
				continue
			}
			if !opened && openingValue(rules, after, fresh, i, j) < rules.Opening.Points {
				continue
			}
			bestSet, bestPos = i, j
		}
	}
	if bestSet < 0 {
		return nil
	}
	out := after.Clone()
	out[bestSet] = without(after[bestSet], bestPos)
	return out
}

// freshSets marks the sets of after that the turn made or changed: those
// not among old (the canonical sets before, by notation, with their counts;
// old is used up).
func freshSets(sr core.SetRules, old map[string]int, after core.Table) []bool {
	fresh := make([]bool, len(after))
	for i, s := range sr.Canonical(after) {
		if k := s.String(); old[k] > 0 {
			old[k]--
		} else {
			fresh[i] = true
		}
	}
	return fresh
}

// without is s with its tile at j removed, in a new slice.
func without(s core.Set, j int) core.Set {
	return append(append(make(core.Set, 0, len(s)-1), s[:j]...), s[j+1:]...)
}

// openingValue is what the fresh sets of t count toward an initial meld,
// with the tile at (set, pos) removed.
func openingValue(rules *core.Rules, t core.Table, fresh []bool, set, pos int) int {
	sr := rules.SetRules()
	total := 0
	for i, s := range t {
		if !fresh[i] {
			continue
		}
		if i == set {
			s = without(s, pos)
		}
		info, err := sr.Validate(s)
		if err != nil {
			return 0
		}
		c := candidate{set: s, value: info.Value}
		for _, t := range info.JokerTiles() {
			c.jokerWorth += t.Number()
		}
		total += c.opening(rules)
	}
	return total
}
