package sim

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/meldlab/meldlab/internal/stats"
)

// orders is a deal's finishing orders read as Plackett-Luce choices: each
// round's order (by round score, best first) is a run of stages, each
// choosing the best among the bots left; stages[mask] counts the stages
// whose bots left are mask, and chose[b] the stages bot b won. Bots that
// tie share their stage (each wins 1/t of it), and the order among them
// says nothing. Only for tournaments whose tables hold each bot once.
type orders struct {
	stages map[uint32]float64
	chose  []float64
}

func newOrders(k int) *orders {
	return &orders{stages: map[uint32]float64{}, chose: make([]float64, k)}
}

// add reads one round's scores, a seat each, with the bot in each seat.
func (o *orders) add(scores []int, seating []int) {
	idx := make([]int, len(seating))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return scores[y] - scores[x] })
	var left uint32
	for _, b := range seating {
		left |= 1 << b
	}
	for i, n := 0, len(idx); i < n; {
		j := i + 1
		for j < n && scores[idx[j]] == scores[idx[i]] {
			j++
		}
		if j == n {
			break // the bots left last, or all tied: no choice among them
		}
		o.stages[left]++
		for _, s := range idx[i:j] {
			o.chose[seating[s]] += 1 / float64(j-i)
			left &^= 1 << seating[s]
		}
		i = j
	}
}

func (o *orders) merge(x *orders) {
	for m, c := range x.stages {
		o.stages[m] += c
	}
	for b, c := range x.chose {
		o.chose[b] += c
	}
}

// plackettLuce fits the strengths by Hunter's MM algorithm, with the
// ratings' prior (each pair one more stage between the two, half won by
// each), on the Elo scale: a bot 400 above another is chosen ten times as
// often from the two of them, as in Bradley-Terry.
func plackettLuce(o *orders, k int) []float64 {
	stages := maps2slice(o.stages)
	w := slices.Clone(o.chose)
	for a := range k {
		for b := a + 1; b < k; b++ {
			stages = append(stages, stage{1<<a | 1<<b, 1})
			w[a] += 0.5
			w[b] += 0.5
		}
	}
	g := make([]float64, k)
	for i := range g {
		g[i] = 1
	}
	next := make([]float64, k)
	for range 10000 {
		clear(next)
		for _, s := range stages {
			var sum float64
			for m := s.mask; m != 0; m &= m - 1 {
				sum += g[bits.TrailingZeros32(m)]
			}
			for m := s.mask; m != 0; m &= m - 1 {
				next[bits.TrailingZeros32(m)] += s.n / sum
			}
		}
		for i := range next {
			next[i] = w[i] / next[i]
		}
		change := stats.GeoRescale(next, g)
		copy(g, next)
		if change < 1e-10 {
			break
		}
	}
	return stats.EloScale(g)
}

type stage struct {
	mask uint32
	n    float64
}

func maps2slice(m map[uint32]float64) []stage {
	out := make([]stage, 0, len(m))
	for mask, n := range m {
		out = append(out, stage{mask, n})
	}
	slices.SortFunc(out, func(a, b stage) int { return int(a.mask) - int(b.mask) })
	return out
}

// ratePL is the Plackett-Luce ratings with intervals from the same cluster
// bootstrap over deals as rate's.
func ratePL(deals []*dealTally, names []string, seed uint64) []Rating {
	k := len(names)
	total := newOrders(k)
	for _, d := range deals {
		total.merge(d.orders)
	}
	strength := plackettLuce(total, k)
	rng := rand.New(rand.NewPCG(seed, 0x706c61636b657474))
	var boots [][]float64
	if len(deals) > 1 {
		for range Bootstraps {
			sample := newOrders(k)
			for range deals {
				sample.merge(deals[rng.IntN(len(deals))].orders)
			}
			boots = append(boots, plackettLuce(sample, k))
		}
	}
	var out []Rating
	for b := range k {
		h := bootHalf(boots, len(deals), func(r []float64) float64 { return r[b] })
		out = append(out, Rating{Bot: names[b], Rating: strength[b], Low: strength[b] - h, High: strength[b] + h})
	}
	slices.SortStableFunc(out, func(x, y Rating) int { return -cmpFloat(x.Rating, y.Rating) })
	return out
}
