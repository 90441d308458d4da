package bots

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Person is a people-like bot: the solver's play, but only what a person of
// some experience sees. Two are registered, with the rates their
// constructors state:
//
//   - "beginner" (NewBeginner) models a newcomer: it opens late (before its
//     initial meld it sees an opening it holds on 35% of its turns, OpenRate);
//     once opened it looks at one table set at a time, so a play never
//     changes more than one set (MaxSets 1), and never a set holding a joker,
//     so it misses every joker retrieval (TouchJokers false); and on 20% of
//     its turns it draws though it has a play (MissRate).
//   - "intermediate" (NewIntermediate) models a club player who is not yet
//     an expert: it opens as soon as it can, rearranges at most two sets a
//     play, chosen among the Near sets that share a number, or a colour and
//     nearby numbers, with its rack (so it retrieves jokers there), and
//     draws with a play on its rack on 5% of its turns.
//
// Within what it sees it plays the most rack tiles (then the most points),
// each play found by the solver and accepted by the referee (View.Check,
// through solve.Legal), so every variant's rules and hooks hold for it. It
// never keeps a joker back on purpose. Each turn draws one number from its
// seeded generator, so its choices follow from its seed.
type Person struct {
	name string
	// OpenRate is the share of its turns before the initial meld on which
	// it looks for one (it draws on the others).
	OpenRate float64
	// MissRate is the share of its turns after the initial meld on which it
	// draws without looking for a play.
	MissRate float64
	// MaxSets is the most table sets one play may change (1 or 2).
	MaxSets int
	// TouchJokers: it may change a set holding a joker.
	TouchJokers bool
	// Near bounds the sets it considers for a play changing two sets: the
	// Near sets with most rack tiles next to theirs; 0: every set.
	Near int
	// MaxNodes bounds each search, Deadline all of a turn's (see
	// DefaultMaxNodes).
	MaxNodes int
	Deadline time.Duration
	rng      *rand.Rand
	stats    SolverStats
}

// NewBeginner makes the "beginner" bot (see Person).
func NewBeginner(seed uint64) *Person {
	return &Person{name: "beginner", OpenRate: 0.35, MissRate: 0.2, MaxSets: 1,
		MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline, rng: newRNG(seed, 0x626567696e6e6572)}
}

// NewIntermediate makes the "intermediate" bot (see Person).
func NewIntermediate(seed uint64) *Person {
	return &Person{name: "intermediate", OpenRate: 1, MissRate: 0.05, MaxSets: 2, TouchJokers: true, Near: 6,
		MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline, rng: newRNG(seed, 0x696e7465726d6564)}
}

func newRNG(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^stream)) }

// Name is "beginner" or "intermediate".
func (b *Person) Name() string { return b.name }

// SolverStats counts the bot's searches so far.
func (b *Person) SolverStats() SolverStats { return b.stats }

// Act plays by the policy in Person's doc.
func (b *Person) Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error) {
	roll := b.rng.Float64() // one number a turn, whatever the turn
	if opened(v) {
		if roll < b.MissRate {
			return Action{Draw: true}, nil
		}
	} else if roll >= b.OpenRate {
		return Action{Draw: true}, nil
	}
	ctx, cancel := within(ctx, b.Deadline)
	defer cancel()
	rack := core.MultisetOf(v.Rack...)
	best, err := b.search(ctx, rules, v, rack, nil, nil)
	if err != nil {
		return Action{}, err
	}
	if opened(v) && !v.Locked {
		// The sets it looks at, one at a time, then two at a time. A set
		// no rack tile is near can take none (with fewer than two jokers on
		// the rack, which could make a run of one of its tiles), and a set
		// of a pair looked at is looked at with it: neither is searched
		// alone, so a move costs about what greedy's does.
		all := nearSets(rules, v.Table, rack, 0)
		var pairs []int
		if b.MaxSets >= 2 {
			pairs = nearSets(rules, v.Table, rack, b.Near)
			if !b.TouchJokers {
				pairs = slices.DeleteFunc(pairs, func(i int) bool { return containsJoker(v.Table[i]) })
			}
			if len(pairs) < 2 {
				pairs = nil
			}
		}
		var open [][]int
		for i := range v.Table {
			switch {
			case !b.TouchJokers && containsJoker(v.Table[i]):
			case rack.Jokers() < 2 && !slices.Contains(all, i):
			case slices.Contains(pairs, i):
			default:
				open = append(open, []int{i})
			}
		}
		for x := range pairs {
			for _, y := range pairs[x+1:] {
				open = append(open, []int{pairs[x], y})
			}
		}
		keep := 0 // what a kept joker counts for, in tiles (see Greedy)
		if keepWorth(rules, v) {
			keep = 2
		}
		for _, sets := range open {
			if best.Tiles == rack.Len() {
				break // it goes out: nothing places more
			}
			var beat *solve.Result
			if best.Tiles > 0 {
				beat = &best // the referee need not judge a play that loses to it
			}
			r, err := b.search(ctx, rules, v, rack, sets, beat)
			if err != nil {
				return Action{}, err
			}
			if r.Tiles+keep*r.Kept > best.Tiles+keep*best.Kept ||
				r.Tiles == best.Tiles && r.Kept == best.Kept && r.Points > best.Points {
				best = r
			}
		}
	}
	if best.Tiles == 0 {
		return Action{Draw: true}, nil
	}
	return Action{Table: best.Table.Clone()}, nil
}

// search is the best play that changes only the table sets listed in open
// (none: new sets from the rack only), the others left as they are; its
// Table is the whole table after it. With beat, only a better play counts
// (none found: no play).
func (b *Person) search(ctx context.Context, rules *core.Rules, v *core.View, rack core.Multiset, open []int, beat *solve.Result) (solve.Result, error) {
	frozen := make(core.Table, 0, len(v.Table))
	var sub core.Table
	for i, s := range v.Table {
		if slices.Contains(open, i) {
			sub = append(sub, s)
		} else {
			frozen = append(frozen, s)
		}
	}
	p := problem(rules, v, rack, solve.Tiles)
	p.PreferKeep = keepWorth(rules, v) // a freed joker kept counts as two tiles (see Greedy)
	p.Table = sub
	var check func(core.Table) (core.TurnRecord, error)
	if v.Check != nil {
		check = func(t core.Table) (core.TurnRecord, error) {
			// (the referee changes no set it judges: the sets are shared)
			return v.Check(append(frozen[:len(frozen):len(frozen)], t...))
		}
	}
	res, err := search(ctx, &b.stats, p, check, b.MaxNodes, b.Deadline, beat)
	if err != nil {
		return res, err
	}
	res.Table = append(frozen, res.Table...) // the view's sets: Act clones the play it makes
	return res, nil
}

// nearSets lists the table sets whose tiles a rack tile could join, most
// such rack tiles first (the first n; all with n 0): a tile of the same
// number, or of the same colour within one number (more with jokers on the
// rack). A set no rack tile is near is left out.
func nearSets(rules *core.Rules, table core.Table, rack core.Multiset, n int) []int {
	gap := 1 + rack.Jokers()
	tiles := rack.Tiles()
	type scored struct{ set, score int }
	var out []scored
	for i, s := range table {
		score := 0
		for _, r := range tiles {
			if r.IsJoker() {
				continue
			}
			for _, t := range s {
				if t.IsJoker() {
					continue
				}
				if t.Number() == r.Number() || t.Color() == r.Color() && abs(t.Number()-r.Number()) <= gap {
					score++
					break
				}
			}
		}
		if score > 0 {
			out = append(out, scored{i, score})
		}
	}
	slices.SortStableFunc(out, func(a, b scored) int { return b.score - a.score })
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	sets := make([]int, len(out))
	for i, s := range out {
		sets[i] = s.set
	}
	slices.Sort(sets)
	return sets
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
