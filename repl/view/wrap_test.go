package view

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/internal/text"
)

// fitByCopy is Fit as it was: every line written again.
func fitByCopy(s string, width int) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if text.DisplayWidth(body) <= width {
			b.WriteString(line)
			continue
		}
		indent := len(body) - len(strings.TrimLeft(body, " "))
		cont := strings.Repeat(" ", max(0, min(2, width/2-indent)))
		for i, l := range text.Lines(body[indent:], width-indent, cont) {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(body[:indent] + l)
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

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
		if got, want := Fit(s, width), fitByCopy(s, width); got != want {
			t.Fatalf("Fit(%q, %d) = %q, want %q", s, width, got, want)
		}
	}
}
