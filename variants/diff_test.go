package variants

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiff(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want []string
	}{
		{"original", "original", nil},
		{"novelty", "original", []string{
			"in novelty a game takes at most 7 players; in original a game takes at most 4 players",
			"in novelty play passes to the right; in original play passes to the left",
			"in novelty a joker is worth 0 in the initial meld; in original a joker is worth the tile it replaces",
			"in novelty a turn has no time limit; in original a turn has 60 seconds",
			"in novelty a loser's score when the pool runs out is minus their own rack total; in original a loser's score when the pool runs out is minus the difference between their rack and the winner's",
		}},
		{"original-fr", "original", []string{
			"in original-fr the sets on the table may not be changed during the first round; in original the sets on the table may be changed from the first round on",
			"in original-fr the tile that frees a joker may come from the player's rack, another set on the table or the tile just drawn; in original the tile that frees a joker may come from the player's rack or another set on the table",
			"in original-fr running out of time costs 3 penalty tiles; in original running out of time costs 1 penalty tile",
			"in original-fr a loser's score when the pool runs out is minus their own rack total; in original a loser's score when the pool runs out is minus the difference between their rack and the winner's",
			"in original-fr the match goes to the highest total score; in original the match goes to whoever wins most rounds, ties by points",
		}},
		{"italian", "original", []string{
			"in italian the deal cuts the pool into 14 piles of 7 tiles and 1 of 8, face down, and each player takes 2; in original the deal gives each player 14 tiles drawn from the pool",
			"in italian the sets on the table may not be changed during the first round; in original the sets on the table may be changed from the first round on",
			"in italian a freed joker may be kept by whoever replaces it from their own rack; in original a freed joker must be played again the same turn",
			"in italian a turn has no time limit; in original a turn has 60 seconds",
		}},
		{"xp", "original", []string{
			"in xp a game needs at least 5 players; in original a game needs at least 2 players",
			"in xp a game takes at most 6 players; in original a game takes at most 4 players",
			"in xp each numbered tile comes in 3 copies; in original each numbered tile comes in 2 copies",
			"in xp the box holds 4 jokers; in original the box holds 2 jokers",
		}},
		{"italian", "house/no-jokers", []string{
			"in italian the box holds 2 jokers; in house/no-jokers the box holds no jokers",
			"in italian the pool is cut into 14 piles of 7 tiles and 1 of 8; in house/no-jokers the pool is cut into 14 piles of 7 tiles and 1 of 6",
		}},
		{"house/wrap", "house/clean-opening", []string{
			"in house/wrap a run may go on from the highest number to 1, as 12-13-1; in house/clean-opening a run stops at the highest number: no 13-1",
			"in house/wrap the variant has no Lua hooks; in house/clean-opening the variant runs the Lua hooks of house/clean-opening.lua",
		}},
	} {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			a, err := Resolve(tc.a)
			require.NoError(t, err)
			b, err := Resolve(tc.b)
			require.NoError(t, err)
			var got []string
			for _, m := range Diff(a, b) {
				got = append(got, m.String())
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func ExampleDiff() {
	novelty, _ := Resolve("novelty")
	original, _ := Resolve("original")
	for _, sentence := range Diff(novelty, original) {
		fmt.Println(sentence)
	}
	// Output:
	// in novelty a game takes at most 7 players; in original a game takes at most 4 players
	// in novelty play passes to the right; in original play passes to the left
	// in novelty a joker is worth 0 in the initial meld; in original a joker is worth the tile it replaces
	// in novelty a turn has no time limit; in original a turn has 60 seconds
	// in novelty a loser's score when the pool runs out is minus their own rack total; in original a loser's score when the pool runs out is minus the difference between their rack and the winner's
}
