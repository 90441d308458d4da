// Package solve finds the best play for one player: the most rack tiles (or
// the most points) that can go on the table, rearranging the whole table
// freely, with every table tile still in a valid set. It is exact: the answer
// is provably optimal unless a budget cut the search short, and Result says so.
//
// # How it works
//
// Sets only ever join tiles of one number (groups) or of consecutive numbers
// (runs), so the solver walks the numbers from 1 up, deciding at each number
// where every tile of that number goes: into a group of that number, onto the
// end of an open run of its colour, or into a new run. Between two numbers it
// needs to remember only the open runs of each colour and their lengths capped
// at the shortest run (van Rijn, Takes and Vis, 2015, count open runs the same
// way), plus how many jokers are spent. Jokers are virtual tiles: each stands
// for one tile of its own set and touches nothing else, so counting them is
// enough; a run's leading jokers are placed when its first real tile starts it.
//
// The search is a depth-first branch and bound over those states, one layer
// for each number and colour, with a memo of each state's best future gain,
// exact or bounded. Its bound adds up, colour by colour, the best each colour
// could do alone (runs exactly, groups wherever partners exist, the jokers
// shared out), so a colour whose runs cannot be finished cuts the branch at
// once. Most problems end in a short bottom-up dive whose first play places
// what it can. A state packs into one machine word, and the search allocates
// nothing per state.
//
// Problems still open after the dive are the hard ones, and get a stronger
// bound (lagrange.go). Every play meets, at each number, the condition that a
// group holding a tile of colour c holds MinGroup-1 other tiles, of other
// colours or jokers; the colours relaxed apart ignore it, and on a big table
// each colour counts the others' tiles as its group partners while their own
// relaxations put those tiles in runs. The condition is a sum over colours,
// so it can be priced into each colour's gains (a Lagrangian relaxation): a
// few dozen subgradient steps at the root find prices that make the bound
// much tighter, and a search that runs long sharpens them again and starts
// over, its memo keeping what was proven (a step of the prices looks at the
// budget before each colour's relaxation). The states of the relaxation a
// step works out again do not depend on the prices, so they are laid out
// once, flat, and each step is a pass over arrays (rootdp.go). The relaxation then also tells the
// jokers left apart, so tiles that could only group with jokers stop counting
// once the jokers are spent. The search goes top-down: can everything the
// bound allows go down? if not, a little less? and so on, never below the
// dive's play, trying each node's children best bound first. A bound counted
// in whole tiles (or points) is rounded down to them. Where the dive's play
// is within one unit of the plain bound, the top-down search has 2,000 nodes
// without prices first: that last unit is most often settled sooner than
// the prices are found (params.plainFirst).
//
// And a problem whose dive runs out is searched from the highest number down
// as well (race.go): that search dives too, which settles more than half
// of them at once, and then the two take turns of growing length, the one
// whose dive did better first, each starting from the other's best play as
// a floor, until one finishes. Where the trouble lies decides how fast a
// direction is: a rack of 12s and 13s that need the table's jokers fails
// late from 1 up, after every use of the jokers at the low numbers was
// tried, and at once from 13 down. On the slowest problem of the corpora
// before the race, the two differ by a factor of 2,500.
//
// The set shapes of Rules.Sets beyond the books are searched exactly. Under
// sets.group_colors: any a group may hold a colour up to the box's copies
// times (shape.repeat): no deal of the colours can then fail, since a
// colour never has more tiles at a number than that, so the group tables
// (profOK, groupProf, maxGroup) are worked out from how many real tiles
// and jokers a number's groups take (planRepeat), and the prices' condition
// is the one every such group meets (lagrange.go). Under sets.wrap:
// ace_high the search is the one with wrap, held to its rule: from 1 up a
// guessed run crossing into 1 is at least MinRun long with its 1 and
// nothing extends it at 2 (expand), so 13-1-2 is never searched; from the
// highest number down, which races it, the part of a crossing run before
// the crossing is its 1 alone (crossFits). With runs of 1 (MinRun 1)
// ace_high needs no wrap at all: a run that ends with the 1 after 13 is as
// good cut at 13.
//
// Under table.manipulation (Rules.Table) the search is the rule's own:
// none is the first-round lock's search (new sets from the rack only), and
// add_only (addonly.go) a dynamic programme over the table's sets, each
// grown whole by rack tiles every way it can be (at either end of a run, by
// colours in a group, jokers standing where they are), the rack left over
// solved as new sets, one solve for each rack left; exact, held to a brute
// force. Legal's families of plays (see Legal) are searched the same way.
//
// Runs that wrap (12-13-1, with Rules.Sets.Wrap) are handled by guessing the
// runs that cross from the highest number back to 1 and checking the guess at
// the end (the guesses share one memo when the guess fits in its key); a crossing run may come out longer than the numbers, and is then
// cut in two valid runs (exact while a shortest run fits in half a turn and
// jokers cannot fill one: ErrUnsupported otherwise).
//
// # Limits
//
// With wrap, the rules engine reads a run's jokers along the shortest arc
// around its real tiles; when a run of many jokers is as long as the stretch
// left outside it, the engine may read the jokers elsewhere than the search
// placed them, and count a different value. Under ace_high likewise a run
// that ends with jokers and the 1 after the highest is read with the 1 low
// when that is as short ([r3 J J r1] in numbers 1..5 is r1 r2 r3 r4). Only
// the initial meld's value depends on that, so there the answer is a legal
// meld (never one the engine would refuse) but not always the best: the
// search joins the runs that end with a real tile to the 1s first, which
// the engine reads as placed, and where the engine still reads the meld for
// less than the search counted it, Result.Optimal is false. Everything else
// is exact.
//
// # Where things live
//
// The solver's state is split by lifetime (search.go), and each part owns
// its methods: the problem's layout (newSolver, solve.go: the tiles by
// number and colour, the weights, the key), the relaxation behind the
// bound (bound.go, and its prices in lagrange.go, the states their steps
// work out laid out in rootdp.go), one branch and bound's state (search.go:
// memo.go's memo of states, the path, the budget, why it stopped (halt),
// the best play recorded), and the strategy of one search direction across
// the race's turns (race.go); the solver coordinates them. The tables of a shape of rules (config.go: the colour
// states, their moves, the group profiles) are held by a Tables value
// (tables.go) and shared by every solve through it; the package functions
// use one that starts with the printed boxes' (printed.go: generated into
// printed_tables.go, held to what config.go builds by a test). A house
// box's are built once: by the solve that needs them, in its own
// goroutine, as far as its budget allows (the next solve that needs them
// goes on from there), or ahead by Prepare, whose build is the only
// goroutine the package starts (Close waits for it). The sets of a play are laid out by
// build.go, the groups of one number by groups.go; a search cut short is
// backed by a greedy pass (greedy.go) and one that rearranges a few sets
// (repair.go); Legal (legal.go) searches for the
// best play the referee accepts. A solve grows its goroutine's stack for
// the search's recursion once, before it starts (stack.go).
//
// Every tuning value and every mechanism's switch is in one params value
// (params.go), which a Tables holds and its solves read: the dive's length, the
// subgradient steps, when the prices and the race start, the fallback's nodes; and
// switches that turn off the prices, the jokers told apart by the
// relaxation, the rounding by the best tiles, the race, and the flat
// relaxation of the prices' steps. The search is
// exact with any of them off, and the brute force (brute_test.go) holds
// every small problem to that, on the hard path and raced.
//
// # Speed, and the tail
//
// On fresh corpora of problems dealt like games in progress (BenchmarkFresh:
// the generator's seeds 2711-2713, new when the issue was taken up and used
// since to compare settings, so seeds 5101-5103 are the check held out, and
// 7919-7921 were new on 2026-11-26; the README has the figures and the
// commands) the median is about 58-95 µs for the original box and 110-175
// µs for XP, the 99th percentile 0.8-2.0 ms and 3.7-7.1 ms, the slowest
// 4-28 ms and 19-58 ms, and on a crowded table 0.25-0.6 ms and 5-18 ms (CPU
// time on the 2-core machine CI runs on, which runs some minutes a third
// slower than others, and the same code 1.6-2.5 times slower than the
// machine the issue was measured on). Side by side in one process, with
// meldlab's profile (cmd/meldlab/default.pgo): against the build the issue
// measured (e938c8a), medians 0.83-0.92 times its own and a 99th percentile
// 0.55-0.76 times (a crowded table's 0.25-0.31); against the build of
// 2026-11-23, medians 1.00-1.06 times its own and a tail 5-60 times shorter.
// Every first solve pays for memory and code met for the first time, and
// on a house box the first problem of each shape for its tables (0.05-1.3
// ms for boxes of the printed size: Prepare, which the REPL calls when it
// deals a game, builds them ahead): with Prepare, 1.1-1.5 times a warm
// process's solve after the same pause ("The first solve in a process",
// docs/solver-journal.md); a one-off meldlab solve, the printed tables
// compiled in, 2.3-2.7 (XP) and 2.9-3.5 (original) times the same
// problem's warm solve, where building them made it 3.1-3.8 and 3.4-3.8.
//
// What bounds it. The states are bounded by the box: per number and colour,
// the colour states (multisets of capped run lengths: 10 per colour with two
// copies and no joker, up to a few hundred with three copies and four jokers),
// the group profile of the number, the jokers spent and, in an initial meld,
// the value so far. So a search is finite and its worst case a constant of
// the box, but that constant is large: the product over four colours of their
// states. How many the search visits depends on the bound and on the order.
// The plain bound is loose on big tables with jokers (every colour groups
// everywhere, the jokers at once in runs and in groups): the slow searches
// were proofs that not every rack tile can go down, a million states on the
// slowest, which the priced bound mostly settles at the root. Then came the
// searches for a play the bound rightly says exists, slow in one direction
// (800,000 states) and quick in the other (300): the race. What is left in
// the tail are problems hard both ways, tens of thousands of states each.
//
// What bounds a search in practice is the budget: a context deadline or
// Problem.MaxNodes. The search reads the deadline off the clock every 64
// states (a context's timer may fire late on a busy core), and every phase
// between states (the prices' steps, the race's turns) looks at it too. A
// search cut short answers with the better of its best play so far, what a
// short bottom-up search finds (its first dive places what it can; it stops
// a quarter of the budget past the deadline, after its first 200 states),
// and a greedy pass (greedy.go), with Result.Optimal false and CutShort
// set; it never fails for being cut. If that answer places nothing, a
// search for any play at all (CanPlay's, stopping at its first play, from
// 1 up and from the highest number down in turns) has until 1.75 times the
// budget, or the problem's MaxNodes again: the greedy pass and a search
// cut early miss plays that only a rearranged table allows. It goes on with
// the searches that answered (their relaxation and memo hold for any
// target), so it does not pay for the relaxation at the root again, a
// millisecond on the XP box; and if it too runs out of time, a pass that
// splits a rack tile or two and up to three sets near them anew
// (repair.go) has until 1.875 times the budget. Tables not built when the
// budget ends are left, as far as they got, to the next solve that needs
// them; the greedy pass answers, or the rearranging pass where it finds
// nothing, then the search for any play if the tables come. Tables
// that come only after the budget ended are not searched with: a search
// begun then answers late, its root bound on a cold big box alone taking a
// millisecond or two. meldlab solve gives each search 10 s, the bots
// 200,000 states, the REPL's hint 5 s. Legal, whose budget ran out before
// the referee judged a play, still judges the plays in hand, best first (a
// check each, not a search).
package solve
