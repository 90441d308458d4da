package suggest_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/internal/suggest"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"check", "check", 0},
		{"chek", "check", 1}, {"chekc", "check", 1}, {"playrs", "players", 1},
		{"kitten", "sitting", 3}, {"ab", "ba", 1}, {"abc", "ca", 3},
	} {
		assert.Equal(t, tc.d, suggest.Distance(tc.a, tc.b), "%q %q", tc.a, tc.b)
		assert.Equal(t, tc.d, suggest.Distance(tc.b, tc.a), "%q %q", tc.b, tc.a)
	}
}

func TestNearest(t *testing.T) {
	commands := []string{"check", "solve", "sim", "run", "variants", "repl"}
	for _, tc := range []struct{ word, want string }{
		{"chek", "check"}, {"CHECK", "check"}, {"slove", "solve"}, {"var", "variants"},
		{"variant", "variants"}, {"s", ""}, {"zzz", ""}, {"", ""}, {"rnu", "run"},
	} {
		assert.Equal(t, tc.want, suggest.Nearest(tc.word, commands), tc.word)
	}
	// A near miss beats a prefix: the draw section's keys.
	draw := []string{"tiles", "tiles_opened"}
	for _, tc := range []struct{ word, want string }{
		{"tiles_openned", "tiles_opened"}, {"tile", "tiles"}, {"tiles_x", "tiles"},
	} {
		assert.Equal(t, tc.want, suggest.Nearest(tc.word, draw), tc.word)
	}
}

func ExampleNearest() {
	fmt.Println(suggest.Nearest("playrs", []string{"players", "tiles", "sets"}))
	// Output: players
}
