package bots_test

import (
	"context"
	"fmt"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// A bot takes the current player's turn: greedy adds both tiles to the
// sets on the table, as in the first example of rulebook 000.
func ExampleTurn() {
	g, _ := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	_ = g.Setup(core.Setup{
		Racks:  [][]core.Tile{coretest.Tiles("b3 b8"), coretest.Tiles("k1 k2 r9")},
		Table:  coretest.Table("[b4 b5 b6] [k8 r8 o8]"),
		Opened: []bool{true, true},
		Pool:   20,
	})
	b, _ := bots.New("greedy", 1)
	res, _ := bots.Turn(context.Background(), g, b)
	fmt.Println(res.Kind, res.Tiles)
	fmt.Println(g.Table())
	fmt.Println("round over:", g.RoundOver(), "winner seat:", g.Winner()+1)
	// Output:
	// play [b3 b8]
	// [b3 b4 b5 b6] [k8 r8 b8 o8]
	// round over: true winner seat: 1
}

// The Go bots, for --bots.
func ExampleNames() {
	fmt.Println(bots.Names())
	// Output: [beginner greedy intermediate patient planner points random]
}
