package sim

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"strconv"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// RoundRecord is one round of one game under one variant: a CSV row.
type RoundRecord struct {
	Variant string
	Game    int    // from 0
	Seed    uint64 // the game's seed
	Round   int    // from 1
	Turns   int    // turns played
	First   int    // the seat that started, from 0
	// Winners are the winning seats (more than one for a shared round); nil
	// for a capped round, empty for a round a score_round hook left with
	// nobody ahead (nobody won it).
	Winners   []int
	Scores    []int // one a seat; nil for a capped round
	PoolLeft  int   // tiles left in the pool at the end
	Blocked   bool  // the pool ran out and nobody could go out
	JokerLeft bool  // a joker was left on some rack
	Capped    bool  // stopped at the turn cap
	// OpenTurns is, for each seat, the turn of the round (from 1) on which
	// it made its initial meld; 0 if it never did.
	OpenTurns []int
	Timeouts  int // modelled timeouts
	Penalties int // turns a bot lost to an error, a deadline or an illegal play
	// Refused counts the penalties for a play the referee refused: the bot
	// and the referee disagreed about the rules (none for the Go bots,
	// which plan with the referee).
	Refused    int
	JokersKept int // jokers a play sent to the player's rack (joker.keep)
}

// gameSummary is one game under one variant, for the statistics.
type gameSummary struct {
	rounds      []RoundRecord
	matchWinner int // -1 unless every round finished
	solver      bots.SolverStats
	// deal is a digest of the first round's racks: two variants dealt the
	// same tiles to every seat when their digests are equal. digest is one
	// of every round's outcome: equal digests, the same game.
	deal, digest uint64
}

// outcomeDigest is an FNV-1a digest of what the rounds' records say, the
// variant's name aside.
func outcomeDigest(rounds []RoundRecord) uint64 {
	h := fnv.New64a()
	var buf []byte
	for i := range rounds {
		r := &rounds[i]
		buf = buf[:0]
		for _, x := range [][]int{{r.Round, r.Turns, r.First, r.PoolLeft, r.Timeouts, r.Penalties, r.Refused, r.JokersKept,
			int(b2i(r.Blocked)), int(b2i(r.JokerLeft)), int(b2i(r.Capped))}, r.Winners, r.Scores, r.OpenTurns} {
			for _, v := range x {
				buf = strconv.AppendInt(buf, int64(v), 10)
				buf = append(buf, ',')
			}
			buf = append(buf, ';')
		}
		h.Write(buf)
	}
	return h.Sum64()
}

// dealDigest is an FNV-1a digest of every rack, seat by seat.
func dealDigest(g *core.Game) uint64 {
	h := fnv.New64a()
	for s := range g.Players() {
		r := g.Rack(s)
		h.Write([]byte(r.String()))
		h.Write([]byte{'|'})
	}
	return h.Sum64()
}

// metric is the per-game figure of a paired metric as a fraction num/den;
// ok is false when the game does not define it (no finished round). For
// the meld turn, a seat that never opened counts at the round's last turn.
func (g *gameSummary) metric(m string) (num, den int64, ok bool) {
	for i := range g.rounds {
		r := &g.rounds[i]
		if r.Capped {
			continue
		}
		switch m {
		case MetricTurns:
			num += int64(r.Turns)
		case MetricPoolEmpty:
			num += b2i(r.PoolLeft == 0)
		case MetricWinnerScore:
			if len(r.Winners) == 0 {
				continue // a round nobody won has no winner's score
			}
			num += int64(r.Scores[r.Winners[0]])
		case MetricJokerLeft:
			num += b2i(r.JokerLeft)
		case MetricFirstWins:
			for _, w := range r.Winners {
				num += b2i(w == r.First)
			}
		case MetricMeldTurn:
			for _, t := range r.OpenTurns {
				if t == 0 {
					t = r.Turns
				}
				num += int64(t)
				den++
			}
			continue
		}
		den++
	}
	return num, den, den > 0
}

// playGame plays game i of the experiment under variant v, with the bots
// specs in the seats, one a seat.
func playGame(ctx context.Context, c *Config, v *Variant, i int, specs []string) (*gameSummary, error) {
	seed := GameSeed(c.Seed, i)
	rules := v.Rules
	rules.Match.Rounds = c.rounds()
	names := make([]string, len(specs))
	players := make([]bots.Bot, len(specs))
	for s, spec := range specs {
		names[s] = spec + " " + strconv.Itoa(s+1)
		b, err := c.bots().New(spec, BotSeed(seed, s))
		if err != nil {
			return nil, err
		}
		defer release(b) // a Lua bot's state
		players[s] = b
	}
	g, err := c.games().NewGame(rules, names, seed, nil)
	if err != nil {
		return nil, err
	}
	defer g.Close() // its hooks' Lua state
	trng := rand.New(rand.NewPCG(seed, timeoutSeed(seed)))
	// A variant without a time limit has no timeouts to model.
	timeoutRate := c.TimeoutRate
	if !hasClock(&rules) {
		timeoutRate = 0
	}
	sum := &gameSummary{matchWinner: -1, deal: dealDigest(g)}
	turnCap := c.turnCap()
	for {
		rec := RoundRecord{Variant: v.Name, Game: i, Seed: seed, Round: g.Round(), First: g.Current(),
			OpenTurns: make([]int, len(specs))}
		for !g.RoundOver() {
			if g.Turn() >= turnCap {
				rec.Capped = true
				break
			}
			seat := g.Current()
			was := g.Opened(seat)
			// One draw a turn, whatever the rate, so that the timeouts of a
			// game do not shift with the rate's other uses.
			if trng.Float64() < timeoutRate {
				if _, err := g.Timeout(); err != nil {
					return nil, err
				}
				rec.Timeouts++
			} else {
				// the turn's tally, not its record: the lab shows no turn
				res, err := bots.TurnTally(ctx, g, players[seat])
				if err != nil {
					return nil, err
				}
				if res.Penalty != nil {
					rec.Penalties++
				}
				if res.Refused {
					rec.Refused++
				}
				rec.JokersKept += res.Kept
			}
			if !was && g.Opened(seat) {
				rec.OpenTurns[seat] = g.Turn()
			}
		}
		rec.Turns = g.Turn()
		rec.PoolLeft = g.Pool()
		if !rec.Capped {
			rec.Winners = g.Winners() // empty: a score hook left nobody ahead
			rec.Scores = g.RoundScores()
			rec.Blocked = true
			for s := range specs {
				rack := g.Rack(s)
				// a joker as it plays: Twist's special ones too, and under
				// Okey's deal the okey, not the false jokers
				held := core.MultisetOf(core.SwapWild(rack.Tiles(), g.Rules.Wild)...)
				rec.JokerLeft = rec.JokerLeft || held.Jokers()+held.Specials() > 0
				rec.Blocked = rec.Blocked && rack.Len() > 0
			}
		}
		sum.rounds = append(sum.rounds, rec)
		if rec.Capped || g.MatchOver() {
			break
		}
		if err := g.NextRound(); err != nil {
			return nil, err
		}
	}
	if g.MatchOver() {
		sum.matchWinner = g.MatchWinner()
	}
	if c.Record != nil {
		if err := c.Record(v, i, g); err != nil {
			return nil, err
		}
	}
	sum.digest = outcomeDigest(sum.rounds)
	for _, b := range players {
		if sb, ok := b.(bots.SolverBot); ok {
			sum.solver.Add(sb.SolverStats())
		}
	}
	return sum, ctx.Err()
}

// hasClock reports whether the rules limit a turn's time: only then can a
// turn time out.
func hasClock(r *core.Rules) bool { return r.HasClock() }

// release closes what holds resources beyond memory (a Lua state): x's
// Close method, with or without an error.
func release(x any) {
	switch c := x.(type) {
	case interface{ Close() error }:
		_ = c.Close() // nothing to do about it once the game is over
	case interface{ Close() }:
		c.Close()
	}
}
