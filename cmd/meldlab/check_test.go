package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runCLI runs meldlab with args and stdin, returning stdout, stderr and the status.
func runCLI(stdin string, args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		errOut string
		code   int
	}{
		{name: "valid sets", args: []string{"check", "[r3 r4 J]", "[k7 o7 b7]"},
			out: "ok run 12\nok group 21\n"},
		{name: "an invalid set", args: []string{"check", "[r3 r4 J]", "[k7 o7]"},
			out: "ok run 12\ninvalid: [k7 o7] is too short: a group needs at least 3 tiles\n", code: 1},
		{name: "a table in one argument", args: []string{"check", "[r4 b5 r6] [k1 k2 k3]"},
			out: "invalid: [r4 b5 r6] is not a run: b5 is blue, the run is red\nok run 6\n", code: 1},
		{name: "a set without brackets", args: []string{"check", "o12 o13 J"}, out: "ok run 36\n"},
		{name: "stdin, a line each", stdin: "[r3 r4 r5]\n\n# a comment\n[k8 b8 o8] [J r12 r13]\n", args: []string{"check"},
			out: "ok run 12\nok group 24\nok run 36\n"},
		{name: "notation error", args: []string{"check", "[r3 r14]", "[k1 k2 k3]"},
			out: "ok run 6\n", errOut: "meldlab check: \"[r3 r14]\": set 1, tile 2 \"r14\": numbers run 1..13\n", code: 2},
		{name: "json", args: []string{"check", "--json", "[r3 J r5]", "[k3 k3 k4]"},
			out: `{"set":"[r3 J r5]","ok":true,"kind":"run","value":12,"jokers":["r4"],"canonical":"[r3 J r5]"}` + "\n" +
				`{"set":"[k3 k3 k4]","ok":false,"error":"[k3 k3 k4] is not a run: k3 appears twice"}` + "\n", code: 1},
		{name: "unknown variant", args: []string{"check", "--variant", "nope", "[r3 r4 r5]"}, code: 2},
		{name: "a table over the box", args: []string{"check", "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]"},
			out: "ok group 15\nok group 15\nok group 15\ninvalid: the table uses 3 × r5; the original box has 2\n", code: 1},
		{name: "four jokers in the original box", args: []string{"check", "[k5 k6 J J J J]"},
			out: "ok run 45\ninvalid: the table uses 4 jokers; the original box has 2\n", code: 1},
		{name: "four jokers in the xp box", args: []string{"check", "--variant", "xp", "[k5 k6 J J J J]"},
			out: "ok run 45\n"},
		{name: "a fourth copy in the xp box", args: []string{"check", "--variant", "xp", "[r5 b5 k5] [r5 b5 k5] [r5 b5 k5] [r3 r4 r5]"},
			out: "ok group 15\nok group 15\nok group 15\nok run 12\ninvalid: the table uses 4 × r5; the xp box has 3\n", code: 1},
		{name: "each argument is a table of its own", args: []string{"check", "[r5 b5 k5] [r5 b5 k5]", "[r5 b5 k5]"},
			out: "ok group 15\nok group 15\nok group 15\n"},
		{name: "each line is a table of its own", stdin: "[r5 b5 k5] [r5 b5 k5]\n[r5 b5 k5] [r5 b5 o5] [r5 r6 r7]\n", args: []string{"check"},
			out: "ok group 15\nok group 15\nok group 15\nok group 15\nok run 18\ninvalid: the table uses 3 × r5; the original box has 2\n", code: 1},
		{name: "json, a table over the box", args: []string{"check", "--json", "[k5 k6 J J J J]"},
			out: `{"set":"[k5 k6 J J J J]","ok":true,"kind":"run","value":45,"jokers":["k7","k8","k9","k10"],"canonical":"[k5 k6 J J J J]"}` + "\n" +
				`{"table":"[k5 k6 J J J J]","ok":false,"error":"the table uses 4 jokers; the original box has 2"}` + "\n", code: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(tc.stdin, tc.args...)
			assert.Equal(t, tc.out, out)
			if tc.errOut != "" || code != 2 {
				assert.Equal(t, tc.errOut, errOut)
			}
			assert.Equal(t, tc.code, code)
		})
	}
}

func TestCheckBadFlag(t *testing.T) {
	_, errOut, code := runCLI("", "check", "--bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "Usage: meldlab check")
}

func TestUnknownCommand(t *testing.T) {
	_, errOut, code := runCLI("", "chek")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `meldlab: unknown command "chek"; did you mean "check"?`)
}

func TestCheckUnknownVariant(t *testing.T) {
	_, errOut, code := runCLI("", "check", "--variant", "nope", "[r3 r4 r5]")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `meldlab check: `)
	assert.Contains(t, errOut, `"nope"`)
}

func TestFlagsWithoutCommandGoToTheREPL(t *testing.T) {
	out, errOut, code := runCLI("who\nquit\n", "--seed", "7", "--color", "never")
	assert.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "unknown command")
	assert.NotEmpty(t, out)
}

// TestCheckTwistExplainsInEachLanguage: every refused Twist set of the
// core's golden list (core/twist_test.go) is explained in the learner's
// language, no message id or English left.
func TestCheckTwistExplainsInEachLanguage(t *testing.T) {
	invalid := []string{"[JD o1 o2]", "[r12 JD]", "[r11 r12 JD]", "[JD r2 r3]", "[b3 r3 k3 JD]", "[b3 JD]",
		"[r5 r5 JD]", "[r2 JD r4]", "[r2 JD b5]", "[r2 r3 JM r2 r3]", "[r2 r4 JM r4 r2]", "[r2 r3 JM]", "[JM r2 r3]",
		"[r2 r3 JM r3 r2 JM]", "[r5 b5 JM b5 k5]", "[r12 r13 JM r13 r12]", "[r3 r4 JC r6 r7]", "[JC r4 r5]",
		"[r3 r4 JC]", "[r3 JC J]", "[r5 b5 JC]", "[r3 JC b6]", "[r3 b4 JC k6]", "[J JD]", "[JD JM JC]"}
	english, _, code := runCLI("", append([]string{"check", "--variant", "twist"}, invalid...)...)
	assert.Equal(t, 1, code)
	englishLines := strings.Split(strings.TrimSpace(english), "\n")
	assert.Len(t, englishLines, len(invalid))
	for _, lang := range []string{"es", "it", "fr"} {
		out, errOut, code := runCLI("", append([]string{"check", "--lang", lang, "--variant", "twist"}, invalid...)...)
		assert.Equal(t, 1, code, lang)
		assert.Empty(t, errOut, lang)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if !assert.Len(t, lines, len(invalid), lang) {
			continue
		}
		for i, line := range lines {
			assert.NotContains(t, line, "set.twist", "%s: %s", lang, invalid[i])
			assert.NotContains(t, line, "{{", "%s: %s", lang, invalid[i])
			assert.NotEqual(t, englishLines[i], line, "%s: %s is said in English", lang, invalid[i])
			assert.False(t, strings.HasPrefix(line, "invalid:"), "%s: %s", lang, line)
		}
	}
}
