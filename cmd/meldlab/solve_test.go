package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runSolveCLI runs meldlab with args and stdin; the time and node counts,
// which vary, are replaced by 0.
func runSolveCLI(stdin string, args ...string) (string, string, int) {
	out, errOut, code := runCLI(stdin, args...)
	return timesGone(out), errOut, code
}

var (
	microsRE = regexp.MustCompile(`"micros":\d+`)
	statesRE = regexp.MustCompile(`\d+ µs, \d+ search states`)
)

func timesGone(s string) string {
	s = microsRE.ReplaceAllString(s, `"micros":0`)
	return statesRE.ReplaceAllString(s, "0 µs, 0 search states")
}

func TestSolveCLI(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		errOut string
		code   int
	}{
		{name: "for a person", args: []string{"solve", "--table", "[r3 r4 r5]", "--rack", "r6 J"},
			out: "place 2 tiles (36 points): r6 J\ntable: [r3 r4 r5 r6 J]\noptimal, 0 µs, 0 search states\n"},
		{name: "rearranging the table (rulebook example 6)",
			args: []string{"solve", "--table", "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", "--rack", "k10 b5"},
			out: "place 2 tiles (15 points): k10 b5\n" +
				"table: [k3 r3 o3] [k4 r4 o4] [k5 k6 k7] [r5 b5 o5] [k8 k9 k10]\noptimal, 0 µs, 0 search states\n"},
		{name: "tiles objective: the joker fills the long run", args: []string{"solve", "--rack", "r1 r2 r4 r5 k12 k13 J"},
			out: "place 5 tiles (42 points): r1 r2 r4 r5 J\n" +
				"table: [r1 r2 J r4 r5]\noptimal, 0 µs, 0 search states\n"},
		{name: "points objective: the joker goes with the high tiles", args: []string{"solve", "--rack", "r1 r2 r4 r5 k12 k13 J", "--objective", "points"},
			out: "place 3 tiles (55 points): k12 k13 J\n" +
				"table: [J k12 k13]\noptimal, 0 µs, 0 search states\n"},
		{name: "a box beyond the search: answered by parts, and said so", args: []string{"solve", "--variant", "twist", "--table", "[r3 r4 r5]", "--rack", "JD k1"},
			out: "place 1 tile (30 points): JD\ntable: [JD r3 r4 r5]\n" +
				"a legal play, not searched in full: this box is beyond the search's tables (more than four colours, or Twist's special jokers), 0 µs, 0 search states\n"},
		{name: "no play", args: []string{"solve", "--table", "[r3 r4 r5]", "--rack", "k9"},
			out: "no play: draw a tile\noptimal, 0 µs, 0 search states\n", code: 1},
		{name: "initial meld below the threshold", args: []string{"solve", "--rack", "k1 k2 k3 r9", "--opened=false"},
			out: "no play: no initial meld of 30 points; draw a tile\noptimal, 0 µs, 0 search states\n", code: 1},
		{name: "initial meld", args: []string{"solve", "--table", "[r3 r4 r5]", "--rack", "k9 k10 k11 r6", "--opened=false"},
			out: "place 3 tiles (30 points, initial meld): k9 k10 k11\n" +
				"table: [r3 r4 r5] [k9 k10 k11]\noptimal, 0 µs, 0 search states\n"},
		{name: "json for a person", args: []string{"solve", "--rack", "r6 r7 r8", "--json"},
			out: `{"id":null,"tiles":3,"points":21,"placed":["r6","r7","r8"],"table":[["r6","r7","r8"]],"optimal":true,"micros":0}` + "\n"},
		{name: "json lines, a bad line among them",
			stdin: `{"id": "x", "variant": "original", "opened": true, "objective": "tiles", "table": [["r3","r4","r5"]], "rack": ["r6","J"]}` + "\n" +
				`{"id": 2, "table": [["r3","r5"]], "rack": ["r4"]}` + "\n\n" +
				`{"id": "y", "opened": false, "rack": ["k10","k11","k12","J"], "objective": "points", "tiles": 4}` + "\n" +
				`not json` + "\n" +
				`{"id": "z", "rack": ["r14"]}` + "\n" +
				`{"id": "o", "objective": "most", "rack": ["r1"]}` + "\n",
			args: []string{"solve"},
			out: `{"id":"x","tiles":2,"points":36,"placed":["r6","J"],"table":[["r3","r4","r5","r6","J"]],"optimal":true,"micros":0}` + "\n" +
				`{"id":2,"error":"solve: bad problem: the table is not valid: set 1 [r3 r5] is too short: a run needs at least 3 tiles"}` + "\n" +
				`{"id":"y","tiles":4,"points":46,"placed":["k10","k11","k12","J"],"table":[["k10","k11","k12","J"]],"optimal":true,"micros":0}` + "\n" +
				`{"id":null,"error":"bad JSON: invalid character 'o' in literal null (expecting 'u')"}` + "\n" +
				`{"id":"z","error":"rack: tile 1 \"r14\": numbers run 1..13"}` + "\n" +
				`{"id":"o","error":"solve: unknown objective \"most\": use tiles or points"}` + "\n",
			code: 1},
		{name: "bad rack notation", args: []string{"solve", "--rack", "r6 x7"},
			errOut: "meldlab solve: --rack: tile 2 \"x7\": unknown colour \"x\": colours are k, r, b, o, and J is a joker\n", code: 2},
		{name: "bad table notation", args: []string{"solve", "--table", "[r3 r4 r5", "--rack", "r6"},
			errOut: "meldlab solve: --table: set 1: the \"[\" at column 1 is never closed with \"]\"\n", code: 2},
		{name: "invalid table", args: []string{"solve", "--table", "[r3 r4 k5]", "--rack", "r6"},
			errOut: "meldlab solve: solve: bad problem: the table is not valid: set 1 [r3 r4 k5] is not a run: k5 is black, the run is red\n", code: 2},
		{name: "too many copies", args: []string{"solve", "--table", "[r3 r4 r5] [r3 b3 o3]", "--rack", "r3"},
			errOut: "meldlab solve: the table and the rack use 3 × r3; the original box has 2\n", code: 2},
		{name: "a table over the box", args: []string{"solve", "--table", "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]", "--rack", "r6"},
			errOut: "meldlab solve: the table uses 3 × r5; the original box has 2\n", code: 2},
		{name: "four jokers in the original box", args: []string{"solve", "--table", "[k5 k6 J J J J]", "--rack", "r6"},
			errOut: "meldlab solve: the table uses 4 jokers; the original box has 2\n", code: 2},
		{name: "lines over the box", stdin: `{"id": 1, "table": [["k5","k6","J","J","J","J"]], "rack": ["r1"]}` + "\n" +
			`{"id": 2, "variant": "xp", "table": [["k5","k6","J","J","J","J"]], "rack": ["k4"]}` + "\n" +
			`{"id": 3, "table": [["r3","r4","r5"],["r3","b3","o3"]], "rack": ["r3"]}` + "\n",
			args: []string{"solve"},
			out: `{"id":1,"error":"the table uses 4 jokers; the original box has 2"}` + "\n" +
				`{"id":2,"tiles":1,"points":4,"placed":["k4"],"table":[["k4","k5","k6","J","J","J","J"]],"optimal":true,"micros":0}` + "\n" +
				`{"id":3,"error":"the table and the rack use 3 × r3; the original box has 2"}` + "\n",
			code: 1},
		{name: "bad objective", args: []string{"solve", "--rack", "r6", "--objective", "most"},
			errOut: "meldlab solve: solve: unknown objective \"most\": use tiles or points\n", code: 2},
		{name: "stray argument", args: []string{"solve", "r6"},
			errOut: "meldlab solve: unexpected argument \"r6\"; give the table and rack with --table and --rack\n", code: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runSolveCLI(tc.stdin, tc.args...)
			assert.Equal(t, tc.out, out)
			assert.Equal(t, tc.errOut, errOut)
			assert.Equal(t, tc.code, code)
		})
	}
}

func TestSolveCLIVariant(t *testing.T) {
	// the variants' own error text is theirs: check only that it reaches the line
	out, _, code := runSolveCLI(`{"id": "v", "variant": "nope", "rack": ["r1"]}`+"\n", "solve")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(out, `{"id":"v","error":"`), out)
	assert.Contains(t, out, "nope")
	_, errOut, code := runSolveCLI("", "solve", "--variant", "nope", "--rack", "r1")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(errOut, "meldlab solve: "), errOut)
}

func TestSolveCLIUsage(t *testing.T) {
	_, errOut, code := runSolveCLI("", "solve", "--bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "Usage: meldlab solve")
	_, errOut, code = runSolveCLI("", "solve", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "Example: meldlab solve --table '[r3 r4 r5]' --rack 'r6 J'")
}

// A search cut short answers with its best play so far, marked not optimal
// (it panicked on this XP initial meld); each search has 10 s unless
// --timeout says otherwise.
func TestSolveCLITimeout(t *testing.T) {
	line := `{"id": "xp", "variant": "xp", "opened": false, "table": [["o1","k1","b1","r1"],["r7","J","r9"]], ` +
		`"rack": ["J","o10","b11","r8","o5","r7","o9","o10","b11","b9","b11","b13","r9","k8","r8","b10","k7","o3","o7","b9","J","k5","k5","k2","r11","o8","r12","o8","r12","r9"]}` + "\n"
	for _, limit := range []string{"1ns", "1ms"} {
		out, errOut, code := runSolveCLI(strings.Repeat(line, 3), "solve", "--timeout", limit)
		assert.Equal(t, 0, code, limit)
		assert.Empty(t, errOut, limit)
		assert.Equal(t, 3, strings.Count(out, `"id":"xp"`), out)
		if limit == "1ns" {
			assert.Equal(t, 3, strings.Count(out, `"optimal":false`), out)
		}
	}
	_, errOut, _ := runSolveCLI("", "solve", "-h")
	assert.Contains(t, errOut, "(default 10s)")
}

// Issue 21: solve answers with the best play the variant's referee
// accepts: joker.take_before_opening lets a joker be swapped before the
// initial meld, and house/joker-grows's check_play hook refuses the plain
// optimum.
func TestSolveFollowsTheVariant(t *testing.T) {
	t.Chdir(t.TempDir())
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(name, []byte(text), 0o644))
	}
	write("before.yaml", "name: house/before\ntitle: t\nsource: house rule\nextends: original\njoker:\n  take_before_opening: true\n")
	out, errOut, code := runSolveCLI("", "solve", "--variant", "before.yaml", "--table", "[r10 J r12]", "--rack", "r11 k13 b13", "--opened=false")
	assert.Equal(t, "place 3 tiles (39 points, initial meld): k13 r11 b13\n"+
		"table: [r10 r11 r12] [k13 b13 J]\noptimal, 0 µs, 0 search states\n", out)
	assert.Empty(t, errOut)
	assert.Equal(t, 0, code)

	out, _, code = runSolveCLI(`{"id":1,"variant":"house/joker-grows","table":[["r3","r4","J"],["k7","b7","o7"]],"rack":["r5","k1"]}`+"\n", "solve")
	assert.Equal(t, `{"id":1,"tiles":1,"points":5,"placed":["r5"],"table":[["r3","r4","r5","J"],["k7","b7","o7"]],"optimal":true,"micros":0,"refused":1}`+"\n", out)
	assert.Equal(t, 0, code)
}

// Under sets.group_colors: any and sets.wrap: ace_high the solver searches
// the house shapes itself: a group that repeats a colour and a run that ends
// with the 1 after 13 are found and proven best, in every language.
func TestSolveSearchesTheHouseShapes(t *testing.T) {
	out, errOut, code := runCLI("", "solve", "--variant", "house/any-colours", "--table", "[b5 k5 o5]", "--rack", "r3 r4 r5 b5 k9")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "table: [r3 r4 r5] [k5 b5 b5 o5]\noptimal, ")
	out, errOut, code = runCLI("", "--lang", "es", "solve", "--variant", "house/any-colours", "--table", "[b5 k5 o5]", "--rack", "r3 r4 r5 b5 k9")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "mesa: [r3 r4 r5] [k5 b5 b5 o5]\nóptima, ")
	out, errOut, code = runCLI("", "solve", "--variant", "house/ace-high", "--rack", "r12 r13 r1 r2 k9")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "table: [r12 r13 r1]\noptimal, ")
}
