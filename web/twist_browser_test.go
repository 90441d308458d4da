package web

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// TestBrowserTwist plays Rummikub Twist's double joker on the page, in
// French, by its own controls: r2 and r5 into a new set, then the double
// joker dropped on r5, so that it goes between them ([r2 JD r5]: the order
// the player laid is the order sent), the three 6s, and [r3 r4 b6 b7 JC]
// put right by moving JC before b6 in its own set, by a click and by the
// mouse. The joker shows its
// mark and is named "joker double"; the initial meld counts it 3 + 4, and
// the table the page shows after Done is the referee's, every set of it
// valid by the game's own check.
func TestBrowserTwist(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	_, ctx, se := dealtWithRack(t, Config{Lang: i18n.French}, "/?seed=7&players=2&variant=twist", "r2 r5 JD JM k6 b6 o6 r3 r4 JC b6 b7")
	put := putBy
	rackLeft := func(n string) step { return poll(`document.querySelectorAll("#rack .tile").length === ` + n) }
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=reset]`)),
		rackLeft("12"),
		// The special jokers on the rack: a joker's face, their own mark
		// and name.
		poll(`document.querySelector('#rack .tile.JD[aria-label="joker double"] .mark').textContent === "×2"`),
		poll(`document.querySelector('#rack .tile.JM[aria-label="joker miroir"] .mark').textContent === "⇆"`),
		put("r2", `#newset`), rackLeft("11"),
		put("r5", `[data-key="label:1"]`), rackLeft("10"),
		// Picked up, the double joker tells a screen reader where a tile
		// takes it; dropped on r5, it goes before it.
		chromedp.Click(css(`#rack .tile[data-tile="JD"]`)),
		poll(`document.querySelector('#table [data-key="t:1:2"]').getAttribute("aria-description") === "Poser joker double juste avant cette plaque"`),
		chromedp.Click(css(`#table [data-key="t:1:2"]`)), rackLeft("9"),
		poll(`[...document.querySelectorAll("#table .set")][0].querySelectorAll(".tile").length === 3`),
		put("k6", `#newset`), rackLeft("8"),
		put("b6", `[data-key="label:2"]`), rackLeft("7"),
		put("o6", `[data-key="label:2"]`), rackLeft("6"),
		// A run whose colour changes: JC laid at its end, then picked up
		// on the table and dropped on b6, in its own set.
		put("r3", `#newset`), rackLeft("5"),
		put("r4", `[data-key="label:3"]`), rackLeft("4"),
		put("b6", `[data-key="label:3"]`), rackLeft("3"),
		put("b7", `[data-key="label:3"]`), rackLeft("2"),
		put("JC", `[data-key="label:3"]`), rackLeft("1"),
		poll(`document.querySelector('#table [data-key="t:3:5"]').dataset.tile === "JC" && document.querySelector('#table .set[data-set="3"]').classList.contains("bad")`),
		chromedp.Click(css(`#table [data-key="t:3:5"]`)),
		poll(`document.querySelector('#table [data-key="t:3:5"]').classList.contains("picked")`),
		chromedp.Click(css(`#table [data-key="t:3:3"]`)),
		poll(`document.querySelector('#table [data-key="t:3:3"]').dataset.tile === "JC"`),
	))
	// By the mouse too, in its own set: JC dragged onto r4, then back onto b6.
	dragTo(ctx, t, mouse, `#table [data-key="t:3:3"]`, `#table [data-key="t:3:2"]`)
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelector('#table [data-key="t:3:2"]').dataset.tile === "JC"`)))
	dragTo(ctx, t, mouse, `#table [data-key="t:3:2"]`, `#table [data-key="t:3:4"]`)
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.querySelector('#table [data-key="t:3:3"]').dataset.tile === "JC"`),
		shoot("twist"),
	))
	staged, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](tableJS))
	require.NoError(t, err)
	assert.Equal(t, []string{"r2 JD r5", "k6 b6 o6", "r3 r4 JC b6 b7"}, staged, "the tiles in the order laid")
	meld, err := chromedp.Run(ctx, chromedp.TextContent(css(`#meld`)))
	require.NoError(t, err)
	assert.Contains(t, meld, "57", "the double joker counts 3 + 4 in the initial meld: 14 + 18 + 25")
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#table .set").getAttribute("aria-label")`))
	require.NoError(t, err)
	assert.Equal(t, "Combinaison 1 : 2 rouge, joker double, 5 rouge", label)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.querySelectorAll("#turns li").length >= 1 && document.getElementById("error").textContent === ""`),
	))
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](tableJS))
	require.NoError(t, err)

	// The referee: the game's table is the one shown, each set valid, and
	// the learner's play laid [r2 JD r5] as written.
	se.mu.Lock()
	g := se.s.Game()
	var want []string
	for _, s := range g.Table() {
		want = append(want, s.String()[1:len(s.String())-1])
		_, err := g.ValidateSet(s)
		assert.NoError(t, err, "set %s", s)
	}
	var played core.Table
	for _, a := range g.History() {
		if a.Kind == core.ActPlay && a.Seat == 0 {
			played = a.Table
		}
	}
	se.mu.Unlock()
	assert.Equal(t, want, shown, "the page shows the referee's table")
	assert.Equal(t, "[r2 JD r5] [k6 b6 o6] [r3 r4 JC b6 b7]", played.String())
}

// tableJS reads the table as the page shows it: each set's tiles, in order.
const tableJS = `[...document.querySelectorAll("#table .set")].map((s) => [...s.querySelectorAll(".tile")].map((t) => t.dataset.tile).join(" "))`

// TestBrowserSixColours: a six-colour box on the page, in Spanish: green
// and purple tiles show their shapes and letters in colours of their own
// (purple not the joker's violet) and are named "5 verde", "5 morada"; a
// group of the two with k5 laid by the page's controls is a set.
func TestBrowserSixColours(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	_, ctx, _ := dealtWithRack(t, Config{Lang: i18n.Spanish}, "/?seed=7&players=2&variant=house/six-colours", "g5 p5 k5 J")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#rack .tile").length === 4`),
		shoot("six-colours"),
	))
	faces, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#rack .tile")].map((t) => t.getAttribute("aria-label") + " " + t.textContent + " " + getComputedStyle(t).color)`))
	require.NoError(t, err)
	assert.Equal(t, []string{
		"5 negra 5■k rgb(29, 29, 31)",
		"5 verde 5▼g rgb(11, 110, 46)",
		"5 morada 5★p rgb(138, 31, 138)",
		"comodín ☺J rgb(107, 47, 160)",
	}, faces)
	// (The bot may have played first: the new set is the table's last.)
	last := `#table > .set:last-child .label`
	require.NoError(t, chromedp.Do(ctx,
		// each put waits for the page to draw its answer
		putBy("g5", `#newset`), poll(`document.querySelectorAll("#rack .tile").length === 3`),
		putBy("p5", last), poll(`document.querySelectorAll("#rack .tile").length === 2`),
		putBy("k5", last), poll(`document.querySelectorAll("#rack .tile").length === 1`),
	))
	set, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(s => [...s.querySelectorAll(".tile")].map((t) => t.dataset.tile).join(" ") + (s.classList.contains("bad") ? " bad" : ""))(document.querySelector("#table > .set:last-child"))`))
	require.NoError(t, err)
	assert.Equal(t, "k5 g5 p5", set, "a group of three colours of the six, in colour order, and valid")
}

// TestBrowserOkey: under Okey's deal the page says the indicator and the
// round's okey, by their names, in the learner's language.
func TestBrowserOkey(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	_, ctx := page(t, Config{Lang: i18n.Italian}, "/?seed=7&players=2&variant=okey")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length >= 21 && document.getElementById("status").textContent.includes("indicatore")`)))
	status, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
	require.NoError(t, err)
	m := regexp.MustCompile(`^Mazzo: \d+ tessere · indicatore (\d+) (\S+): l'okey (\d+) (\S+) è jolly$`).FindStringSubmatch(status)
	require.NotNil(t, m, status)
	ind, _ := strconv.Atoi(m[1])
	okey, _ := strconv.Atoi(m[3])
	assert.Equal(t, ind%13+1, okey, "the okey is one above the indicator")
	assert.Equal(t, m[2], m[4], "in its colour")
}
