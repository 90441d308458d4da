package repl_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/meldlab/meldlab/repl"
)

// A session is driven one line at a time, with no terminal: two people at
// one keyboard, a scenario laid out with setup, a turn staged with put (an
// invalid set is marked, a bad tile named) and played with done.
func ExampleSession() {
	ctx := context.Background()
	var out bytes.Buffer
	s := repl.NewSession(repl.Options{Out: &out, Seed: 1, Players: "ana:human,bob:human"})
	if err := s.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{"setup table [k8 b8 o8]", "setup rack 1 r4 r5 r6 r8 o1", "setup opened 1"} {
		if err := s.Exec(ctx, line); err != nil {
			fmt.Println("error:", err)
		}
	}
	out.Reset() // the greeting and the set-up
	for _, line := range []string{"put r4 r5 new", "put r6 2", "put r8 1", "put r19 1", "done"} {
		fmt.Println(">", line)
		if err := s.Exec(ctx, line); err != nil {
			out.WriteString("error: " + err.Error() + "\n")
		}
		fmt.Print(out.String())
		out.Reset()
	}
	// Output:
	// > put r4 r5 new
	// table:
	//   1 [k8 b8 o8]
	//   2 [r4 r5]     X too short: a run needs at least 3 tiles
	// rack: r6 r8 o1 (3 tiles, 15 points)
	// > put r6 2
	// table:
	//   1 [k8 b8 o8]
	//   2 [r4 r5 r6]
	// rack: r8 o1 (2 tiles, 9 points)
	// > put r8 1
	// table:
	//   1 [k8 r8 b8 o8]
	//   2 [r4 r5 r6]
	// rack: o1 (1 tile, 1 point)
	// > put r19 1
	// error: "r19" is not a tile: numbers run 1..13
	// > done
	// ana plays r4 r5 r6 r8
	// == bob to play: round 1, turn 2 ==
	// bob has not opened: play new sets from the rack worth 30 points or more
	// table:
	//   1 [k8 r8 b8 o8]
	//   2 [r4 r5 r6]
	// rack: k2 k4 k6 k9 k12 r2 r2 r8 r10 r13 b4 b8 o8 o9 (14 tiles, 97 points)
}

// Run returns what a line shows instead of printing it, with the turns it
// played: here a person's play and the bot's reply, which rearranged the
// table and freed a joker.
func ExampleSession_Run() {
	ctx := context.Background()
	s := repl.NewSession(repl.Options{Seed: 1, Players: "ana:human,bot:greedy"})
	if err := s.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{"setup table [r10 b10 J] [r11 r12 r13]", "setup rack 1 k1 k2 k3 o9",
		"setup rack 2 b7 b8 o1", "setup opened 1 2", "put k1 k2 k3 new"} {
		if _, err := s.Run(ctx, line); err != nil {
			fmt.Println("error:", err)
		}
	}
	r, err := s.Run(ctx, "done")
	if err != nil {
		fmt.Println("error:", err)
	}
	for _, t := range r.Turns {
		fmt.Printf("%s placed %v, making %v\n", t.Player, t.Placed, t.Made)
		if len(t.Gone) > 0 {
			fmt.Printf("  out of %v\n", t.Gone)
		}
		for _, j := range t.Jokers {
			fmt.Printf("  a joker went from %v (as %s) to %v (as %s)\n", j.From, j.Was, j.To, j.Now)
		}
	}
	// Output:
	// ana placed [k1 k2 k3], making [k1 k2 k3]
	// greedy placed [b7 b8], making [b7 b8 J b10] [r10 r11 r12 r13]
	//   out of [r10 b10 J] [r11 r12 r13]
	//   a joker went from [r10 b10 J] (as k10 or o10) to [b7 b8 J b10] (as b9)
}
