package bots_test

import (
	"context"
	"testing"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
)

// benchBots are the bots of the ladder, each asked about the positions of
// 20 seeded 4-player greedy rounds of the original rules, one after
// another, as a game asks them. A move's cost is reported as ns/op and as
// cpu-ms/move, the process's CPU time (which other processes sharing the
// cores do not inflate; run with -cpu 1: one core), and the planner's work
// per move beside it:
// rollouts/move, turns/move (rollout turns) and nodes/move (solver states
// in rollouts), which are the same on any machine.
//
//	go test ./bots -run XXX -bench BotMove -cpu 1 -count 3
func BenchmarkBotMove(b *testing.B) {
	games := greedyPositions(b, core.Original(), 20)
	for _, name := range []string{"greedy", "beginner", "intermediate", "planner"} {
		b.Run(name, func(b *testing.B) {
			bot, err := bots.New(name, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuSeconds()
			for i := range b.N {
				if _, err := bots.Ask(context.Background(), games[i%len(games)], bot); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cpuSeconds() - cpu; cpu > 0 {
				b.ReportMetric(1000*cpu/float64(b.N), "cpu-ms/move")
			}
			if p, ok := bot.(*bots.Planner); ok {
				st := p.Stats()
				b.ReportMetric(float64(st.Rollouts)/float64(b.N), "rollouts/move")
				b.ReportMetric(float64(st.Turns)/float64(b.N), "turns/move")
				b.ReportMetric(float64(st.Nodes)/float64(b.N), "nodes/move")
			}
		})
	}
}
