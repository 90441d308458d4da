package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
)

// A puzzle in the browser, in Spanish: the panel asks, the answer is
// refused before a rated try, a draw is the try (its verdict and the
// rating's move on the panel, read aloud), then the hints and the answer
// (issue 44).
func TestBrowserPuzzle(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{} }}, "/?seed=7")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game-menu").open = true`),
		chromedp.Click(css(`#game-menu [data-cmd=puzzle]`)),
		poll(`!document.getElementById("puzzle-panel").hidden`)))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "puzzle-h"), "Problema "), textOf(t, ctx, "puzzle-h"))
	disabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("puzzle-answer-btn").disabled`))
	require.NoError(t, err)
	assert.True(t, disabled, "no answer before a rated try")
	se := srv.sessions[onlySession(t, srv)]
	se.mu.Lock()
	st := se.s.State()
	se.mu.Unlock()
	require.NotNil(t, st.Puzzle)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css(`[data-cmd=draw]`)),
		poll(`document.getElementById("puzzle-verdict").textContent !== ""`)))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "puzzle-verdict"), "Has robado: aquí una jugada baja "))
	assert.Contains(t, textOf(t, ctx, "puzzle-rating"), "tu puntuación en problemas: 1500 -> ")
	assert.Equal(t, textOf(t, ctx, "puzzle-verdict"), textOf(t, ctx, "say"), "read aloud")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css(`[data-cmd="puzzle hint"]`)),
		poll(`document.querySelectorAll("#puzzle-hints li").length === 1`),
		chromedp.Click(css(`#puzzle-answer-btn`)),
		poll(`document.getElementById("puzzle-answer").textContent !== ""`), shoot("puzzle-es")))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "puzzle-answer"), "La mejor baja "))
}
