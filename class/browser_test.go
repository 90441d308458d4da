package class_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// findChromium is the Chromium to drive; the test is skipped, saying
// why, on a machine without one (.ci/run installs it).
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium here (apt-get install chromium, as .ci/run does): the class's browser test is skipped; its HTTP tests ran")
	return ""
}

// tabs starts one Chromium; each tab it opens is a device of its own
// (its own cookies and storage), at a size, with touch.
type tabs struct {
	t       *testing.T
	browser context.Context
}

func newTabs(t *testing.T) *tabs {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(findChromium(t)), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	// The first context starts the browser; the tabs are its children.
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	return &tabs{t: t, browser: ctx}
}

// open opens url on a new device width x height; the context bounds a
// stuck browser (not a measure).
func (b *tabs) open(url string, width, height int64) context.Context {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.browser, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	require.NoError(b.t, chromedp.Do(ctx, chromedp.EmulateViewport(width, height, chromedp.EmulateTouch), chromedp.Navigate(url)))
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	b.t.Cleanup(cancel)
	return ctx
}

// until waits for a JavaScript condition on the page; a page that
// navigates meanwhile (the join page going to the table) is polled again,
// and a condition that throws is false for now: the new page may still be
// parsing, its element not there yet (getElementById gives null).
func until(js string) chromedp.Action[chromedp.Void] {
	js = "(() => { try { return !!(" + js + ") } catch (e) { return false } })()"
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		var err error
		for range 20 { // -32000: the page went away under the poll
			_, err = chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))(ctx, t)
			if err == nil || !strings.Contains(err.Error(), "(-32000)") {
				break
			}
		}
		if err != nil {
			err = fmt.Errorf("waiting for %s: %w", js, err)
		}
		return chromedp.Void{}, err
	}
}

// rackTile and tableTile are a tile's button by its spoken name.
func rackTile(name string) chromedp.CSS {
	return chromedp.CSS(`#rack button[aria-label="` + name + `"]`)
}
func tableTile(name string) chromedp.CSS {
	return chromedp.CSS(`#table button[aria-label="` + name + `"]`)
}

// screenshots is where snap writes, for the docs (docs/class.md).
var screenshots = flag.String("screenshots", "", "a directory to write the browser test's screenshots into")

// snap writes a screenshot into -screenshots, when set.
func snap(name string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		dir := *screenshots
		if dir == "" {
			return chromedp.Void{}, nil
		}
		img, err := chromedp.FullScreenshot(85)(ctx, t)
		if err != nil {
			return chromedp.Void{}, err
		}
		return chromedp.Void{}, os.WriteFile(filepath.Join(dir, name+".jpg"), img, 0o644)
	}
}

// TestBrowserClass runs a class in Chromium: the teacher's page at
// 1024x768 and six pupils' tablets at 768x1024 with touch. The pupils
// join with the code; the teacher sends everyone to lesson 1; Ana passes
// it by touch, Ben and Cleo try the shortcut (a draw) and are refused;
// the server is stopped and started again on the same directory and
// address; Ana comes back on a new tablet with her name and finds lesson
// 1 passed; the teacher's grid, refusal counts and CSV say exactly that.
func TestBrowserClass(t *testing.T) {
	b := newTabs(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	dir := t.TempDir()
	r := serveClass(t, dir)
	url, addr := r.hs.URL, r.hs.Listener.Addr().String()
	ctx := context.Background()
	s, err := r.db.Settings(ctx)
	require.NoError(t, err)

	tc := b.open(url+"/teacher", 1024, 768)
	require.NoError(t, chromedp.Do(tc,
		chromedp.SendKeys(chromedp.CSS(`#tcode`), s.TeacherCode),
		chromedp.Click(chromedp.CSS(`#login button`)),
		until(`!document.getElementById("view").hidden`),
	))

	names := []string{"Ana", "Ben", "Cleo", "Dani", "Eli", "Fran"}
	pupil := map[string]context.Context{}
	for _, name := range names {
		p := b.open(url+"/join.html?code="+s.JoinCode, 768, 1024)
		if name == "Ana" {
			require.NoError(t, chromedp.Do(p, snap("class-join-768")))
		}
		require.NoError(t, chromedp.Do(p,
			chromedp.SendKeys(chromedp.CSS(`#name`), name),
			chromedp.Click(chromedp.CSS(`#go`)),
			until(`location.pathname === "/" && document.querySelectorAll("#rack .tile").length === 14`),
			until(`document.getElementById("title").textContent.endsWith("`+name+`")`),
		))
		pupil[name] = p
	}
	// Everyone to lesson 1, from the teacher's page; each tablet follows.
	require.NoError(t, chromedp.Do(tc,
		chromedp.SetValue(chromedp.CSS(`#s-lesson`), "1"),
		chromedp.Click(chromedp.CSS(`#settings button[type=submit]`)),
	))
	for _, name := range names {
		require.NoError(t, chromedp.Do(pupil[name], until(`document.getElementById("status").textContent.includes("initial meld")`)), name)
	}
	// Ana passes it by touch: [r7 r8 r9] and [k5 b5 o5].
	require.NoError(t, chromedp.Do(pupil["Ana"],
		chromedp.Click(rackTile("7 red")), chromedp.Click(chromedp.CSS(`#newset`)),
		chromedp.WaitVisible(tableTile("7 red")),
		chromedp.Click(rackTile("8 red")), chromedp.Click(chromedp.CSS(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tableTile("8 red")),
		chromedp.Click(rackTile("9 red")), chromedp.Click(chromedp.CSS(`#table .set:nth-child(2) .label`)),
		chromedp.WaitVisible(tableTile("9 red")),
		chromedp.Click(rackTile("5 black")), chromedp.Click(chromedp.CSS(`#newset`)),
		chromedp.WaitVisible(tableTile("5 black")),
		chromedp.Click(rackTile("5 blue")), chromedp.Click(chromedp.CSS(`#table .set:nth-child(3) .label`)),
		chromedp.WaitVisible(tableTile("5 blue")),
		chromedp.Click(rackTile("5 orange")), chromedp.Click(chromedp.CSS(`#table .set:nth-child(3) .label`)),
		chromedp.WaitVisible(tableTile("5 orange")),
		chromedp.Click(chromedp.CSS(`[data-cmd=done]`)),
		until(`document.getElementById("lesson-verdict").className === "passed"`),
	))
	// Ben draws twice, Cleo once: the lesson refuses the shortcut.
	for name, draws := range map[string]int{"Ben": 2, "Cleo": 1} {
		for k := range draws {
			require.NoError(t, chromedp.Do(pupil[name],
				chromedp.Click(chromedp.CSS(`#actions [data-cmd=draw], [data-cmd=draw]`)),
				until(fmt.Sprintf(`(document.getElementById("log").textContent.match(/> draw/g) || []).length === %d && document.getElementById("lesson-verdict").className === "notyet"`, k+1)),
			), name)
		}
	}

	// The server stops and starts again, on the same class and address.
	r.stop()
	serveClass(t, dir, addr) // stopped by its cleanup
	again := b.open(url+"/join.html?code="+s.JoinCode, 768, 1024)
	require.NoError(t, chromedp.Do(again,
		chromedp.SendKeys(chromedp.CSS(`#name`), "ana"),
		chromedp.Click(chromedp.CSS(`#go`)),
		until(`location.pathname === "/" && document.querySelectorAll("#rack .tile").length > 0`),
		chromedp.Click(chromedp.CSS(`#lessons summary`)),
		until(`[...document.querySelectorAll("#lesson-list button")].some((b) => b.textContent.startsWith("1.") && b.textContent.includes("✓"))`),
	))

	// The teacher's page, polling on through the restart, shows it all.
	want := map[string][]string{"Ana": {"✓ 1"}, "Ben": {"2"}, "Cleo": {"1"}, "Dani": {"0"}, "Eli": {"0"}, "Fran": {"0"}}
	require.NoError(t, chromedp.Do(tc,
		until(`document.querySelectorAll("#grid tr").length === 7 && document.querySelector("#refusals li") !== null && document.querySelector("#refusals li").textContent.endsWith("(3)")`),
		snap("class-teacher-1024"),
	))
	for name, cells := range want {
		got, err := chromedp.Run(tc, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#grid tr")].find((tr) => tr.firstChild.textContent.startsWith("`+name+`")).querySelectorAll("td").values().take(1).map((td) => td.textContent).toArray()`))
		require.NoError(t, err)
		assert.Equal(t, cells, got, name)
	}
	refusals, err := chromedp.Run(tc, chromedp.Evaluate[int](`document.querySelectorAll("#refusals li").length`))
	require.NoError(t, err)
	assert.Equal(t, 1, refusals, "one rule refused: the draw in lesson 1")

	csv, err := chromedp.Run(tc, chromedp.Evaluate[string](`fetch("/api/teacher/csv", {headers: {"X-Teacher-Code": `+"`"+s.TeacherCode+"`"+`}}).then((r) => r.text())`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(csv), "\n") {
		lines = append(lines, l[:strings.LastIndex(l, ",")]) // the seconds are the clock's
	}
	assert.Equal(t, []string{"pupil,lesson,passed,tries,hints", "Ana,1,true,1,0", "Ben,1,false,2,0", "Cleo,1,false,1,0", "Dani,1,false,0,0", "Eli,1,false,0,0", "Fran,1,false,0,0"}, lines)
	// Nothing without the code.
	res, err := http.Get(url + "/api/teacher/csv")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusForbidden, res.StatusCode)

	// Ben and Cleo play one game with a bot, each from their tablet.
	ben, cleo := b.open(url+"/join.html?code="+s.JoinCode, 768, 1024), b.open(url+"/join.html?code="+s.JoinCode, 768, 1024)
	for name, p := range map[string]context.Context{"Ben": ben, "Cleo": cleo} {
		require.NoError(t, chromedp.Do(p,
			chromedp.SendKeys(chromedp.CSS(`#name`), name),
			chromedp.Click(chromedp.CSS(`#go`)),
			until(`location.pathname === "/" && !document.getElementById("class-table").hidden`),
			chromedp.Click(chromedp.CSS(`#class-table summary`)),
		), name)
	}
	require.NoError(t, chromedp.Do(ben,
		chromedp.Click(chromedp.CSS(`#table-open`)),
		until(`/\d{4}/.test(document.getElementById("table-code").value)`),
	))
	code, err := chromedp.Run(ben, chromedp.Evaluate[string](`document.getElementById("table-code").value`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(cleo,
		chromedp.SetValue(chromedp.CSS(`#table-code`), code),
		chromedp.Click(chromedp.CSS(`#table-join`)),
		until(`document.getElementById("table-status").textContent.includes("Ben, Cleo")`),
	))
	require.NoError(t, chromedp.Do(ben,
		until(`!document.getElementById("table-start").hidden`),
		chromedp.Click(chromedp.CSS(`#table-start`)),
	))
	// Both see the game, each their own 14 tiles; the one to play draws,
	// and the other's page turns to their turn by itself.
	for name, p := range map[string]context.Context{"Ben": ben, "Cleo": cleo} {
		require.NoError(t, chromedp.Do(p, until(`document.querySelectorAll("#rack .tile").length === 14 && document.getElementById("seats").textContent.includes("Ben") && document.getElementById("seats").textContent.includes("Cleo")`)), name)
	}
	turn := `document.getElementById("turn").classList.contains("mine")`
	benFirst, err := chromedp.Run(ben, chromedp.Evaluate[bool](turn))
	require.NoError(t, err)
	first, second := ben, cleo
	if !benFirst {
		first, second = cleo, ben
	}
	require.NoError(t, chromedp.Do(first, until(turn)))
	require.NoError(t, chromedp.Do(second, until(`!`+turn)))
	require.NoError(t, chromedp.Do(first,
		chromedp.Click(chromedp.CSS(`[data-cmd=draw]`)),
		until(`!`+turn+` && document.querySelectorAll("#rack .tile").length === 15`),
	))
	require.NoError(t, chromedp.Do(second, until(turn+` && document.querySelectorAll("#rack .tile").length === 14`), snap("class-table-768")))
}

// TestBrowserClassPuzzle: on the teacher's page the teacher types a table
// and a rack and makes a class puzzle; the page says its grade and the
// best, the homework lists it, and a pupil's page deals it from the
// homework.
func TestBrowserClassPuzzle(t *testing.T) {
	b := newTabs(t)
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	r := serveClass(t, t.TempDir())
	s, err := r.db.Settings(context.Background())
	require.NoError(t, err)
	tc := b.open(r.hs.URL+"/teacher", 1024, 768)
	require.NoError(t, chromedp.Do(tc,
		chromedp.SendKeys(chromedp.CSS(`#tcode`), s.TeacherCode),
		chromedp.Click(chromedp.CSS(`#login button`)),
		until(`!document.getElementById("view").hidden`),
		chromedp.SendKeys(chromedp.CSS(`#p-table`), "[r4 r5 r6 r7 r8] [k8 b8 o8]"),
		chromedp.SendKeys(chromedp.CSS(`#p-rack`), "r6 r8 k1"),
		chromedp.Click(chromedp.CSS(`#make-puzzle button`)),
	))
	require.NoError(t, chromedp.Do(tc,
		until(`document.getElementById("p-made").textContent.includes("2 tiles")`),
		until(`document.getElementById("s-homework").value.length === 10`),
	))
	id, err := chromedp.Run(tc, chromedp.Evaluate[string](`document.getElementById("s-homework").value`))
	require.NoError(t, err)
	made, err := chromedp.Run(tc, chromedp.Evaluate[string](`document.getElementById("p-made").textContent`))
	require.NoError(t, err)
	assert.Contains(t, made, "Puzzle "+id)

	// a position with no play says why
	require.NoError(t, chromedp.Do(tc,
		chromedp.SetValue(chromedp.CSS(`#p-table`), "[r4 r5 r6]"),
		chromedp.SetValue(chromedp.CSS(`#p-rack`), "k1 o13"),
		chromedp.Click(chromedp.CSS(`#make-puzzle button`)),
		until(`document.getElementById("p-made").textContent.startsWith("no play places a tile")`),
	))

	pupil := b.open(r.hs.URL+"/join.html?code="+s.JoinCode, 768, 1024)
	require.NoError(t, chromedp.Do(pupil,
		chromedp.SendKeys(chromedp.CSS(`#name`), "Ana"),
		chromedp.Click(chromedp.CSS(`#go`)),
		until(`location.pathname === "/" && document.querySelectorAll("#rack .tile").length > 0`),
		until(`document.querySelector('[data-puzzle="`+id+`"]') !== null`),
		chromedp.Click(chromedp.CSS(`[data-puzzle="`+id+`"]`)),
		until(`document.querySelectorAll("#rack .tile").length === 3`),
	))
}
