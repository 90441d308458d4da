package core

// MatchWinnerOf picks the winner of a finished match from each seat's total
// and rounds won. MostRounds: the most rounds won, a tie going to the higher
// total; HighestTotal: the highest total, a tie going to more rounds won.
// A tie on both goes to the first seat. It returns -1 for no seats.
func MatchWinnerOf(w MatchWinner, totals, won []int) int {
	best := -1
	for i := range totals {
		if best < 0 {
			best = i
			continue
		}
		first, second := won, totals
		if w == HighestTotal {
			first, second = totals, won
		}
		if first[i] > first[best] || first[i] == first[best] && second[i] > second[best] {
			best = i
		}
	}
	return best
}

// MatchResult totals a match from its rounds' scores (one slice a round,
// one score a seat) as a score sheet does: each seat's total, the rounds it
// won (the highest score of a round wins it; a tie for it counts for each),
// and the winner under w.
func MatchResult(w MatchWinner, rounds [][]int) (totals, won []int, winner int) {
	if len(rounds) == 0 {
		return nil, nil, -1
	}
	n := len(rounds[0])
	totals, won = make([]int, n), make([]int, n)
	for _, sc := range rounds {
		sc = sc[:min(len(sc), n)] // a longer row's extra seats are ignored, a shorter one's missing count 0
		top := 0
		for i, x := range sc {
			totals[i] += x
			if x > sc[top] {
				top = i
			}
		}
		for i, x := range sc {
			if x == sc[top] {
				won[i]++
			}
		}
	}
	return totals, won, MatchWinnerOf(w, totals, won)
}
