package class_test

// The class mode end to end without a browser: web's server on a class
// database, pupils as HTTP clients with cookie jars, the teacher with the
// code; the server stopped and started again on the same directory.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/class"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/luahost"
	"github.com/meldlab/meldlab/web"
)

// room is a class served for a test.
type room struct {
	t   testing.TB
	db  *class.DB // nil: the table without a class
	srv *web.Server
	hs  *httptest.Server
}

// serveClass serves the class in dir (made if new), with the REPL's
// lessons, on addr when given (the address of a server stopped before, as
// a restart keeps it); the test's end stops it.
func serveClass(t testing.TB, dir string, addr ...string) *room {
	t.Helper()
	db, err := class.Open(dir, class.Options{Create: true, Exclusive: true})
	require.NoError(t, err)
	return serve(t, db, addr...)
}

// serve serves the table, in class mode when db is not nil.
func serve(t testing.TB, db *class.DB, addr ...string) *room {
	t.Helper()
	var cr web.Classroom
	if db != nil {
		cr = db
	}
	srv, err := web.New(web.Config{
		Class: cr, PerClient: 64, MaxSessions: 64,
		Options: func(dir string) repl.Options {
			return repl.Options{Lua: luahost.New(dir), HintTime: 2 * time.Second, BotTime: time.Second}
		},
		Close: func(o repl.Options) { o.Lua.(*luahost.Host).Close() },
	})
	require.NoError(t, err)
	hs := httptest.NewUnstartedServer(srv)
	if len(addr) > 0 {
		l, err := net.Listen("tcp", addr[0])
		require.NoError(t, err)
		hs.Listener.Close()
		hs.Listener = l
	}
	hs.Start()
	r := &room{t: t, db: db, srv: srv, hs: hs}
	t.Cleanup(r.stop)
	return r
}

// stop stops the server and closes the database, as Ctrl-C does.
func (r *room) stop() {
	if r.hs == nil {
		return
	}
	r.hs.Close()
	r.srv.Close()
	if r.db != nil {
		r.db.Close()
	}
	r.hs = nil
}

// answer is any of the API's replies, as the page reads them.
type answer struct {
	ID      string            `json:"id"`
	Error   string            `json:"error"`
	Join    bool              `json:"join"`
	Pupil   string            `json:"pupil"`
	State   *repl.State       `json:"state"`
	Verdict *repl.Verdict     `json:"verdict"`
	Lessons []repl.LessonItem `json:"lessons"`
	Hint    *struct {
		Lesson string `json:"lesson"`
	} `json:"hint"`
}

// client is a tablet: its own cookies, and the teacher code when set.
type client struct {
	t       testing.TB
	r       *room
	http    *http.Client
	teacher string
	id      string // the session
}

func (r *room) tablet() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: r.t, r: r, http: &http.Client{Jar: jar}}
}

// send sends a request and decodes the answer (into v when not nil).
func (c *client) send(method, path string, body any, v any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(c.t, err)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.r.hs.URL+path, rd)
	require.NoError(c.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.teacher != "" {
		req.Header.Set("X-Teacher-Code", c.teacher)
	}
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	if v != nil && len(data) > 0 && data[0] == '{' {
		require.NoError(c.t, json.Unmarshal(data, v), "%s", data)
	}
	return res.StatusCode
}

// join joins the class as name and opens the pupil's session.
func (c *client) join(name string) answer {
	c.t.Helper()
	s, err := c.r.db.Settings(context.Background())
	require.NoError(c.t, err)
	require.Equal(c.t, http.StatusOK, c.send("POST", "/api/class/join", map[string]string{"name": name, "code": s.JoinCode}, nil))
	var a answer
	require.Equal(c.t, http.StatusOK, c.send("POST", "/api/session", map[string]any{}, &a), a.Error)
	c.id = a.ID
	return a
}

// open opens a session on the table without a class.
func (c *client) open() {
	c.t.Helper()
	var a answer
	require.Equal(c.t, http.StatusOK, c.send("POST", "/api/session", map[string]any{}, &a), a.Error)
	c.id = a.ID
}

// do sends a typed command to the pupil's session.
func (c *client) do(w command.Wire) answer {
	c.t.Helper()
	var a answer
	require.Equal(c.t, http.StatusOK, c.send("POST", "/api/do", map[string]any{"id": c.id, "cmd": w}, &a), a.Error)
	require.NotNil(c.t, a.State)
	return a
}

func put(tiles ...string) command.Wire {
	return command.Wire{Do: "put", Tiles: tiles, To: &command.Ref{}}
}

// passLesson1 plays lesson 1 as a pupil who first tries a shortcut, asks
// for a hint, then lays [r7 r8 r9] and [k5 b5 o5].
func passLesson1(t testing.TB, c *client) {
	t.Helper()
	a := c.do(command.Wire{Do: "lesson", N: 1})
	require.NotNil(t, a.State.Lesson)
	a = c.do(command.Wire{Do: "draw"})
	require.NotNil(t, a.Verdict)
	require.False(t, a.Verdict.Passed)
	a = c.do(command.Wire{Do: "hint", Step: true})
	require.NotNil(t, a.Hint)
	c.do(put("r7", "r8", "r9"))
	c.do(put("k5", "b5", "o5"))
	a = c.do(command.Wire{Do: "done"})
	require.NotNil(t, a.Verdict)
	require.True(t, a.Verdict.Passed)
}

// report is the teacher's view, as the teacher's page reads it.
func (c *client) report() class.Report {
	c.t.Helper()
	var rep class.Report
	require.Equal(c.t, http.StatusOK, c.send("GET", "/api/teacher/report", nil, &rep))
	return rep
}

func teacher(t testing.TB, r *room) *client {
	s, err := r.db.Settings(context.Background())
	require.NoError(t, err)
	c := r.tablet()
	c.teacher = s.TeacherCode
	return c
}

// TestClassLasts: two pupils join, one passes lesson 1 and plays on in a
// game; the server stops and starts again; the pupil comes back on
// another tablet with the same name and has what they had; the teacher's
// grid, refusals and CSV are what they did.
func TestClassLasts(t *testing.T) {
	dir := t.TempDir()
	r := serveClass(t, dir)
	ana, ben := r.tablet(), r.tablet()
	a := ana.join("Ana")
	assert.Equal(t, "Ana", a.Pupil)
	ben.join("Ben")
	passLesson1(t, ana)
	a = ana.do(put(mustRack(t, ana)[0]))
	require.NotEmpty(t, a.State.Table)
	// A puzzle, answered by a draw: a rated attempt, failed.
	a = ana.do(command.Wire{Do: "puzzle"})
	require.NotNil(t, a.State.Puzzle)
	ana.do(command.Wire{Do: "draw"})
	// Ben refuses the shortcut twice and leaves the lesson.
	ben.do(command.Wire{Do: "lesson", N: 1})
	ben.do(command.Wire{Do: "draw"})
	ben.do(command.Wire{Do: "draw"})
	r.stop()

	r = serveClass(t, dir)
	again := r.tablet()
	a = again.join("ana")
	require.NotEmpty(t, a.Lessons)
	assert.True(t, a.Lessons[0].Passed, "lesson 1 is still passed")
	assert.Nil(t, a.State.Lesson)
	assert.True(t, a.State.Game, "the game in progress is back")

	tc := teacher(t, r)
	rep := tc.report()
	require.Len(t, rep.Pupils, 2)
	assert.Equal(t, []int{1}, rep.Lessons)
	assert.Equal(t, "Ana", rep.Pupils[0].Name)
	assert.Equal(t, [2]int{1, 0}, [2]int{rep.Pupils[0].PuzzlesTried, rep.Pupils[0].PuzzlesSolved}, "the puzzle tried, not solved")
	had, err := r.db.Resume(context.Background(), rep.Pupils[0].ID)
	require.NoError(t, err)
	assert.Contains(t, string(had.Puzzles), `"failed"`, "the puzzle store lasts")
	assert.Equal(t, []class.Cell{{Lesson: 1, Begun: true, Passed: true, Tries: 2, Hints: 1, Seconds: rep.Pupils[0].Cells[0].Seconds}}, rep.Pupils[0].Cells)
	assert.Equal(t, []class.Cell{{Lesson: 1, Begun: true, Tries: 2, Seconds: rep.Pupils[1].Cells[0].Seconds}}, rep.Pupils[1].Cells)
	require.Len(t, rep.Refusals, 1, "one rule refused, three times")
	assert.Equal(t, 3, rep.Refusals[0].Count)
	assert.Contains(t, rep.Refusals[0].Words, "draw")

	var csv bytes.Buffer
	require.NoError(t, r.db.CSV(context.Background(), &csv))
	assert.Regexp(t, `^pupil,lesson,passed,tries,hints,seconds\nAna,1,true,2,1,\d+\nBen,1,false,2,0,\d+\n$`, csv.String())
}

// mustRack is the pupil's rack now.
func mustRack(t testing.TB, c *client) []string {
	t.Helper()
	var a answer
	require.Equal(t, http.StatusOK, c.send("GET", "/api/state?id="+c.id, nil, &a), a.Error)
	require.NotEmpty(t, a.State.Rack)
	return a.State.Rack
}

// TestClassAuth: without the teacher code no route shows a pupil's data
// or changes the class; a pupil naming another pupil's session or data
// gets 403; without joining, 401.
func TestClassAuth(t *testing.T) {
	r := serveClass(t, t.TempDir())
	ana, ben := r.tablet(), r.tablet()
	ana.join("Ana")
	bid := ben.join("Ben").ID
	var me struct{ ID int64 }
	require.Equal(t, http.StatusOK, ben.send("GET", "/api/class/me", nil, &me))
	stranger := r.tablet()
	wrong := r.tablet()
	wrong.teacher = "12345678"

	tests := []struct {
		name   string
		who    *client
		method string
		path   string
		body   any
		want   int
	}{
		{"the report, no code", ana, "GET", "/api/teacher/report", nil, 403},
		{"the report, a wrong code", wrong, "GET", "/api/teacher/report", nil, 403},
		{"the CSV, no code", ana, "GET", "/api/teacher/csv", nil, 403},
		{"an assignment, no code", ana, "POST", "/api/teacher/settings", map[string]any{"lesson": 3}, 403},
		{"a rename, no code", ana, "POST", "/api/teacher/pupil", map[string]any{"id": me.ID, "name": "X"}, 403},
		{"a removal, no code", stranger, "POST", "/api/teacher/pupil", map[string]any{"id": me.ID, "remove": true}, 403},
		{"another pupil's data", ana, "GET", "/api/class/pupil?id=" + itoa(me.ID), nil, 403},
		{"another pupil's session: state", ana, "GET", "/api/state?id=" + bid, nil, 403},
		{"another pupil's session: a move", ana, "POST", "/api/do", map[string]any{"id": bid, "cmd": command.Wire{Do: "draw"}}, 403},
		{"another pupil's session: save", ana, "GET", "/api/save?id=" + bid, nil, 403},
		{"another pupil's session: replay", ana, "GET", "/api/replay?id=" + bid, nil, 403},
		{"another pupil's session: close", ana, "POST", "/api/close", map[string]any{"id": bid}, 403},
		{"another pupil's session: language", ana, "POST", "/api/lang", map[string]any{"id": bid, "lang": "es"}, 403},
		{"not joined: a session", stranger, "POST", "/api/session", map[string]any{}, 401},
		{"not joined: me", stranger, "GET", "/api/class/me", nil, 401},
		{"not joined: a pupil's data", stranger, "GET", "/api/class/pupil?id=" + itoa(me.ID), nil, 401},
		{"not joined: a session's state", stranger, "GET", "/api/state?id=" + bid, nil, 401},
		{"a wrong class code", stranger, "POST", "/api/class/join", map[string]any{"name": "Eve", "code": "0000"}, 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a answer
			assert.Equal(t, tc.want, tc.who.send(tc.method, tc.path, tc.body, &a), a.Error)
		})
	}
	// The server's guard holds on the class's routes too: another
	// origin's page is refused, code or not.
	for _, path := range []string{"/api/class/join", "/api/teacher/settings", "/api/teacher/pupil"} {
		req, err := http.NewRequest("POST", r.hs.URL+path, strings.NewReader(`{"lesson": 5}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "http://evil.example")
		req.Header.Set("X-Teacher-Code", teacher(t, r).teacher)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusForbidden, res.StatusCode, path)
	}
	// Nothing changed: the assignment and the names.
	rep := teacher(t, r).report()
	assert.Zero(t, rep.Settings.Lesson)
	require.Len(t, rep.Pupils, 2)
	assert.Equal(t, "Ben", rep.Pupils[1].Name)
	// With the code, the teacher sees a pupil and sets the assignment.
	tc := teacher(t, r)
	assert.Equal(t, 200, tc.send("GET", "/api/class/pupil?id="+itoa(me.ID), nil, nil))
	assert.Equal(t, 200, tc.send("POST", "/api/teacher/settings", map[string]any{"lesson": 3, "wholeHint": false}, nil))
	assert.Equal(t, 3, tc.report().Settings.Lesson)
	// The switch holds: no whole-turn hint in a game.
	var a answer
	assert.Equal(t, 403, ana.send("POST", "/api/do", map[string]any{"id": ana.id, "cmd": command.Wire{Do: "hint"}}, &a))
	assert.Contains(t, a.Error, "whole-turn hint is off")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestClassSwitches: the teacher's switches reach the pupils (the
// language and clock at once, the edition and the deal at the next game),
// the pupils cannot undo them, and the class deal's scores are compared
// when the round ends.
func TestClassSwitches(t *testing.T) {
	r := serveClass(t, t.TempDir())
	ana := r.tablet()
	ana.join("Ana")
	tc := teacher(t, r)
	var s web.ClassSettings
	require.Equal(t, 200, tc.send("POST", "/api/teacher/settings", map[string]any{
		"lang": "es", "edition": "house/fifty", "clock": 120, "seed": 7, "wholeHint": true}, &s))
	assert.Equal(t, 1, s.Round, "a new deal is a new assignment")
	for _, bad := range []map[string]any{{"clock": 30}, {"edition": "../x"}, {"lang": "xx"}} {
		assert.Equal(t, 400, tc.send("POST", "/api/teacher/settings", bad, nil), "%v", bad)
	}

	var a answer
	require.Equal(t, 200, ana.send("GET", "/api/state?id="+ana.id, nil, &a))
	assert.Equal(t, "es", a.State.Lang, "the language at once")
	assert.True(t, a.State.TimerOn, "the clock at once")
	assert.Equal(t, 403, ana.send("POST", "/api/lang", map[string]any{"id": ana.id, "lang": "fr"}, nil))
	assert.Equal(t, 403, ana.send("POST", "/api/do", map[string]any{"id": ana.id, "cmd": command.Wire{Do: "timer"}}, nil))

	a = ana.do(command.Wire{Do: "new", Variant: "original", Seed: 99})
	assert.Contains(t, a.State.Variant, "fifty", "the class's edition, whatever the page asks")
	ben := r.tablet()
	b := ben.join("Ben")
	assert.Equal(t, a.State.Rack, b.State.Rack, "the same deal for everyone")
	assert.Contains(t, b.State.Variant, "fifty")

	// Ana draws until the round ends (the bots go out).
	for range 200 {
		if a.State.RoundOver {
			break
		}
		a = ana.do(command.Wire{Do: "draw"})
	}
	require.True(t, a.State.RoundOver)
	rep := tc.report()
	require.Len(t, rep.Scores, 1)
	assert.Equal(t, class.ScoreLine{Name: "Ana", Points: a.State.Round.Score[0], Won: false}, rep.Scores[0])
}

// TestClassGuessing: a device that sends 20 wrong codes is refused from
// then on, even with the right one, so the join code cannot be found by
// trying all 4096.
func TestClassGuessing(t *testing.T) {
	r := serveClass(t, t.TempDir())
	s, err := r.db.Settings(context.Background())
	require.NoError(t, err)
	eve := r.tablet()
	for k := range 20 {
		code := fmt.Sprintf("%04d", k) // 0 and 1 are no code's digits
		require.Equal(t, http.StatusForbidden, eve.send("POST", "/api/class/join", map[string]string{"name": "Eve", "code": code}, nil))
	}
	assert.Equal(t, http.StatusTooManyRequests, eve.send("POST", "/api/class/join", map[string]string{"name": "Eve", "code": s.JoinCode}, nil))
	eve.teacher = s.TeacherCode
	assert.Equal(t, http.StatusTooManyRequests, eve.send("GET", "/api/teacher/report", nil, nil))
}

// tableAnswer is a shared table as the page reads it.
type tableAnswer struct {
	Code  string   `json:"code"`
	Seats []string `json:"seats"`
	Host  bool     `json:"host"`
	ID    string   `json:"id"`
	Error string   `json:"error"`
}

// TestClassTable: two pupils at one table with a bot, each from their
// own tablet: each sees only their own rack and plays only on their
// turn; a classmate not seated is refused; a pupil back on another
// tablet sits at their seat again, and after a restart too. (The deal is
// random: the test plays whoever begins.)
func TestClassTable(t *testing.T) {
	dir := t.TempDir()
	r := serveClass(t, dir)
	ana, ben, cleo := r.tablet(), r.tablet(), r.tablet()
	ana.join("Ana")
	ben.join("Ben")
	cleo.join("Cleo")

	var ta, tb tableAnswer
	require.Equal(t, 200, ana.send("POST", "/api/class/table", map[string]any{"players": 3}, &ta), ta.Error)
	require.True(t, ta.Host)
	require.Equal(t, 200, ben.send("POST", "/api/class/table/join", map[string]any{"code": ta.Code}, &tb), tb.Error)
	assert.Equal(t, []string{"Ana", "Ben"}, tb.Seats)
	assert.Empty(t, tb.ID, "not dealt yet")
	assert.Equal(t, 403, ben.send("POST", "/api/class/table/start", map[string]any{"code": ta.Code}, nil), "Ana deals")
	require.Equal(t, 200, ana.send("POST", "/api/class/table/start", map[string]any{"code": ta.Code}, &ta), ta.Error)
	require.NotEmpty(t, ta.ID)
	require.Equal(t, 200, ben.send("GET", "/api/class/table?code="+ta.Code, nil, &tb))
	require.Equal(t, ta.ID, tb.ID, "one game")
	ana.id, ben.id = ta.ID, tb.ID

	look := func(c *client) *repl.State {
		var a answer
		require.Equal(t, 200, c.send("GET", "/api/state?id="+c.id, nil, &a), a.Error)
		return a.State
	}
	sa, sb := look(ana), look(ben)
	require.Equal(t, []string{"Ana", "Ben"}, []string{sa.Players[0].Name, sa.Players[1].Name})
	assert.True(t, sa.Players[2].Bot, "a bot in the third seat")
	assert.NotEqual(t, sa.Rack, sb.Rack, "each sees their own rack")
	// The deal decides who begins (the bot's turn is played at once):
	// first and second are the pupils in the order they play.
	seated := []*client{ana, ben}
	require.Less(t, sa.Current, 2, "a pupil to play")
	first, second := seated[sa.Current], seated[1-sa.Current]
	sf, ss := look(first), look(second)
	assert.True(t, sf.MyTurn)
	assert.False(t, ss.MyTurn)
	assert.Len(t, ss.Rack, 14)

	var a answer
	assert.Equal(t, 403, second.send("POST", "/api/do", map[string]any{"id": second.id, "cmd": command.Wire{Do: "draw"}}, &a), "not their turn")
	assert.Contains(t, a.Error, "wait for your turn")
	assert.Equal(t, 403, first.send("POST", "/api/do", map[string]any{"id": first.id, "cmd": command.Wire{Do: "lesson", N: 1}}, nil), "no lesson at a shared table")
	assert.Equal(t, 403, cleo.send("GET", "/api/state?id="+ana.id, nil, nil), "Cleo is not seated")
	assert.Equal(t, 403, ana.send("GET", "/api/save?id="+ana.id, nil, nil), "a save would show every rack")

	a = first.do(command.Wire{Do: "draw"})
	assert.False(t, a.State.MyTurn, "no longer their turn")
	assert.Len(t, a.State.Rack, len(sf.Rack)+1, "their own rack, with the tile drawn")
	// The second pupil's turn: at once, or after the bot's when the bot
	// sits between them.
	ss = look(second)
	assert.True(t, ss.MyTurn)
	assert.Len(t, ss.Rack, 14)

	// The second pupil on another tablet: their seat again.
	again := r.tablet()
	again.join(ss.Players[ss.Current].Name)
	var me struct{ Table string }
	require.Equal(t, 200, again.send("GET", "/api/class/me", nil, &me))
	assert.Equal(t, ta.Code, me.Table)
	require.Equal(t, 200, again.send("POST", "/api/class/table/join", map[string]any{"code": ta.Code}, &tb))
	assert.Equal(t, ta.ID, tb.ID)
	again.id = tb.ID
	a = again.do(command.Wire{Do: "draw"})
	assert.Len(t, a.State.Rack, 15)
	assert.True(t, look(first).MyTurn, "round the table: the first pupil's turn again")
	rep := teacher(t, r).report()
	assert.Equal(t, "game, round 1", rep.Pupils[0].Doing, "Ana's moves are hers")
	assert.Equal(t, "game, round 1", rep.Pupils[1].Doing, "Ben's are his")

	// The server stops and starts again: the table is there, its game
	// where it was, each pupil at their seat.
	before := look(first)
	r.stop()
	r = serveClass(t, dir)
	for _, c := range []*client{first, second} {
		name := before.Players[slices.Index([]*client{ana, ben}, c)].Name
		back := r.tablet()
		back.join(name)
		require.Equal(t, 200, back.send("POST", "/api/class/table/join", map[string]any{"code": ta.Code}, &tb), tb.Error)
		require.NotEmpty(t, tb.ID, name)
		back.id = tb.ID
		st := look(back)
		assert.Equal(t, before.Start, st.Start, "%s: the same table", name)
		assert.Equal(t, before.Current, st.Current, "%s: the same turn", name)
		if c == first {
			assert.Equal(t, before.Rack, st.Rack, "her or his own rack, as it was")
		}
	}
}

// TestClassHomework: the teacher sets two shipped puzzles as homework (an
// unknown id is refused); a pupil tries one; the teacher's view has each
// pupil's result for each.
func TestClassHomework(t *testing.T) {
	r := serveClass(t, t.TempDir())
	ana, ben := r.tablet(), r.tablet()
	ana.join("Ana")
	ben.join("Ben")
	ps := puzzle.Shipped("original")
	require.GreaterOrEqual(t, len(ps), 2)
	ids := []string{ps[0].ID, ps[1].ID}
	tc := teacher(t, r)
	var a answer
	require.Equal(t, 400, tc.send("POST", "/api/teacher/settings", map[string]any{"homework": []string{ids[0], "nonesuch"}}, &a))
	assert.Contains(t, a.Error, `"nonesuch" is not a puzzle`)
	require.Equal(t, 200, tc.send("POST", "/api/teacher/settings", map[string]any{"homework": []string{" " + ids[0], ids[1], ""}}, nil))

	var me struct {
		Settings web.ClassSettings `json:"settings"`
	}
	require.Equal(t, 200, ana.send("GET", "/api/class/me", nil, &me))
	assert.Equal(t, ids, me.Settings.Homework, "the pupils see the homework")
	a = ana.do(command.Wire{Do: "puzzle", Puzzle: ids[0]})
	require.NotNil(t, a.State.Puzzle)
	require.Equal(t, ids[0], a.State.Puzzle.ID)
	ana.do(command.Wire{Do: "draw"}) // a draw answers it: not the best, failed

	rep := tc.report()
	assert.Equal(t, ids, rep.Homework)
	assert.Equal(t, []string{"failed", ""}, rep.Pupils[0].Homework, "Ana")
	assert.Equal(t, []string{"", ""}, rep.Pupils[1].Homework, "Ben")
}

// TestClassPuzzleFromPosition: the teacher types a table and a rack; the
// server makes a puzzle of it (proven, rated, graded), keeps it with the
// class and gives it as homework; a pupil opens it by its id and answers
// it, after a restart too; a position with no play is refused in the
// teacher's words, and without the code nothing is made.
func TestClassPuzzleFromPosition(t *testing.T) {
	dir := t.TempDir()
	r := serveClass(t, dir)
	tc := teacher(t, r)
	var p puzzle.Puzzle
	require.Equal(t, 200, tc.send("POST", "/api/teacher/puzzle",
		map[string]any{"table": "[r4 r5 r6 r7 r8] [k8 b8 o8]", "rack": "r6 r8 k1", "opened": true}, &p))
	require.NotEmpty(t, p.ID)
	assert.Equal(t, 2, p.Best.Tiles)
	assert.True(t, p.Best.Optimal)
	assert.Contains(t, p.Themes, "split_run")

	var a answer
	require.Equal(t, 400, tc.send("POST", "/api/teacher/puzzle", map[string]any{"table": "[r4 r5 r6]", "rack": "k1 o13", "opened": true}, &a))
	assert.Equal(t, "no play places a tile from this rack on this table: a puzzle needs one", a.Error)
	require.Equal(t, 400, tc.send("POST", "/api/teacher/puzzle", map[string]any{"table": "[r4 r5]", "rack": "r6"}, &a))
	assert.Equal(t, "set 1 [r4 r5] is too short: a run needs at least 3 tiles", a.Error)
	ana := r.tablet()
	ana.join("Ana")
	require.Equal(t, 403, ana.send("POST", "/api/teacher/puzzle", map[string]any{"table": "[r4 r5 r6]", "rack": "r7"}, nil),
		"a pupil makes no puzzle")
	// the settings form keeps the class's puzzles
	require.Equal(t, 200, tc.send("POST", "/api/teacher/settings", map[string]any{"homework": []string{p.ID}, "lesson": 2}, nil))
	r.stop()

	r = serveClass(t, dir)
	ana = r.tablet()
	ana.join("Ana")
	var me struct {
		Settings web.ClassSettings `json:"settings"`
	}
	require.Equal(t, 200, ana.send("GET", "/api/class/me", nil, &me))
	assert.Equal(t, []string{p.ID}, me.Settings.Homework)
	require.Len(t, me.Settings.Puzzles, 1)
	a = ana.do(command.Wire{Do: "puzzle", Puzzle: p.ID})
	require.NotNil(t, a.State.Puzzle)
	assert.Equal(t, p.ID, a.State.Puzzle.ID)
	assert.Equal(t, "[r4 r5 r6 r7 r8] [k8 b8 o8]", tableText(a.State.Table))
	ana.do(command.Wire{Do: "draw"}) // a draw answers it: failed
	rep := teacher(t, r).report()
	assert.Equal(t, []string{"failed"}, rep.Pupils[0].Homework)
}

// tableText is a state's table in notation.
func tableText(t [][]string) string {
	var sets []string
	for _, s := range t {
		sets = append(sets, "["+strings.Join(s, " ")+"]")
	}
	return strings.Join(sets, " ")
}
