package text

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

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

// A line that needs no wrapping comes back as it is, as word by word.
func TestOneLineAsWordByWord(t *testing.T) {
	parts := []string{"a", "bb", " ", "  ", "[r3", "r4]", "ñandú", "\t", "\n", "\x1b[31m", "x\u0301", "\u00a0"}
	rng := rand.New(rand.NewPCG(24, 2))
	fast := 0
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s, width := b.String(), rng.IntN(20)
		if oneLine(s, width) {
			fast++
		}
		assert.Equal(t, lines(s, width, "  "), Lines(s, width, "  "), "%q at %d", s, width)
	}
	assert.Greater(t, fast, 1000)
}

// unitsByCopy is units as it was, each unit a slice of its own.
func unitsByCopy(s string) [][]string {
	var out [][]string
	depth := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }) {
		if depth > 0 {
			out[len(out)-1] = append(out[len(out)-1], w)
		} else {
			out = append(out, []string{w})
		}
		for _, r := range Plain(w) {
			switch r {
			case '[':
				depth++
			case ']':
				depth = max(depth-1, 0)
			}
		}
	}
	return out
}

// linesByCopy is Lines as it was, word by word with units by copy.
func linesByCopy(s string, width int, indent string) []string {
	var out []string
	var cur strings.Builder
	col := 0
	var words []string
	for _, u := range unitsByCopy(s) {
		if w := strings.Join(u, " "); len(u) == 1 || DisplayWidth(w) <= width-DisplayWidth(indent) {
			words = append(words, w)
		} else {
			words = append(words, u...)
		}
	}
	for i, w := range words {
		n := DisplayWidth(w)
		switch {
		case i == 0:
		case col+1+n > width:
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(indent)
			col = DisplayWidth(indent)
		default:
			cur.WriteByte(' ')
			col++
		}
		cur.WriteString(w)
		col += n
	}
	return append(out, cur.String())
}

// Lines lays out what it laid out before, line for line.
func TestLinesAsBefore(t *testing.T) {
	parts := []string{"a", "bb", "ccccccc", " ", "  ", "[r3", "r4]", "[k1 k2 k3]", "[", "]", "[[x", "y]]", "\r", "ñandú", "\t", "\n", "\x1b[31mr3\x1b[0m", "x\u0301", "\u00a0"}
	rng := rand.New(rand.NewPCG(24, 4))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s, width := b.String(), rng.IntN(40)-2
		indent := []string{"", "  ", "    "}[rng.IntN(3)]
		assert.Equal(t, linesByCopy(s, width, indent), Lines(s, width, indent), "%q at %d", s, width)
	}
}

// ASCII text counts a column a byte, as the rune by rune count does.
func TestDisplayWidthASCII(t *testing.T) {
	for _, s := range []string{"", "r3 [k4 k5]", "a\tb", "\x1b[31mr3\x1b[0m", "x\u0301", "ñandú", "\u200b"} {
		n := 0
		for _, r := range Plain(s) {
			if !unicode.Is(unicode.Mn, r) && r != '\u200b' {
				n++
			}
		}
		assert.Equal(t, n, DisplayWidth(s), "%q", s)
	}
}
