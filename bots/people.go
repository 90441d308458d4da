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
//     once opened it looks at one table set at a time, so a play mostly
//     changes one set (MaxSets 1), never a set holding a joker (TouchJokers
//     false); and on 30% of its turns it draws though it has a play
//     (MissRate).
//   - "intermediate" (NewIntermediate) models a club player who is not yet
//     an expert: it opens as soon as it can, rearranges two sets a play,
//     chosen among the Near sets that share a number, or a colour and
//     nearby numbers, with its rack (so it retrieves jokers there), and
//     draws with a play on its rack on 5% of its turns.
//
// Neither sees the same on every turn, as a person does not. On a turn it
// may stretch, reaching one set beyond MaxSets, and by the same chance one
// more again, up to four sets (Stretch: 40% for the beginner, 50% for the
// intermediate); a stretched beginner looks at sets holding a joker too.
// And it notices each table set only by a chance (Notice: 80% and 95%),
// missing the plays the sets it overlooked hold. So how often it finds a
// play falls smoothly with how many sets the play changes, the more so the
// weaker the bot, instead of being all or nothing: a puzzle's prior rating
// (package puzzle) is measured by these chances over seeds. Before this
// (issue 44) their reach was fixed and a seed only decided whether they
// looked, so a puzzle's solve rate was 0 or the look rate, whatever its
// difficulty.
//
// Within what it sees it plays the most rack tiles (then the most points),
// each play found by the solver and accepted by the referee (View.Check,
// through solve.Legal), so every variant's rules and hooks hold for it. It
// never keeps a joker back on purpose. Each turn draws the same count of
// numbers from its seeded generator (the roll whether it looks, its
// stretch, one a table set), so its choices follow from its seed and what
// it sees does not hang on what it did the turn before.
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
	// Near bounds the sets it considers for a play changing two sets or
	// more: the Near sets with most rack tiles next to theirs; 0: every set.
	Near int
	// Stretch is the chance that a turn reaches one set beyond MaxSets, and
	// then one more again, up to maxReach; a stretched turn also touches
	// sets holding a joker.
	Stretch float64
	// Notice is the chance it notices each table set on a turn (1: it sees
	// every set); it changes none it overlooked.
	Notice float64
	// MaxNodes bounds each search, Deadline all of a turn's (see
	// DefaultMaxNodes).
	MaxNodes int
	Deadline time.Duration
	rng      *rand.Rand
	stats    SolverStats
}

// NewBeginner makes the "beginner" bot (see Person).
func NewBeginner(seed uint64) *Person {
	return &Person{name: "beginner", OpenRate: 0.35, MissRate: 0.3, MaxSets: 1, Near: 6, Stretch: 0.4, Notice: 0.8,
		MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline, rng: newRNG(seed, 0x626567696e6e6572)}
}

// NewIntermediate makes the "intermediate" bot (see Person).
func NewIntermediate(seed uint64) *Person {
	return &Person{name: "intermediate", OpenRate: 1, MissRate: 0.05, MaxSets: 2, TouchJokers: true, Near: 6,
		Stretch: 0.5, Notice: 0.95, MaxNodes: DefaultMaxNodes, Deadline: DefaultDeadline, rng: newRNG(seed, 0x696e7465726d6564)}
}

// maxReach is the most sets a person's play changes, however far it
// stretches: the sets of four among six are 15 searches, of five 6 more of
// a larger size, and no person bot should cost more than greedy's move.
const maxReach = 4

func newRNG(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^stream)) }

// Name is "beginner" or "intermediate".
func (b *Person) Name() string { return b.name }

// SolverStats counts the bot's searches so far.
func (b *Person) SolverStats() SolverStats { return b.stats }

// Act plays by the policy in Person's doc.
func (b *Person) Act(ctx context.Context, rules *core.Rules, v *core.View) (Action, error) {
	// The turn's numbers, all drawn whatever it then does, so that what
	// it sees does not hang on whether it looked the turn before: the roll
	// whether it looks, its stretch (one a set it may reach beyond
	// MaxSets), and one a table set, whether it noticed it.
	roll := b.rng.Float64()
	reach, jokers := b.MaxSets, b.TouchJokers
	stretching := true
	for range maxReach - 1 {
		stretching = stretching && b.rng.Float64() < b.Stretch && reach < maxReach
		if stretching {
			reach++
			jokers = true
		}
	}
	seen := make([]bool, len(v.Table))
	for i := range seen {
		seen[i] = b.rng.Float64() < b.Notice
	}
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
		looks := func(i int) bool { return seen[i] && (jokers || !containsJoker(v.Table[i])) }
		// The sets it looks at, one at a time, then reach at a time among
		// the Near nearest. A set no rack tile is near can take none (with
		// fewer than two jokers on the rack, which could make a run of one
		// of its tiles), and a set of a combination looked at is looked at
		// with it: neither is searched alone, so a move costs about what
		// greedy's does.
		all := nearSets(rules, v.Table, rack, 0)
		var near []int
		if reach >= 2 {
			near = slices.DeleteFunc(nearSets(rules, v.Table, rack, b.Near), func(i int) bool { return !looks(i) })
			if len(near) < 2 {
				near = nil
			}
		}
		var open [][]int
		for i := range v.Table {
			switch {
			case !looks(i):
			case rack.Jokers() < 2 && !slices.Contains(all, i):
			case slices.Contains(near, i):
			default:
				open = append(open, []int{i})
			}
		}
		open = append(open, combinations(near, min(reach, len(near)))...)
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
	// the referee judges the frozen sets with the searched ones (it
	// changes no set it judges: the sets are shared)
	whole := func(t core.Table) core.Table { return append(frozen[:len(frozen):len(frozen)], t...) }
	sv := &core.View{}
	if v.Check != nil {
		sv.Check = func(t core.Table) (core.TurnRecord, error) { return v.Check(whole(t)) }
	}
	if v.Judge != nil {
		sv.Judge = func(t core.Table) (core.Verdict, error) { return v.Judge(whole(t)) }
	}
	res, err := search(ctx, &b.stats, p, sv, b.MaxNodes, b.Deadline, beat)
	if err != nil {
		return res, err
	}
	res.Table = append(frozen, res.Table...) // the view's sets: Act clones the play it makes
	return res, nil
}

// combinations are the k-element subsets of sets, in order (none for k < 1).
func combinations(sets []int, k int) [][]int {
	if k < 1 || k > len(sets) {
		return nil
	}
	var out [][]int
	var pick func(from int, got []int)
	pick = func(from int, got []int) {
		if len(got) == k {
			out = append(out, slices.Clone(got))
			return
		}
		for i := from; i <= len(sets)-(k-len(got)); i++ {
			pick(i+1, append(got, sets[i]))
		}
	}
	pick(0, make([]int, 0, k))
	return out
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
