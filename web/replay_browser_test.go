package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// The replay viewer in Chromium, in Spanish: the keys step through the
// game, each step's table as the referee's, and "play on from here" takes
// the game back to the step and the table (issue 42).
func TestBrowserReplay(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{} }}, "/?seed=7")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	se := srv.sessions[onlySession(t, srv)]
	se.mu.Lock()
	for range 3 {
		_, err := se.s.Do(context.Background(), command.Draw{})
		require.NoError(t, err)
	}
	steps, err := se.s.Replay()
	orig := se.s.Game().History()
	se.mu.Unlock()
	require.NoError(t, err)
	require.Greater(t, len(steps), 6)

	tableAt := func() [][]string {
		sets, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll("#table .set")].map((s) => [...s.querySelectorAll(".tile")].map((t) => t.getAttribute("aria-label")))`))
		require.NoError(t, err)
		if sets == nil {
			sets = [][]string{}
		}
		return sets
	}
	last := len(steps) - 1
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(strings.TrimSuffix(page0(srv, ctx), "/")+"/replay.html"),
		poll(`document.getElementById("where").textContent === "Paso 0 de `+itoa(int64(last))+`"`)))
	assert.Equal(t, "el reparto de la partida 1", textOf(t, ctx, "what"))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.End), poll(`location.hash === "#`+itoa(int64(last))+`"`)))
	assert.Equal(t, steps[last].Table, tableAt(), "the last step's table is the referee's")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		poll(`location.hash === "#2"`), shoot("replay-es")))
	assert.Equal(t, steps[2].Table, tableAt())
	assert.Equal(t, steps[2].Text, textOf(t, ctx, "what"))

	// Play on from step 2: the game goes back there (then the bots play up
	// to the learner's turn), and the table page shows it.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#playon"))))
	playedOn(t, ctx, se, orig, 2)
}

// playedOn waits for the table page after "play on from here" (the click
// leaves the page: a wait begun before it ends is cut short by the
// navigation, and begun again), then checks that the session's game is
// the original's first k actions, played on.
func playedOn(t *testing.T, ctx context.Context, se *session, orig []core.Action, k int) []core.Action {
	t.Helper()
	var err error
	for range 20 {
		if err = chromedp.Do(ctx, poll(`location.pathname === "/" && document.querySelectorAll("#rack .tile").length > 0`)); err == nil ||
			!(strings.Contains(err.Error(), "navigated") || strings.Contains(err.Error(), "context with specified id")) {
			break
		}
	}
	require.NoError(t, err)
	se.mu.Lock()
	hist := se.s.Game().History()
	se.mu.Unlock()
	require.GreaterOrEqual(t, len(hist), k)
	for i := range k {
		assert.Equal(t, orig[i].String(), hist[i].String(), "action %d as it was", i+1)
	}
	return hist
}

func textOf(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("`+id+`").textContent`))
	require.NoError(t, err)
	return strings.TrimSpace(s)
}
