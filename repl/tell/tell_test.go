package tell

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/table/tabletest"
	"github.com/meldlab/meldlab/repl/view"
)

// t0 is a context no test cancels.
var t0 = context.Background()

func teller(errs *strings.Builder) *Teller {
	return New("", false, errs, func() bool { return false })
}

// What a turn-ending action says, and what follows it: the next person's
// turn with their table and rack.
func TestActions(t *testing.T) {
	tests := []struct {
		name  string
		act   func(t *Teller, tab *table.Table) error
		text  string // the reply's first line
		err   string
		turns int
	}{
		{name: "a play", act: func(t *Teller, tab *table.Table) error {
			return t.Commit(t0, tab, coretest.Table("[r3 r4 r5 r6]"))
		}, text: "ana plays r6", turns: 1},
		{name: "a refused play", act: func(t *Teller, tab *table.Table) error {
			return t.Commit(t0, tab, coretest.Table("[r3 r4 r5] [r6 k1]"))
		}, err: "refused: set 2 [r6 k1] is not a run: k1 is black, the run is red (keep editing, reset, or draw)"},
		{name: "a draw", act: func(t *Teller, tab *table.Table) error { return t.Draw(t0, tab) },
			text: "ana draws", turns: 1},
		{name: "no undo yet", act: func(t *Teller, tab *table.Table) error { return t.Undo(t0, tab) },
			err: "nothing to undo: this is the first turn of a person since the game began (or since setup)"},
		{name: "the round is not over", act: func(t *Teller, tab *table.Table) error { return t.NextRound(t0, tab) },
			err: "round 1 is not over yet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := tabletest.Opened(t, core.Original(), "[r3 r4 r5]", "r6 k1", "o9 o10")
			var errs strings.Builder
			tl := teller(&errs)
			err := tc.act(tl, tab)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, tl.ErrorText(err))
				assert.Empty(t, tl.Reply.String())
				return
			}
			require.NoError(t, err)
			first, rest, _ := strings.Cut(tl.Reply.String(), "\n")
			assert.True(t, strings.HasPrefix(first, tc.text), first)
			assert.Contains(t, rest, "bob", "bob's turn follows")
			assert.Len(t, tl.Turns, tc.turns)
			assert.Empty(t, errs.String())
		})
	}
}

// The prompt names the person to play; no game, or a round over, has its
// own.
func TestPrompt(t *testing.T) {
	tl := teller(&strings.Builder{})
	assert.Equal(t, "> ", tl.Prompt(table.New(func() time.Time { return tabletest.Now }, 0), true))
	tab := tabletest.Opened(t, core.Original(), "[r3 r4 r5]", "r6", "o9 o10")
	assert.Equal(t, "ana> ", tl.Prompt(tab, true))
	require.NoError(t, tl.Commit(t0, tab, coretest.Table("[r3 r4 r5 r6]")))
	assert.Equal(t, "meldlab> ", tl.Prompt(tab, true), "ana went out")
}

// An error met on the way is shown at once, labelled; a refusal says its
// own label.
func TestError(t *testing.T) {
	var errs strings.Builder
	tl := teller(&errs)
	tl.Error(view.Fail(msg.ReplNoGame()))
	tl.Error(view.Fail(msg.ReplRefused("x")))
	assert.Equal(t, "error: no game: start one with new\nrefused: x\n", errs.String())
}

func TestUserWords(t *testing.T) {
	for in, want := range map[string]string{
		`seat "bot:nosuch": bots: unknown bot "nosuch"`: `seat "bot:nosuch": unknown bot "nosuch"`,
		"core: load: open x.json: no such file":         "open x.json: no such file",
		"scripts: no lesson 99":                         "no lesson 99",
		"lesson 2: scripts: lesson x.lua: broken":       "lesson 2: lesson x.lua: broken",
		"the pool is empty":                             "the pool is empty",
		"set 1 [r1 r2]: too short":                      "set 1 [r1 r2]: too short",
	} {
		assert.Equal(t, want, UserWords(in), in)
	}
}
