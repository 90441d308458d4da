package bots_test

import (
	"context"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/bots"
)

func TestZZSlow(t *testing.T) {
	r := core.Original()
	r.Opening.Points = 50
	var worst time.Duration
	var worstNodes int
	for i := 0; i < 12; i++ {
		g, _ := core.NewGame(r, []string{"a", "b", "c", "d"}, uint64(i*7+3))
		bs := []bots.Bot{bots.NewRandom(1), bots.NewGreedy(), bots.NewRandom(2), bots.NewGreedy()}
		for !g.RoundOver() {
			v := g.View(g.Current())
			st := time.Now()
			res, _ := solve.Solve(context.Background(), solve.Problem{Rules: r, Table: v.Table, Rack: core.MultisetOf(v.Rack...), Opened: v.Opened[v.Seat], MaxNodes: 200000})
			if d := time.Since(st); d > worst { worst, worstNodes = d, res.Nodes }
			bots.Turn(context.Background(), g, bs[g.Current()])
		}
	}
	t.Logf("worst %v nodes %d", worst, worstNodes)
}
