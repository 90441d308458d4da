// The table as a class plays it: in Chromium (TestBrowser*) and through
// the typed commands without a browser.
package web

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/luahost"
)

// colours are the tiles' colour words as the page says them ("7 roja").
var colours = map[string]map[byte]string{
	"es": {'r': "roja", 'k': "negra", 'b': "azul", 'o': "naranja"},
	"it": {'r': "rossa", 'k': "nera", 'b': "blu", 'o': "arancione"},
	"fr": {'r': "rouge", 'k': "noire", 'b': "bleue", 'o': "orange"},
}

// The book's words each language's page must say, and those it must not.
var bookWords = map[string]struct{ want, not []string }{
	"es": {[]string{"soporte"}, []string{"coger", "cogido", "Semilla"}},
	"it": {[]string{"supporto"}, []string{"leggio", "Seme"}},
	"fr": {[]string{"réglette", "plaques"}, []string{"chevalet", "tuiles", "Graine"}},
}

// noCommand matches what a page in a learner's language must not show: a
// command's name, an English seat or bot name, an edition's identifier.
var noCommand = regexp.MustCompile(`\b(reset|hint|back|lesson next|help|quit|greedy|undo|done|draw)\b|house/|you's`)

// TestBrowserTable plays the table as a class would, on a 768x1024 touch
// screen and by the keyboard alone, in Spanish, Italian and French: a
// lesson passed with its result read from the lesson panel, a hint shown
// one move at a time and followed, a clock run out with its penalty said
// on the table, and a 2-round match played to its score screen and on
// through Next round. The visible text says no command, no English seat
// and the book's words; the Tab stops stay few; texts keep their contrast.
func TestBrowserTable(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	for _, lang := range []string{"es", "it", "fr"} {
		t.Run(lang, func(t *testing.T) { playTable(t, lang) })
	}
}

func playTable(t *testing.T, lang string) {
	clock := &fakeNow{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)} // the sessions' clock: a turn's time runs out when the test says
	l, err := i18n.Parse(lang)
	require.NoError(t, err)
	p := i18n.New(l)
	srv, ctx := page(t, Config{Lang: l,
		Options: func(dir string) repl.Options {
			return repl.Options{Lua: luahost.New(dir), Clock: clock, HintTime: 2 * time.Second}
		},
		Close: func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	}, "/?lang="+lang+"&seed=7&players=2&lesson=1")
	enter := chromedp.KeyEvent(kb.Enter)
	key := func(sel string) step { return chromedp.Steps(tabTo(sel), enter) }
	name := func(tl string) string { return tl[1:] + " " + colours[lang][tl[0]] }
	rack := func(tl string) string { return `#rack button[aria-label="` + name(tl) + `"]` }
	shot := func(what string) step { return shootAt(what+"-"+lang, 768, 1024) }
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(768, 1024),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
			return err
		}),
		// ?lesson=1 opened lesson 1 in its panel.
		poll(`!document.getElementById("lesson-panel").hidden && document.getElementById("lesson-h").textContent.includes("1")`),
		chromedp.WaitVisible(css(rack("r7"))),
	))
	checkPage(t, ctx, lang, "lesson")

	// Lesson 1: [r7 r8 r9] and [k5 b5 o5], the first tile by a finger,
	// the rest by the keyboard alone.
	mine := `#table .set:last-child .label`
	dragTo(ctx, t, finger, rack("r7"), `#newset`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.WaitVisible(tile("#table", name("r7"))),
		key(rack("r8")), key(mine), chromedp.WaitVisible(tile("#table", name("r8"))),
		key(rack("r9")), key(mine), chromedp.WaitVisible(tile("#table", name("r9"))),
		key(rack("k5")), key(`#newset`), chromedp.WaitVisible(tile("#table", name("k5"))),
		key(rack("b5")), key(mine), chromedp.WaitVisible(tile("#table", name("b5"))),
		key(rack("o5")), key(mine), chromedp.WaitVisible(tile("#table", name("o5"))),
		// The meld's progress is said while staging.
		poll(`document.getElementById("meld").textContent.includes("39")`),
		key(`[data-cmd=done]`),
		poll(`document.getElementById("lesson-verdict").className === "passed"`),
		poll(`!document.getElementById("lesson-next").hidden`),
		shot("lesson-panel"),
	))
	verdict, err := chromedp.Run(ctx, chromedp.TextContent(css(`#lesson-verdict`)))
	require.NoError(t, err)
	assert.Contains(t, verdict, p.Message(msg.WebLessonPassed()), "the result read from the panel")
	said, err := chromedp.Run(ctx, chromedp.TextContent(css(`#say`)))
	require.NoError(t, err)
	assert.Contains(t, said, p.Message(msg.WebLessonPassed()), "and said to a screen reader")

	// The game is back. A hint, one move at a time, followed by keyboard.
	id := onlySession(t, srv)
	layRack(t, srv, id, "r10 r11 r12 k5")
	require.NoError(t, chromedp.Do(ctx,
		key(`[data-cmd=reset]`), chromedp.WaitVisible(css(rack("r10"))),
		poll(`document.querySelectorAll("#rack .tile").length === 4`),
	))
	tabs, err := chromedp.Run(ctx, chromedp.Evaluate[int](tabStops))
	require.NoError(t, err)
	t.Logf("%s: %d Tab stops at a new game", lang, tabs)
	assert.LessOrEqual(t, tabs, 25, "Tab stops at a new game")
	require.NoError(t, chromedp.Do(ctx,
		key(`[data-cmd=hint]`),
		poll(`document.querySelectorAll("#rack .tile.hinted").length > 0 && document.querySelector("#newset.hinted, #table .set.hinted") !== null`),
		poll(`document.getElementById("say").textContent !== ""`),
		shot("hint"),
	))
	for range 3 {
		hinted, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#rack .tile.hinted") || {}).getAttribute ? document.querySelector("#rack .tile.hinted").getAttribute("aria-label") : ""`))
		require.NoError(t, err)
		if hinted == "" {
			break
		}
		target, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#newset.hinted") ? "#newset" : "#table .set.hinted .label"`))
		require.NoError(t, err)
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#rack .tile").length`))
		require.NoError(t, err)
		require.NoError(t, chromedp.Do(ctx,
			key(`#rack button[aria-label="`+hinted+`"]`), key(target),
			poll(`document.querySelectorAll("#rack .tile").length === `+itoa(int64(n-1))),
			key(`[data-cmd=hint]`),
			poll(`document.getElementById("say").textContent !== ""`),
		))
	}
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.querySelectorAll("#table .tile").length >= 3`),
		key(`[data-cmd=done]`),
		poll(`document.getElementById("error").textContent === "" && document.querySelectorAll("#turns li").length >= 1`),
	))

	// The clock: on from the page; its time runs out (the sessions' clock
	// moved by the test); the next press says the penalty on the table.
	require.NoError(t, chromedp.Do(ctx,
		key(`#timer`),
		poll(`!document.getElementById("clock").hidden`),
	))
	before, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#rack .tile").length`))
	require.NoError(t, err)
	clock.Add(10 * time.Minute)
	require.NoError(t, chromedp.Do(ctx,
		key(`[data-cmd=hint]`),
		poll(`document.getElementById("say").textContent.includes(`+quoteJS(firstWords(p.Message(msg.WebTimeUpYou(""))))+`)`),
		poll(`document.querySelectorAll("#rack .tile").length > `+itoa(int64(before))),
		key(`#timer`),
		poll(`document.getElementById("clock").hidden`),
	))

	// A 2-round match: draw until the round ends, then the score screen.
	for round := 1; round <= 2; round++ {
		draws := 0
		for ; draws < 300; draws++ {
			over, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("score").hidden`))
			require.NoError(t, err)
			if over {
				break
			}
			n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(document.getElementById("log").textContent.match(/> draw\n/g) || []).length`))
			require.NoError(t, err)
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Focus(css(`[data-cmd=draw]`)),
				enter,
				poll(`(document.getElementById("log").textContent.match(/> draw\n/g) || []).length === `+itoa(int64(n+1))+
					` && !document.getElementById("log").textContent.endsWith("> draw\n")`),
			))
		}
		t.Logf("%s: round %d over after %d draws", lang, round, draws)
		require.NoError(t, chromedp.Do(ctx,
			poll(`!document.getElementById("score").hidden && document.querySelectorAll("#score tbody tr").length === 2`),
			poll(`document.getElementById("score-h").textContent.includes("`+itoa(int64(round))+`")`),
		))
		checkPage(t, ctx, lang, "score")
		if round == 1 {
			require.NoError(t, chromedp.Do(ctx,
				shot("score"),
				key(`#next-round`),
				poll(`document.getElementById("score").hidden && document.querySelectorAll("#rack .tile").length >= 14`),
			))
		}
	}
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.getElementById("next-round").hidden && document.getElementById("match-over").textContent !== ""`),
		key(`#score-new`),
		poll(`document.getElementById("score").hidden && document.querySelectorAll("#rack .tile").length === 14`),
	))
	// A link opens a lesson directly.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(page0(srv, ctx)+"/?lang="+lang+"&lesson=9"),
		poll(`!document.getElementById("lesson-panel").hidden && document.getElementById("lesson-h").textContent.includes("9")`),
	))
}

// tabStops counts the page's Tab stops: what Tab reaches, in sight.
const tabStops = `[...document.querySelectorAll("a[href], button, input, select, summary, [tabindex]")]
	.filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0 && !e.closest("details:not([open]) > :not(summary)")).length`

// checkPage checks the page's visible text (not the folded log) and its
// contrast: no command, no English seat or bot, the book's words; every
// text at 4.5:1 against the background it stands on.
func checkPage(t *testing.T, ctx context.Context, lang, where string) {
	t.Helper()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	require.NoError(t, err)
	assert.Empty(t, noCommand.FindAllString(text, -1), "%s, %s: the page shows a command or an English name:\n%s", lang, where, text)
	for _, w := range bookWords[lang].want {
		assert.Contains(t, text, w, "%s, %s", lang, where)
	}
	for _, w := range bookWords[lang].not {
		assert.NotContains(t, text, w, "%s, %s", lang, where)
	}
	bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](contrastCheck))
	require.NoError(t, err)
	assert.Empty(t, bad, "%s, %s: texts below 4.5:1", lang, where)
	bad, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](roleCheck))
	require.NoError(t, err)
	assert.Empty(t, bad, "%s, %s: role faults", lang, where)
}

// roleCheck lists role faults: a button with no name, a tile made a
// toggle (aria-pressed), a live region that would read the log, an
// image with no text.
const roleCheck = `(() => {
  const out = [];
  for (const b of document.querySelectorAll("button, summary")) {
    if (b.getClientRects().length && !(b.getAttribute("aria-label") || b.textContent).trim()) out.push("a button with no name: " + b.outerHTML.slice(0, 60));
  }
  for (const e of document.querySelectorAll("[aria-pressed]")) out.push("a toggle: " + e.outerHTML.slice(0, 60));
  for (const e of document.querySelectorAll("[aria-live]:not([aria-live=off]), [role=status], [role=alert]")) {
    if (e.closest("#logbox") || e.querySelector("#log")) out.push("the log is live");
  }
  if (!document.querySelector("[role=status][aria-live=polite]")) out.push("no live region for verdicts");
  if (!document.querySelector("a.skip[href='#rack']")) out.push("no skip link to the rack");
  return out;
})()`

// contrastCheck lists the visible texts whose colour is below 4.5:1
// against the first opaque background behind them (WCAG 2.2's formula).
const contrastCheck = `(() => {
  const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bg = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor); if (c.length === 3 || c[3] > 0.9) return c; } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.getClientRects().length || el.closest("details:not([open]) > :not(summary)")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || el.disabled) continue;
    const a = lum(rgb(s.color)), b = lum(bg(el));
    const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (r < 4.5) out.push(el.tagName + "." + el.className + " " + el.textContent.trim().slice(0, 20) + " " + r.toFixed(2));
  }
  return out;
})()`

func onlySession(t *testing.T, srv *Server) string {
	t.Helper()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	require.Len(t, srv.sessions, 1)
	for k := range srv.sessions {
		return k
	}
	return ""
}

// page0 is the page's origin, as the browser has it.
func page0(_ *Server, ctx context.Context) string {
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.origin`))
	if err != nil {
		return ""
	}
	return origin
}

// firstWords is a message's text before its first argument: what it says
// whatever the tiles.
func firstWords(s string) string {
	for i, r := range s {
		if r == ':' || r == '{' {
			return s[:i]
		}
	}
	return s
}

func quoteJS(s string) string { return "`" + s + "`" }

// shootAt writes a screenshot at width x height into -screenshots, when
// it is set.
func shootAt(name string, width, height int64) step { return shootOne(name, width, height) }

// TestBrowserSixteenSets: late in a round, 16 sets on the table, the page
// still has at most 30 Tab stops, and on a 768x1024 tablet the table, New
// set and the rack fit one screen (no drop target off it).
func TestBrowserSixteenSets(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish}, "/?seed=7&players=2")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(768, 1024),
		poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	id := onlySession(t, srv)
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	se.mu.Lock()
	table := ""
	for n := 1; n <= 13; n++ {
		table += fmt.Sprintf("[k%d r%d b%d] ", n, n, n)
	}
	table += "[o1 o2 o3] [o4 o5 o6] [o7 o8 o9]"
	for _, line := range []string{"setup rack 2 k1 k2 k3", "setup rack o10 o11 o12 o13", "setup table " + table} {
		_, err := se.s.Run(context.Background(), line)
		require.NoError(t, err, line)
	}
	se.mu.Unlock()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#table .set").length === 16 && document.querySelectorAll("#rack .tile").length === 4`),
		shootAt("sixteen-sets-es", 768, 1024),
	))
	tabs, err := chromedp.Run(ctx, chromedp.Evaluate[int](tabStops))
	require.NoError(t, err)
	t.Logf("16 sets: %d Tab stops", tabs)
	assert.LessOrEqual(t, tabs, 30, "Tab stops with 16 sets")
	span, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById("rack").getBoundingClientRect().bottom - document.getElementById("table").getBoundingClientRect().top`))
	require.NoError(t, err)
	t.Logf("16 sets: the table's top to the rack's bottom, %.0f px", span)
	assert.LessOrEqual(t, span, 1024.0, "the table, New set and the rack on one screen")
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 740)))
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	require.NoError(t, err)
	assert.LessOrEqual(t, wide, 360, "no sideways scroll on a 360 px phone")
}

// TestRoundToItsScores: a page that only draws plays a 2-round match to
// its end: each round's scores come as values (who went out, each rack,
// the points), Next round deals the second, and the seats are named in
// the learner's words.
func TestRoundToItsScores(t *testing.T) {
	_, hs := newServer(t, Config{})
	code, r := post(t, hs, "/api/session", openRequest{Lang: "es", Seed: 7, Players: 2})
	require.Equal(t, http.StatusOK, code, r.Error)
	id := r.ID
	require.Len(t, r.State.Players, 2)
	assert.Equal(t, "tú", r.State.Players[0].Name)
	assert.Equal(t, "Robot 1", r.State.Players[1].Name, "a bot named in the learner's language")
	assert.Equal(t, 2, r.State.Rounds)
	for round := 1; round <= 2; round++ {
		st := r.State
		for range 300 {
			if st.RoundOver {
				break
			}
			st = do(t, hs, id, draw).State
		}
		require.True(t, st.RoundOver)
		require.NotNil(t, st.Round, "the score screen's values")
		assert.Equal(t, []string{"tú", "Robot 1"}, st.Round.Names)
		assert.Len(t, st.Round.Racks, 2)
		assert.Len(t, st.Round.Score, 2)
		assert.Equal(t, round, st.RoundN)
		assert.Equal(t, round == 2, st.Round.Match)
		if round == 1 {
			r = do(t, hs, id, command.Wire{Do: "next"})
			assert.Nil(t, r.State.Round, "the next round is dealt")
			assert.Equal(t, 2, r.State.RoundN)
		}
	}
}

// TestLessonByCommand: a lesson started by a typed command comes with the
// course; a move it refuses and the one that passes it come back as
// verdicts, the lesson's own words apart from the terminal's.
func TestLessonByCommand(t *testing.T) {
	_, hs := newServer(t, Config{
		Options: func(dir string) repl.Options { return repl.Options{Lua: luahost.New(dir), HintTime: 2 * time.Second} },
		Close:   func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	})
	o := open(t, hs, "es")
	require.NotEmpty(t, o.Lessons, "the course, with the lessons passed")
	r := do(t, hs, o.ID, command.Wire{Do: "lesson", N: 1})
	require.NotNil(t, r.State.Lesson)
	assert.Equal(t, 1, r.State.Lesson.N)
	assert.NotEmpty(t, r.State.Lesson.Intro)
	r = do(t, hs, o.ID, draw)
	require.NotNil(t, r.Verdict, "a shortcut refused")
	assert.False(t, r.Verdict.Passed)
	assert.Contains(t, r.Verdict.Words, "válido")
	r = do(t, hs, o.ID, command.Wire{Do: "hint"})
	require.NotNil(t, r.Hint)
	assert.NotEmpty(t, r.Hint.Lesson, "the lesson's own hint first")
	do(t, hs, o.ID, put(0, "r7", "r8", "r9"))
	r = do(t, hs, o.ID, put(0, "k5", "b5", "o5"))
	assert.Equal(t, &repl.MeldState{Points: 39, Need: 30}, r.State.Meld)
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.True(t, r.Verdict.Passed)
	assert.Nil(t, r.State.Lesson, "the game is back")
	require.NotEmpty(t, r.Lessons)
	assert.True(t, r.Lessons[0].Passed)
}

// TestTwistLessonsByCommand: the Twist lessons by the page's commands, in
// French: a special joker put where the page drops it (before a tile of
// the set), the double joker counted 3 + 4 in the initial meld, the mirror
// set refused in its wrong order and the colour-change joker refused in a
// group, each lesson passed by its sheet's example.
func TestTwistLessonsByCommand(t *testing.T) {
	_, hs := newServer(t, Config{
		Options: func(dir string) repl.Options { return repl.Options{Lua: luahost.New(dir), HintTime: 2 * time.Second} },
		Close:   func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	})
	o := open(t, hs, "fr")
	reset := command.Wire{Do: "restart-turn"}
	before := func(set, pos int, tiles ...string) command.Wire {
		return command.Wire{Do: "put", Tiles: tiles, To: &command.Ref{Set: set, Pos: pos}}
	}
	table := func(r answer) []string {
		out := make([]string, len(r.State.Table))
		for i, s := range r.State.Table {
			out[i] = strings.Join(s, " ")
		}
		return out
	}

	r := do(t, hs, o.ID, command.Wire{Do: "lesson", N: 15})
	require.NotNil(t, r.State.Lesson)
	assert.Equal(t, "Le joker double", r.State.Lesson.Title)
	do(t, hs, o.ID, put(0, "r2", "r5"))
	r = do(t, hs, o.ID, before(1, 2, "JD"))
	assert.Equal(t, []string{"r2 JD r5"}, table(r), "JD goes before r5, where it was dropped")
	r = do(t, hs, o.ID, put(0, "k6", "b6", "o6"))
	assert.Equal(t, &repl.MeldState{Points: 32, Need: 30}, r.State.Meld)
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.True(t, r.Verdict.Passed, r.Verdict.Words)

	r = do(t, hs, o.ID, command.Wire{Do: "lesson", N: 16})
	require.NotNil(t, r.State.Lesson)
	do(t, hs, o.ID, put(0, "r2", "r3", "JM", "r2", "r3"))
	r = do(t, hs, o.ID, put(0, "k11", "k12", "k13"))
	assert.Equal(t, []string{"r2 r3 JM r2 r3", "k11 k12 k13"}, table(r), "as laid, not sorted")
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.False(t, r.Verdict.Passed)
	assert.Equal(t, "combinaison 1 [r2 r3 JM r2 r3] n'est pas une combinaison valable : r2 et r3 se font face de part et d'autre du joker miroir, et chaque côté doit répéter l'autre", r.Verdict.Words)
	do(t, hs, o.ID, reset)
	do(t, hs, o.ID, put(0, "r2", "r3", "JM", "r3", "r2"))
	do(t, hs, o.ID, put(0, "k11", "k12", "k13"))
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.True(t, r.Verdict.Passed, r.Verdict.Words)

	r = do(t, hs, o.ID, command.Wire{Do: "lesson", N: 17})
	require.NotNil(t, r.State.Lesson)
	r = do(t, hs, o.ID, put(0, "k5", "o5", "JC"))
	assert.Equal(t, []string{"", "pas une série : le joker changement de couleur ne va que dans une suite"}, r.State.Why)
	do(t, hs, o.ID, reset)
	do(t, hs, o.ID, put(0, "r3", "r4", "b6", "b7"))
	r = do(t, hs, o.ID, before(2, 3, "JC"))
	assert.Equal(t, []string{"b8 b9 b10", "r3 r4 JC b6 b7"}, table(r))
	r = do(t, hs, o.ID, done)
	require.NotNil(t, r.Verdict)
	assert.True(t, r.Verdict.Passed, r.Verdict.Words)
	passed := map[int]bool{}
	for _, l := range r.Lessons {
		passed[l.N] = l.Passed
	}
	assert.Equal(t, map[int]bool{15: true, 16: true, 17: true}, map[int]bool{15: passed[15], 16: passed[16], 17: passed[17]})
}
