package solve_test

import (
	"context"
	"fmt"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// The rulebook's total rearrangement: k10 and b5 go down only if every set
// on the table is taken apart.
func ExampleSolve() {
	p := solve.Problem{
		Rules:  core.Original(),
		Table:  coretest.Table("[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]"),
		Rack:   coretest.Rack("k10 b5 r13"),
		Opened: true,
	}
	res, err := solve.Solve(context.Background(), p)
	if err != nil {
		panic(err)
	}
	fmt.Println("placed:", res.Placed)
	fmt.Println("table:", res.Table)
	fmt.Println(res.Tiles, "tiles,", res.Points, "points, optimal:", res.Optimal)
	// Output:
	// placed: [k10 b5]
	// table: [k3 r3 o3] [k4 r4 o4] [k5 k6 k7] [r5 b5 o5] [k8 k9 k10]
	// 2 tiles, 15 points, optimal: true
}

// Before the initial meld only new sets from the rack count, and they must
// reach the threshold; the joker is worth the tile it stands for.
func ExampleSolve_initialMeld() {
	p := solve.Problem{
		Rules: core.Original(),
		Table: coretest.Table("[r3 r4 r5]"),
		Rack:  coretest.Rack("k10 k11 J r6 r1 r2"),
	}
	res, _ := solve.Solve(context.Background(), p)
	fmt.Println(res.Table, "-", res.Points, "points")
	// Output:
	// [r3 r4 r5] [k10 k11 J] - 33 points
}

// The Points objective sheds the most value: the joker (a 30-point penalty
// left on a rack) goes where it is worth most.
func ExampleSolve_points() {
	p := solve.Problem{
		Rules:     core.Original(),
		Rack:      coretest.Rack("r1 r2 r4 r5 k12 k13 J"),
		Opened:    true,
		Objective: solve.Points,
	}
	res, _ := solve.Solve(context.Background(), p)
	fmt.Println(res.Table, res.Tiles, res.Points)
	p.Objective = solve.Tiles
	res, _ = solve.Solve(context.Background(), p)
	fmt.Println(res.Table, res.Tiles, res.Points)
	// Output:
	// [J k12 k13] 3 55
	// [r1 r2 J r4 r5] 5 42
}

// A budget: the context's deadline or Problem.MaxNodes. A search cut short
// still returns a valid play, marked as not proven optimal.
func ExampleSolve_budget() {
	p := solve.Problem{
		Rules:    core.Original(),
		Table:    coretest.Table("[r3 r4 r5]"),
		Rack:     coretest.Rack("r6 k9 k10 k11"),
		Opened:   true,
		MaxNodes: 1,
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	res, _ := solve.Solve(ctx, p)
	fmt.Println(res.Table, res.Optimal)
	// Output:
	// [r3 r4 r5 r6] [k9 k10 k11] false
}

// CanPlay answers the end-of-pool question: can this player place anything?
func ExampleCanPlay() {
	table := coretest.Table("[r3 r4 r5] [k8 b8 o8]")
	for _, rack := range []string{"k1 b13", "k1 r8"} {
		p := solve.Problem{Rules: core.Original(), Table: table, Rack: coretest.Rack(rack), Opened: true}
		fmt.Println(rack, "->", solve.CanPlay(context.Background(), p))
	}
	// Output:
	// k1 b13 -> false
	// k1 r8 -> true
}
