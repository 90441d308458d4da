package solve

import (
	"context"
	"fmt"
	"time"

	"github.com/meldlab/meldlab/core"
)

// A Path changes the search's params (params.go) for the solves of the
// Tables that WithPaths returns: for the tests that hold small problems to
// the brute force, which then check the paths the small problems never
// take, and each mechanism switched off.
type Path func(*params)

// WithPaths is the package functions' Tables (the same tables) whose
// solves take the paths given.
func WithPaths(paths ...Path) *Tables {
	return printedTables.withParams(func(p *params) {
		for _, path := range paths {
			path(p)
		}
	})
}

// HardPath gives up the bottom-up dive at once, so that the search goes
// top-down with the multipliers, as hard problems do, and gives each target
// a few nodes before it sharpens the prices again; the prices come at once,
// and the relaxation tells the jokers for groups apart from one joker in
// play (params.plainFirst, params.splitFrom), so that small problems take
// every path.
func HardPath(p *params) { p.diveNodes, p.retighten, p.plainFirst, p.splitFrom = 1, 3, 0, 1 }

// FlipOnly searches every problem that can be searched from the highest
// number down so only, as if that search always won the race.
func FlipOnly(p *params) { p.flipOnly = true }

// PricedLate gives a search whose dive's play is within a unit of the
// plain bound a few nodes without prices before its first prices (as
// params.plainFirst does with 2,000), so that small problems meet that
// path too.
func PricedLate(p *params) { p.plainFirst = 3 }

// RaceEarly starts the race after a few nodes, and makes the turns short, so
// that small problems are raced too.
func RaceEarly(p *params) { p.raceFirst = 3 }

// OneDive has the race's search from the top dive only in its first turn,
// after the search from 1 up had its own: not both dives first.
func OneDive(p *params) { p.oneDive = true }

// NoPrices, NoSplit, NoTops, NoRace and NoFlat switch a mechanism off
// (params.go).
func NoPrices(p *params) { p.noPrices = true }

func NoSplit(p *params) { p.noSplit = true }

func NoTops(p *params) { p.noTops = true }

func NoRace(p *params) { p.noRace = true }

// NoFlat has the prices' steps work the relaxation out by the recursion
// (rootdp.go).
func NoFlat(p *params) { p.noFlat = true }

// NoBare works the relaxation out past a colour's last rack tile as
// before it, for each number of jokers (bareBound).
func NoBare(p *params) { p.noBare = true }

// NoCeil has the relaxation work every state out whole (ceilGains).
func NoCeil(p *params) { p.noCeil = true }

// RootBounds is the root bound of p in tiles, plain and priced: priced after
// the dive (whose play the bound need not go below), the first pricing and
// up to ten sharpenings, as a long search gets them, stopping once the bound
// drops. divedOut reports whether the dive ran out of nodes, as on the
// problems hard enough to be priced.
func RootBounds(p Problem) (plain, priced int, divedOut bool, err error) {
	s, err := printedTables.newSolver(context.Background(), &p, false)
	if err != nil {
		return 0, 0, false, err
	}
	defer s.release()
	tiles := func() int { return int((s.bound(&node{n: 1}) - s.offset) / s.big) }
	plain = tiles()
	s.dive(s.offset + 1)
	divedOut, s.halt = s.halt == shareSpent, running
	s.splitJokers()
	s.tighten(max(s.offset, s.bar), s.prm.lagFirst, s.prm.lagGiveUp)
	for range 10 {
		if tiles() < plain {
			break
		}
		s.tighten(max(s.offset, s.bar), s.prm.lagMore, 0)
	}
	return plain, tiles(), divedOut, nil
}

// Greedy is the greedy pass that backs a search cut short.
func Greedy(p Problem) Result { return greedy(&p) }

// AnyPlay is the search for any play that backs an answer cut short that
// places nothing, without a deadline.
func AnyPlay(p Problem) (Result, bool) {
	return printedTables.anyPlay(context.Background(), &p, time.Now(), nil)
}

// AnyPlayAfter is anyPlay going on with the searches of an answer that a
// budget of nodes cut short (as Solve does when that answer places nothing).
func AnyPlayAfter(p Problem, nodes int) (Result, bool) {
	p.MaxNodes = nodes
	s, err := printedTables.newSolver(context.Background(), &p, false)
	if err != nil {
		return Result{}, false
	}
	defer s.release()
	if !s.flips() {
		s.run()
	} else {
		raced(s)
	}
	p.MaxNodes = 0 // anyPlay's own search: its default bound
	return printedTables.anyPlay(context.Background(), &p, time.Now(), s)
}

// Repair is the rearranging pass that backs an answer with no play.
func Repair(p Problem, limit int) Result { return repair(&p, limit, 0, time.Time{}) }

// RepairNodes bounds the rearranging pass in a solve.
const RepairNodes = repairNodes

// PrintedMissing lists the shapes of r's box whose tables are not in
// printed_tables.go (they are built when a problem needs them).
func PrintedMissing(r core.Rules) []string {
	var out []string
	for _, sh := range boxShapes(&r) {
		if printedConfig(sh) == nil {
			out = append(out, fmt.Sprintf("%+v", sh))
		}
	}
	return out
}
