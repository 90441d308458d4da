package puzzle

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Config is a generation: puzzles mined from seeded bot games of one
// variant, at positions where the best play places at least MinGain more
// tiles than the bot there placed.
type Config struct {
	Variant string
	Rules   core.Rules
	Count   int
	Seed    uint64
	Grade   int // 1-5: only puzzles of that grade; 0: any
	MinGain int // 0: 2
	// MaxGames bounds the games played looking for Count puzzles; 0: 40
	// a puzzle asked for.
	MaxGames int
}

// The bots' ratings on the tournament's Elo scale (docs/lab.md, the
// ladder: meldlab tournament --bots beginner,intermediate,greedy,planner
// --players 4 --games 200 --seed 1): a puzzle's prior rating is placed
// among them.
var botElo = []struct {
	name string
	elo  float64
	make func(seed uint64) bots.Bot
}{
	{"beginner", 1283, func(s uint64) bots.Bot { return bots.NewBeginner(s) }},
	{"intermediate", 1427, func(s uint64) bots.Bot { return bots.NewIntermediate(s) }},
	{"greedy", 1574, func(uint64) bots.Bot { return bots.NewGreedy() }},
}

// templatesPerGame is how many template positions Generate lays beside
// each game it mines, and templateStream the stream of their seeds.
const (
	templatesPerGame = 12
	templateStream   = 0x74656d706c617465
)

// tries is how many seeds each bot tries a puzzle with.
const tries = 32

// nodeBudget bounds each proof: counted in search states, so a puzzle is
// proven or not the same way on every machine.
const nodeBudget = 400_000

// Generate mines puzzles: it plays seeded four-seat games (beginner,
// intermediate, beginner, intermediate), and at each turn asks the solver
// for the best legal play; where it is proven and places MinGain or more
// tiles than the bot played, the position is a candidate. Beside each game
// it lays templatesPerGame template positions (see GenerateTemplates):
// the games give the first and last grades (initial melds, and total
// rearrangements only the solver finds), the templates most of the middle
// ones. Each candidate is rated by the bots and graded; a graded 3 or more
// is kept only when a play that rearranges nothing does worse and no rack
// tile merely extends a set. The same Config gives the same puzzles, byte
// for byte.
func Generate(ctx context.Context, c Config) ([]Puzzle, error) {
	if c.MinGain <= 0 {
		c.MinGain = 2
	}
	if c.MaxGames <= 0 {
		c.MaxGames = 40 * max(c.Count, 1)
	}
	seen := map[string]bool{}
	var out []Puzzle
	// Games are mined a batch at a time, one a core, and their puzzles
	// taken in game order: the same puzzles whatever the core count.
	workers := max(runtime.GOMAXPROCS(0), 1)
	for first := 0; first < c.MaxGames && len(out) < c.Count; first += workers {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		n := min(workers, c.MaxGames-first)
		found := make([][]Puzzle, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for w := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				found[w], errs[w] = mine(ctx, c, mix(c.Seed, uint64(first+w)))
				// And a few template positions of the same unit's seeds:
				// mined games seldom hold a puzzle of two or three sets to
				// change (a bot of the game there mostly finds it), and
				// those are the middle grades.
				for j := range templatesPerGame {
					i := (first+w)*templatesPerGame + j
					if p, ok := fromTemplate(ctx, c, mix(c.Seed^templateStream, uint64(i)), i); ok && errs[w] == nil {
						found[w] = append(found[w], p)
					}
				}
			}()
		}
		wg.Wait()
		for w := range n {
			if errs[w] != nil {
				return out, errs[w]
			}
			for _, p := range found[w] {
				if seen[p.ID] || (c.Grade > 0 && p.Grade != c.Grade) {
					continue
				}
				seen[p.ID] = true
				out = append(out, p)
				if len(out) == c.Count {
					return out, nil
				}
			}
		}
	}
	return out, nil
}

// mine plays one seeded game and returns its puzzles.
func mine(ctx context.Context, c Config, seed uint64) ([]Puzzle, error) {
	rules := c.Rules
	rules.Match.Rounds = 1
	names := []string{"p1", "p2", "p3", "p4"}
	players := min(4, rules.Players.Max)
	names = names[:players]
	g, err := core.NewGame(rules, names, seed)
	if err != nil {
		return nil, err
	}
	defer g.Close()
	kinds := []string{"beginner", "intermediate", "beginner", "intermediate"}
	seats := make([]bots.Bot, players)
	for i := range seats {
		if kinds[i] == "beginner" {
			seats[i] = bots.NewBeginner(mix(seed, uint64(i)))
		} else {
			seats[i] = bots.NewIntermediate(mix(seed, uint64(i)))
		}
	}
	var out []Puzzle
	for n := 0; n < 300 && !g.RoundOver(); n++ {
		seat := g.Current()
		act, aerr := bots.Ask(ctx, g, seats[seat])
		if aerr == nil && g.DrawnTile() == core.NoTile {
			botTiles := 0
			if !act.Draw {
				before, after := g.Table().Tiles(), act.Table.Tiles()
				botTiles = after.Len() - before.Len()
			}
			src := Source{Game: seed, Round: g.Round(), Turn: g.Turn() + 1, Seat: seat + 1, Bot: kinds[seat], Bot2: botTiles}
			if p, ok := candidate(ctx, c, g, seat, src); ok {
				out = append(out, p)
			}
		}
		if _, err := bots.Apply(g, seats[seat], act, aerr); err != nil {
			return out, err
		}
	}
	return out, nil
}

// candidate makes a puzzle of seat's position on g, when the best play
// there is proven and beats the bot's (src.Bot2 tiles) by MinGain tiles.
func candidate(ctx context.Context, c Config, g *core.Game, seat int, src Source) (Puzzle, bool) {
	rack := g.Rack(seat)
	table := g.Table()
	opened := g.Opened(seat)
	if g.View(seat).Locked {
		return Puzzle{}, false
	}
	best, err := solve.Legal(ctx, solve.Problem{Rules: g.Rules, Table: table, Rack: rack, Opened: opened,
		Objective: solve.Tiles, MaxNodes: nodeBudget}, g, solve.Limits{})
	if err != nil || !best.Optimal || best.Tiles < src.Bot2+c.MinGain {
		return Puzzle{}, false
	}
	p := Puzzle{Variant: c.Variant, Opened: opened, Table: table.String(), Rack: rackText(rack),
		Objective: "tiles", Pool: g.Pool(), Source: src}
	for i := range g.Players() {
		if i != seat {
			p.Others = append(p.Others, g.Rack(i).Len())
		}
	}
	pos, err := p.Position(g.Rules)
	if err != nil {
		return Puzzle{}, false
	}
	defer pos.Close()
	return p, rate(ctx, c, &p, pos, best)
}

// rate fills in a puzzle from its position and its proven best: its id,
// the best, the best without rearranging, features and themes, the bots'
// solve rates, the prior rating and the grade. False: the position will
// not do.
func rate(ctx context.Context, c Config, p *Puzzle, pos *core.Game, best solve.Result) bool {
	table, rack, opened := pos.Table(), pos.Rack(0), p.Opened
	p.ID = id(p.Variant, p.Opened, p.Table, p.Rack)
	p.Best = Best{Tiles: best.Tiles, Points: best.Points, Placed: rackText(multiset(best.Placed)), Table: best.Table.String(), Optimal: true}
	// The play that rearranges nothing: the children's rule's best.
	direct := pos.Rules
	direct.Table.Manipulation = core.AddOnly
	if d, err := solve.Solve(ctx, solve.Problem{Rules: direct, Table: table, Rack: rack, Opened: opened,
		Objective: solve.Tiles, MaxNodes: nodeBudget}); err == nil {
		p.Best.Direct = d.Tiles
	}
	rec, err := pos.Check(best.Table)
	if err != nil {
		return false
	}
	p.Features, p.Themes = describe(&pos.Rules, table, rec, opened)
	p.Solves = map[string]float64{}
	var rungs []rung
	for _, b := range botElo {
		solved := 0
		n := tries
		if b.name == "greedy" {
			n = 1 // it draws no lots: one try says all
		}
		for s := range n {
			// Each puzzle its own seeds: with the same 32 for all, one
			// unlucky draw (a set overlooked) would shift every puzzle
			// alike.
			placed := placedBy(ctx, pos, b.make(mix(idSeed(p.ID), uint64(s))))
			if placed >= best.Tiles {
				solved++
			}
		}
		p.Solves[b.name] = round3(float64(solved) / float64(n))
		// The curve is fitted to the solve rates themselves, as the issue
		// asks. It was fitted to a partial credit (the share of the best's
		// tiles placed) while the people bots' rates were all or nothing;
		// now that they vary with what a bot sees on a seed, the credit
		// would only rank a near miss above a plain failure, and put
		// puzzles no person bot ever solves among the middle grades (on
		// the shipped original commands: Spearman's rho -0.97 from the
		// rates, -0.79 from the credit, whose beginner medians are 0 from
		// grade 3; docs/puzzles.md).
		rungs = append(rungs, rung{elo: b.elo, n: tries, solved: float64(solved) / float64(n) * tries})
	}
	p.Rating = prior(rungs)
	p.Grade = grade(p.Rating.R)
	// From grade 3 a puzzle must need a rearrangement: one the bots found
	// hard but that a play rearranging nothing solves, or with a rack tile
	// that merely extends a set, is no puzzle of its grade, and calling it
	// a 2 would put a hard puzzle among the easy ones: it is dropped.
	return p.Grade < 3 || p.Best.Direct < p.Best.Tiles && !extendsASet(pos.Rules, table, rack)
}

// Position is the puzzle's position as a game, seat 0 to play: the rack,
// the table, the other seats holding tiles of the box that are nowhere
// else (the lowest first), the pool as the puzzle says.
func (p *Puzzle) Position(rules core.Rules) (*core.Game, error) {
	table, err := rules.Tiles.ParseTable(p.Table)
	if err != nil {
		return nil, err
	}
	rack, err := rules.Tiles.ParseTiles(p.Rack)
	if err != nil {
		return nil, err
	}
	names := []string{"you"}
	for i := range p.Others {
		names = append(names, "p"+string(rune('2'+i)))
	}
	rules.Match.Rounds = 1
	g, err := core.NewGame(rules, names, 1)
	if err != nil {
		return nil, err
	}
	used := table.Tiles()
	for _, t := range rack {
		used.Add(t)
	}
	box := boxTiles(rules)
	free := box.Minus(&used)
	rest := free.Tiles()
	// The turns already ended are the mined game's, so a lock that holds
	// over the first turns (opening.first_round_locked, lock_turns) is as
	// it was there: over.
	s := core.Setup{Racks: [][]core.Tile{rack}, Table: table, Current: 0, Opened: make([]bool, len(names)), Pool: p.Pool,
		Turn: max(p.Source.Turn-1, 0)}
	s.Opened[0] = p.Opened
	for i, n := range p.Others {
		n = min(n, len(rest))
		s.Racks = append(s.Racks, slices.Clone(rest[:n]))
		rest = rest[n:]
		s.Opened[i+1] = true
	}
	s.Pool = min(s.Pool, len(rest))
	if err := g.Setup(s); err != nil {
		g.Close()
		return nil, err
	}
	return g, nil
}

// placedBy is how many tiles bot b, asked on pos, places in a play the
// referee accepts (0: it draws, or its play is refused).
func placedBy(ctx context.Context, pos *core.Game, b bots.Bot) int {
	act, err := bots.Ask(ctx, pos, b)
	if err != nil || act.Draw {
		return 0
	}
	rec, err := pos.Check(act.Table)
	if err != nil {
		return 0
	}
	return len(rec.Placed)
}

// solvedBy reports whether bot b, asked on pos, places best tiles.
func solvedBy(ctx context.Context, pos *core.Game, b bots.Bot, best int) bool {
	return placedBy(ctx, pos, b) >= best
}

// idSeed is the seed a puzzle's id names (its hex digits).
func idSeed(id string) uint64 {
	n, _ := strconv.ParseUint(id, 16, 64)
	return n
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// rung is a bot's record on a puzzle.
type rung struct {
	elo    float64
	n      int
	solved float64
}

// prior is the rating where the logistic curve through the rungs' solve
// rates crosses 50%: the maximum-likelihood rating of the puzzle as an
// opponent of the bots, with its deviation from the curve's information.
func prior(rungs []rung) Rating {
	ll := func(r float64) float64 {
		s := 0.0
		for _, g := range rungs {
			p := 1 / (1 + math.Pow(10, (r-g.elo)/400)) // the bot's chance to solve
			p = min(max(p, 1e-9), 1-1e-9)
			s += g.solved*math.Log(p) + (float64(g.n)-g.solved)*math.Log(1-p)
		}
		return s
	}
	lo, hi := 600.0, 2600.0
	for range 100 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if ll(a) < ll(b) {
			lo = a
		} else {
			hi = b
		}
	}
	r := (lo + hi) / 2
	info := 0.0
	for _, g := range rungs {
		p := 1 / (1 + math.Pow(10, (r-g.elo)/400))
		info += float64(g.n) * p * (1 - p)
	}
	k := math.Ln10 / 400
	rd := 350.0
	if info > 0 {
		rd = min(350, 1/math.Sqrt(info*k*k))
	}
	return Rating{R: math.Round(r*10) / 10, RD: math.Round(rd*10) / 10, Sigma: 0.06}
}

// The grades' bands on the rating, placed among the bots' rungs (beginner
// 1283, intermediate 1427, greedy 1574): grade 1, below 1250, is what the
// beginner solves more often than not; 2 and 3 lie between the beginner and
// the intermediate bot, 4 about the intermediate, and 5, from 1500, is
// what the people bots mostly miss and the greedy bot's exact search finds.
var bands = []float64{1250, 1350, 1420, 1500}

func grade(r float64) int {
	for i, b := range bands {
		if r < b {
			return i + 1
		}
	}
	return len(bands) + 1
}

// extendsASet reports whether some rack tile, alone, grows a table set at
// an end (or a group by a colour): the move a beginner sees first.
func extendsASet(r core.Rules, table core.Table, rack core.Multiset) bool {
	sr := r.SetRules()
	for _, t := range rack.Tiles() {
		for _, s := range table {
			for _, grown := range []core.Set{append(slices.Clone(s), t), append(core.Set{t}, s...)} {
				if sr.Valid(grown) {
					return true
				}
			}
		}
	}
	return false
}

// describe gives the best play's features and themes, from the referee's
// record of it.
func describe(r *core.Rules, before core.Table, rec core.TurnRecord, opened bool) (Features, []string) {
	f := Features{TilesPlaced: len(rec.Placed), SetsUndone: len(rec.Undone), JokersFreed: len(rec.Freed)}
	after := map[int][]int{} // before set -> the sets after holding its tiles
	for _, ch := range rec.Changed {
		after[ch.Before] = append(after[ch.Before], ch.After)
	}
	f.SetsChanged = len(after)
	sr := r.SetRules()
	var themes []string
	add := func(t string) {
		if !slices.Contains(themes, t) {
			themes = append(themes, t)
		}
	}
	if !opened {
		add("initial_meld")
	}
	for b, as := range after {
		f.TableTilesMoved += len(before[b])
		info, err := sr.Validate(before[b])
		if err != nil {
			continue
		}
		if len(as) >= 2 && info.Kind == core.Run {
			add("split_run")
			if info.Jokers > 0 {
				add("split_around_joker")
			}
		}
		if len(as) == 1 && info.Kind == core.Group && len(before[b]) == 3 && len(rec.Table[as[0]]) == 4 {
			add("fourth_of_group")
		}
		if len(as) == 1 && len(rec.Table[as[0]]) > len(before[b]) && contains(rec.Table[as[0]], before[b]) {
			add("add_to_set")
		}
	}
	for _, fr := range rec.Freed {
		if fr.Replaced {
			add("replace_joker")
		}
	}
	if len(rec.Freed) >= 2 {
		add("free_several")
	}
	if f.SetsChanged >= 3 {
		add("total_rearrangement")
	}
	if len(themes) == 0 && len(rec.Made) > 0 {
		add("new_sets")
	}
	slices.Sort(themes)
	return f, themes
}

// contains reports whether every tile of small is in big.
func contains(big, small core.Set) bool {
	var m core.Multiset
	for _, t := range big {
		m.Add(t)
	}
	for _, t := range small {
		if !m.Remove(t) {
			return false
		}
	}
	return true
}

func multiset(ts []core.Tile) core.Multiset {
	var m core.Multiset
	for _, t := range ts {
		m.Add(t)
	}
	return m
}

func rackText(m core.Multiset) string {
	parts := make([]string, 0, m.Len())
	for _, t := range m.Tiles() {
		parts = append(parts, t.String())
	}
	return strings.Join(parts, " ")
}

// boxTiles is every tile of the rules' box.
func boxTiles(r core.Rules) core.Multiset {
	var m core.Multiset
	for c := range r.Tiles.Colors {
		for n := 1; n <= r.Tiles.Numbers; n++ {
			m.AddN(core.NewTile(core.Color(c), n), r.Tiles.Copies)
		}
	}
	m.AddN(core.Joker, r.Tiles.Jokers)
	return m
}

// mix is splitmix64 of a and b: a stream of seeds from one.
func mix(a, b uint64) uint64 {
	z := a + (b+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
