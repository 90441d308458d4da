package solve

// params are the search's tuning values and the switches of its
// mechanisms: one value, which a Tables holds from its construction (the
// defaults unless a test set others, see export_test.go) and a solve keeps
// (solver.prm). No package variable is changed to tune a search, so solves
// with different params may run side by side.
//
// Each switch turns one mechanism off; the search stays exact without any
// of them (it then does what it already does on the problems the mechanism
// is not for), which the brute force checks (brute_test.go).
type params struct {
	// The dive (search.go): the bottom-up search's nodes for each number
	// and colour before the search goes top-down (the same with three
	// copies of each tile: 40 there did worse once the prices' steps were
	// flat and went on to 8: docs/solver-journal.md).
	diveNodes int
	// The prices (lagrange.go): lagFirst subgradient steps when a search
	// goes top-down, given up after lagGiveUp without a better bound (a
	// root that will not move: most such searches end soon), and lagMore
	// each time a target's search runs past its share of nodes (retighten,
	// four times more after each). 8 for lagGiveUp: with the steps flat
	// (rootdp.go), 4 gave up where the halved steps were about to help.
	lagFirst, lagGiveUp, lagMore, retighten int
	// plainFirst: the nodes a search whose dive's play is within one unit
	// of the plain bound has before its first prices (0: priced at once).
	plainFirst int
	// splitFrom: the jokers in play from which the relaxation tells apart
	// the jokers left for groups (bound.go, splitJokers).
	splitFrom int
	// The race (race.go): raceFirst, the nodes each search has searched,
	// its dive included, when the race's first round of turns ends (each
	// round after it adds four times what the one before added); oneDive:
	// the search from the top dives only in its first turn, after the
	// search from 1 up had its own (not both dives first); flipOnly
	// searches from the highest number down only, as if that search always
	// won.
	raceFirst int
	oneDive   bool
	flipOnly  bool
	// fallbackNodes bounds the short search that answers once the budget
	// ran out (anytime, search.go), beside its deadline; its first
	// fallbackFirst nodes it has whatever the time, enough for its first
	// dive to place what it can (a few hundred microseconds at most).
	// fallbackBeat is that search's nodes in a legal search's restriction
	// with a play to beat after the families (Problem.afterFamilies): it
	// need only find a better play, which its floor keeps it to.
	fallbackNodes, fallbackFirst, fallbackBeat int

	noPrices bool // no Lagrangian prices: the plain bound throughout
	noSplit  bool // the relaxation never tells apart the jokers left for groups (bound.go)
	noTops   bool // bounds rounded with the second measure of every tile to come, not of the best (round)
	noRace   bool // a problem that flips is searched from 1 up only
	noFlat   bool // the prices' steps work the relaxation out by computeBound's recursion, not flat (rootdp.go)
	noBare   bool // past a colour's last rack tile too the relaxation is worked out for each number of jokers (bareBound)
	noCeil   bool // the relaxation works a state out whole even where it reaches the most its colour can gain (ceilGains)
}

// defaults are the params of every solve but the tests'.
var defaults = params{
	diveNodes: 10,
	lagFirst:  20, lagGiveUp: 8, lagMore: 40, retighten: 20000, plainFirst: 2000, splitFrom: 3,
	raceFirst:     2000,
	fallbackNodes: 2000, fallbackFirst: 200, fallbackBeat: 50,
}

// withParams is t with its params changed by set: the same tables, other
// params (Prepare's warm-up, and the tests' paths: export_test.go).
func (t *Tables) withParams(set func(*params)) *Tables {
	p := *t.prm
	set(&p)
	return &Tables{shapeTables: t.shapeTables, prm: &p}
}
