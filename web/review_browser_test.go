package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// threeRounds is the record of a seeded match of three rounds: Ana (the
// beginner bot's play, written as a person's seat, so that the review is
// hers) against two greedy bots.
func threeRounds(t *testing.T, seed uint64) []byte {
	t.Helper()
	rules := core.Original()
	rules.Match.Rounds = 3
	g, err := core.NewGame(rules, []string{"Ana", "Bob", "Cid"}, seed)
	require.NoError(t, err)
	seats := []bots.Bot{bots.NewBeginner(seed), bots.NewGreedy(), bots.NewGreedy()}
	for n := 0; n < 600 && !g.MatchOver(); n++ {
		if g.RoundOver() {
			require.NoError(t, g.NextRound())
			continue
		}
		_, err := bots.Turn(context.Background(), g, seats[g.Current()])
		require.NoError(t, err)
	}
	require.True(t, g.MatchOver())
	base := core.Original()
	return record.Write(g, record.Options{View: -1, Event: "Club", Variant: &base, Players: []string{"human", "greedy", "greedy"}})
}

// The done-when of issue 42 in Chromium, in French: a 3-round record
// uploaded by the page (the score of its end and a Review button shown),
// stepped with the keys in the replay viewer, the table at a turn the
// referee's; the review of the record there, gone through by "Next
// mistake" with the keyboard; play on from the turn; then the review of
// the game in play from the table's menu, and a retry of its first
// mistake, judged as a puzzle beside the table.
func TestBrowserReview(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	mgn := filepath.Join(t.TempDir(), "partie.mgn")
	require.NoError(t, os.WriteFile(mgn, threeRounds(t, 11), 0o644))
	srv, ctx := page(t, Config{Lang: i18n.French, Options: func(string) repl.Options { return repl.Options{} }}, "/?seed=7")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game-menu").open = true`),
		chromedp.SetUploadFiles(css("#load"), []string{mgn}),
		poll(`!document.getElementById("score").hidden && !document.getElementById("score-review").hidden`)))
	se := srv.sessions[onlySession(t, srv)]
	se.mu.Lock()
	steps, err := se.s.Replay()
	g := se.s.Game()
	orig, names, seed, rules := g.History(), g.Names(), g.Seed(), g.Rules
	se.mu.Unlock()
	require.NoError(t, err)
	require.Equal(t, 3, g.Round(), "three rounds")

	// The replay viewer: End, then back three steps with the arrows.
	last := len(steps) - 1
	k := last - 3
	// The table as a page draws it: the replay's tiles are named by
	// their notation, the table's carry it as data-tile.
	tableAt := func() [][]string {
		sets, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll("#table .set")].map((s) => [...s.querySelectorAll(".tile")].map((t) => t.dataset.tile || t.getAttribute("aria-label")))`))
		require.NoError(t, err)
		if sets == nil {
			sets = [][]string{}
		}
		return sets
	}
	toK := chromedp.Steps(chromedp.KeyEvent(kb.End), poll(`location.hash === "#`+itoa(int64(last))+`"`),
		chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft),
		poll(`location.hash === "#`+itoa(int64(k))+`"`))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(page0(srv, ctx)+"/replay.html"),
		poll(`document.getElementById("where").textContent === "Étape 0 sur `+itoa(int64(last))+`"`),
		chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight), poll(`location.hash === "#1"`)))
	assert.Equal(t, steps[1].Table, tableAt())
	require.NoError(t, chromedp.Do(ctx, toK))
	at, err := core.Replay(rules, names, seed, orig[:k])
	require.NoError(t, err)
	assert.Equal(t, repl.TableStrings(at.Table()), tableAt(), "the table at step %d is the referee's", k)
	assert.Equal(t, 3, steps[k].Round)

	// The review of the record, there: Next mistake by the keyboard.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#review")),
		poll(`document.querySelectorAll("#review-list > li").length > 1`),
		chromedp.Focus(css("#review-next")), chromedp.KeyEvent(kb.Enter),
		poll(`document.activeElement.id === "review-turn-1"`),
		chromedp.Focus(css("#review-next")), chromedp.KeyEvent(kb.Enter),
		poll(`document.activeElement.id === "review-turn-2"`), shoot("review-fr")))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "review-summary"), "Ana : la meilleure pose dans "), textOf(t, ctx, "review-summary"))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "review-at"), "Erreur 2 sur "), textOf(t, ctx, "review-at"))
	se.mu.Lock()
	began := time.Now()
	rep, err := se.s.Do(context.Background(), command.Review{})
	took := time.Since(began)
	se.mu.Unlock()
	require.NoError(t, err)
	short := 0
	for _, tr := range rep.Review.Turns {
		if tr.N > 0 {
			short++
		}
	}
	t.Logf("the review of %d turns of Ana's, %d short of the best, took %v", rep.Review.Figures.Turns, short, took.Round(time.Millisecond))
	n, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("#review-list > li").length, document.querySelectorAll("#review-list .review-retry").length]`))
	require.NoError(t, err)
	assert.Equal(t, []int{rep.Review.Figures.Turns, short}, n, "every turn listed, a retry for each short of the best")
	assert.Equal(t, rep.Review.Figures.Turns, len(rep.Review.Turns))
	assert.Equal(t, rep.Review.Turns[0].Heading, textOf(t, ctx, "review-h-1"))
	for i := 1; i < len(rep.Review.Turns); i++ {
		assert.GreaterOrEqual(t, rep.Review.Turns[i-1].LostTiles, rep.Review.Turns[i].LostTiles, "most tiles lost first")
	}

	// Play on from step k: the game goes back there (the bots play on to
	// Ana's turn) and the table page shows it.
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), toK,
		chromedp.Click(css("#playon"))))
	hist := playedOn(t, ctx, se, orig, k)

	// The review of the game in play, from the menu; a retry of its first
	// turn, judged beside the table as a puzzle.
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("game-menu").open = true`),
		chromedp.Click(css("#game-menu .review-open")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game-menu").open = false`),
		poll(`document.querySelectorAll("#review-list > li").length > 0`),
		chromedp.Click(css(`#review-turn-1 .review-retry`)),
		poll(`!document.getElementById("puzzle-panel").hidden`)))
	assert.True(t, strings.HasPrefix(textOf(t, ctx, "puzzle-h"), "De nouveau la manche "), textOf(t, ctx, "puzzle-h"))
	se.mu.Lock()
	st := se.s.State()
	retried := se.s.Game().History()
	se.mu.Unlock()
	require.NotNil(t, st.Puzzle)
	assert.Equal(t, st.Table, tableAt(), "the table of the retry")
	require.Less(t, len(retried), len(hist))
	for i := range retried {
		require.Equal(t, hist[i].String(), retried[i].String(), "the retry is the game at its turn")
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css(`#actions [data-cmd=draw]`)),
		poll(`document.getElementById("puzzle-verdict").textContent !== ""`), shoot("review-retry-fr")))
	assert.Equal(t, textOf(t, ctx, "puzzle-verdict"), textOf(t, ctx, "say"), "the verdict read aloud")
}
