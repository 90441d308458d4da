package sim

import (
	"fmt"
	"math/big"
	"slices"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
)

// Validate's bounds: every figure of a finished round has a range (a
// round lasts at most the turn cap; a winner scores at most the biggest
// box's value), and every per-game figure a pair sums is a mean of those.
// They are worked out in big integers and rationals, so that no forged
// count can wrap an int64 product into a plausible one.

// maxWinnerScore is the most a winner can score in a round of any
// variant: every tile of the biggest box on the losers' racks, each joker
// at the highest penalty.
var maxWinnerScore = func() int64 {
	hi := func(path string) int64 { return int64(core.LookupRuleKey(path).Max) }
	nums := hi("tiles.numbers")
	return hi("tiles.colors")*nums*(nums+1)/2*hi("tiles.copies") + hi("tiles.jokers")*hi("joker.penalty")
}()

// winnerRange is the least and the most a finished round's winner can
// score under the variant: 0 to maxWinnerScore where scores sum to zero;
// under the scoring keys (Setup.NotZeroSum) a winner who never opened pays
// up to the largest scoring.unopened_penalty, and rounding moves a score
// by up to half the largest scoring.round_to.
func winnerRange(s *Setup, variant string) (lo, hi int64) {
	if !slices.Contains(s.NotZeroSum, variant) {
		return 0, maxWinnerScore
	}
	pen := int64(core.LookupRuleKey("scoring.unopened_penalty").Max)
	half := int64(core.LookupRuleKey("scoring.round_to").Max) / 2
	return -(pen + half), maxWinnerScore + half
}

func bigInt(x int64) *big.Int { return big.NewInt(x) }

// prod is the product of xs, exactly.
func prod(xs ...int64) *big.Int {
	p := big.NewInt(1)
	for _, x := range xs {
		p.Mul(p, big.NewInt(x))
	}
	return p
}

// total is the sum of xs, exactly.
func total(xs []int64) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, big.NewInt(x))
	}
	return s
}

// mulLE reports whether a·b ≤ c·d, exactly.
func mulLE(a, b, c, d int64) bool { return prod(a, b).Cmp(prod(c, d)) <= 0 }

// atMost reports whether x ≤ the product of ys, exactly.
func atMost(x int64, ys ...int64) bool { return bigInt(x).Cmp(prod(ys...)) <= 0 }

// histSums are Σ t·hist[t] and Σ t²·hist[t]: the turns, and the squared
// turns, of the finished rounds.
func histSums(hist []int64) (sum, sumSq *big.Int) {
	sum, sumSq = new(big.Int), new(big.Int)
	for t, c := range hist {
		sum.Add(sum, prod(int64(t), c))
		sumSq.Add(sumSq, prod(int64(t), int64(t), c))
	}
	return sum, sumSq
}

// bounded checks v against the ranges a run's figures keep (see above)
// and its counts against each other where they must agree: the turns
// played against the histogram, the wins by turn order against the wins
// by seat. possible has checked the counts' signs and simple relations.
func (v *VariantStats) bounded(s *Setup) error {
	turnCap, seats := int64(s.TurnCap), int64(s.Players)
	histTurns, histTurnsSq := histSums(v.TurnHist)
	wins, byOrder := total(v.WinsBySeat), total(v.WinsByOrder)
	never := v.SeatRounds - v.Openings // possible: 0 ≤ Openings ≤ SeatRounds
	lo, hi := winnerRange(s, v.Name)
	cmp := func(a, b *big.Int) int { return a.Cmp(b) }
	checks := []struct {
		ok   bool
		what string
	}{
		{int64(len(v.TurnHist))-1 <= turnCap, fmt.Sprintf("finished rounds of %d turns, past the %d-turn cap", len(v.TurnHist)-1, turnCap)},
		{cmp(bigInt(v.Turns), new(big.Int).Add(histTurns, prod(v.Capped, turnCap))) == 0,
			fmt.Sprintf("%d turns, where its rounds' lengths add up to %s", v.Turns, new(big.Int).Add(histTurns, prod(v.Capped, turnCap)))},
		{v.Capped <= v.Games && v.Matches <= v.Games-v.Capped, "more capped rounds or matches than games"},
		{s.TimeoutRate > 0 || v.Timeouts == 0, fmt.Sprintf("%d timeouts at a timeout rate of 0", v.Timeouts)},
		{cmp(byOrder, wins) == 0, fmt.Sprintf("%s wins by turn order but %s by seat", byOrder, wins)},
		{cmp(wins, new(big.Int).Add(bigInt(v.Finished-v.NoWinner), bigInt(v.Shared))) >= 0 &&
			cmp(wins, new(big.Int).Add(bigInt(v.Finished-v.NoWinner), prod(v.Shared, seats-1))) <= 0,
			fmt.Sprintf("%s wins in %d finished rounds, %d of them shared, %d won by nobody", wins, v.Finished, v.Shared, v.NoWinner)},
		// Each initial meld comes on a turn from 1 to the cap; a seat that
		// never opened counts at its round's last turn; so a seat's figure
		// is at most its round's length.
		{v.OpenSumSq >= v.OpenSum && atMost(v.OpenSum, v.Openings, turnCap) && atMost(v.OpenSumSq, v.Openings, turnCap, turnCap),
			"initial melds past the turn cap"},
		{v.NeverSumSq >= v.NeverSum && atMost(v.NeverSum, never, turnCap) && atMost(v.NeverSumSq, never, turnCap, turnCap),
			"never-opened seats counted past the turn cap"},
		{cmp(new(big.Int).Add(bigInt(v.OpenSum), bigInt(v.NeverSum)), new(big.Int).Mul(histTurns, bigInt(seats))) <= 0 &&
			cmp(new(big.Int).Add(bigInt(v.OpenSumSq), bigInt(v.NeverSumSq)), new(big.Int).Mul(histTurnsSq, bigInt(seats))) <= 0,
			"initial melds later than the rounds they were made in"},
		// The winner's score is the round's highest of scores that sum to
		// zero: never negative, never more than the box holds (see
		// winnerRange for the scoring keys).
		{prod(lo, v.Finished).Cmp(bigInt(v.WinnerSum)) <= 0 && atMost(v.WinnerSum, v.Finished, hi) &&
			atMost(v.WinnerSumSq, v.Finished, max(hi, -lo), max(hi, -lo)),
			fmt.Sprintf("winners' scores outside %d to %d", lo, hi)},
	}
	for _, c := range checks {
		if !c.ok {
			return fmt.Errorf("%s", c.what)
		}
	}
	return nil
}

// metricRange is the largest a finished round's figure of the metric can
// be (its least is 0): what a per-game mean, and a difference of two,
// stays within, for variants whose scores sum to zero (see metricSpan).
func metricRange(metric string, s *Setup) int64 {
	switch metric {
	case MetricTurns, MetricMeldTurn:
		return int64(s.TurnCap)
	case MetricWinnerScore:
		return maxWinnerScore
	}
	return 1 // a share
}

// metricSpan is the least and the most a finished round's figure of the
// metric can be under the variant: 0 to metricRange, but for the winner's
// score under the scoring keys (winnerRange).
func metricSpan(metric string, s *Setup, variant string) (lo, hi int64) {
	if metric == MetricWinnerScore {
		return winnerRange(s, variant)
	}
	return 0, metricRange(metric, s)
}

// metricTotal is the sum of the metric's figures over v's finished
// rounds, and the figures a finished round gives (its seats' for the meld
// turn, else one).
func metricTotal(metric string, v *VariantStats, s *Setup) (sum *big.Int, perRound int64) {
	switch metric {
	case MetricTurns:
		sum, _ = histSums(v.TurnHist)
	case MetricPoolEmpty:
		sum = bigInt(v.PoolEmpty)
	case MetricMeldTurn:
		return new(big.Int).Add(bigInt(v.OpenSum), bigInt(v.NeverSum)), int64(s.Players)
	case MetricWinnerScore:
		sum = bigInt(v.WinnerSum)
	case MetricJokerLeft:
		sum = bigInt(v.JokerLeft)
	case MetricFirstWins:
		sum = bigInt(v.WinsByOrder[0])
	}
	return sum, 1
}

// pairBounded checks a pair's sums of per-game differences B - A against
// what the two variants' own totals allow. A game's figure is the sum of
// its finished rounds' figures (each in 0..R; u of them a round) over
// their count, u·k for k of its rounds finished (1 ≤ k ≤ rounds). So over
// the N games the pair counts, variant x's game figures add up to at
// most min(T/u, N·R) (T its total over every game) and at least
// (T - (games-N)·rounds·u·R) / (rounds·u); the sum of differences lies
// between B's least minus A's most and B's most minus A's least. With one
// round a game and every game counted, that is exactly (T_B - T_A)/u.
// Squares: (b-a)² ≤ R·(a+b) for a, b in 0..R.
func pairBounded(p *PairStats, a, b *VariantStats, s *Setup) error {
	for k, m := range p.Metrics {
		if sumTooLong(m.Sum) || sumTooLong(m.SumSq) {
			return fmt.Errorf("pair %s/%s: the sums of %s are longer than %d digits", p.A, p.B, m.Metric, MaxSumDigits)
		}
		n := m.N
		// A variant whose figures run from least L (below 0 only for the
		// winner's score under the scoring keys) is bounded as figures from
		// 0 shifted by -L: its finished rounds' total by -L·Finished, its N
		// games' sum by -L·N.
		span := func(v *VariantStats) (lo, hi *big.Rat, off, r int64) {
			least0, most0 := metricSpan(Metrics[k], s, v.Name)
			off, r = -least0, most0-least0
			t, u := metricTotal(Metrics[k], v, s)
			u = max(u, 1)
			t = new(big.Int).Add(t, prod(off, v.Finished, u))
			most := new(big.Rat).SetFrac(t, bigInt(u))
			if nr := new(big.Rat).SetInt(prod(n, r)); nr.Cmp(most) < 0 {
				most = nr
			}
			least := new(big.Int).Sub(t, prod(p.Games-n, int64(s.Rounds), u, r))
			if least.Sign() < 0 {
				least.SetInt64(0)
			}
			shift := new(big.Rat).SetInt(prod(n, off))
			return new(big.Rat).Sub(new(big.Rat).SetFrac(least, prod(int64(s.Rounds), u)), shift), new(big.Rat).Sub(most, shift), off, r
		}
		loA, hiA, offA, rA := span(a)
		loB, hiB, offB, rB := span(b)
		lo, hi := new(big.Rat).Sub(loB, hiA), new(big.Rat).Sub(hiB, loA)
		var sqMost *big.Rat
		if offA == offB {
			// Shifted alike, b-a is b'-a' with both in 0..R.
			shift := new(big.Rat).SetInt(prod(2, n, offA))
			sqMost = new(big.Rat).Mul(new(big.Rat).SetInt64(rA), new(big.Rat).Add(new(big.Rat).Add(hiA, hiB), shift))
		} else {
			// Else each difference is at most the widest span.
			w := max(rA-offA, rB-offB) + max(offA, offB)
			sqMost = new(big.Rat).SetInt(prod(n, w, w))
		}
		if m.Sum.Cmp(lo) < 0 || m.Sum.Cmp(hi) > 0 || m.SumSq.Cmp(sqMost) > 0 {
			return fmt.Errorf("pair %s/%s: impossible statistics for %s: differences summing to %s (squares %s) in %d games, "+
				"where the variants' own figures allow %s to %s (squares up to %s)", p.A, p.B, m.Metric, m.Sum.FloatString(1),
				m.SumSq.FloatString(1), n, lo.FloatString(1), hi.FloatString(1), sqMost.FloatString(1))
		}
	}
	return nil
}

// validSetup checks what Validate's bounds rely on: a turn cap, and
// variants named once.
func validSetup(s *Setup) error {
	if s.TurnCap < 1 {
		return fmt.Errorf("setup: turn cap %d, not at least 1", s.TurnCap)
	}
	for i, v := range s.Variants {
		if slices.Contains(s.Variants[:i], v) {
			return fmt.Errorf("setup: variant %q is named twice", v)
		}
	}
	return nil
}

// plainTexts refuses control characters (and bytes that are not UTF-8) in
// the text a result carries, which reports print: names, sweep values,
// rule changes, failed games. A failed game's error may span lines, as a
// Lua traceback does: tabs and line breaks pass there, and are escaped
// when printed.
func (r *Result) plainTexts() error {
	check := func(what, text string, lines bool) error {
		for _, c := range text {
			if lines && (c == '\n' || c == '\t') {
				continue
			}
			if c == utf8.RuneError || c < 0x20 || (c >= 0x7f && c <= 0x9f) {
				return fmt.Errorf("%s %q holds control characters", what, text)
			}
		}
		return nil
	}
	s := &r.Setup
	type text struct {
		what string
		list []string
	}
	texts := []text{{"setup: a variant's name", s.Variants}, {"setup: a rules digest", s.RulesDigest}, {"setup: a bot's name", s.Bots},
		{"setup: a variant's name", s.NoClock}, {"setup: a variant's base", s.Bases}}
	texts = append(texts, text{"setup: the build", []string{s.Build, s.Commit, s.Signature}})
	for _, m := range s.Mixed {
		texts = append(texts, text{"setup: a variant's name", []string{m.A, m.B}}, text{"setup: a rule change", m.Changes})
	}
	if sw := s.Sweep; sw != nil {
		texts = append(texts, text{"setup: a sweep's key", []string{sw.Key, sw.Base}}, text{"setup: a sweep's value", sw.Values})
	}
	for _, v := range r.Variants {
		if v != nil {
			texts = append(texts, text{"a variant's name", []string{v.Name}})
		}
	}
	for _, p := range r.Pairs {
		if p != nil {
			texts = append(texts, text{"a pair's variant", []string{p.A, p.B}})
		}
	}
	for _, f := range r.Failed {
		texts = append(texts, text{"a failed game's variant", []string{f.Variant}})
		if err := check("a failed game's error", f.Error, true); err != nil {
			return err
		}
	}
	for _, t := range texts {
		for _, x := range t.list {
			if err := check(t.what, x, false); err != nil {
				return err
			}
		}
	}
	if r.Target != nil && !slices.Contains(Metrics, r.Target.Metric) {
		return fmt.Errorf("target: no metric %q", r.Target.Metric)
	}
	return nil
}

// sumTooLong reports whether r would take more than MaxSumDigits digits
// (numerator and denominator) to write: log10(2) < 0.30103.
func sumTooLong(r *big.Rat) bool {
	return (r.Num().BitLen()+r.Denom().BitLen())*30103/100000 > MaxSumDigits
}

// mergedBounded checks that merging has not grown p's sums past what a
// shard may hold: a run's per-game denominators are few and small, so its
// sums' denominators stay small however its games are split; forged ones
// with coprime denominators would grow with every shard merged.
func (p *PairStats) mergedBounded() error {
	for _, m := range p.Metrics {
		if sumTooLong(m.Sum) || sumTooLong(m.SumSq) {
			return fmt.Errorf("pair %s/%s: the merged sums of %s grow past %d digits: their denominators share no factors, as a run's do",
				p.A, p.B, m.Metric, MaxSumDigits)
		}
	}
	return nil
}
