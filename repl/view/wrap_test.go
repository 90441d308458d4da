package view

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Fit fits as it did, and gives back a text that fits as it is.
func TestFitAsBefore(t *testing.T) {
	parts := []string{"a", "bbbb", " ", "  ", "\n", "[r3 r4 r5]", "ñandú", "\x1b[31mr3\x1b[0m"}
	rng := rand.New(rand.NewPCG(24, 5))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(25) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s, width := b.String(), rng.IntN(30)
		if got, want := Fit(s, width), fitLines(s, width); got != want {
			t.Fatalf("Fit(%q, %d) = %q, want %q", s, width, got, want)
		}
	}
}
