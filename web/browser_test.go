package web

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/luahost"
)

// chromium finds a Chromium to drive, or skips the test saying why.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium here (apt-get install chromium, as .ci/run does): the browser test is skipped; the server's tests ran without it")
	return ""
}

// TestBrowser plays in a real Chromium, as a learner does, in Spanish:
// an illegal play refused in words, a legal one by the keyboard alone,
// undo and a hint. With -screenshots DIR it writes screenshots of the
// table and the refusal at 1280 and 360 px there.
func TestBrowser(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{HintTime: 2 * time.Second} }}, "/?seed=7")

	enter, space := chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(" ")

	// Deal, then lay the learner's rack out on the server's side (setup is
	// not open to the page) and let the page fetch it again with reset.
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	require.Equal(t, 1, srv.Sessions())
	// The first load, as the browser counts it: every byte transferred.
	weight, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).reduce((n, e) => n + e.transferSize, 0)`))
	require.NoError(t, err)
	t.Logf("first load: %.0f bytes transferred", weight)
	require.Greater(t, weight, 10e3)
	require.LessOrEqual(t, weight, 300e3)
	var id string
	srv.mu.Lock()
	for k := range srv.sessions {
		id = k
	}
	srv.mu.Unlock()
	lay(t, srv, id)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`[data-cmd=reset]`)),
		chromedp.WaitVisible(tile("#rack", "10 roja")),
		// An illegal play, by mouse: r10 r11 k5 in a new set.
		chromedp.Click(tile("#rack", "10 roja")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "10 roja")),
		chromedp.Click(tile("#rack", "11 roja")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "11 roja")),
		chromedp.Click(tile("#rack", "5 negra")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "5 negra")),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.getElementById("error").textContent !== ""`),
		// The reason stands beside the set it concerns, too.
		poll(`document.querySelector("#table .set .why").textContent === "✗ no es una escalera: k5 es negra y la escalera es roja"`),
		shoot("refusal"),
	))
	errText, err := chromedp.Run(ctx, chromedp.TextContent(css(`#error`)))
	require.NoError(t, err)
	require.Equal(t, "combinación 1 [r10 r11 k5] no es una escalera: k5 es negra y la escalera es roja", errText, "the reason, and no command named")

	// The legal play by the keyboard alone: k5 back to the rack, r12 in.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Focus(tile("#table", "5 negra")), enter,
		chromedp.Focus(tile("#rack", "12 roja")), enter, // on the rack: k5 goes back to it
		chromedp.WaitVisible(tile("#rack", "5 negra")),
		chromedp.Focus(tile("#rack", "12 roja")), space,
		chromedp.Focus(css(`#table .set .label`)), enter,
		chromedp.WaitVisible(tile("#table", "12 roja")),
		// Undo takes back that one edit; the tile goes in again.
		chromedp.Click(css(`[data-cmd=undo]`)),
		chromedp.WaitVisible(tile("#rack", "12 roja")),
		poll(`document.querySelectorAll("#table .tile").length === 2`),
		chromedp.Click(tile("#rack", "12 roja")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "12 roja")),
		// Split and join by the page's buttons.
		chromedp.Click(tile("#table", "11 roja")),
		chromedp.Click(css(`#table .set .act`)), // split here
		poll(`document.querySelectorAll("#table .set").length === 2`),
		chromedp.Click(css(`#table .set:nth-child(2) .act`)), // join with the set before
		poll(`document.querySelectorAll("#table .set").length === 1 && document.querySelectorAll("#table .tile").length === 3`),
		// Start the turn again, then a hint: one move, highlighted.
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#table .tile").length === 0`),
		chromedp.Click(css(`[data-cmd=hint]`)),
		poll(`document.querySelectorAll("#rack .tile.hinted").length > 0`),
		chromedp.Click(tile("#rack", "10 roja")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "10 roja")),
		chromedp.Click(tile("#rack", "11 roja")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "11 roja")),
		chromedp.Click(tile("#rack", "12 roja")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "12 roja")),
		chromedp.Focus(css(`[data-cmd=done]`)), enter,
		poll(`document.getElementById("error").textContent === "" && document.getElementById("log").textContent.includes("> done")`),
		poll(`document.querySelectorAll("#turns li").length >= 1 && document.querySelector("#turns li").textContent.startsWith("tú:")`),
		shoot("table"),
		// Another language keeps the game and the tiles staged: k5 on the
		// table stays there, said in French.
		chromedp.Click(tile("#rack", "5 negra")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "5 negra")),
		chromedp.SetValue(css(`#lang`), "fr"),
		poll(`document.title === "meldlab : la table"`),
		chromedp.WaitVisible(tile("#table", "5 noire")),
		poll(`[...document.querySelectorAll("#table .set .why")].some((e) => e.textContent.startsWith("✗ "))`),
	))
	require.Equal(t, 1, srv.Sessions())
	srv.mu.Lock()
	_, same := srv.sessions[id]
	srv.mu.Unlock()
	require.True(t, same, "the same session goes on in French")
}

type step = chromedp.Action[chromedp.Void]

// tile is the tile button named name (as a screen reader says it) in where.
func tile(where, name string) chromedp.CSS {
	return chromedp.CSS(where + ` button[aria-label="` + name + `"]`)
}

func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// poll waits until a JavaScript condition holds on the page.
func poll(js string) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))(ctx, t)
		if err != nil {
			err = fmt.Errorf("waiting for %s: %w", js, err)
		}
		return chromedp.Void{}, err
	}
}

// browser starts Chromium on url; the context's end stops it.
// page starts a server of cfg and opens its page with query in Chromium;
// both are closed when the test ends.
func page(t *testing.T, cfg Config, query string) (*Server, context.Context) {
	t.Helper()
	srv, err := New(cfg)
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, browser(t, hs.URL+query)
}

func browser(t *testing.T, url string) context.Context {
	t.Helper()
	exe := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The first run starts the browser, with no timeout (it would stop it).
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute) // a bound on a stuck browser, not a measure
	t.Cleanup(cancel)
	pctx := ctx
	t.Cleanup(func() {
		// A failed test says what the page showed.
		if !t.Failed() {
			return
		}
		dctx, cancel := context.WithTimeout(context.WithoutCancel(pctx), 10*time.Second)
		defer cancel()
		if page, err := chromedp.Run(dctx, chromedp.Evaluate[string](`["status", "error", "table", "rack", "log"].map((k) => k + ": " + document.getElementById(k).innerText.slice(-1500)).join("\n")`)); err == nil {
			t.Logf("the page:\n%s", page)
		}
	})
	return ctx
}

// TestBrowserLessons passes lesson 1 by mouse and lesson 4 by the
// keyboard alone, in Spanish, with the REPL's Lua host and lessons.
func TestBrowserLessons(t *testing.T) {
	chromium(t)
	_, ctx := page(t, Config{Lang: i18n.Spanish,
		Options: func(dir string) repl.Options {
			return repl.Options{Lua: luahost.New(dir)}
		},
		Close: func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	}, "/?seed=7")
	enter := chromedp.KeyEvent(kb.Enter)
	// By the keyboard alone: Tab (or Shift+Tab) to the element, then Enter.
	key := func(sel chromedp.CSS) step { return chromedp.Steps(tabTo(string(sel)), enter) }
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.querySelectorAll("#rack .tile").length === 14`),
		// Lesson 1 by mouse: [r7 r8 r9] and [k5 b5 o5], 39 points.
		chromedp.Click(css(`#lessons summary`)),
		chromedp.Click(css(`#lessons [data-cmd="lesson next"]`)),
		poll(`document.getElementById("status").textContent.includes("bajada inicial")`),
		chromedp.Click(tile("#rack", "7 roja")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "7 roja")),
		chromedp.Click(tile("#rack", "8 roja")), chromedp.Click(css(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tile("#table", "8 roja")),
		chromedp.Click(tile("#rack", "9 roja")), chromedp.Click(css(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tile("#table", "9 roja")),
		chromedp.Click(tile("#rack", "5 negra")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "5 negra")),
		chromedp.Click(tile("#rack", "5 azul")), chromedp.Click(css(`#table .set:nth-child(3) .label`)),
		chromedp.WaitVisible(tile("#table", "5 azul")),
		chromedp.Click(tile("#rack", "5 naranja")), chromedp.Click(css(`#table .set:nth-child(3) .label`)),
		chromedp.WaitVisible(tile("#table", "5 naranja")),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.getElementById("log").textContent.includes("lección 1: ¡aprobada!")`),
		shoot("lesson"),
	))
	require.NoError(t, chromedp.Do(ctx,
		// Lesson 4 by the keyboard alone: b4 leaves the group for a run.
		poll(`document.getElementById("lessons").open`), tabTo(`#lesson-n`), chromedp.KeyEvent("4"), key(css(`#lesson-start`)),
		poll(`document.getElementById("status").textContent.includes("b3 b5 b6") || document.getElementById("log").textContent.includes("> lesson 4\n")`),
		chromedp.WaitVisible(tile("#table", "4 azul")),
		// b4 picked up by Enter, then Tab along the page's order to New
		// set, its focus visible, and Enter: the focus stays there.
		key(tile("#table", "4 azul")),
		tabTo(`#newset`),
		poll(`getComputedStyle(document.activeElement).outlineStyle === "solid"`),
		enter,
		poll(`document.querySelectorAll("#table .set").length === 2 && document.activeElement.id === "newset"`),
		// Another language in the middle of the lesson keeps it, and the
		// set staged: said in Italian, then in Spanish again.
		poll(`(window.lessonStatus = document.getElementById("status").textContent) !== ""`),
		chromedp.SetValue(css(`#lang`), "it"),
		chromedp.WaitVisible(tile("#table", "4 blu")),
		poll(`document.querySelectorAll("#table .set").length === 2 && document.documentElement.lang === "it" && document.querySelector("[data-cmd=back]").hidden === false && document.getElementById("status").textContent !== window.lessonStatus`),
		chromedp.SetValue(css(`#lang`), "es"),
		chromedp.WaitVisible(tile("#table", "4 azul")),
		poll(`document.querySelectorAll("#table .set").length === 2 && document.getElementById("status").textContent === window.lessonStatus`),
		key(tile("#rack", "3 azul")),
		// A screen reader hears what the set's button will do now.
		poll(`document.querySelector("#table .set:nth-child(2) .label").getAttribute("aria-label") === "Poner 3 azul en la combinación 2"`),
		key(css(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tile("#table", "3 azul")),
		key(tile("#rack", "5 azul")), key(css(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tile("#table", "5 azul")),
		key(tile("#rack", "6 azul")), key(css(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tile("#table", "6 azul")),
		key(css(`[data-cmd=done]`)),
		poll(`document.getElementById("log").textContent.includes("lección 4: ¡aprobada!")`),
	))
}

// tabTo presses Tab (or Shift+Tab, for an element before the focus), as
// a keyboard alone does, until the element sel has the focus: at most 80
// presses. An element inside the rack or a set (one Tab stop each, the
// arrow keys inside) is reached by Tab to its group, then arrow keys.
func tabTo(sel string) step {
	where := `(() => { const t = document.querySelector(` + strconv.Quote(sel) + `), a = document.activeElement;
		if (!t) return 2; if (t === a) return 0;
		const g = t.closest(".set, #rack");
		if (g && t.tabIndex < 0 && g.contains(a)) return 3;
		const stop = g && t.tabIndex < 0 ? [...g.querySelectorAll("button")].find((b) => b.tabIndex === 0) : t;
		if (stop === a) return 3;
		return (a.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING) ? 1 : -1; })()`
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		for range 80 {
			dir, err := chromedp.Evaluate[int](where)(ctx, t)
			if err != nil || dir == 0 {
				return chromedp.Void{}, err
			}
			key := kb.Tab
			var opts []chromedp.KeyOption
			switch dir {
			case 2:
				return chromedp.Void{}, fmt.Errorf("no %s on the page", sel)
			case 3:
				key = kb.ArrowRight
			case -1:
				opts = append(opts, chromedp.KeyModifiers(kb.ModifierShift))
			}
			if _, err := chromedp.KeyEvent(key, opts...)(ctx, t); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, fmt.Errorf("80 keys did not reach %s", sel)
	}
}

// screenshots is where the browser tests write their screenshots, for the
// docs (docs/screenshots): a flag, so that a plain go test writes nothing.
var screenshots = flag.String("screenshots", "", "a directory to write the browser tests' screenshots into")

// shoot writes screenshots at 1280 and 360 px into -screenshots, when it
// is set.
func shoot(name string) step {
	return chromedp.Steps(shootOne(name+"-1280", 1280, 900), shootOne(name+"-360", 360, 900), resize(1280, 900))
}

func resize(width, height int64) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if *screenshots == "" {
			return chromedp.Void{}, nil
		}
		return chromedp.EmulateViewport(width, height)(ctx, t)
	}
}

// shootOne writes one screenshot, width x height, as name.jpg into
// -screenshots, when it is set.
func shootOne(name string, width, height int64) step {
	shots := *screenshots
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if shots == "" {
			return chromedp.Void{}, nil
		}
		// The turns appear one by one: shoot when they all have.
		if _, err := poll(`document.getAnimations().every((a) => a.playState === "finished")`)(ctx, t); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := chromedp.EmulateViewport(width, height)(ctx, t); err != nil {
			return chromedp.Void{}, err
		}
		img, err := chromedp.FullScreenshot(85)(ctx, t)
		if err != nil {
			return chromedp.Void{}, err
		}
		return chromedp.Void{}, os.WriteFile(filepath.Join(shots, name+".jpg"), img, 0o644)
	}
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestBrowserGameToTheEnd plays a whole round against three bots from the
// page: the learner draws each turn, the bots play theirs, until the round
// ends.
func TestBrowserGameToTheEnd(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{} }}, "/?seed=7&players=4")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	var se *session
	srv.mu.Lock()
	for _, x := range srv.sessions {
		se = x
	}
	srv.mu.Unlock()
	require.NotNil(t, se)
	state := func() repl.State {
		se.mu.Lock()
		defer se.mu.Unlock()
		return se.s.State()
	}
	require.Len(t, state().Players, 4)
	turns := 0
	for ; turns < 400 && !state().RoundOver; turns++ {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(`[data-cmd=draw]`)),
			poll(`(document.getElementById("log").textContent.match(/> draw\n/g) || []).length === `+itoa(int64(turns+1))+
				` && !document.getElementById("log").textContent.endsWith("> draw\n")`),
		))
	}
	st := state()
	require.True(t, st.RoundOver, "the round ends within 400 draws")
	require.NotEmpty(t, st.Winners)
	t.Logf("the round ended after %d draws; winners %v", turns, st.Winners)
}
