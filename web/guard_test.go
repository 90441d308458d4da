package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl"
)

// send makes a request to hs with the headers given, and returns the
// status and the error the server says.
func send(t *testing.T, url, method, path, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url+path, strings.NewReader(body))
	require.NoError(t, err)
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var r reply
	if bytes.HasPrefix(b, []byte("{")) {
		_ = json.Unmarshal(b, &r)
	}
	return res.StatusCode, r.Error
}

// Only the server's own page may drive it (issue 39): a foreign Host (DNS
// rebinding), a foreign Origin, a cross-site fetch and a form's text/plain
// POST are each refused, before any session is made.
func TestOnlyItsOwnPage(t *testing.T) {
	srv, hs := newServer(t, Config{})
	port := hs.URL[strings.LastIndexByte(hs.URL, ':'):]
	jsonOnly := map[string]string{"Content-Type": "application/json"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{"Content-Type": "application/json"}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	for _, tc := range []struct {
		name   string
		method string
		path   string
		header map[string]string
		code   int
		err    string
	}{
		{"a rebinding page's Host", "POST", "/api/session", with("Host", "evil.example"+port), http.StatusMisdirectedRequest,
			`this table answers only at its own address, not at "evil.example` + port + `"`},
		{"the page itself under a foreign Host", "GET", "/", with("Host", "evil.example"), http.StatusMisdirectedRequest,
			`this table answers only at its own address, not at "evil.example"`},
		{"another address of the machine", "POST", "/api/session", with("Host", "192.0.2.7"+port), http.StatusMisdirectedRequest,
			`this table answers only at its own address, not at "192.0.2.7` + port + `"`},
		{"a foreign Origin", "POST", "/api/session", with("Origin", "http://evil.example"), http.StatusForbidden,
			"the table takes commands from its own page only"},
		{"an opaque Origin", "POST", "/api/session", with("Origin", "null"), http.StatusForbidden,
			"the table takes commands from its own page only"},
		{"a cross-site fetch", "POST", "/api/session", with("Sec-Fetch-Site", "cross-site"), http.StatusForbidden,
			"the table takes commands from its own page only"},
		{"a cross-site read of the state", "GET", "/api/words", with("Sec-Fetch-Site", "cross-site"), http.StatusForbidden,
			"the table takes commands from its own page only"},
		{"a form's text/plain POST", "POST", "/api/session", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType,
			"the table takes JSON only (Content-Type: application/json)"},
		{"no Content-Type", "POST", "/api/session", map[string]string{}, http.StatusUnsupportedMediaType,
			"the table takes JSON only (Content-Type: application/json)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, msg := send(t, hs.URL, tc.method, tc.path, "{}", tc.header)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.err, msg)
			assert.Equal(t, 0, srv.Sessions())
		})
	}
	// What the page itself sends, under each of its names.
	for _, h := range []map[string]string{
		jsonOnly,
		with("Origin", hs.URL, "Sec-Fetch-Site", "same-origin"),
		with("Host", "localhost"+port, "Origin", "http://localhost"+port),
		with("Host", "[::1]"+port),
	} {
		code, msg := send(t, hs.URL, "POST", "/api/session", `{"seed": 7}`, h)
		assert.Equal(t, http.StatusOK, code, msg)
	}
	// A link from anywhere opens the page.
	code, _ := send(t, hs.URL, "GET", "/", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"})
	assert.Equal(t, http.StatusOK, code)
}

// A name given in Config.Hosts is the server's too.
func TestHostsNamed(t *testing.T) {
	_, hs := newServer(t, Config{Hosts: []string{"meldlab.school.lan"}})
	code, msg := send(t, hs.URL, "GET", "/api/variants", "", map[string]string{"Host": "meldlab.school.lan:8080"})
	assert.Equal(t, http.StatusOK, code, msg)
	code, _ = send(t, hs.URL, "GET", "/api/variants", "", map[string]string{"Host": "other.school.lan:8080"})
	assert.Equal(t, http.StatusMisdirectedRequest, code)
}

// One client cannot take every place at the table: its sessions are
// capped, and another client still gets one.
func TestSessionsPerClient(t *testing.T) {
	srv, hs := newServer(t, Config{PerClient: 3})
	for range 3 {
		open(t, hs, "en")
	}
	code, r := post(t, hs, "/api/session", openRequest{Seed: 1, Lang: "es"})
	assert.Equal(t, http.StatusTooManyRequests, code)
	assert.Equal(t, "ya tienes 3 mesas abiertas: cierra una (o espera a que caduque) y vuelve a probar", r.Error)
	assert.Equal(t, 3, srv.Sessions())
	srv.mu.Lock()
	for _, se := range srv.sessions {
		se.from = "192.0.2.1" // as if they came from another tablet
		break
	}
	srv.mu.Unlock()
	open(t, hs, "en")
}

// The page may not be framed by another site.
func TestNoFraming(t *testing.T) {
	_, hs := newServer(t, Config{})
	res, err := http.Get(hs.URL + "/")
	require.NoError(t, err)
	res.Body.Close()
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
}

// Stalled clients cannot keep a fresh request from being served: a body
// that never comes is cut at the read timeout, idle connections past the
// cap from one client are closed at once, and another client is served.
func TestStalledClientsDoNotStarve(t *testing.T) {
	srv, err := New(Config{})
	require.NoError(t, err)
	defer srv.Close()
	hs := srv.HTTPServer()
	assert.Equal(t, readTimeout, hs.ReadTimeout, "a request's body must come within seconds")
	assert.Greater(t, hs.WriteTimeout, srv.cfg.LineTime, "a reply may take the longest command")
	assert.Greater(t, hs.IdleTimeout, time.Duration(0))
	hs.ReadTimeout, hs.ReadHeaderTimeout = 300*time.Millisecond, 300*time.Millisecond // short, for the test

	raw, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	l := Listener(raw, 8, 4)
	go hs.Serve(l)
	defer hs.Close()
	addr := raw.Addr().String()

	// Four connections that promise a body and never send it, and more
	// that only connect: the client's cap is 4.
	var stalled []net.Conn
	for range 4 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		_, err = c.Write([]byte("POST /api/session HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"))
		require.NoError(t, err)
		stalled = append(stalled, c)
	}
	extra, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	extra.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err = extra.Read(make([]byte, 1))
	assert.ErrorIs(t, err, io.EOF, "a fifth connection from the same client is closed at once")
	extra.Close()

	// The stalled bodies are cut by the read timeout: their connections end.
	for _, c := range stalled {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		b, _ := io.ReadAll(c)
		assert.NotContains(t, string(b), "200 OK", "a request whose body never came was served")
		c.Close()
	}
	// And the places they held are free again: a fresh request is served.
	res, err := http.Get("http://" + addr + "/api/variants")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

// sleeper is a bot that thinks until it is told to stop.
type sleeper struct{}

func (sleeper) Name() string { return "sleeper" }
func (sleeper) Act(ctx context.Context, _ *core.Rules, _ *core.View) (bots.Action, error) {
	<-ctx.Done()
	return bots.Action{}, ctx.Err()
}

// A new game's bots run under the line's deadline, as every line does: a
// bot that never answers cannot hold the request (issue 39, item 8).
func TestNewGameUnderTheLineDeadline(t *testing.T) {
	reg := bots.NewRegistry()
	reg.Register("sleeper", func(uint64) bots.Bot { return sleeper{} })
	_, hs := newServer(t, Config{LineTime: 200 * time.Millisecond,
		Options: func(string) repl.Options { return repl.Options{Bots: reg} }})
	client := &http.Client{Timeout: time.Minute}
	body := `{"seed": 7, "players": "bot:sleeper ana:human"}`
	res, err := client.Post(hs.URL+"/api/session", "application/json", strings.NewReader(body))
	require.NoError(t, err, "the request was held until the client gave up")
	res.Body.Close()
}
