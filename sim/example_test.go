package sim_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/sim"
)

// Three shares of 10 rounds won: the Wilson interval is wide, and stays
// inside 0-100%.
func ExampleNewProportion() {
	p := sim.NewProportion(3, 10)
	fmt.Printf("%.0f%% (95%% CI %.1f-%.1f%%)\n", p.Share.Value*100, p.Share.Low*100, p.Share.High*100)
	// Output: 30% (95% CI 10.8-60.3%)
}

// Eight machines each run one shard of 1000 games; shard 3 plays games 250
// to 374.
func ExampleShard_Range() {
	s, _ := sim.ParseShard("3/8")
	lo, hi := s.Range(1000)
	fmt.Println(lo, hi)
	// Output: 250 375
}

// A small experiment: does a 50-point opening make rounds longer?
func ExampleRun() {
	fifty := core.Original()
	fifty.Name, fifty.Opening.Points = "house/fifty", 50
	res, err := sim.Run(context.Background(), sim.Config{
		Variants: []sim.Variant{{Name: "original", Rules: core.Original()}, {Name: "house/fifty", Rules: fifty}},
		Players:  4,
		Bots:     []string{"random"},
		Games:    40,
		Seed:     1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := res.Report()
	var text strings.Builder
	_ = rep.WriteText(&text) // the figures for people; --json has them all
	fmt.Println(strings.SplitN(sim.Unwrap(text.String()), "\n", 2)[0])
	for _, d := range rep.Pairs[0].Diffs {
		fmt.Println(d.Metric, d.N)
	}
	// Output:
	// 40 games, 4 players (random, random, random, random), seed 1; 95% confidence intervals
	// turns 40
	// pool_empty 40
	// meld_turn 40
	// winner_score 40
	// joker_left 40
	// first_player_wins 40
}

// Four comparisons at once: Holm's method multiplies the smallest p-value by
// 4, the next by 3, and so on, keeping the order (R's p.adjust gives the same).
func ExampleHolm() {
	fmt.Println(sim.Holm([]float64{0.01, 0.04, 0.03, 0.005}))
	// Output: [0.03 0.06 0.06 0.02]
}

// A sweep of the opening's points from 20 to 50 in steps of 10.
func ExampleParseSweep() {
	key, values, _ := sim.ParseSweep("opening.points=20..50:10")
	fmt.Println(key, values)
	// Output: opening.points [20 30 40 50]
}

// Bot A won 30 of its 40 meetings with bot B: a gap of about 185 Elo
// points (with the one drawn meeting every pair gets, 30.5 to 10.5).
func ExampleBradleyTerry() {
	r := sim.BradleyTerry([][]float64{{0, 30}, {10, 0}}, [][]int64{{0, 40}, {40, 0}})
	fmt.Printf("A %.0f, B %.0f\n", r[0], r[1])
	// Output: A 1593, B 1407
}

// Slurm task 57 of an experiment of 100 shards plays shard 58, also when
// it is re-run alone (sbatch --array=57), in an array whose first id is 57.
func ExampleParseShardEnv() {
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "57", "SLURM_ARRAY_TASK_MIN": "57"}
	s, _ := sim.ParseShardEnv("auto/100", func(k string) string { return env[k] })
	fmt.Println(s)
	// Output: 58/100
}
