package web

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
)

// centre is the middle of the element sel in the viewport (CSS pixels);
// scroll first brings it into view.
func centre(ctx context.Context, t *testing.T, sel string, scroll bool) (x, y float64) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (%t) e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel, scroll)
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
	require.NoError(t, err, sel)
	require.Len(t, v, 2)
	return v[0], v[1]
}

// pointer is what drags: the mouse or a finger.
type pointer int

const (
	mouse pointer = iota
	finger
)

// dragTo drags the element from onto the element to, with the mouse or a
// finger, in small steps as a hand does: press, move, let go.
func dragTo(ctx context.Context, t *testing.T, by pointer, from, to string) {
	t.Helper()
	x1, y1 := centre(ctx, t, from, true)
	x2, y2 := centre(ctx, t, to, false)
	held := func(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }
	const n = 8
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		at := func(i int) (float64, float64) {
			return x1 + (x2-x1)*float64(i)/n, y1 + (y2-y1)*float64(i)/n
		}
		touch := func(typ input.DispatchTouchEventType, x, y float64) error {
			pts := []*input.TouchPoint{}
			if typ != input.DispatchTouchEventTypeTouchEnd {
				pts = append(pts, &input.TouchPoint{X: x, Y: y})
			}
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		}
		if by == finger {
			if err := touch(input.DispatchTouchEventTypeTouchStart, x1, y1); err != nil {
				return err
			}
			for i := 1; i <= n; i++ {
				x, y := at(i)
				if err := touch(input.DispatchTouchEventTypeTouchMove, x, y); err != nil {
					return err
				}
			}
			return touch(input.DispatchTouchEventTypeTouchEnd, x2, y2)
		}
		steps := []chromedp.Action[chromedp.Void]{
			chromedp.MouseEvent(chromedp.MouseMoved, x1, y1),
			chromedp.MouseEvent(chromedp.MousePressed, x1, y1, held, chromedp.ClickCount(1)),
		}
		for i := 1; i <= n; i++ {
			x, y := at(i)
			steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x, y, held))
		}
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x2, y2, chromedp.ButtonLeft, chromedp.ClickCount(1)))
		_, err := chromedp.Steps(steps...)(ctx, tg)
		return err
	}))
	require.NoError(t, err, "drag %s to %s", from, to)
}

// TestBrowserDrag makes a legal play by dragging tiles with the mouse and
// commits it, then, on a touch screen 360 px wide, drags tiles with a
// finger: to a new set, onto a set, from a set back to the rack, and
// commits again. The
// page sees the finger as a touch pointer (Pointer Events), not a mouse.
func TestBrowserDrag(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	srv, ctx := page(t, Config{Lang: i18n.Spanish, Options: func(string) repl.Options { return repl.Options{HintTime: 2 * time.Second} }}, "/?seed=7")
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 14`)))
	var id string
	srv.mu.Lock()
	for k := range srv.sessions {
		id = k
	}
	srv.mu.Unlock()
	rack := func(name string) string { return `#rack button[aria-label="` + name + `"]` }

	// A valid run worth too little to open with: the refusal stands
	// beside the set it concerns, in Spanish, not only under the buttons.
	layRack(t, srv, id, "r1 r2 r3 k5")
	// The deal's rack holds an r1 too: wait for the rack laid out (4
	// tiles), or the drag starts from where r1 stood before the redraw.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css(`[data-cmd=reset]`)), poll(`document.querySelectorAll("#rack .tile").length === 4`)))
	dragTo(ctx, t, mouse, rack("1 roja"), `#newset`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#table", "1 roja"))))
	dragTo(ctx, t, mouse, rack("2 roja"), `#table .set`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#table", "2 roja"))))
	dragTo(ctx, t, mouse, rack("3 roja"), `#table .set`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.WaitVisible(tile("#table", "3 roja")),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.getElementById("error").textContent !== ""`),
	))
	beside, err := chromedp.Run(ctx, chromedp.TextContent(css(`#table .set .why`)))
	require.NoError(t, err)
	under, err := chromedp.Run(ctx, chromedp.TextContent(css(`#error`)))
	require.NoError(t, err)
	require.Equal(t, "✗ "+under, beside)
	require.Contains(t, beside, "la bajada inicial vale 6 puntos")
	require.NoError(t, chromedp.Do(ctx, shoot("refusal-opening"), chromedp.Click(css(`[data-cmd=reset]`)), poll(`document.querySelectorAll("#table .tile").length === 0`)))

	lay(t, srv, id)
	_, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`window.kinds = new Set(); document.addEventListener("pointerdown", (e) => kinds.add(e.pointerType), true); true`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css(`[data-cmd=reset]`)), chromedp.WaitVisible(tile("#rack", "10 roja"))))

	// By mouse: r10 to a new set, r11 and r12 onto it, then Done.
	dragTo(ctx, t, mouse, rack("10 roja"), `#newset`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#table", "10 roja"))))
	dragTo(ctx, t, mouse, rack("11 roja"), `#table .set`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#table", "11 roja"))))
	dragTo(ctx, t, mouse, rack("12 roja"), `#table .set .label`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.WaitVisible(tile("#table", "12 roja")),
		poll(`document.querySelector("#table .set").getAttribute("aria-label") === "Combinación 1: 10 roja, 11 roja, 12 roja"`),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`document.getElementById("log").textContent.includes("> done") && document.querySelectorAll("#turns li").length >= 1`),
	))
	errText, err := chromedp.Run(ctx, chromedp.TextContent(css(`#error`)))
	require.NoError(t, err)
	require.Empty(t, errText)

	// By finger on a phone's 360 px, the same play again on a rack laid
	// out again (the page has no whole-turn undo), and a tile taken back.
	layRack(t, srv, id, "b10 b11 b12 k5")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(360, 800),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
			return err
		}),
		chromedp.Click(css(`[data-cmd=reset]`)),
		poll(`document.querySelectorAll("#rack .tile").length === 4`),
	))
	sets, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#table .set").length`))
	require.NoError(t, err)
	mine := `#table .set:nth-child(` + itoa(int64(sets+1)) + `)`
	dragTo(ctx, t, finger, rack("12 azul"), `#newset`)
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 3`)))
	dragTo(ctx, t, finger, rack("5 negra"), mine)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#table", "5 negra"))))
	// k5 back to the rack, by finger.
	dragTo(ctx, t, finger, mine+` button[aria-label="5 negra"]`, `#rack`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(tile("#rack", "5 negra"))))
	// r10 and r11 dropped on r12: before it (SET:POS), making r10 r11 r12.
	dragTo(ctx, t, finger, rack("10 azul"), mine+` button[aria-label="12 azul"]`)
	require.NoError(t, chromedp.Do(ctx, poll(`document.querySelectorAll("#rack .tile").length === 2`)))
	dragTo(ctx, t, finger, rack("11 azul"), mine+` button[aria-label="12 azul"]`)
	require.NoError(t, chromedp.Do(ctx,
		poll(`document.querySelector("`+mine+`").getAttribute("aria-label").endsWith(": 10 azul, 11 azul, 12 azul")`),
		chromedp.Click(css(`[data-cmd=done]`)),
		poll(`(document.getElementById("log").textContent.match(/> done\n/g) || []).length === 3`),
	))
	errText, err = chromedp.Run(ctx, chromedp.TextContent(css(`#error`)))
	require.NoError(t, err)
	require.Empty(t, errText)
	kinds, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...kinds].sort()`))
	require.NoError(t, err)
	require.Equal(t, []string{"mouse", "touch"}, kinds, "the page saw a mouse and a finger")
}
