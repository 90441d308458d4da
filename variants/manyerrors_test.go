package variants

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file of 10,000 unknown keys took minutes to lint: each error searched
// the file from its start for the line it quotes, through a copy of the
// file. Now the lines are indexed once and only the errors shown quote
// theirs, so the work is held to a few times the file's size (counted in
// bytes read, not in seconds), with every key on a line of its own or all on
// one line; the first MaxErrors errors are shown, then a line that counts
// the rest.
func TestManyErrorsAreLinear(t *testing.T) {
	var many, oneLine strings.Builder
	many.WriteString("name: many\nextends: original\n")
	oneLine.WriteString("name: many\nextends: original\nopening: {")
	for i := range 10000 {
		fmt.Fprintf(&many, "unknown_key_%05d: 1\n", i)
		fmt.Fprintf(&oneLine, "unknown_key_%05d: 1, ", i)
	}
	oneLine.WriteString("points: 30}\n")
	for _, tc := range []struct{ name, text, first string }{
		{"a line each", many.String(), ":3:1: unknown key \"unknown_key_00000\"; the keys are name, title, source, extends, players, " +
			"tiles, sets, deal, first_player, direction, opening, table, joker, draw, time_limit, failed_play, end_of_pool, scoring, match, hooks, params\n" +
			" | unknown_key_00000: 1\n | ^"},
		{"one line", oneLine.String(), ":3:11: unknown key \"unknown_key_00000\" in opening; the keys are points, pairs, joker_value, first_round_locked, lock_ends, lock_turns\n" +
			" | opening: {unknown_key_00000: 1, unknown_key_00001: 1, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "many.yaml")
			require.NoError(t, os.WriteFile(p, []byte(tc.text), 0o644))
			before := scanned.Load()
			_, err := Resolve(p)
			work := scanned.Load() - before
			var errs Errors
			require.True(t, errors.As(err, &errs), "%v", err)
			require.Len(t, errs, MaxErrors+1)
			assert.True(t, strings.HasPrefix(errs[0].Error(), p+tc.first), errs[0].Error()[:200])
			lines := strings.Split(err.Error(), "\n")
			assert.Equal(t, p+": and 9,950 more errors (the first 50 are shown)", lines[len(lines)-1])
			assert.LessOrEqual(t, work, int64(MaxErrors+2)*int64(len(tc.text)), "each error shown quotes its line once")
			if tc.name == "a line each" {
				assert.LessOrEqual(t, work, int64(3*len(tc.text)), "short lines: the index and the lines shown")
			}
		})
	}
}

func TestCappedErrors(t *testing.T) {
	mk := func(n int) Errors {
		var es Errors
		for i := n; i > 0; i-- { // out of order: capped sorts first
			es = append(es, &Error{File: "x.yaml", Line: i, Col: 1, Msg: "bad"})
		}
		return es
	}
	for _, tc := range []struct {
		n, max int
		last   string
	}{
		{3, 3, "x.yaml:3:1: bad"},
		{4, 3, "x.yaml: and 1 more error (the first 3 are shown)"},
		{1003, 3, "x.yaml: and 1,000 more errors (the first 3 are shown)"},
	} {
		es := mk(tc.n).capped(tc.max)
		assert.Len(t, es, min(tc.n, tc.max+1))
		assert.Equal(t, 1, es[0].Line, "the first errors are kept")
		assert.Equal(t, tc.last, es[len(es)-1].Error())
	}
}

// An error on a long line quotes a window of it around the column, the cut
// ends marked, with the caret under the column.
func TestLongLinesAreQuotedInPart(t *testing.T) {
	long := strings.Repeat("a", 300) + "X" + strings.Repeat("b", 300)
	for _, tc := range []struct {
		name, text string
		col        int
		want       string
	}{
		{"short", "abc", 2, " | abc\n |  ^"},
		{"the start", long, 1, " | " + strings.Repeat("a", 120) + "…\n | ^"},
		{"the middle", long, 301, " | …" + strings.Repeat("a", 60) + "X" + strings.Repeat("b", 59) + "…\n | " + strings.Repeat(" ", 61) + "^"},
		{"the end", long, 601, " | …" + strings.Repeat("b", 120) + "\n | " + strings.Repeat(" ", 120) + "^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &Error{File: "x.yaml", Line: 1, Col: tc.col, Msg: "bad", Text: tc.text}
			assert.Equal(t, "x.yaml:1:"+strconv.Itoa(tc.col)+": bad\n"+tc.want, e.Error())
		})
	}
}
