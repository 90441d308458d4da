package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/class"
	"github.com/meldlab/meldlab/web"
)

// aClass makes a class in a test's directory with Ana, who passed lesson
// 1 after a refusal, and Ben, who joined.
func aClass(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "5b")
	ctx := context.Background()
	db, err := class.Open(dir, class.Options{Create: true})
	require.NoError(t, err)
	defer db.Close()
	s, err := db.Settings(ctx)
	require.NoError(t, err)
	ana, _, err := db.Join(ctx, s.JoinCode, "Ana")
	require.NoError(t, err)
	_, _, err = db.Join(ctx, s.JoinCode, "Ben")
	require.NoError(t, err)
	for _, e := range []web.ClassEvent{
		{Pupil: ana.ID, Kind: web.EventRefusal, Lesson: 1, Rule: "r", Words: "o12 is missing"},
		{Pupil: ana.ID, Kind: web.EventPass, Lesson: 1},
	} {
		require.NoError(t, db.Record(ctx, e))
	}
	return dir
}

// meldlab class: each subcommand's output, and its clear refusals.
func TestClassCommand(t *testing.T) {
	dir := aClass(t)
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"list", []string{"list", dir}, 0, "1\tAna\n2\tBen\n"},
		{"export", []string{"export", dir}, 0, "pupil,lesson,passed,tries,hints,seconds\nAna,1,true,2,0,0\n"}, // Ben began none
		{"report as CSV", []string{"report", dir, "--csv"}, 0, "pupil,lesson,passed,tries,hints,seconds\nAna,1,true,2,0,0\n"},
		{"report", []string{"report", dir}, 0, "pupil  L1  hints  puzzles  doing\nAna    ✓2  0      0/0      \nBen    ·   0      0/0      \n\nmost common refusals:\n    1  o12 is missing\n"},
		{"no class", []string{"list", filepath.Join(dir, "none")}, 1, ""},
		{"no directory", []string{"list"}, 2, ""},
		{"unknown", []string{"drop", dir}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			assert.Equal(t, tc.code, run(append([]string{"class"}, tc.args...), nil, &out, &errb), errb.String())
			assert.Equal(t, tc.out, out.String())
		})
	}

	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"class", "report", "--json", dir}, nil, &out, &errb), errb.String())
	var rep class.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	assert.Len(t, rep.Pupils, 2)
	assert.Equal(t, 1, rep.Pupils[0].Passed)
}

// A database meldlab cannot use is refused, saying why, and nothing is
// changed.
func TestClassCommandRefuses(t *testing.T) {
	tests := []struct {
		name  string
		mess  func(t *testing.T, dir string) func()
		args  []string
		want  string
		after bool // the class is still there, as it was
	}{
		{"in use", func(t *testing.T, dir string) func() {
			db, err := class.Open(dir, class.Options{Exclusive: true})
			require.NoError(t, err)
			return func() { db.Close() }
		}, []string{"reset"}, "is in use by a running meldlab serve --class: stop it first", true},
		{"damaged", func(t *testing.T, dir string) func() {
			require.NoError(t, os.WriteFile(filepath.Join(dir, class.FileName), bytes.Repeat([]byte("not a database "), 100), 0o600))
			return func() {}
		}, []string{"report"}, "is damaged: nothing was changed", false},
		{"newer", func(t *testing.T, dir string) func() {
			db, err := class.Open(dir, class.Options{})
			require.NoError(t, err)
			require.NoError(t, db.SetVersion(context.Background(), class.Version()+1))
			db.Close()
			return func() {}
		}, []string{"list"}, "was written by a newer meldlab: nothing was changed; update meldlab", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := aClass(t)
			done := tc.mess(t, dir)
			var out, errb bytes.Buffer
			assert.Equal(t, 1, run(append([]string{"class"}, append(tc.args, dir)...), nil, &out, &errb))
			assert.Contains(t, errb.String(), tc.want)
			done()
			if tc.after {
				out.Reset()
				require.Equal(t, 0, run([]string{"class", "list", dir}, nil, &out, &errb), errb.String())
				assert.Equal(t, "1\tAna\n2\tBen\n", out.String(), "nothing erased")
			}
		})
	}
}

// reset erases the pupils and keeps the class.
func TestClassReset(t *testing.T) {
	dir := aClass(t)
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"class", "reset", dir}, nil, &out, &errb), errb.String())
	out.Reset()
	require.Equal(t, 0, run([]string{"class", "list", dir}, nil, &out, &errb), errb.String())
	assert.Empty(t, out.String())
}

// meldlab serve --class makes the class and prints what the teacher
// needs: the address and the join code, a QR code, the teacher's page and
// code; on the loopback it says the tablets cannot reach it. A second
// server on the same class is refused while the first runs.
func TestServeClass(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "5b")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"--addr", "127.0.0.1:0", "--class", dir}, pw, &stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	var out []string
	for lines.Scan() {
		out = append(out, lines.Text())
		if strings.Contains(lines.Text(), "teacher code") {
			break
		}
	}
	db, err := class.Open(dir, class.Options{})
	require.NoError(t, err)
	s, err := db.Settings(context.Background())
	require.NoError(t, err)
	db.Close()
	text := strings.Join(out, "\n")
	assert.Contains(t, text, "the class code "+s.JoinCode)
	assert.Contains(t, text, "/teacher, teacher code "+s.TeacherCode)
	assert.Contains(t, text, "█▀", "a QR code")

	var second bytes.Buffer
	assert.Equal(t, 1, serve(context.Background(), []string{"--addr", "127.0.0.1:0", "--class", dir}, io.Discard, &second))
	assert.Contains(t, second.String(), "is in use by a running meldlab serve --class")

	cancel()
	go io.Copy(io.Discard, pr)
	assert.Equal(t, 0, <-code)
	assert.Contains(t, stderr.String(), "the class is served on this machine only")
}
