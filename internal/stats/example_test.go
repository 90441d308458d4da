package stats_test

import (
	"fmt"

	"github.com/meldlab/meldlab/internal/stats"
)

// Three shares of 10 rounds won: the Wilson interval is wide, and stays
// inside 0-100%.
func ExampleWilson() {
	lo, hi := stats.Wilson(3, 10, stats.NormalQuantile(0.975))
	fmt.Printf("30%% (95%% CI %.1f-%.1f%%)\n", lo*100, hi*100)
	// Output: 30% (95% CI 10.8-60.3%)
}

// Four comparisons at once: Holm's method multiplies the smallest p-value by
// 4, the next by 3, and so on, keeping the order (R's p.adjust gives the same).
func ExampleHolm() {
	fmt.Println(stats.Holm([]float64{0.01, 0.04, 0.03, 0.005}))
	// Output: [0.03 0.06 0.06 0.02]
}

// Bot A won 30 of its 40 meetings with bot B: a gap of about 185 Elo
// points (with the one drawn meeting every pair gets, 30.5 to 10.5).
func ExampleBradleyTerry() {
	r := stats.BradleyTerry([][]float64{{0, 30}, {10, 0}}, [][]int64{{0, 40}, {40, 0}})
	fmt.Printf("A %.0f, B %.0f\n", r[0], r[1])
	// Output: A 1593, B 1407
}
