package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// sixDraws saves a game of Ana and Bob, seed 11, six draws in, in dir.
func sixDraws(t *testing.T, dir string) string {
	t.Helper()
	g, err := core.NewGame(core.Original(), []string{"Ana", "Bob"}, 11)
	require.NoError(t, err)
	for range 6 {
		_, err := g.Draw()
		require.NoError(t, err)
	}
	save := filepath.Join(dir, "g.json")
	require.NoError(t, files.SaveGame(g, save, nil))
	return save
}

// sameSave checks that the save back, imported from a record, is the save
// it was exported from.
func sameSave(t *testing.T, save, back string) {
	t.Helper()
	a, _ := os.ReadFile(save)
	b, _ := os.ReadFile(back)
	var sa, sb map[string]any
	require.NoError(t, json.Unmarshal(a, &sa))
	require.NoError(t, json.Unmarshal(b, &sb))
	delete(sb, "repl_seats") // who plays each seat: people, as a plain save says
	assert.Equal(t, sa, sb, "the same save")
}

// meldlab record: a save's record, imported back into the same save, and
// each problem of a broken record placed in the learner's language.
func TestRecordCommand(t *testing.T) {
	dir := t.TempDir()
	save := sixDraws(t, dir)

	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"record", "export", save, "--event", "Club night"}, nil, &out, &errb), errb.String())
	text := out.String()
	assert.Contains(t, text, "[Event \"Club night\"]\n")
	assert.Contains(t, text, "[Seats \"Ana, Bob\"]\n")
	mgn := filepath.Join(dir, "g.mgn")
	require.NoError(t, os.WriteFile(mgn, out.Bytes(), 0o644))

	back := filepath.Join(dir, "back.json")
	out.Reset()
	require.Equal(t, 0, run([]string{"record", "import", mgn, "-o", back}, nil, &out, &errb), errb.String())
	sameSave(t, save, back)

	out.Reset()
	require.Equal(t, 0, run([]string{"record", "check", mgn}, nil, &out, &errb), errb.String())
	assert.Equal(t, mgn+": a good record, 6 moves\n", out.String())

	broken := filepath.Join(dir, "broken.mgn")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "2. ") {
			lines[i] = strings.Replace(l, "draw", "jump", 1)
		}
	}
	require.NoError(t, os.WriteFile(broken, []byte(strings.Join(lines, "\n")), 0o644))
	out.Reset()
	errb.Reset()
	assert.Equal(t, 1, run([]string{"--lang", "fr", "record", "check", broken}, nil, &out, &errb))
	assert.Contains(t, errb.String(), broken+`:12:9: "jump" n'est pas un coup`)
}

// meldlab record with JSON Lines: export --jsonl writes one event a line,
// import and check read a .jsonl file by its extension, and a broken line
// is reported at its line in the learner's language.
func TestRecordCommandJSONL(t *testing.T) {
	dir := t.TempDir()
	save := sixDraws(t, dir)
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"record", "export", "--jsonl", save}, nil, &out, &errb), errb.String())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	assert.Equal(t, `{"type":"tag","name":"Date","value":"????.??.??"}`, lines[0])
	assert.Equal(t, `{"type":"draw","turn":1,"seat":"Bob","tiles":"r13"}`, lines[len(lines)-6])
	jl := filepath.Join(dir, "g.jsonl")
	require.NoError(t, os.WriteFile(jl, out.Bytes(), 0o644))

	out.Reset()
	require.Equal(t, 0, run([]string{"record", "check", jl}, nil, &out, &errb), errb.String())
	assert.Equal(t, jl+": a good record, 6 moves\n", out.String())
	back := filepath.Join(dir, "back.json")
	require.Equal(t, 0, run([]string{"record", "import", jl, "-o", back}, nil, &out, &errb), errb.String())
	sameSave(t, save, back)

	lines[len(lines)-2] = `{"type":"jump","turn":5,"seat":"Ana"}`
	require.NoError(t, os.WriteFile(jl, []byte(strings.Join(lines, "\n")), 0o644))
	errb.Reset()
	assert.Equal(t, 1, run([]string{"--lang", "es", "record", "check", jl}, nil, &out, &errb))
	assert.Contains(t, errb.String(), fmt.Sprintf(`%s:%d:1: "jump" no es un tipo de evento`, jl, len(lines)-1))
}

// meldlab review: the JSON has, per turn, the play, the best play, what
// was lost and the verdict; the annotated record marks the turns that lost
// tiles and gives the better play as a variation that parses.
func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	save := sixDraws(t, dir)
	var out, errb bytes.Buffer
	mgn := filepath.Join(dir, "reviewed.mgn")
	require.Equal(t, 0, run([]string{"review", save, "--seat", "Bob", "--json", "--mgn", mgn}, nil, &out, &errb), errb.String())
	var rep struct {
		Seat  string
		Turns []struct {
			Round, Turn  int
			Played, Best struct{ Tiles int }
			LostTiles    int `json:"lost_tiles"`
			Verdict      string
		}
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	assert.Equal(t, "Bob", rep.Seat)
	require.Len(t, rep.Turns, 3, "Bob's three turns")
	for _, tr := range rep.Turns {
		assert.Equal(t, 0, tr.Played.Tiles, "Bob drew")
		if tr.Best.Tiles > 0 {
			assert.Contains(t, []string{"missed_meld"}, tr.Verdict, "Bob had not opened")
			assert.Equal(t, tr.Best.Tiles, tr.LostTiles)
		} else {
			assert.Equal(t, "best", tr.Verdict)
		}
	}
	text, err := os.ReadFile(mgn)
	require.NoError(t, err)
	out.Reset()
	require.Equal(t, 0, run([]string{"record", "check", mgn}, nil, &out, &errb), errb.String())
	if strings.Contains(string(text), "??") {
		assert.Contains(t, string(text), "(1. Bob: ")
	}
}

// meldlab sim --records writes every game's record, and each replays
// through the referee, a sweep's value included.
func TestSimRecords(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"sim", "--variant", "original", "--sweep", "opening.points=30,45", "--players", "3",
		"--bots", "greedy,beginner", "--games", "3", "--seed", "4", "--records", dir}, nil, &out, &errb), errb.String())
	names, err := filepath.Glob(filepath.Join(dir, "*.mgn"))
	require.NoError(t, err)
	require.Len(t, names, 6)
	for _, n := range names {
		out.Reset()
		assert.Equal(t, 0, run([]string{"record", "check", n}, nil, &out, &errb), "%s: %s", n, errb.String())
	}
}
