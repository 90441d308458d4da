package core

import (
	"math/bits"
	"strings"
)

// Set is one meld on the table: a run or a group, as a list of tiles in the
// order they were written. Validity never depends on that order; it only
// decides, for a run, at which end a spare joker stands (see SetRules.Validate).
type Set []Tile

// String is the set as written: "[r3 r4 J]".
func (s Set) String() string {
	b := make([]byte, 0, 2+4*len(s))
	return string(s.AppendText(b))
}

// AppendText appends the set's notation to b.
func (s Set) AppendText(b []byte) []byte {
	return append(AppendTiles(append(b, '['), s), ']')
}

// Kind says whether a set is a run or a group.
type Kind uint8

// The kinds of set. NoKind is the zero value: not a valid set.
const (
	NoKind Kind = iota
	Run
	Group
	// Shaped is a set the built-in check refuses and a variant's check_set
	// hook accepted (SetChecker): a shape of the house's own.
	Shaped
)

func (k Kind) String() string {
	switch k {
	case Run:
		return "run"
	case Group:
		return "group"
	case Shaped:
		return "set"
	}
	return "no set"
}

// MaxSetJokers is the most jokers SetInfo describes one by one; a set may hold
// more (a house box with many jokers) and still be valid.
const MaxSetJokers = 8

// SetInfo is what validation learns about a valid set.
type SetInfo struct {
	Kind  Kind
	Color Color // a run's colour
	// Missing is, for a group, the bit mask (1<<Color) of colours no numbered
	// tile of the set has: a joker in the group stands for one of them.
	Missing uint8
	// Number is a group's number, or a run's lowest number (with wrap, the
	// number it starts at, so 12 for 12-13-1).
	Number int
	Len    int // tiles in the set
	Value  int // the numbers added up, each joker worth the tile it stands for
	Jokers int // jokers in the set
	// Stands lists what each joker stands for, in ascending order. In a group
	// a joker may stand for any missing colour: Stands names one, Missing all.
	Stands [MaxSetJokers]Tile
	// Declared is true when the set's reading rests on its jokers'
	// declarations: written with plain jokers, in canonical order, it would
	// read otherwise (the group [o13 J=13 J=13], which plain reads as the run
	// 11-12-13). Canonical then writes the declarations.
	Declared bool
	// Wild is the round's okey when the set was read with it (see okey.go):
	// Jokers and Stands then count the okey's copies, the jokers it holds
	// being the okey's tile.
	Wild Tile
}

// JokerTiles is the tiles the set's jokers stand for.
func (in *SetInfo) JokerTiles() []Tile { return in.Stands[:min(in.Jokers, MaxSetJokers)] }

// Canonical writes the set as canonical notation orders it: a run ascending
// with each joker in its place, a group by colour (k r b o) with jokers last.
// It needs the SetInfo that validation returned for s.
func (in *SetInfo) Canonical(s Set, numbers int) Set {
	return in.appendCanonical(make(Set, 0, len(s)), s, numbers)
}

// appendCanonical appends Canonical's tiles to out.
func (in *SetInfo) appendCanonical(out, s Set, numbers int) Set {
	if hasSpecial(s) { // Twist's sets are read as written
		return append(out, s...)
	}
	if in.Wild != NoTile { // read with the okey a joker: written back
		plain := *in
		plain.Wild = NoTile
		return append(out, SwapWild(plain.Canonical(SwapWild(s, in.Wild), numbers), in.Wild)...)
	}
	switch in.Kind {
	case Run:
		n := in.Number
		for range in.Len {
			t := NewTile(in.Color, n)
			switch {
			case containsTile(s, t):
				out = append(out, t)
			case in.Declared:
				out = append(out, DeclaredJoker(t))
			default:
				out = append(out, Joker)
			}
			n++
			if n > numbers {
				n = 1
			}
		}
	case Group:
		for c := Color(0); c < MaxColors; c++ {
			t := NewTile(c, in.Number)
			for _, u := range s { // each copy: a group may repeat a colour
				if u == t {
					out = append(out, t)
				}
			}
		}
		j := Joker
		if in.Declared {
			j = GroupJoker(in.Number)
		}
		for range in.Jokers {
			out = append(out, j)
		}
	default:
		out = append(out, s...)
	}
	return out
}

func containsTile(s Set, t Tile) bool {
	for _, u := range s {
		if u == t {
			return true
		}
	}
	return false
}

// SetRules are the parameters of set validity: the tile box's colours,
// numbers and copies, the shortest run and group, whether a run may wrap
// from the highest number back to 1, and whether a group may repeat a colour.
type SetRules struct {
	Colors   int
	Numbers  int
	MinRun   int
	MinGroup int
	Wrap     WrapMode
	// GroupColors AnyColors lets a group repeat a colour: it then holds at
	// most Colors × Copies tiles, each tile at most Copies times.
	GroupColors GroupColors
	// Twist: the box holds Twist's special jokers, so a set may (see twist).
	Twist bool
	// Okey is the round's wild tile under deal.indicator (see okey.go):
	// each copy stands for any tile, and a joker stands for it. NoTile
	// otherwise.
	Okey   Tile
	Copies int // copies of each tile in the box (below 1 reads as 1)
}

// StandardSets are the printed rules: 4 colours, numbers 1..13, runs and
// groups of at least 3, no 13-1 wrap, a group's colours all different.
var StandardSets = SetRules{Colors: 4, Numbers: 13, MinRun: 3, MinGroup: 3, Copies: 2}

// copies is Copies, at least 1.
func (r *SetRules) copies() int { return max(r.Copies, 1) }

// maxGroup is the most tiles a group may hold.
func (r *SetRules) maxGroup() int {
	if r.GroupColors == AnyColors {
		return r.Colors * r.copies()
	}
	return r.Colors
}

// ValidateSet checks s under the printed rules (StandardSets).
func ValidateSet(s Set) (SetInfo, error) { return StandardSets.Validate(s) }

// Validate checks that s is a run or a group and describes it.
//
// A run is MinRun or more consecutive numbers of one colour; a group is MinGroup
// up to Colors tiles of one number, all colours different. Jokers fill gaps,
// ends and missing colours. A set with one numbered tile and jokers is read as a
// run when it can be one. A spare joker of a run (one no gap needs) stands below
// the lowest tile when written before every numbered tile, above the highest
// otherwise; where that end has no room (below 1, above the highest number)
// it stands at the other.
//
// The error, when s is not valid, is a *SetError wrapping one of the Err…
// sentinels, with a message written for a learner.
func (r SetRules) Validate(s Set) (info SetInfo, err error) {
	err = r.validate(s, &info) // leaves info zero when it refuses s
	return
}

// validate is Validate's work, out of line so that Validate, one call,
// inlines: its caller then passes its rules by address, where Validate
// would take seven words and store them in a frame of its own.
//
// Under the printed rules' shape of set (no wrap, a group's colours
// distinct), which nearly every game plays, it is check without a call: it
// reads s in one pass and describes a run or a group in place. The
// differential tests hold it to check's answers, SetInfo and all.
func (r *SetRules) validate(s Set, info *SetInfo) error {
	if r.Wrap != NoWrap || r.GroupColors != DistinctColors || r.Okey != NoTile {
		return r.validateAny(s, info)
	}
	seen, jokers := readSet(s)
	n := len(s)
	real := n - jokers
	if bits.OnesCount64(seen) != real || seen == 0 {
		// a repeated tile, a byte that is no tile, no numbered tile, or a
		// declared joker (no bit of its own)
		return r.refuse(s, info)
	}
	// The lowest and the highest tile's places: in one colour lane, a run's
	// colour and its lowest and highest numbers; otherwise a group's number
	// is the lowest tile's, and a set that is neither fails below.
	low, high := bits.TrailingZeros64(seen), 63-bits.LeadingZeros64(seen)
	c, lo := low>>4, low&15
	if high>>4 == c { // one colour lane: a run, if long enough
		if n >= r.MinRun && n <= r.Numbers {
			hi := high & 15
			// The jokers fill the gaps; the spare ones extend the ends.
			spare := n - (hi - lo + 1)
			if c >= r.Colors || hi > r.Numbers || spare < 0 {
				return r.explain(s)
			}
			// A spare joker stands below when written before every numbered
			// tile, above otherwise, each end kept within 1..Numbers.
			start := lo
			if spare > 0 {
				below := 0
				for below < spare && s[below].IsJoker() {
					below++
				}
				start -= max(min(below, lo-1), spare-(r.Numbers-hi))
			}
			info.Kind, info.Color, info.Number, info.Len, info.Jokers = Run, Color(c), start, n, jokers
			info.Value = n*start + n*(n-1)>>1
			if jokers == 0 {
				return nil
			}
			// The run's places without a numbered tile: start is 1..15, so
			// 32 bits hold the shifts, and places past 15 (house rules with
			// more numbers) drop out as in check.
			places := uint16((uint32(1)<<min(n, 16) - 1) << (start & 15))
			k := 0
			for m := places &^ uint16(seen>>(low&^15)); m != 0 && k < MaxSetJokers; m &= m - 1 {
				info.Stands[k] = NewTile(Color(c), bits.TrailingZeros16(m))
				k++
			}
			return nil
		}
		if real > 1 {
			return r.explain(s) // a run of the wrong length
		}
	}
	fold := seen | seen>>32
	nums := uint16(fold | fold>>16) // the numbers present, in any colour
	if nums&(nums-1) != 0 || n < r.MinGroup || n > r.Colors || lo > r.Numbers {
		return r.explain(s)
	}
	// the number's bit of each lane, gathered as in check
	colors := uint8((seen >> lo & 0x0001_0001_0001_0001) * 0x0000_2000_4000_8001 >> 45 & 15)
	all := uint8(1<<r.Colors - 1) // the box's colours (Colors is at least n here)
	if colors&^all != 0 {
		return r.explain(s)
	}
	info.Kind, info.Number, info.Len, info.Jokers, info.Value = Group, lo, n, jokers, lo*n
	info.Missing = all &^ colors
	if jokers == 0 {
		return nil
	}
	k := 0
	for m := info.Missing; m != 0 && k < jokers && k < MaxSetJokers; m &= m - 1 {
		info.Stands[k] = NewTile(Color(bits.TrailingZeros8(m)), lo)
		k++
	}
	return nil
}

// validateAny is validate under any rules, by check. It is a call of its
// own so that validate keeps the rules and the set in registers rather than
// saving them for the calls here.
func (r *SetRules) validateAny(s Set, info *SetInfo) error {
	if r.Okey != NoTile {
		return r.okey(s, info)
	}
	if hasDeclared(s) {
		return r.declared(s, info)
	}
	if hasWide(s) {
		return r.wide(s, info)
	}
	if r.check(s, info) {
		return nil
	}
	return r.explain(s)
}

// check is Validate without the explanation: it fills info, which must be
// zero for the answer to be exact (ValidateTable reuses one for speed, as it
// only needs the verdict). It describes a clean group in place, and a run,
// with its wrap modes, by run.
func (r *SetRules) check(s Set, info *SetInfo) bool {
	seen, jokers := readSet(s)
	n := len(s)
	real := n - jokers
	fold := seen | seen>>32
	nums := uint16(fold | fold>>16) // the numbers present, in any colour
	// the rest are outside the box: a number above Numbers (its bit past
	// the highest there may be), a colour past Colors (its lane)
	if bits.OnesCount64(seen) != real || real == 0 ||
		15-bits.LeadingZeros16(nums) > r.Numbers || 64-bits.LeadingZeros64(seen) > 16*r.Colors {
		if hasDeclared(s) {
			return r.declared(s, info) == nil
		}
		if hasWide(s) {
			return r.wide(s, info) == nil
		}
		// A group that repeats a colour, where the rules allow one.
		return r.GroupColors == AnyColors && r.repeatGroup(info, s)
	}
	// A clean run: one colour lane, distinct numbers, so the jokers need only
	// fill the gaps between them and the ends.
	if c := Color(bits.TrailingZeros64(seen) >> 4); seen>>(16*c&63) == uint64(nums) && (real > 1 || r.canRun(n)) {
		return r.run(info, s, c, nums, real, jokers)
	}
	if nums&(nums-1) != 0 || n < r.MinGroup || n > r.maxGroup() {
		return false // neither one colour nor one number, or a group's wrong size
	}
	// A clean group: one number, distinct colours.
	num := bits.TrailingZeros16(nums)
	// the number's bit of each lane, gathered by one multiplication
	// into bits 45..48 (no two partial products meet, so no carry)
	lanes := seen >> (num & 15) & 0x0001_0001_0001_0001
	colors := uint8(lanes * 0x0000_2000_4000_8001 >> 45 & 15)
	r.cleanGroup(info, num, n, jokers, colors)
	return true
}

// cleanGroup describes a group of number num, n tiles, jokers of them
// jokers, whose numbered tiles are of the colours colors (a bit each, all
// different): what each joker may stand for.
func (r *SetRules) cleanGroup(info *SetInfo, num, n, jokers int, colors uint8) {
	info.Kind, info.Number, info.Len, info.Jokers, info.Value = Group, num, n, jokers, num*n
	if r.GroupColors == AnyColors {
		var count [MaxColors]int
		for c := range MaxColors {
			count[c] = int(colors >> c & 1)
		}
		r.groupJokers(info, &count)
		return
	}
	info.Missing = uint8(1<<r.Colors-1) &^ colors
	k := 0
	for m := info.Missing; m != 0 && k < jokers && k < MaxSetJokers; m &= m - 1 {
		info.Stands[k] = NewTile(Color(bits.TrailingZeros8(m)), num)
		k++
	}
}

// Valid reports whether s is a valid set, as Validate does, without
// describing it or explaining a refusal: the fast path for callers that
// only need the verdict (the solver's greedy pass tries many candidates).
func (r *SetRules) Valid(s Set) bool { return r.valid(s) }

// readSet reads s in one pass, without a branch, by a table: the bits of
// its tiles (Multiset.Bits) and its jokers. A joker, a number 0 and a byte
// that is no tile add no bit, and a joker adds one to jokers; so a repeated
// tile or a byte that is no tile leaves fewer bits than the tiles that are
// not jokers.
func readSet(s Set) (seen uint64, jokers int) {
	tb := tileBits // in a register for the whole loop
	_ = tb.bit[0]  // one nil check here rather than one a tile
	for _, t := range s {
		seen |= tb.bit[t]
		jokers += int(tb.joker[t])
	}
	return seen, jokers
}

// tileBits is what each tile t adds to a set's lanes (Multiset.Bits), bit[t]:
// its bit, none for a joker, a number 0 or a byte that is no tile; and to the
// jokers, joker[t]: 1 for a joker. Two arrays rather than one of pairs, so
// that a tile's byte indexes both without scaling; behind a pointer so that
// readSet loads it once (the address of a variable is worked out afresh for
// each tile).
var tileBits = func() *struct {
	bit   [256]uint64
	joker [256]uint8
} {
	b := new(struct {
		bit   [256]uint64
		joker [256]uint8
	})
	for t := range Joker {
		if t&15 != 0 {
			b.bit[t] = 1 << t
		}
	}
	b.joker[Joker] = 1
	return b
}()

// valid is check's verdict alone, for ValidateTable: it describes nothing,
// so it skips the jokers' placement. Under the printed rules' shape it reads
// a set as validate does. The differential tests hold the three to the same
// answers.
func (r *SetRules) valid(s Set) bool {
	if r.Okey != NoTile {
		var scratch SetInfo
		return r.okey(s, &scratch) == nil
	}
	if r.Wrap != NoWrap || r.GroupColors != DistinctColors {
		var scratch SetInfo
		return r.check(s, &scratch)
	}
	seen, jokers := readSet(s)
	n := len(s)
	real := n - jokers
	if bits.OnesCount64(seen) != real || seen == 0 {
		var scratch SetInfo
		switch {
		case hasDeclared(s):
			return r.declared(s, &scratch) == nil
		case hasWide(s):
			return r.wide(s, &scratch) == nil
		}
		return false
	}
	low, high := bits.TrailingZeros64(seen), 63-bits.LeadingZeros64(seen)
	lo := low & 15
	if high>>4 == low>>4 { // one colour lane
		if n >= r.MinRun && n <= r.Numbers {
			// The jokers fill the gaps; spare ones fit at the ends, as the
			// run is no longer than the numbers.
			hi := high & 15
			return low>>4 < r.Colors && hi <= r.Numbers && hi-lo < n
		}
		if real > 1 {
			return false
		}
	}
	// One number, of the box, in the box's colours (the last lane in use).
	fold := seen | seen>>32
	nums := uint16(fold | fold>>16)
	return nums&(nums-1) == 0 && n >= r.MinGroup && n <= r.Colors && lo <= r.Numbers &&
		high < 16*r.Colors
}

// canRun reports whether a set of n tiles could be a run by length alone.
func (r *SetRules) canRun(n int) bool { return n >= r.MinRun && n <= r.Numbers }

// run describes a same-colour set s of distinct numbers, if the jokers can
// make it a run.
func (r *SetRules) run(info *SetInfo, s Set, c Color, nums uint16, real, jokers int) bool {
	n := len(s)
	if n < r.MinRun || n > r.Numbers {
		return false
	}
	lo := bits.TrailingZeros16(nums)
	hi := 15 - bits.LeadingZeros16(nums)
	span := hi - lo + 1
	top := r.Numbers // the highest place a run may reach
	switch r.Wrap {
	case WrapRound:
		lo, span = wrapArc(nums, r.Numbers, lo, span)
	case AceHigh:
		// The places are 1..Numbers and one more, a 1 after the highest
		// number; a 1 is read there when that makes the run shorter.
		top = r.Numbers + 1
		if rest := nums &^ 2; nums&2 != 0 && rest != 0 {
			if low := bits.TrailingZeros16(rest); top-low+1 < span {
				lo, span = low, top-low+1
			}
		}
	}
	gaps := span - real
	if gaps > jokers {
		return false
	}
	spare := jokers - gaps
	below := 0     // (no spare joker: none below)
	if spare > 0 { // the jokers written before every numbered tile
		for below < spare && s[below].IsJoker() {
			below++
		}
		if r.Wrap != WrapRound { // keep each end within 1..top
			below = max(min(below, lo-1), spare-(top-(lo+span-1)))
		}
	}
	start := lo - below
	if start < 1 {
		start += r.Numbers
	}
	// info is the caller's zeroed result: set fields, do not copy a whole SetInfo.
	info.Kind, info.Color, info.Number, info.Len, info.Jokers = Run, c, start, n, jokers
	if start+n-1 <= r.Numbers { // no wrap: arithmetic
		info.Value = n*start + n*(n-1)/2
		if jokers == 0 {
			return true
		}
		k := 0
		for m := (uint16(1)<<n - 1) << start &^ nums; m != 0 && k < MaxSetJokers; m &= m - 1 {
			info.Stands[k] = NewTile(c, bits.TrailingZeros16(m))
			k++
		}
		return true
	}
	k := 0
	num := start
	for range n {
		info.Value += num
		if nums&(1<<num) == 0 {
			if k < MaxSetJokers {
				info.Stands[k] = NewTile(c, num)
			}
			k++
		}
		num++
		if num > r.Numbers {
			num = 1
		}
	}
	return true
}

// wrapArc finds, for numbers on a circle 1..numbers, the shortest arc that
// holds every number in nums: it leaves out the longest gap. A run that does
// not wrap keeps its plain reading when it is as short.
func wrapArc(nums uint16, numbers, lo, span int) (int, int) {
	bestLo, bestSpan := lo, span
	for a := 1; a <= numbers; a++ {
		if nums&(1<<a) == 0 {
			continue
		}
		// The arc starts at a and runs up, past numbers round to 1, to the
		// last number present before coming back to a.
		length := 0
		for d := range numbers {
			x := (a-1+d)%numbers + 1
			if nums&(1<<x) != 0 {
				length = d + 1
			}
		}
		if length < bestSpan {
			bestLo, bestSpan = a, length
		}
	}
	return bestLo, bestSpan
}

// groupJokers fills a group's Missing and Stands under AnyColors, given how
// many tiles of each colour it holds: a joker may stand for any colour the
// set holds fewer than Copies of.
func (r *SetRules) groupJokers(info *SetInfo, count *[MaxColors]int) {
	k := 0
	for c := range r.Colors {
		room := r.copies() - count[c]
		if room > 0 {
			info.Missing |= 1 << c
		}
		for ; room > 0 && k < info.Jokers && k < MaxSetJokers; room-- {
			info.Stands[k] = NewTile(Color(c), info.Number)
			k++
		}
	}
}

// repeatGroup describes s, under AnyColors, if it is a group that repeats a
// colour: one number, each tile at most Copies times, MinGroup to
// Colors × Copies tiles.
func (r *SetRules) repeatGroup(info *SetInfo, s Set) bool {
	var count [MaxColors]int
	var tiles [256]int
	num, jokers := 0, 0
	for _, t := range s {
		if t.IsJoker() {
			jokers++
			continue
		}
		if !t.Valid() || int(t.Color()) >= r.Colors || t.Number() > r.Numbers ||
			num != 0 && t.Number() != num {
			return false
		}
		num = t.Number()
		if tiles[t]++; tiles[t] > r.copies() {
			return false
		}
		count[t.Color()]++
	}
	n := len(s)
	if num == 0 || n < r.MinGroup || n > r.maxGroup() {
		return false
	}
	info.Kind, info.Number, info.Len, info.Jokers, info.Value = Group, num, n, jokers, num*n
	r.groupJokers(info, &count)
	return true
}

// explain works out, slowly and in words, why s is not a valid set.
//
// Its receiver is a pointer so that validate's refusals, each a call here,
// pass one word rather than copy the rules into a frame of their own.
func (r *SetRules) explain(s Set) *SetError {
	fail := func(kind Kind, err error, why Message) *SetError {
		return &SetError{Set: s, Kind: kind, Err: err, Why: why}
	}
	var real []Tile
	jokers := 0
	for _, t := range s {
		switch {
		case t.IsJoker():
			jokers++
		case !t.Valid() || t.IsSpecial() && !r.Twist || int(t.Color()) >= r.Colors || t.Number() > r.Numbers:
			return fail(NoKind, ErrUnknownTile, MsgSetReasonUnknownTile(t, r.colourLetters(), r.Numbers))
		default:
			real = append(real, t)
		}
	}
	if len(s) == 0 {
		return fail(NoKind, ErrTooShort, MsgSetReasonEmpty(min(r.MinRun, r.MinGroup)))
	}
	if len(real) == 0 {
		return fail(NoKind, ErrNoNumberedTile, MsgSetReasonNoNumber())
	}
	kind := r.intendedKind(real, len(s))
	if kind == Group {
		return r.explainGroup(s, real, jokers, fail)
	}
	return r.explainRun(s, real, jokers, fail)
}

// intendedKind guesses whether a broken set was meant as a run or a group, so
// the explanation speaks of the right rule: whichever of "same colour" and
// "same number" more numbered tiles agree on.
func (r SetRules) intendedKind(real []Tile, n int) Kind {
	if len(real) == 1 {
		if r.canRun(n) || n < r.MinRun && n <= r.Colors && n < r.MinGroup && r.MinRun <= r.MinGroup {
			return Run
		}
		return Group
	}
	var byColor [MaxColors]int
	var byNumber [MaxNumber + 1]int
	bestC, bestN := 0, 0
	for _, t := range real {
		byColor[t.Color()]++
		byNumber[t.Number()]++
		bestC = max(bestC, byColor[t.Color()])
		bestN = max(bestN, byNumber[t.Number()])
	}
	if bestN > bestC || bestN == bestC && real[0].Number() == real[1].Number() {
		return Group
	}
	return Run
}

type failFunc func(kind Kind, err error, why Message) *SetError

func (r SetRules) explainRun(s Set, real []Tile, jokers int, fail failFunc) *SetError {
	if len(s) == 1 && r.MinRun > 1 { // one tile is no run yet, nor a group
		return fail(NoKind, ErrTooShort, MsgSetReasonEmpty(min(r.MinRun, r.MinGroup)))
	}
	// The run's colour is the one most numbered tiles have (the first on a tie).
	var byColor [MaxColors]int
	c := real[0].Color()
	for _, t := range real {
		byColor[t.Color()]++
		if byColor[t.Color()] > byColor[c] {
			c = t.Color()
		}
	}
	for _, t := range real {
		if t.Color() != c {
			return fail(Run, ErrMixedColors, MsgSetRunColour(t, t.Color(), c))
		}
	}
	var seen uint16
	for _, t := range real {
		if seen&(1<<t.Number()) != 0 {
			return fail(Run, ErrRepeatedNumber, MsgSetRunRepeated(t))
		}
		seen |= 1 << t.Number()
	}
	if len(s) < r.MinRun {
		return fail(Run, ErrTooShort, MsgSetRunShort(r.MinRun))
	}
	if len(s) > r.Numbers {
		return fail(Run, ErrTooLong, MsgSetRunLong(r.Numbers))
	}
	if r.Wrap != WrapRound {
		wrapped := r
		wrapped.Wrap = WrapRound
		if wrapped.run(new(SetInfo), s, c, seen, len(real), jokers) {
			if r.Wrap == AceHigh {
				return fail(Run, ErrAceHigh, MsgSetRunAceHigh(r.Numbers))
			}
			return fail(Run, ErrWrap, MsgSetRunWrap(r.Numbers))
		}
	}
	// Numbers are distinct and of one colour, yet no run: the gaps outnumber the jokers.
	sorted := sortedNumbers(seen)
	var missing Tiles
	for i := 1; i < len(sorted); i++ {
		for n := sorted[i-1] + 1; n < sorted[i]; n++ {
			missing = append(missing, NewTile(c, n))
		}
	}
	if jokers == 0 {
		return fail(Run, ErrGap, MsgSetRunGap(missing, len(missing)))
	}
	return fail(Run, ErrGap, MsgSetRunGapJokers(missing, len(missing), jokers))
}

func (r SetRules) explainGroup(s Set, real []Tile, jokers int, fail failFunc) *SetError {
	var byNumber [MaxNumber + 1]int
	n := real[0].Number()
	for _, t := range real {
		byNumber[t.Number()]++
		if byNumber[t.Number()] > byNumber[n] {
			n = t.Number()
		}
	}
	for _, t := range real {
		if t.Number() != n {
			return fail(Group, ErrMixedNumbers, MsgSetGroupNumber(t, t.Number(), n))
		}
	}
	if r.GroupColors == AnyColors {
		count := map[Tile]int{}
		for _, t := range real {
			if count[t]++; count[t] == r.copies()+1 {
				n := 0
				for _, u := range real {
					if u == t {
						n++
					}
				}
				return fail(Group, ErrTooManyCopies, MsgSetGroupCopies(t, n, r.copies()))
			}
		}
	} else {
		var seen uint8
		for _, t := range real {
			if seen&(1<<t.Color()) != 0 {
				return fail(Group, ErrRepeatedColor, MsgSetGroupRepeated(t))
			}
			seen |= 1 << t.Color()
		}
	}
	if len(s) < r.MinGroup {
		return fail(Group, ErrTooShort, MsgSetGroupShort(r.MinGroup))
	}
	if r.GroupColors == AnyColors {
		return fail(Group, ErrTooLong, MsgSetGroupLongAny(r.maxGroup(), r.copies()))
	}
	return fail(Group, ErrTooLong, MsgSetGroupLong(r.Colors))
}

// colourLetters are the box's colours in notation: "k r b o".
func (r SetRules) colourLetters() string {
	letters := make([]string, r.Colors)
	for c := range r.Colors {
		letters[c] = string(Color(c).Letter())
	}
	return strings.Join(letters, " ")
}

func sortedNumbers(m uint16) []int {
	var out []int
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros16(m))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
