package sim_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/sim"
)

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

// A sweep of the opening's points from 20 to 50 in steps of 10.
func ExampleParseSweep() {
	key, values, _ := sim.ParseSweep("opening.points=20..50:10")
	fmt.Println(key, values)
	// Output: opening.points [20 30 40 50]
}

// Slurm task 57 of an experiment of 100 shards plays shard 58, also when
// it is re-run alone (sbatch --array=57), in an array whose first id is 57.
func ExampleParseShardEnv() {
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "57", "SLURM_ARRAY_TASK_MIN": "57"}
	s, _ := sim.ParseShardEnv("auto/100", func(k string) string { return env[k] })
	fmt.Println(s)
	// Output: 58/100
}
