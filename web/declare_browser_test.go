package web

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
)

// TestBrowserDeclare lays one tile and two jokers on the page, in Italian:
// the set reads as the run, the button "È un gruppo" declares it the group
// of 13s (the tiles then say J=13, and a screen reader hears "Jolly,
// dichiarato 13"), and the initial meld the run misses goes through.
func TestBrowserDeclare(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	_, ctx, _ := dealtWithRack(t, Config{Lang: i18n.Italian}, "/?seed=7&players=2", "o13 J J k1 k2 k3")
	put := putBy
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#rack .tile").length === 6`),
		put("o13", `#newset`), poll(`document.querySelectorAll("#rack .tile").length === 5`),
		put("J", `[data-key="label:1"]`), poll(`document.querySelectorAll("#rack .tile").length === 4`),
		put("J", `[data-key="label:1"]`), poll(`document.querySelectorAll("#rack .tile").length === 3`),
		put("k1", `#newset`), poll(`document.querySelectorAll("#rack .tile").length === 2`),
		put("k2", `[data-key="label:2"]`), poll(`document.querySelectorAll("#rack .tile").length === 1`),
		put("k3", `[data-key="label:2"]`), poll(`document.querySelectorAll("#rack .tile").length === 0`),
	))
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.querySelector('[data-key="declare:1"]') !== null`),
		chromedp.Click(css(`[data-key="declare:1"]`)),
		poll(`[...document.querySelectorAll("#table .set")][0].textContent.includes("J=13")`),
		poll(`document.querySelector('#table [aria-label="Jolly, dichiarato 13"]') !== null`),
		poll(`document.querySelector('[data-key="declare:1"]').textContent === "È una serie"`),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.getElementById("score") && !document.getElementById("score").hidden || document.getElementById("status").textContent.includes("vinto") || document.querySelectorAll("#table .set").length >= 2`),
	))
	table, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#table .set")].map((s) => [...s.querySelectorAll(".tile")].map((t) => t.dataset.tile).join(" "))`))
	require.NoError(t, err)
	require.Contains(t, table, "o13 J=13 J=13", "the declared group is on the table")
}

// dealtWithRack opens the page of cfg with query and, once it is dealt,
// lays the learner's rack out as tiles says (setup is not open to the
// page); the test then sends reset for the page to fetch it.
func dealtWithRack(t *testing.T, cfg Config, query, tiles string) (*Server, context.Context, *session) {
	t.Helper()
	srv, ctx := page(t, cfg, query)
	// The learner's turn, once any bot before them has played: the table
	// changes no more under the test's clicks.
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14 && document.getElementById("turn").classList.contains("mine")`)))
	id := onlySession(t, srv)
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	se.mu.Lock()
	_, err := se.s.Run(context.Background(), "setup rack "+tiles)
	se.mu.Unlock()
	require.NoError(t, err)
	return srv, ctx, se
}

// putBy picks a rack tile on the page, then clicks where it goes: New set,
// a set's label (the end of the set) or a tile of a set (before it).
func putBy(tile, to string) step {
	return chromedp.Steps(chromedp.Click(css(`#rack .tile[data-tile="`+tile+`"]`)), chromedp.Click(css(to)))
}
