package repl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl/view"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		in   string
		want Line
		err  string
	}{
		{in: "", want: Line{}},
		{in: "   ", want: Line{}},
		{in: "# a comment", want: Line{}},
		{in: "rack", want: Line{Name: "rack", Args: []string{}}},
		{in: "  PUT r7  3 ", want: Line{Name: "put", Args: []string{"r7", "3"}, Rest: "r7  3"}},
		{in: "put o5 [o4 o3 o2]", want: Line{Name: "put", Args: []string{"o5", "[o4 o3 o2]"}, Rest: "o5 [o4 o3 o2]"}},
		{in: "move [r1 r2 r3]:r1 new", want: Line{Name: "move", Args: []string{"[r1 r2 r3]:r1", "new"}, Rest: "[r1 r2 r3]:r1 new"}},
		{in: "play [r3 r4 r5] [k8 b8 o8]", want: Line{Name: "play", Args: []string{"[r3 r4 r5]", "[k8 b8 o8]"}, Rest: "[r3 r4 r5] [k8 b8 o8]"}},
		{in: `save "my game.json"`, want: Line{Name: "save", Args: []string{"my game.json"}, Rest: `"my game.json"`}},
		{in: "lua print(1,  2)", want: Line{Name: "lua", Args: []string{"print(1", "2)"}, Rest: "print(1,  2)"}},
		{in: "put r3,r4 new", want: Line{Name: "put", Args: []string{"r3", "r4", "new"}, Rest: "r3,r4 new"}},
		{in: "put r3, r4,new", want: Line{Name: "put", Args: []string{"r3", "r4", "new"}, Rest: "r3, r4,new"}},
		{in: "put o5 [o2,o3,o4]", want: Line{Name: "put", Args: []string{"o5", "[o2,o3,o4]"}, Rest: "o5 [o2,o3,o4]"}},
		{in: `save "a,b.json"`, want: Line{Name: "save", Args: []string{"a,b.json"}, Rest: `"a,b.json"`}},
		{in: "\tdone\t", want: Line{Name: "done", Args: []string{}}},
		{in: `save "x`, err: "the quote at column 6 is never closed"},
		{in: "put r7 [r4 r5", err: `the "[" at column 8 is never closed with "]"`},
	}
	for _, tc := range tests {
		got, err := ParseLine(tc.in)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Equal(t, tc.err, err.Error(), tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestFit(t *testing.T) {
	red := func(n int) string { return strings.TrimSuffix(strings.Repeat("\x1b[31mr7\x1b[0m ", n), " ") }
	long := "error: refused: set 2 [k5 k6 k7 r9] is not a run: r9 is red, the run is black (keep editing, reset, or draw)\n"
	tests := []struct{ in, want string }{
		{"short\n", "short\n"},
		{long, "error: refused: set 2 [k5 k6 k7 r9] is not a run: r9 is red, the run is black\n  (keep editing, reset, or draw)\n"},
		{"    " + strings.Repeat("word ", 20) + "end", "    " + strings.TrimSpace(strings.Repeat("word ", 15)) + "\n      word word word word word end"},
		{strings.Repeat("x", 90) + " y\n", strings.Repeat("x", 90) + "\n  y\n"},
		// colour escapes take no columns
		{red(30) + "\n", red(27) + "\n  " + red(3) + "\n"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, view.Fit(tc.in, view.Width), tc.in)
	}
}
