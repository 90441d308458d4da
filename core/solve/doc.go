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
// once. Problems still open after a few thousand states are finished
// top-down: can everything go down? if not, all but one tile? and so on. A
// state packs into one machine word, and the search allocates nothing per
// state.
//
// Runs that wrap (12-13-1, with Rules.Sets.Wrap) are handled by guessing the
// runs that cross from the highest number back to 1 and checking the guess at
// the end; a crossing run may come out longer than the numbers, and is then
// cut in two valid runs (exact while a shortest run fits in half a turn and
// jokers cannot fill one: ErrUnsupported otherwise).
//
// # Limits
//
// With wrap, the rules engine reads a run's jokers along the shortest arc
// around its real tiles; when a run of many jokers is as long as the stretch
// left outside it, the engine may read the jokers elsewhere than the search
// placed them, and count a different value. Only the initial meld's value
// depends on that, so there the answer is a legal meld (never one the engine
// would refuse) but not always the best. Everything else is exact.
//
// # Speed, and the tail
//
// On the shared instances (see BenchmarkSolve) a solve takes tens of
// microseconds without jokers and a few hundred with them. The median of
// problems dealt like games in progress (BenchmarkTail, over the corpora in
// testdata/tail-*.jsonl.gz) is about 0.1 ms for the original box and 0.3 ms
// for XP, but the tail is long: the 99th percentile is about 7 ms (original)
// and 100 ms (XP), the slowest 94 ms and 1.5 s, and the slowest problem known
// (testdata/solver-hard.jsonl, XP, 30 rack tiles, 4 jokers) takes 5.6 s.
//
// What bounds it. The states are bounded by the box: per number and colour,
// the colour states (multisets of capped run lengths: 10 per colour with two
// copies and no joker, up to a few hundred with three copies and four jokers),
// the group profile of the number, the jokers spent and, in an initial meld,
// the value so far. So a search is finite and its worst case a constant of
// the box, but that constant is large: the product over four colours of their
// states. The search visits few of them when the bound is tight: the bound
// relaxes the colours apart (each colour's runs exact, any tile in a group
// wherever partners exist), which is tight when the table's sets are short
// and the rack small. It is loose on big tables with jokers and long racks:
// two colours can both count one tile of a third as their group partner, and
// the jokers are shared out at their best weight, so many states look as if
// they could place everything and are searched to the end before failing.
// The slow problems are nearly all such proofs: "can all 27 tiles go down?"
// takes 1.4 million states on the slowest XP problem of the corpus, and the
// memo keeps a 16-byte slot for each state and each child looked up, which
// is why memory grows with the time (about 140 MB on the slowest known
// problem, testdata/solver-hard.jsonl).
//
// What bounds a search in practice is the budget: a context deadline or
// Problem.MaxNodes. A search cut short answers with the best play it found
// (its first bottom-up dive places what it can, so that play is seldom far
// from the best: see BenchmarkAnytime), with Result.Optimal false, and never
// fails for being cut: every stage, building the tables included, stops when
// the context ends. meldlab solve gives each search 10 s, the bots 200,000
// states, the REPL's hint 5 s.
package solve
