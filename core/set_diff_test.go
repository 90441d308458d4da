package core_test

import (
	"math/rand/v2"
	"testing"

	"github.com/meldlab/meldlab/core"
)

// slowValid is the obvious reading of the rules, for differential tests: a set
// is valid when some choice of what its jokers stand for makes it a run (L
// consecutive numbers of one colour, wrapping only if allowed: round and
// round, or under ace_high only as far as a 1 after the highest number) or a
// group (one number, distinct colours, or under AnyColors each colour up to
// Copies times).
//
// A declared joker stands for its tile ("J=o12": as if it were o12) or, a
// group's member ("J=13"), allows only the group of that number.
func slowValid(r core.SetRules, s core.Set) bool {
	var real []core.Tile
	group, runs, declared := 0, true, false
	for _, t := range s {
		stands, n, ok := t.Declaration()
		switch {
		case t&0x80 != 0 && !ok:
			return false // a byte that is no tile
		case ok && stands != core.NoTile:
			real = append(real, stands)
			declared = true
		case ok:
			if group != 0 && group != n {
				return false
			}
			group, runs = n, false
		case t != core.Joker:
			real = append(real, t)
		}
	}
	if len(real) == 0 || declared && !hasNumbered(s) || group != 0 && !hasNumbered(s) {
		return false // a declaration needs a numbered tile beside it, as a plain joker does
	}
	covers := func(want []core.Tile) bool { // the numbered tiles are a sub-multiset of want
		left := append([]core.Tile(nil), want...)
	next:
		for _, t := range real {
			for i, w := range left {
				if w == t {
					left = append(left[:i], left[i+1:]...)
					continue next
				}
			}
			return false
		}
		return true
	}
	L := len(s)
	if runs && L >= r.MinRun && L <= r.Numbers {
		for c := 0; c < r.Colors; c++ {
			for a := 1; a <= r.Numbers; a++ {
				if r.Wrap == core.NoWrap && a+L-1 > r.Numbers || r.Wrap == core.AceHigh && a+L-1 > r.Numbers+1 {
					continue
				}
				var want []core.Tile
				for i := range L {
					want = append(want, core.NewTile(core.Color(c), (a-1+i)%r.Numbers+1))
				}
				if covers(want) {
					return true
				}
			}
		}
	}
	copies := 1
	if r.GroupColors == core.AnyColors {
		copies = max(r.Copies, 1)
	}
	if L >= r.MinGroup && L <= r.Colors*copies {
		for n := 1; n <= r.Numbers; n++ {
			if group != 0 && n != group {
				continue
			}
			var want []core.Tile
			for c := 0; c < r.Colors; c++ {
				for range copies {
					want = append(want, core.NewTile(core.Color(c), n))
				}
			}
			if covers(want) {
				return true
			}
		}
	}
	return false
}

// hasNumbered reports whether s holds a tile that is no joker.
func hasNumbered(s core.Set) bool {
	for _, t := range s {
		if !t.IsJoker() {
			return true
		}
	}
	return false
}

// checkAgainstSlow compares the fast validator with slowValid on s, Validate's
// SetInfo with the general check's (Validate has a path of its own for the
// printed rules' shape), and checks that a valid answer is self-consistent: the jokers' tiles and the numbered
// tiles together make the set it claims, worth the value it claims.
func checkAgainstSlow(t *testing.T, r core.SetRules, s core.Set) {
	t.Helper()
	info, err := r.Validate(s)
	want := slowValid(r, s)
	if (err == nil) != want {
		t.Fatalf("%v under %+v: fast says %v, slow says valid=%v", s, r, err, want)
	}
	if ci, ok := core.CheckSet(r, s); ok != want || ci != info {
		t.Fatalf("%v under %+v: Validate says %+v (%v), the general check %+v (%v)", s, r, info, err, ci, ok)
	}
	if terr := r.ValidateTable(core.Table{s}); (terr == nil) != want {
		t.Fatalf("%v under %+v: ValidateTable says %v, slow says valid=%v", s, r, terr, want)
	}
	if err != nil {
		if _, ok := err.(*core.SetError); !ok {
			t.Fatalf("%v: error %T is not a *SetError", s, err)
		}
		return
	}
	var filled core.Set
	value := 0
	for _, x := range s {
		if !x.IsJoker() {
			filled = append(filled, x)
			value += x.Number()
		}
	}
	for _, x := range info.JokerTiles() {
		filled = append(filled, x)
		value += x.Number()
	}
	if info.Jokers <= core.MaxSetJokers {
		if value != info.Value {
			t.Fatalf("%v: value %d, but its tiles add up to %d", s, info.Value, value)
		}
		if len(filled) == len(s) {
			fi, ferr := r.Validate(filled)
			if ferr != nil || fi.Kind != info.Kind || fi.Value != info.Value {
				t.Fatalf("%v: jokers stand for %v, but %v is %v (%v)", s, info.JokerTiles(), filled, fi.Kind, ferr)
			}
		}
	}
}

// TestValidateSetMatchesSlowExhaustive checks every multiset of up to 6 tiles
// over a reduced box (3 colours, numbers 1..6, two copies, two jokers) under
// several set rules.
func TestValidateSetMatchesSlowExhaustive(t *testing.T) {
	box := core.TileSet{Colors: 3, Numbers: 6, Copies: 2, Jokers: 2}
	kinds := box.Kinds()
	rules := []core.SetRules{
		{Colors: 3, Numbers: 6, MinRun: 3, MinGroup: 3},
		{Colors: 3, Numbers: 6, MinRun: 3, MinGroup: 3, Wrap: core.WrapRound},
		{Colors: 3, Numbers: 6, MinRun: 4, MinGroup: 2},
		{Colors: 3, Numbers: 6, MinRun: 3, MinGroup: 3, Wrap: core.AceHigh},
		{Colors: 3, Numbers: 6, MinRun: 3, MinGroup: 3, GroupColors: core.AnyColors, Copies: 2},
		{Colors: 3, Numbers: 6, MinRun: 2, MinGroup: 2, Wrap: core.AceHigh, GroupColors: core.AnyColors, Copies: 2},
	}
	var s core.Set
	count := 0
	var rec func(from int)
	rec = func(from int) {
		if len(s) > 0 {
			count++
			for _, r := range rules {
				checkAgainstSlow(t, r, s)
			}
		}
		if len(s) == 6 {
			return
		}
		for i := from; i < len(kinds); i++ {
			k := kinds[i]
			n := 0
			for _, x := range s {
				if x == k {
					n++
				}
			}
			if n >= box.CopiesOf(k) {
				continue
			}
			s = append(s, k)
			rec(i)
			s = s[:len(s)-1]
		}
	}
	rec(0)
	if count < 10000 {
		t.Fatalf("only %d sets enumerated", count)
	}
}

// TestValidateSetMatchesSlowRandom draws random sets from the full 106 and XP
// boxes, biased towards near-valid sets, in random written order.
func TestValidateSetMatchesSlowRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200000 {
		checkAgainstSlow(t, randomShapes[i%len(randomShapes)], nearValidSet(rng, 1+rng.IntN(8)))
	}
}

// TestValidateSetOddBytes puts every byte, tile or not, in or out of the box,
// into short sets that are otherwise valid or nearly so: the fast paths read
// a set's bytes through a table and check the box's bounds by bit arithmetic.
func TestValidateSetOddBytes(t *testing.T) {
	rules := []core.SetRules{core.StandardSets,
		{Colors: 3, Numbers: 6, MinRun: 3, MinGroup: 3},
		{Colors: 2, Numbers: 15, MinRun: 2, MinGroup: 2},
		{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Wrap: core.WrapRound, GroupColors: core.AnyColors, Copies: 2}}
	J := core.Joker
	for b := range 256 {
		x := core.Tile(b)
		for _, s := range []core.Set{{x}, {x, J}, {x, J, J}, {J, x, J}, {x, x, J}, {x, 0x13, 0x14}, {0x12, 0x13, x},
			{x, 0x15, 0x25}, {0x05, 0x15, x}, {J, 0x16, x}, {x, 0x16, J, 0x18}} {
			for _, r := range rules {
				checkAgainstSlow(t, r, s)
			}
		}
	}
}

// randomShapes are the rule shapes the random differential tests read sets
// under: the books', runs round, and ace-high with groups repeating colours.
var randomShapes = []core.SetRules{core.StandardSets, {Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Wrap: core.WrapRound},
	{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Wrap: core.AceHigh, GroupColors: core.AnyColors, Copies: 2}}

// nearValidSet draws n tiles of the printed colours, biased towards a set:
// a joker, any tile, one of a number, or mostly one colour near a number.
func nearValidSet(rng *rand.Rand, n int) core.Set {
	s := make(core.Set, 0, n)
	c, a := core.Color(rng.IntN(4)), 1+rng.IntN(13)
	for range n {
		switch rng.IntN(6) {
		case 0:
			s = append(s, core.Joker)
		case 1:
			s = append(s, core.NewTile(core.Color(rng.IntN(4)), 1+rng.IntN(13)))
		case 2:
			s = append(s, core.NewTile(core.Color(rng.IntN(4)), a))
		default:
			s = append(s, core.NewTile(c, (a+rng.IntN(5)-1)%13+1))
		}
	}
	return s
}
