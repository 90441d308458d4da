package puzzle

import (
	"cmp"
	"math"
	"slices"
)

// GradeStats are the figures the issue judges a set of puzzles by: how
// well the grade orders the bots' solve rates.
type GradeStats struct {
	// Rho is Spearman's rank correlation between the grade and the
	// intermediate bot's solve rate: near -1 when a harder grade is always
	// solved less often.
	Rho float64
	// BeginnerMedian is the beginner's median solve rate at each grade,
	// from grade 1 (NaN for a grade with no puzzle).
	BeginnerMedian [5]float64
}

// Stats computes GradeStats over ps, from the solve rates recorded in each
// puzzle (not tried again).
func Stats(ps []Puzzle) GradeStats {
	var s GradeStats
	grades := make([]float64, len(ps))
	inter := make([]float64, len(ps))
	byGrade := make([][]float64, 5)
	for i, p := range ps {
		grades[i] = float64(p.Grade)
		inter[i] = p.Solves["intermediate"]
		if p.Grade >= 1 && p.Grade <= 5 {
			byGrade[p.Grade-1] = append(byGrade[p.Grade-1], p.Solves["beginner"])
		}
	}
	s.Rho = Spearman(grades, inter)
	for g := range byGrade {
		s.BeginnerMedian[g] = median(byGrade[g])
	}
	return s
}

// Spearman is Spearman's rho of x and y: Pearson's correlation of their
// ranks, tied values sharing their mean rank (grades and solve rates are
// full of ties, which the textbook formula 1 - 6Σd²/n(n²-1) gets wrong).
// NaN when either is constant or they are shorter than 2.
func Spearman(x, y []float64) float64 {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN()
	}
	return pearson(ranks(x), ranks(y))
}

// ranks are the 1-based ranks of xs, ties given their mean rank.
func ranks(xs []float64) []float64 {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	r := make([]float64, len(xs))
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && xs[order[j]] == xs[order[i]] {
			j++
		}
		mean := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			r[order[k]] = mean
		}
		i = j
	}
	return r
}

func pearson(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}

// median of xs (NaN for none); xs is left as it was.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
