package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
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
// undo and a hint. With MELDLAB_SCREENSHOTS set to a directory it writes
// screenshots of the table and the refusal at 1280 and 360 px there.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, err := New(Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{HintTime: 2 * time.Second} }})
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	defer func() { hs.Close(); srv.Close() }()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first run starts the browser, with no timeout (it would stop it).
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(hs.URL+"/?seed=7")))
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute) // a bound on a stuck browser, not a measure
	defer cancel()

	type step = chromedp.Action[chromedp.Void]
	shots := os.Getenv("MELDLAB_SCREENSHOTS")
	shoot := func(name string) step {
		return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			if shots == "" {
				return chromedp.Void{}, nil
			}
			for _, width := range []int64{1280, 360} {
				if _, err := chromedp.EmulateViewport(width, 900)(ctx, t); err != nil {
					return chromedp.Void{}, err
				}
				img, err := chromedp.FullScreenshot(85)(ctx, t)
				if err != nil {
					return chromedp.Void{}, err
				}
				if err := os.WriteFile(filepath.Join(shots, name+"-"+itoa(width)+".jpg"), img, 0o644); err != nil {
					return chromedp.Void{}, err
				}
			}
			return chromedp.EmulateViewport(1280, 900)(ctx, t)
		}
	}
	tile := func(where, name string) chromedp.CSS {
		return chromedp.CSS(where + ` button[aria-label="` + name + `"]`)
	}
	css := func(sel string) chromedp.CSS { return chromedp.CSS(sel) }
	poll := func(js string) step {
		return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))(ctx, t)
			return chromedp.Void{}, err
		}
	}
	enter, space := chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(" ")

	// Deal, then lay the learner's rack out on the server's side (setup is
	// not open to the page) and let the page fetch it again with reset.
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	require.Equal(t, 1, srv.Sessions())
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
		shoot("refusal"),
	))
	errText, err := chromedp.Run(ctx, chromedp.TextContent(css(`#error`)))
	require.NoError(t, err)
	require.Equal(t, "rechazada: combinación 1 [r10 r11 k5] no es una escalera: k5 es negra y la escalera es roja (sigue editando, reset, o draw para robar)", errText)

	// The legal play by the keyboard alone: k5 back to the rack, r12 in.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Focus(tile("#table", "5 negra")), enter,
		chromedp.Focus(tile("#rack", "12 roja")), enter, // on the rack: k5 goes back to it
		chromedp.WaitVisible(tile("#rack", "5 negra")),
		chromedp.Focus(tile("#rack", "12 roja")), space,
		chromedp.Focus(css(`#table .set .label`)), enter,
		chromedp.WaitVisible(tile("#table", "12 roja")),
		chromedp.Focus(css(`[data-cmd=done]`)), enter,
		poll(`document.getElementById("error").textContent === "" && document.getElementById("log").textContent.includes("> done")`),
		poll(`document.querySelectorAll("#turns li").length >= 1 && document.querySelector("#turns li").textContent.startsWith("you:")`),
		shoot("table"),
		// Undo gives the turn back; a hint answers.
		chromedp.Click(css(`[data-cmd=undo]`)),
		poll(`document.querySelectorAll("#table .tile").length === 0 && document.querySelectorAll("#rack .tile").length === 4`),
		// Split and join by the page's buttons.
		chromedp.Click(tile("#rack", "10 roja")), chromedp.Click(css(`#newset`)),
		chromedp.WaitVisible(tile("#table", "10 roja")),
		chromedp.Click(tile("#rack", "11 roja")), chromedp.Click(css(`#table .set .label`)),
		chromedp.WaitVisible(tile("#table", "11 roja")),
		chromedp.Click(tile("#table", "11 roja")),
		chromedp.Click(css(`#table .set .act`)), // split here
		poll(`document.querySelectorAll("#table .set").length === 2`),
		chromedp.Click(css(`#table .set:nth-child(2) .act`)), // join with the set before
		poll(`document.querySelectorAll("#table .set").length === 1 && document.querySelectorAll("#table .tile").length === 2`),
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#table .tile").length === 0`),
		chromedp.Click(css(`[data-cmd=hint]`)),
		poll(`document.getElementById("log").textContent.includes("> hint\n") && !document.getElementById("log").textContent.endsWith("> hint\n")`),
	))
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
