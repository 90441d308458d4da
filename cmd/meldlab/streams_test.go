package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func problem(id string) string { return `{"id":"` + id + `","table":[["r3","r4","r5"]],"rack":["r6"]}` }

// One over-long line gets its own error; the lines after it are answered.
func TestSolveLongLineGoesAlone(t *testing.T) {
	in := problem("a") + "\n" + `{"id":"long","pad":"` + strings.Repeat("x", 10<<20) + `"}` + "\n" + problem("b") + "\n"
	out, errOut, code := runSolveCLI(in, "solve")
	answer := func(id string) string {
		return `{"id":"` + id + `","tiles":1,"points":6,"placed":["r6"],"table":[["r3","r4","r5","r6"]],"optimal":true,"micros":0}` + "\n"
	}
	assert.Equal(t, answer("a")+`{"id":null,"error":"line 2 is over 4 MiB, the longest line read"}`+"\n"+answer("b"), out)
	assert.Empty(t, errOut)
	assert.Equal(t, 1, code)
}

// In solve input, a variant is a shipped name or a .yaml file under the
// working folder; no error quotes a file that is not a variant file.
func TestSolveVariantPathsAreConfined(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "work")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(parent, "outside.yaml"), []byte("name: outside\nextends: original\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte("name: mine\nextends: original\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "up.yaml"), []byte("name: up\nextends: ../outside.yaml\n"), 0o644))
	require.NoError(t, os.Symlink("/etc/passwd", filepath.Join(dir, "passwd.yaml")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "big.yaml"), nil, 0o644))
	require.NoError(t, os.Truncate(filepath.Join(dir, "big.yaml"), 1<<40)) // sparse
	t.Chdir(dir)
	for _, tc := range []struct{ variant, out string }{
		{"../../../../etc/passwd", `{"id":"x","error":"\"../../../../etc/passwd\" is not a variant file: name a shipped variant or a .yaml file"}`},
		{"/etc/passwd", `{"id":"x","error":"\"/etc/passwd\" is not a variant file: name a shipped variant or a .yaml file"}`},
		{"../outside.yaml", `{"id":"x","error":"cannot read ../outside.yaml: the file is outside the allowed directory"}`},
		{"passwd.yaml", `{"id":"x","error":"cannot read passwd.yaml: the file is outside the allowed directory"}`},
		{"big.yaml", `{"id":"x","error":"cannot read big.yaml: over 1 MiB, the size limit of a variant file"}`},
		{"mine.yaml", `{"id":"x","tiles":1,"points":6,"placed":["r6"],"table":[["r3","r4","r5","r6"]],"optimal":true,"micros":0}`},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			in := `{"id":"x","variant":"` + tc.variant + `","table":[["r3","r4","r5"]],"rack":["r6"]}`
			out, _, _ := runSolveCLI(in+"\n", "solve")
			assert.Equal(t, tc.out+"\n", out)
			assert.NotContains(t, out, "root:")
		})
	}
	out, _, _ := runSolveCLI(`{"id":"x","variant":"up.yaml","table":[],"rack":["r6"]}`+"\n", "solve")
	assert.Contains(t, out, `extends: cannot read ../outside.yaml: the file is outside the allowed directory`)
}

// extends: names variant files only: /etc/passwd is refused without a
// word of it quoted.
func TestExtendsNamesVariantFilesOnly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.yaml")
	require.NoError(t, os.WriteFile(p, []byte("name: x\nextends: /etc/passwd\n"), 0o644))
	out, errOut, code := runCLI("", "variants", "check", p)
	assert.Equal(t, 1, code)
	assert.Contains(t, out+errOut, `extends: "/etc/passwd" is not a variant file: name a shipped variant or a .yaml file`)
	assert.NotContains(t, out+errOut, "root:")
}

// check --json on a stream: an object for every line, a bad one with its
// error, and the rest go on (exit 1); an over-long line too.
func TestCheckJSONStream(t *testing.T) {
	in := "[r3 r4 r5]\n[r3 r14]\n" + strings.Repeat("r1 ", 400000) + "\n# a comment\n[k7 o7]\n"
	out, errOut, code := runCLI(in, "check", "--json")
	assert.Equal(t, `{"line":1,"set":"[r3 r4 r5]","ok":true,"kind":"run","value":12,"canonical":"[r3 r4 r5]"}`+"\n"+
		`{"line":2,"input":"[r3 r14]","ok":false,"error":"set 1, tile 2 \"r14\": numbers run 1..13"}`+"\n"+
		`{"line":3,"ok":false,"error":"line 3 is over 1 MiB, the longest line read"}`+"\n"+
		`{"line":5,"set":"[k7 o7]","ok":false,"error":"[k7 o7] is too short: a group needs at least 3 tiles"}`+"\n", out)
	assert.Empty(t, errOut)
	assert.Equal(t, 1, code)

	out, errOut, code = runCLI(in, "check")
	assert.Equal(t, "ok run 12\ninvalid: [k7 o7] is too short: a group needs at least 3 tiles\n", out)
	assert.Equal(t, "meldlab check: \"[r3 r14]\": set 1, tile 2 \"r14\": numbers run 1..13\n"+
		"meldlab check: line 3 is over 1 MiB, the longest line read\n", errOut)
	assert.Equal(t, 2, code)
}

// check waiting on a terminal says what it reads.
func TestCheckOnATerminalSaysSo(t *testing.T) {
	defer func(f func(io.Reader) bool) { readsTerminal = f }(readsTerminal)
	readsTerminal = func(io.Reader) bool { return true }
	_, errOut, code := runCLI("[r3 r4 r5]\n", "check")
	assert.Equal(t, 0, code)
	assert.Equal(t, "meldlab check: reading sets from standard input, one set or table a line; Ctrl-D ends (meldlab check -h for help)\n", errOut)
	readsTerminal = func(io.Reader) bool { return false }
	_, errOut, _ = runCLI("[r3 r4 r5]\n", "check")
	assert.Empty(t, errOut, "a pipe gets no notice")
}

// A variant file whose name holds ESC and OSC sequences never gets them to
// the terminal: variants check refuses it and shows them escaped.
func TestVariantsCheckEscapesControls(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.yaml")
	require.NoError(t, os.WriteFile(p, []byte("name: \"\\e]0;pwned\\a\\e[2J\"\nextends: original\n"), 0o644))
	for _, args := range [][]string{{"variants", "check", p}, {"variants", "show", p}, {"check", "--variant", p, "[r3 r4 r5]"}} {
		out, errOut, code := runCLI("", args...)
		assert.NotEqual(t, 0, code, args)
		assert.NotContains(t, out+errOut, "\x1b", args)
		assert.Contains(t, out+errOut, `name holds control characters (\x1b]0;pwned\x07\x1b[2J)`, args)
	}
}

// The line: one store far past a table's list part ran for minutes
// at 1.5 GB under meldlab run; now it is one hash entry.
func TestRunSparseTableStore(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sparse.lua")
	require.NoError(t, os.WriteFile(p, []byte("local t = {} t[67108863] = 1 print(#t, t[67108863])"), 0o644))
	out, errOut, code := runCLI("", "run", p)
	assert.Equal(t, "0\t1\n", out)
	assert.Empty(t, errOut)
	assert.Equal(t, 0, code)
}

// endless is standard input that never ends and holds no newline, as
// meldlab check < /dev/zero.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0
	}
	return len(p), nil
}

// A line that never ends is not read forever: check and solve say so and
// stop reading (exit 2) once MaxSkipped bytes of it have gone by.
func TestEndlessLine(t *testing.T) {
	var out, errOut strings.Builder
	code := run([]string{"check"}, endless{}, &out, &errOut)
	assert.Equal(t, 2, code)
	assert.Empty(t, out.String())
	assert.Equal(t, "meldlab check: line 1 is over 1 MiB, the longest line read, and has not ended after 64 MiB: "+
		"the rest of the input is not read\n", errOut.String())

	out.Reset()
	errOut.Reset()
	code = run([]string{"check", "--json"}, endless{}, &out, &errOut)
	assert.Equal(t, 2, code)
	assert.Equal(t, `{"line":1,"ok":false,"error":"line 1 is over 1 MiB, the longest line read, and has not ended after 64 MiB: `+
		`the rest of the input is not read"}`+"\n", out.String())
	assert.Empty(t, errOut.String())

	out.Reset()
	errOut.Reset()
	code = run([]string{"solve"}, io.MultiReader(strings.NewReader(problem("a")+"\n"), endless{}), &out, &errOut)
	assert.Equal(t, 2, code)
	assert.Equal(t, `{"id":"a","tiles":1,"points":6,"placed":["r6"],"table":[["r3","r4","r5","r6"]],"optimal":true,"micros":0}`+"\n"+
		`{"id":null,"error":"line 2 is over 4 MiB, the longest line read, and has not ended after 64 MiB: the rest of the input is not read"}`+"\n",
		timesGone(out.String()))
	assert.Empty(t, errOut.String())
}
