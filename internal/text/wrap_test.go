package text

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		in     string
		width  int
		indent string
		want   string
	}{
		{"a short line", 80, "", "a short line\n"},
		{"one two three four", 9, "  ", "one two\n  three\n  four\n"},
		{"números en ñandú", 10, "", "números en\nñandú\n"}, // columns are characters, not bytes
		{"averyveryverylongword x", 5, "", "averyveryverylongword\nx\n"},
		{"", 10, "", "\n"},
	} {
		assert.Equal(t, tc.want, Wrap(tc.in, tc.width, tc.indent), tc.in)
	}
}

// Colours take no columns, and a set is never broken (issue 23: coloured
// bot turns wrapped at 30-40 columns and split [r10 b10 / J]).
func TestWrapColourAndSets(t *testing.T) {
	red := func(s string) string { return "\x1b[31m" + s + "\x1b[0m" }
	set := "[" + red("r10") + " " + red("b10") + " J]"
	line := "changed: " + set + " -> " + set + " " + set + " " + set
	lines := Lines(line, 40, "  ")
	assert.Equal(t, 2, len(lines), lines)
	for _, l := range lines {
		assert.LessOrEqual(t, DisplayWidth(l), 40, l)
		assert.Equal(t, strings.Count(Plain(l), "["), strings.Count(Plain(l), "]"), l)
	}
	assert.Equal(t, "put\n  [r3 r4 r5]\n", Wrap("put [r3 r4 r5]", 12, "  "))
	assert.Equal(t, 3, DisplayWidth(red("r10")))
	assert.Equal(t, "ab  c\n", Hang("ab  ", "c", 80))
}
