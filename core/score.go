package core

import (
	"fmt"
	"slices"
)

// ScoreRound scores a round from the racks left at its end, one a seat. out
// is the seat that emptied its rack, or -1 when the pool ran out and every
// player passed. A rack's total is its tiles' numbers (or their
// scoring.tile_values), a joker counting Rules.Joker.Penalty (RackValue).
//
// When a rack was emptied, its owner wins and every loser scores minus the
// rack total. When the pool ran out, the lowest rack total wins; a tie goes
// to the tied player with fewer tiles, and a tie on both is a shared round.
// The losers then score minus their own total (Rules.EndOfPool Own) or minus
// (own total - the winner's total) (Difference). The winner scores the sum
// of what the losers lost; tied winners split it equally, the remainder of
// the integer division going to the first of them in seat order. The scores
// always sum to zero; the variant's scoring keys (Rules.Scoring) change
// them after: see AdjustScores.
//
// winners lists the winning seats in seat order (one unless the round is shared).
func ScoreRound(r Rules, racks []Multiset, out int) (scores, winners []int) {
	n := len(racks)
	scores = make([]int, n)
	if n == 0 {
		return scores, nil
	}
	total := make([]int, n)
	for i := range racks {
		total[i] = r.RackValue(racks[i])
	}
	base := 0 // what each loser's total is measured against
	if out >= 0 && out < n {
		winners = []int{out}
	} else {
		best := 0
		for i := 1; i < n; i++ {
			if total[i] < total[best] || total[i] == total[best] && racks[i].Len() < racks[best].Len() {
				best = i
			}
		}
		for i := range n {
			if total[i] == total[best] && racks[i].Len() == racks[best].Len() {
				winners = append(winners, i)
			}
		}
		if r.EndOfPool.LosersScore == Difference {
			base = total[best]
		}
	}
	pot := 0
	isWinner := make([]bool, n)
	for _, w := range winners {
		isWinner[w] = true
	}
	for i := range n {
		if !isWinner[i] {
			scores[i] = -(total[i] - base)
			pot -= scores[i]
		}
	}
	share, rest := pot/len(winners), pot%len(winners)
	for k, w := range winners {
		scores[w] = share
		if k == 0 {
			scores[w] += rest
		}
	}
	return scores, winners
}

// AdjustScores applies the variant's scoring keys to a round's scores, one
// a seat, given which seats have made the initial meld, and returns the
// new scores: each seat that has not opened loses
// Rules.Scoring.UnopenedPenalty more, then each score is rounded to the
// nearest multiple of Rules.Scoring.RoundTo, half away from zero. Without
// them (Rules.ZeroSum) it returns the scores unchanged.
func AdjustScores(r Rules, scores []int, opened []bool) []int {
	out := cloneSlice(scores)
	for i := range out {
		if i < len(opened) && !opened[i] {
			out[i] -= r.Scoring.UnopenedPenalty
		}
		out[i] = roundTo(out[i], r.Scoring.RoundTo)
	}
	return out
}

// roundTo rounds x to the nearest multiple of n, half away from zero; n
// below 2 leaves it.
func roundTo(x, n int) int {
	if n < 2 {
		return x
	}
	if x < 0 {
		return -roundTo(-x, n)
	}
	return (x + n/2) / n * n
}

// endRound scores the round (out: the seat that went out, or -1), lets the
// hooks change the scores, adds them to the match, and ends the match after
// its last round or once a total reaches the match's target.
func (g *Game) endRound(out int) error {
	s := &g.s
	scores, winners := ScoreRound(g.Rules, s.racks, out)
	s.winners = winners
	s.current = winners[0]
	if g.Hooks != nil {
		v := g.View(-1)
		v.Winner = winners[0]
		// what each loser holds, tile by tile: team scores, "could have
		// opened", values by tile
		v.RackTiles = make([][]Tile, len(s.racks))
		for i := range s.racks {
			v.RackTiles[i] = s.racks[i].Tiles()
		}
		ns, handled, err := g.Hooks.ScoreRound(v, cloneSlice(scores))
		if err != nil {
			return g.hookErr("score_round", err)
		}
		if handled {
			sum := 0
			for _, x := range ns {
				sum += x
			}
			if len(ns) != len(scores) || sum != 0 && !g.Rules.FreeSum() {
				return g.hookErr("score_round", fmt.Errorf("scores %v must be one a seat (%d) and sum to zero", ns, len(scores)))
			}
			scores = cloneSlice(ns)
			if slices.Max(scores) <= 0 {
				// The hook left nobody ahead (Okey's empty round): the
				// round is over, and nobody won it.
				winners = []int{}
				s.winners = winners
			}
		}
	}
	// The scoring keys come last, on the scores as the hooks left them (a
	// hook's scores sum to zero; these need not).
	scores = AdjustScores(g.Rules, scores, s.opened)
	s.scores = scores
	for i, x := range scores {
		s.totals[i] += x
	}
	for _, w := range winners {
		s.won[w]++
	}
	if s.round >= g.Rounds() || g.targetReached() {
		s.champ = MatchWinnerOf(g.Rules.Match.Winner, s.totals, s.won)
	}
	return nil
}
