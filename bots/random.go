package bots

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/meldlab/meldlab/core"
)

// Random plays a random legal action, found cheaply: a baseline opponent and
// a fuzzer of the engine. Each turn it
//
//   - draws anyway one time in ten (DrawRate), so it also explores draws;
//   - before its initial meld, picks new sets from its rack (runs and groups,
//     at most one joker each) in random order until they are worth the
//     variant's opening points, or draws if they never are;
//   - after it, collects the new sets it could lay and the single rack tiles
//     that would extend a set on the table (never a set holding a joker, so
//     no joker is freed), and plays a random non-empty selection of them;
//     with the table locked (View.Locked) only new sets.
//
// It never rearranges the table, so it plays far below the solver bots. Its
// randomness comes only from its seed.
type Random struct {
	rng *rand.Rand
	// DrawRate is the share of turns it draws without looking for a play.
	DrawRate float64
}

// NewRandom makes a Random bot whose choices follow from seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x5bd1e9955bd1e995)), DrawRate: 0.1}
}

// Name is "random".
func (*Random) Name() string { return "random" }

// Act picks the turn's action (see Random).
func (b *Random) Act(_ context.Context, rules *core.Rules, v *core.View) (Action, error) {
	if b.rng.Float64() < b.DrawRate {
		return Action{Draw: true}, nil
	}
	sr := rules.SetRules()
	rack := core.MultisetOf(v.Rack...)
	cands := rackSets(sr, &rack, 1)
	b.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	opened := v.Seat >= 0 && v.Seat < len(v.Opened) && v.Opened[v.Seat]

	if !opened {
		var chosen []core.Set
		value := 0
		left := rack
		for _, c := range cands {
			if value >= rules.Opening.Points {
				break
			}
			if take(&left, c.set) {
				chosen = append(chosen, c.set)
				value += c.opening(rules)
			}
		}
		if len(chosen) == 0 || value < rules.Opening.Points {
			return Action{Draw: true}, nil
		}
		return Action{Table: append(v.Table[:len(v.Table):len(v.Table)], chosen...)}, nil
	}

	// Moves: lay a new set (set >= 0 indexes cands) or add one tile to a
	// table set (table >= 0).
	type move struct {
		set, table int
		tile       core.Tile
	}
	var moves []move
	for i := range cands {
		moves = append(moves, move{set: i, table: -1})
	}
	if !v.Locked {
		for ti, s := range v.Table {
			for _, t := range extensions(sr, s, &rack) {
				moves = append(moves, move{set: -1, table: ti, tile: t})
			}
		}
	}
	if len(moves) == 0 {
		return Action{Draw: true}, nil
	}
	b.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	table := slices.Clone(v.Table) // sets are replaced, never changed in place
	left := rack
	placed := 0
	for _, m := range moves {
		if placed > 0 && b.rng.IntN(2) == 0 {
			continue
		}
		if m.set >= 0 {
			if take(&left, cands[m.set].set) {
				table = append(table, cands[m.set].set)
				placed++
			}
			continue
		}
		// The set may have grown already this turn: check again.
		if left.Count(m.tile) == 0 {
			continue
		}
		if s := extend(sr, table[m.table], m.tile); s != nil {
			left.Remove(m.tile)
			table[m.table] = s
			placed++
		}
	}
	if placed == 0 {
		return Action{Draw: true}, nil
	}
	return Action{Table: table}, nil
}

// candidate is a set a rack could lay as it is, with its value (each joker
// worth the tile it stands for) and what its jokers add to that value.
type candidate struct {
	set        core.Set
	value      int
	jokerWorth int
}

// opening is what the set counts toward the initial meld under rules.
func (c *candidate) opening(rules *core.Rules) int {
	if rules.Opening.JokerValue == core.Zero {
		return c.value - c.jokerWorth
	}
	return c.value
}

// rackSets lists sets the rack could lay on its own, using at most maxJokers
// jokers in each: every run that starts on a rack tile and runs upward
// (numbers missing from the rack filled by jokers), and for each number the
// group of all its colours on the rack, completed by jokers when short.
// Runs do not wrap; a run's jokers stand inside it or above it, where they
// are written, so every set is valid by construction (a test checks each
// against core's validation). The sets share one backing array.
func rackSets(sr core.SetRules, rack *core.Multiset, maxJokers int) []candidate {
	var out []candidate
	jokers := min(rack.Jokers(), maxJokers)
	buf := make([]core.Tile, 0, 64)
	for c := range core.Color(sr.Colors) {
		lane := rack.Lane(c)
		for start := 1; start <= sr.Numbers; start++ {
			if lane&(1<<start) == 0 {
				continue
			}
			from := len(buf)
			used, value, worth := 0, 0, 0
			for n := start; n <= sr.Numbers; n++ {
				if lane&(1<<n) != 0 {
					buf = append(buf, core.NewTile(c, n))
				} else if used < jokers {
					buf = append(buf, core.Joker)
					used++
					worth += n
				} else {
					break
				}
				value += n
				if len(buf)-from >= sr.MinRun {
					set := buf[from:len(buf):len(buf)]
					out = append(out, candidate{set: set, value: value, jokerWorth: worth})
				}
			}
		}
	}
	for n := 1; n <= sr.Numbers; n++ {
		from := len(buf)
		for c := range core.Color(sr.Colors) {
			if t := core.NewTile(c, n); rack.Count(t) > 0 {
				buf = append(buf, t)
			}
		}
		real := len(buf) - from
		if real < 2 { // one tile and jokers read as a run (docs/rules.md)
			buf = buf[:from]
			continue
		}
		need := max(0, sr.MinGroup-real) // jokers to reach the shortest group
		if need > jokers || real+need > sr.Colors {
			buf = buf[:from]
			continue
		}
		for range need {
			buf = append(buf, core.Joker)
		}
		set := buf[from:len(buf):len(buf)]
		out = append(out, candidate{set: set, value: n * len(set), jokerWorth: n * need})
	}
	return out
}

// take removes the tiles of s from left if it holds them all, and reports
// whether it did.
func take(left *core.Multiset, s core.Set) bool {
	m := core.MultisetOf(s...)
	if !left.Includes(&m) {
		return false
	}
	for _, t := range s {
		left.Remove(t)
	}
	return true
}

// extend returns s with t added where it fits (below or above a run, into a
// group), or nil when the result is not a valid set.
func extend(sr core.SetRules, s core.Set, t core.Tile) core.Set {
	info, err := sr.Validate(s)
	if err != nil {
		return nil
	}
	var out core.Set
	switch {
	case info.Kind == core.Run && t.Color() == info.Color && t.Number() == info.Number-1:
		out = append(append(make(core.Set, 0, len(s)+1), t), s...)
	case info.Kind == core.Run && t.Color() == info.Color && t.Number() == info.Number+info.Len:
		out = append(append(make(core.Set, 0, len(s)+1), s...), t)
	case info.Kind == core.Group && t.Number() == info.Number:
		out = append(append(make(core.Set, 0, len(s)+1), s...), t)
	default:
		return nil
	}
	if _, err := sr.Validate(out); err != nil {
		return nil
	}
	return out
}

func containsJoker(s core.Set) bool {
	for _, t := range s {
		if t.IsJoker() {
			return true
		}
	}
	return false
}

// extensions lists the rack tiles that would extend s on their own: the
// tiles just below and above a run, the missing colours of a group. A set
// holding a joker is left alone, so that no joker is ever freed.
func extensions(sr core.SetRules, s core.Set, rack *core.Multiset) []core.Tile {
	if containsJoker(s) {
		return nil
	}
	info, err := sr.Validate(s)
	if err != nil {
		return nil
	}
	var out []core.Tile
	switch info.Kind {
	case core.Run:
		if lo := info.Number - 1; lo >= 1 && rack.Count(core.NewTile(info.Color, lo)) > 0 {
			out = append(out, core.NewTile(info.Color, lo))
		}
		if hi := info.Number + info.Len; hi <= sr.Numbers && rack.Count(core.NewTile(info.Color, hi)) > 0 {
			out = append(out, core.NewTile(info.Color, hi))
		}
	case core.Group:
		for m := info.Missing; m != 0; m &= m - 1 {
			if t := core.NewTile(core.Color(bits.TrailingZeros8(m)), info.Number); rack.Count(t) > 0 {
				out = append(out, t)
			}
		}
	}
	return out
}
