package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// fakeNow is a clock the tests move by hand.
type fakeNow struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeNow) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeNow) Add(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

func newServer(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.Options == nil {
		cfg.Options = func(string) repl.Options { return repl.Options{HintTime: 2 * time.Second} }
	}
	srv, err := New(cfg)
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// answer is any reply of the API's: a session's (reply) or a command's
// (doReply).
type answer struct {
	ID string `json:"id"`
	doReply
}

func post(t testing.TB, hs *httptest.Server, path string, body any) (int, answer) {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case []byte:
		b = v
	default:
		var err error
		b, err = json.Marshal(body)
		require.NoError(t, err)
	}
	res, err := hs.Client().Post(hs.URL+path, "application/json", bytes.NewReader(b))
	require.NoError(t, err)
	defer res.Body.Close()
	var r answer
	require.NoError(t, json.NewDecoder(res.Body).Decode(&r))
	return res.StatusCode, r
}

// open deals a game: seat 1 is the learner, two greedy bots.
func open(t testing.TB, hs *httptest.Server, lang string) answer {
	t.Helper()
	code, r := post(t, hs, "/api/session", openRequest{Lang: lang, Seed: 7})
	require.Equal(t, http.StatusOK, code, r.Error)
	require.NotEmpty(t, r.ID)
	return r
}

// do sends one typed command, as the page does.
func do(t testing.TB, hs *httptest.Server, id string, c command.Wire) answer {
	t.Helper()
	code, r := post(t, hs, "/api/do", doRequest{ID: id, Cmd: c})
	require.Equal(t, http.StatusOK, code, r.Error)
	require.NotNil(t, r.State)
	return r
}

// put is the page's put of rack tiles into set n (0: a new set).
func put(n int, tiles ...string) command.Wire {
	return command.Wire{Do: "put", Tiles: tiles, To: &command.Ref{Set: n}}
}

var (
	done = command.Wire{Do: "done"}
	draw = command.Wire{Do: "draw"}
)

// lay sets a scenario up on the server's side (setup is not open to the
// page): the learner's rack r10 r11 r12 k5, an empty table.
func lay(t *testing.T, srv *Server, id string) {
	t.Helper()
	layRack(t, srv, id, "r10 r11 r12 k5")
}

// layRack lays the learner's rack out as tiles says (the REPL's setup,
// which the page may not send).
func layRack(t *testing.T, srv *Server, id, tiles string) {
	t.Helper()
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	require.NotNil(t, se)
	se.mu.Lock()
	defer se.mu.Unlock()
	_, err := se.s.Run(context.Background(), "setup rack "+tiles)
	require.NoError(t, err)
}

func TestDeal(t *testing.T) {
	_, hs := newServer(t, Config{})
	r := open(t, hs, "en")
	st := r.State
	require.NotNil(t, st)
	assert.True(t, st.Game)
	assert.True(t, st.MyTurn)
	assert.Len(t, st.Players, 3)
	assert.Len(t, st.Rack, 14)
	assert.False(t, st.Players[st.Current].Bot)
	assert.Contains(t, r.Text, "meldlab")
}

func TestLegalPlayUndo(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	lay(t, srv, id)
	r := do(t, hs, id, put(0, "r10", "r11"))
	assert.Equal(t, [][]string{{"r10", "r11"}}, r.State.Table)
	require.Len(t, r.State.Why, 1)
	assert.Contains(t, r.State.Why[0], "too short", "a set being built says why it is not one yet")
	assert.True(t, r.State.Staged)
	assert.Equal(t, &repl.MeldState{Points: 0, Need: 30}, r.State.Meld)
	r = do(t, hs, id, put(1, "r12"))
	assert.Equal(t, [][]string{{"r10", "r11", "r12"}}, r.State.Table)
	assert.Equal(t, []string{""}, r.State.Why)
	assert.Equal(t, []string{"k5"}, r.State.Rack)
	assert.Equal(t, &repl.MeldState{Points: 33, Need: 30}, r.State.Meld, "the initial meld's progress")
	assert.Equal(t, 2, r.State.Edits)

	r = do(t, hs, id, command.Wire{Do: "undo-edit"})
	assert.Equal(t, [][]string{{"r10", "r11"}}, r.State.Table, "undo takes back the last edit only")
	r = do(t, hs, id, put(1, "r12"))

	r = do(t, hs, id, done)
	assert.Empty(t, r.Error)
	require.NotEmpty(t, r.Turns, "the play and the bots' turns")
	assert.Equal(t, turn{Player: "you", Kind: "play", Placed: []string{"r10", "r11", "r12"}, Made: [][]string{{"r10", "r11", "r12"}}}, r.Turns[0])
	for _, bt := range r.Turns[1:] {
		assert.NotEqual(t, "you", bt.Player, "the bots' turns follow, one by one")
	}
	assert.Contains(t, r.State.Start, []string{"r10", "r11", "r12"})
	assert.Nil(t, r.State.Meld, "opened")

	// Going back a whole turn is the terminal's: the page cannot draw,
	// see the tile, and take the turn back.
	code, bad := post(t, hs, "/api/do", doRequest{ID: id, Cmd: command.Wire{Do: "undo"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, "undo is not available in the browser", bad.Error)
}

func TestIllegalPlayInSpanish(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "es").ID
	lay(t, srv, id)
	do(t, hs, id, put(0, "r10", "r11", "k5"))
	r := do(t, hs, id, done)
	assert.Equal(t, "combinación 1 [r10 r11 k5] no es una escalera: k5 es negra y la escalera es roja", r.Error, "no command named")
	assert.Equal(t, [][]string{{"r10", "r11", "k5"}}, r.State.Table, "the staged turn stays as it was")
	assert.Equal(t, []string{"no es una escalera: k5 es negra y la escalera es roja"}, r.State.Why, "beside the set, as the REPL's table says")
	assert.Equal(t, "es", r.State.Lang)

	// The page's own words come from the same catalogs.
	res, err := hs.Client().Get(hs.URL + "/api/words?lang=es")
	require.NoError(t, err)
	defer res.Body.Close()
	var words map[string]string
	require.NoError(t, json.NewDecoder(res.Body).Decode(&words))
	assert.Equal(t, "Hecho", words["web.done"])
	assert.Equal(t, "Juega: {Name}", words["web.to_play"])
	assert.Equal(t, "{N} fichas", words["web.tiles"])
	assert.Equal(t, "{N} ficha", words["web.tiles.one"], "the singular, for N 1")
}

func TestHint(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	lay(t, srv, id)
	r := do(t, hs, id, command.Wire{Do: "hint", Step: true})
	assert.Empty(t, r.Error)
	require.NotNil(t, r.Hint)
	require.NotEmpty(t, r.Hint.Steps, "one move at a time")
	assert.Equal(t, "put", r.Hint.Steps[0].Do)
	assert.Equal(t, [][]string{{"r10", "r11", "r12"}}, r.Hint.Table, "the table the best turn makes")
	r = do(t, hs, id, r.Hint.Steps[0]) // the move, as the page sends it
	assert.Empty(t, r.Error)
	assert.Equal(t, [][]string{{"r10", "r11", "r12"}}, r.State.Table)
}

func TestBodyCapped(t *testing.T) {
	_, hs := newServer(t, Config{MaxBody: 1024})
	id := open(t, hs, "en").ID
	code, r := post(t, hs, "/api/do", []byte(`{"id":"`+id+`","cmd":{"do":"`+strings.Repeat("x", 2048)+`"}}`))
	assert.Equal(t, http.StatusRequestEntityTooLarge, code)
	assert.Equal(t, "request body over 1024 bytes", r.Error)
}

// TestNothingNamesAFile: the page's commands are typed, and none of
// them names a file or runs code; there is no route for a line.
func TestNothingNamesAFile(t *testing.T) {
	_, hs := newServer(t, Config{})
	es := open(t, hs, "es").ID
	code, r := post(t, hs, "/api/do", doRequest{ID: es, Cmd: command.Wire{Do: "lua"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, "lua no está disponible en el navegador", r.Error, "in the session's language")
	id := open(t, hs, "en").ID
	for _, js := range []string{`{"do":"save"}`, `{"do":"load"}`, `{"do":"run"}`, `{"do":"setup"}`, `{"do":"quit"}`,
		`{"do":"new","variant":"../variants/x.yaml"}`, `{"do":"new","variant":"/tmp/x.lua"}`, `{"do":"new","players":99}`} {
		code, r := post(t, hs, "/api/do", []byte(`{"id":"`+id+`","cmd":`+js+`}`))
		assert.Equal(t, http.StatusBadRequest, code, js)
		assert.NotEmpty(t, r.Error, js)
	}
	code, _ = post(t, hs, "/api/do", []byte(`{"id":"`+id+`","cmd":{"do":"draw","line":"lua print(1)"}}`))
	assert.Equal(t, http.StatusBadRequest, code, "no field carries a line")
	res, err := hs.Client().Post(hs.URL+"/api/run", "application/json", strings.NewReader(`{"id":"`+id+`","line":"rack"}`))
	require.NoError(t, err)
	res.Body.Close()
	assert.NotEqual(t, http.StatusOK, res.StatusCode, "no route runs a line")
	code, _ = post(t, hs, "/api/session", openRequest{Variant: "/etc/passwd"})
	assert.Equal(t, http.StatusBadRequest, code, "a variant given by path")
	code, _ = post(t, hs, "/api/load?id="+id, []byte(`{"repl_seats":[{"name":"x","player":"/tmp/evil.lua"}]}`))
	assert.Equal(t, http.StatusBadRequest, code, "not a save")
}

// A save uploaded by the page may name no file as a bot, however its keys
// are spelt: the check reads the seats as the loader does (issue 39).
func TestLoadedSaveNamesNoFile(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	res, err := hs.Client().Get(hs.URL + "/api/save?id=" + id)
	require.NoError(t, err)
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Contains(t, string(data), `"repl_seats"`)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &m))
	seats := func(players ...string) string {
		var b strings.Builder
		b.WriteString("[")
		for i, p := range players {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name":"s%d","player":%q}`, i, p)
		}
		return b.String() + "]"
	}
	without := bytes.Replace(data, []byte(`"repl_seats"`), []byte(`"unused"`), 1)
	with := func(extra string) []byte {
		return append(bytes.TrimSuffix(bytes.TrimSpace(without), []byte("}")), []byte(","+extra+"}")...)
	}
	for _, tc := range []struct {
		name string
		body []byte
		code int
		err  string
	}{
		{"a path, then the same key in capitals", with(`"repl_seats":` + seats("human", "/elsewhere/evil.lua", "greedy") +
			`,"REPL_SEATS":` + seats("human", "greedy", "greedy")), http.StatusBadRequest,
			`not a saved game: meldlab-game.json: the keys "repl_seats" and "REPL_SEATS" differ only in case`},
		{"a Lua file without a slash", with(`"repl_seats":` + seats("human", "evil.lua", "greedy")), http.StatusForbidden,
			`"evil.lua" names a file: the page plays shipped variants and bots only`},
		{"a path", with(`"repl_seats":` + seats("human", "/elsewhere/evil.lua", "greedy")), http.StatusForbidden,
			`"/elsewhere/evil.lua" names a file: the page plays shipped variants and bots only`},
		{"a player key in capitals", with(`"repl_seats":[{"name":"a","player":"human"},{"name":"b","PLAYER":"/x/evil.lua"},{"name":"c","player":"greedy"}]`),
			http.StatusBadRequest, `meldlab-game.json: repl_seats: a list of {"name", "player"} expected`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, r := post(t, hs, "/api/load?id="+id, tc.body)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.err, r.Error)
			assert.NotContains(t, r.Error, srv.dir)
		})
	}
	code, r := post(t, hs, "/api/load?id="+id, with(`"repl_seats":`+seats("human", "planner", "greedy")))
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Empty(t, r.Error)
}

func TestSessionLimits(t *testing.T) {
	clock := &fakeNow{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, hs := newServer(t, Config{MaxSessions: 2, Idle: time.Minute, Now: clock.Now})
	first := open(t, hs, "en").ID
	open(t, hs, "en")
	code, r := post(t, hs, "/api/session", openRequest{Seed: 1})
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "the table is full: 2 sessions are open; try again later", r.Error)

	clock.Add(30 * time.Second)
	do(t, hs, first, command.Wire{Do: "timer"}) // the first stays in use
	clock.Add(45 * time.Second)
	open(t, hs, "en") // the second, idle 75 s, made room
	assert.Equal(t, 2, srv.Sessions())
	do(t, hs, first, command.Wire{Do: "timer"})

	code, r = post(t, hs, "/api/do", doRequest{ID: "nope", Cmd: draw})
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, r.Error, "no such session")
}

// A session that fails is closed; the others go on.
func TestMisbehavingSessionClosed(t *testing.T) {
	srv, hs := newServer(t, Config{})
	bad := open(t, hs, "en").ID
	good := open(t, hs, "en").ID
	srv.mu.Lock()
	se := srv.sessions[bad]
	srv.mu.Unlock()
	se.mu.Lock()
	err := srv.guard(se, func() error { panic("boom") })
	se.mu.Unlock()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "this session failed and was closed")
	code, _ := post(t, hs, "/api/do", doRequest{ID: bad, Cmd: draw})
	assert.Equal(t, http.StatusNotFound, code)
	do(t, hs, good, command.Wire{Do: "timer"})
	assert.Equal(t, 1, srv.Sessions())
}

// oneRunPlayed opens a session whose learner has laid r10 r11 r12 down,
// and returns it with the state after the play.
func oneRunPlayed(t *testing.T) (*Server, *httptest.Server, string, *repl.State) {
	t.Helper()
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	lay(t, srv, id)
	do(t, hs, id, put(0, "r10", "r11", "r12"))
	return srv, hs, id, do(t, hs, id, done).State
}

func TestSaveLoadThroughTheBrowser(t *testing.T) {
	srv, hs, id, before := oneRunPlayed(t)

	res, err := hs.Client().Get(hs.URL + "/api/save?id=" + id)
	require.NoError(t, err)
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, string(data))
	assert.Contains(t, res.Header.Get("Content-Disposition"), "attachment")
	assert.NotContains(t, string(data), srv.dir)

	other := open(t, hs, "en").ID
	code, r := post(t, hs, "/api/load?id="+other, data)
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Empty(t, r.Error)
	assert.NotContains(t, r.Text, srv.dir, "the server's paths stay on the server")
	assert.Equal(t, before.Start, r.State.Start)
	assert.Equal(t, before.Rack, r.State.Rack)

	// A tampered save fails the replay, as the REPL's load does.
	bad := bytes.Replace(data, []byte(`"turn": 3,`), []byte(`"turn": 5,`), 1)
	require.NotEqual(t, data, bad)
	code, r = post(t, hs, "/api/load?id="+other, bad)
	require.Equal(t, http.StatusOK, code)
	assert.NotEmpty(t, r.Error)
	assert.NotContains(t, r.Error, srv.dir)
}

func TestPage(t *testing.T) {
	_, hs := newServer(t, Config{})
	res, err := hs.Client().Get(hs.URL + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), `<script type="module" src="app.js">`)
	assert.Equal(t, "default-src 'self'; frame-ancestors 'none'", res.Header.Get("Content-Security-Policy"))
}

// TestTileWords: the page names every tile from the words it is sent, the
// house colours and Twist's special jokers too, in each language.
func TestTileWords(t *testing.T) {
	_, hs := newServer(t, Config{})
	want := map[string][]string{
		"en": {"green", "purple", "double joker", "mirror joker", "colour-change joker"},
		"es": {"verde", "morada", "comodín doble", "comodín espejo", "comodín de cambio de color"},
		"it": {"verde", "viola", "Jolly doppio", "Jolly specchio", "Jolly cambia colore"},
		"fr": {"verte", "violette", "joker double", "joker miroir", "joker changement de couleur"},
	}
	for lang, names := range want {
		res, err := hs.Client().Get(hs.URL + "/api/words?lang=" + lang)
		require.NoError(t, err)
		var words map[string]string
		require.NoError(t, json.NewDecoder(res.Body).Decode(&words))
		res.Body.Close()
		got := []string{words["web.green"], words["web.purple"], words["web.double_joker"], words["web.mirror_joker"], words["web.color_change_joker"]}
		assert.Equal(t, names, got, lang)
	}
}

// TestSetLabelWords: a screen reader hears a set as its place and its
// tiles, each language's way: French puts a space before the colon.
func TestSetLabelWords(t *testing.T) {
	_, hs := newServer(t, Config{})
	want := map[string]string{
		"en": "Set {N}: {Tiles}",
		"es": "Combinación {N}: {Tiles}",
		"it": "Combinazione {N}: {Tiles}",
		"fr": "Combinaison {N} : {Tiles}",
	}
	for lang, label := range want {
		res, err := hs.Client().Get(hs.URL + "/api/words?lang=" + lang)
		require.NoError(t, err)
		var words map[string]string
		require.NoError(t, json.NewDecoder(res.Body).Decode(&words))
		res.Body.Close()
		assert.Equal(t, label, words["web.set_tiles"], lang)
	}
}

func TestShutdownCloses(t *testing.T) {
	srv, err := New(Config{})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: srv}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, hs, l) }()
	cancel()
	assert.NoError(t, <-done)
	code := 0
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/session", strings.NewReader(`{}`))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/json")
	srv.ServeHTTP(rec, req)
	code = rec.Code
	assert.Equal(t, http.StatusServiceUnavailable, code, "closed: no new sessions")
}

// The first load is the page, its style, its module and its words: far
// below 300 KB.
func TestPageWeight(t *testing.T) {
	total := 0
	for _, name := range []string{"static/index.html", "static/style.css", "static/app.js", "static/tiles.js"} {
		b, err := static.ReadFile(name)
		require.NoError(t, err)
		total += len(b)
	}
	assert.Less(t, total, 300<<10)
}

func TestCloseFreesThePlace(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	code, r := post(t, hs, "/api/close", doRequest{ID: id})
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Equal(t, 0, srv.Sessions())
}

func TestShippedVariant(t *testing.T) {
	_, hs := newServer(t, Config{})
	code, r := post(t, hs, "/api/session", openRequest{Variant: "house/fifty", Seed: 7})
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Equal(t, "house/fifty", r.State.Variant)
	r = do(t, hs, r.ID, command.Wire{Do: "new", Variant: "house/ace-high", Players: 4, Seed: 9})
	assert.Empty(t, r.Error)
	assert.Equal(t, "house/ace-high", r.State.Variant)
	assert.Len(t, r.State.Players, 4)
}

// TestLangKeepsStaged: another language keeps the session, its game and
// the tiles staged; what the session says is said in the new language.
func TestLangKeepsStaged(t *testing.T) {
	srv, hs := newServer(t, Config{})
	r := open(t, hs, "es")
	lay(t, srv, r.ID)
	do(t, hs, r.ID, put(0, "r10", "r11"))
	code, l := post(t, hs, "/api/lang", langRequest{ID: r.ID, Lang: "fr"})
	require.Equal(t, 200, code, l.Error)
	require.Equal(t, "fr", l.State.Lang)
	require.Equal(t, [][]string{{"r10", "r11"}}, l.State.Table)
	require.True(t, l.State.Staged)
	require.Contains(t, l.State.Why[0], "suite trop courte")
	d := do(t, hs, r.ID, done)
	require.Contains(t, d.Error, "suite trop courte")
	code, l = post(t, hs, "/api/lang", langRequest{ID: r.ID, Lang: "xx"})
	require.Equal(t, 400, code, l.Error)
	require.Equal(t, 1, srv.Sessions())
}

// TestFirstLoadWeight: a first visit (the page, its script, style, words,
// editions and the first deal) is well under 300 KB.
func TestFirstLoadWeight(t *testing.T) {
	_, hs := newServer(t, Config{})
	n, err := firstLoad(hs.Client(), hs.URL)
	require.NoError(t, err)
	require.Less(t, n, 300<<10/4, "a first visit grew past a quarter of the 300 KB bound: %d bytes", n)
}

// The game's record (.mgn) downloads and uploads as a save does: the same
// game back, and a record whose Players name a file refused (issue 42).
func TestRecordThroughTheBrowser(t *testing.T) {
	srv, hs, id, before := oneRunPlayed(t)

	res, err := hs.Client().Get(hs.URL + "/api/save?id=" + id + "&format=mgn")
	require.NoError(t, err)
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, string(data))
	assert.Contains(t, res.Header.Get("Content-Disposition"), `filename="meldlab-game.mgn"`)
	assert.Contains(t, string(data), "[View \"all\"]\n")
	assert.Contains(t, string(data), "r10 r11 r12 => ")
	assert.NotContains(t, string(data), srv.dir)

	other := loadsAsBefore(t, hs, "en", data, before)

	evil := bytes.Replace(data, []byte(`[Players "human, `), []byte(`[Players "human, /elsewhere/evil.lua, `), 1)
	require.NotEqual(t, data, evil)
	code, r := post(t, hs, "/api/load?id="+other, evil)
	assert.Equal(t, http.StatusForbidden, code)
	assert.Equal(t, `"/elsewhere/evil.lua" names a file: the page plays shipped variants and bots only`, r.Error)
	code, r = post(t, hs, "/api/load?id="+other, []byte("1. Ana: jump\n"))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, r.Error, `meldlab-game.mgn:1:9: "jump" is not a move`)
}

// The replay: one step a history action after the deal, each the referee's
// table and racks; playing on from a step makes the game as it stood there
// the session's (issue 42).
func TestReplay(t *testing.T) {
	srv, hs := newServer(t, Config{})
	id := open(t, hs, "en").ID
	lay(t, srv, id)
	do(t, hs, id, put(0, "r10", "r11", "r12"))
	end := do(t, hs, id, done).State
	do(t, hs, id, draw)

	res, err := hs.Client().Get(hs.URL + "/api/replay?id=" + id)
	require.NoError(t, err)
	var rep struct {
		Seats []string
		Steps []repl.Step
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&rep))
	res.Body.Close()
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	hist := se.s.Game().History()
	require.Len(t, rep.Steps, len(hist)+1, "the deal, then each action")
	assert.Equal(t, se.s.Game().Names(), rep.Seats)
	last := rep.Steps[len(rep.Steps)-1]
	assert.Equal(t, repl.TableStrings(se.s.Game().Table()), last.Table, "the last step is the game as it is")
	var play int
	for i, st := range rep.Steps {
		if st.Kind == "play" && len(st.Placed) == 3 {
			play = i
		}
	}
	require.NotZero(t, play, "the learner's play is a step")
	assert.NotEmpty(t, rep.Steps[play].Lit, "the sets it made are lit")
	assert.Equal(t, "you places r10 r11 r12", strings.ReplaceAll(rep.Steps[play].Text, "\x1b", ""))
	_ = end

	code, r := post(t, hs, "/api/replay/play", playOnRequest{ID: id, Step: play})
	require.Equal(t, http.StatusOK, code, r.Error)
	assert.Empty(t, r.Error)
	// The game as it stood after that step, then the bots' turns up to the
	// learner's, as any game goes on.
	now := se.s.Game().History()
	require.GreaterOrEqual(t, len(now), play)
	for i := range play {
		assert.Equal(t, hist[i].String(), now[i].String(), "action %d", i+1)
	}
	assert.Equal(t, 0, se.s.Game().Current(), "the learner's turn")
}
