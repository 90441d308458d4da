package solve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

func TestDbgXP(t *testing.T) {
	for _, c := range loadCases(t, "testdata/xp-cases.jsonl") {
		p := c.problem(t, xpRules(), solve.Tiles)
		start := time.Now()
		res, _ := solve.Solve(context.Background(), p)
		tj := p.Table.Tiles()
		fmt.Printf("%-14s %2d/%2d jokers t%d r%d nodes %7d %9.1fus\n", c.ID, res.Tiles, len(c.Rack), tj.Jokers(), p.Rack.Jokers(), res.Nodes, float64(time.Since(start).Nanoseconds())/1e3)
	}
	_ = core.Joker
}
