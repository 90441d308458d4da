package core_test

import (
	"errors"
	"fmt"

	"github.com/meldlab/meldlab/core"
)

func ExampleNewGame() {
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob", "Cy"}, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	rack := g.Rack(0)
	fmt.Println(g.Players(), "players, round", g.Round(), "- Ann has", rack.Len(), "tiles; the pool", g.Pool())
	_, err = core.NewGame(core.Original(), []string{"A", "B", "C", "D", "E", "F"}, 42)
	fmt.Println(err)
	// Output:
	// 3 players, round 1 - Ann has 14 tiles; the pool 64
	// the original rules are for 2 to 4 players, not 6
}

// A turn is the whole table after it. A refused play changes nothing and
// names the rule it breaks; the player tries again, or draws.
func ExampleGame_Play() {
	g, _ := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 42)
	rack, _ := core.ParseTiles("k8 k9 k10 r11 b11 o11 r1")
	table, _ := core.ParseTable("[o1 o2 o3]")
	g.Setup(core.Setup{Racks: [][]core.Tile{rack, nil}, Table: table, Pool: -1}) // Ann to play

	for _, text := range []string{
		"[o1 o2 o3] [k8 k9 k10]",
		"[o1 o2 o3] [k8 k9 k10] [r11 b11 k11]",
		"[o1 o2 o3 o4] [k8 k9 k10] [r11 b11 o11]",
		"[o1 o2 o3] [k8 k9 k10] [r11 b11 o11]",
	} {
		after, _ := core.ParseTable(text)
		err := g.Play(after)
		var re *core.RuleError
		if errors.As(err, &re) {
			fmt.Printf("refused (%v): %s\n", re.Rule, re)
			continue
		}
		fmt.Println("accepted:", g.Table(), "- Bob's turn:", g.Current() == 1)
	}
	// Output:
	// refused (the initial meld is worth too little): initial meld is 27 points; the original rules need 30
	// refused (a tile placed is not on the rack): k11 is not on your rack
	// refused (a tile placed is not on the rack): o4 is not on your rack
	// accepted: [o1 o2 o3] [k8 k9 k10] [r11 b11 o11] - Bob's turn: true
}

// Scoring a round: seat 0 went out; a joker left on a rack costs 30.
func ExampleScoreRound() {
	rack := func(s string) core.Multiset {
		tiles, _ := core.ParseTiles(s)
		return core.MultisetOf(tiles...)
	}
	racks := []core.Multiset{rack(""), rack("k3 r10 J"), rack("o5")}
	fmt.Println(core.ScoreRound(core.Original(), racks, 0))

	// The pool ran out and everyone passed: the lowest rack wins. The original
	// rules make losers pay the difference, the French their own totals.
	racks = []core.Multiset{rack("k9"), rack("r3 r4"), rack("b10 b11")}
	fmt.Println(core.ScoreRound(core.Original(), racks, -1))
	french := core.Original()
	french.EndOfPool.LosersScore = core.Own
	fmt.Println(core.ScoreRound(french, racks, -1))
	// Output:
	// [48 -43 -5] [0]
	// [-2 16 -14] [1]
	// [-9 30 -21] [1]
}

// The score sheet of the original rulebook (000): C won two rounds.
func ExampleMatchResult() {
	rounds := [][]int{{24, -5, -16, -3}, {-6, -11, 22, -5}, {-32, -13, -2, 47}, {-10, -25, 41, -6}}
	totals, won, winner := core.MatchResult(core.MostRounds, rounds)
	fmt.Println(totals, won, "ABCD"[winner:winner+1])
	// Output: [-24 -54 45 33] [1 0 2 1] C
}
