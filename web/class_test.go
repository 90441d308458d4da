package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl/command"
)

// fakeClass is a Classroom in memory, for the server's own tests (package
// class tests the real one, end to end).
type fakeClass struct {
	mu       sync.Mutex
	settings ClassSettings
	names    map[int64]string
	events   []ClassEvent
	games    map[int64][]byte
}

func newFakeClass() *fakeClass {
	return &fakeClass{settings: ClassSettings{JoinCode: "2345", TeacherCode: "98765432", WholeHint: true},
		names: map[int64]string{}, games: map[int64][]byte{}}
}

func (f *fakeClass) Settings(context.Context) (ClassSettings, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.settings, nil
}

func (f *fakeClass) SetSettings(_ context.Context, s ClassSettings) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	s.JoinCode, s.TeacherCode = f.settings.JoinCode, f.settings.TeacherCode
	f.settings = s
	return nil
}

func (f *fakeClass) Join(_ context.Context, code, name string) (Pupil, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if code != f.settings.JoinCode {
		return Pupil{}, "", ErrBadCode
	}
	if name == "" {
		return Pupil{}, "", ErrBadName
	}
	for id, n := range f.names {
		if strings.EqualFold(n, name) {
			return Pupil{ID: id, Name: n}, fmt.Sprint("t", id), nil
		}
	}
	id := int64(len(f.names) + 1)
	f.names[id] = name
	return Pupil{ID: id, Name: name}, fmt.Sprint("t", id), nil
}

func (f *fakeClass) Pupil(_ context.Context, token string) (Pupil, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var id int64
	if _, err := fmt.Sscanf(token, "t%d", &id); err != nil || f.names[id] == "" {
		return Pupil{}, ErrNoPupil
	}
	return Pupil{ID: id, Name: f.names[id]}, nil
}

func (f *fakeClass) Rename(_ context.Context, id int64, name string) error { return nil }
func (f *fakeClass) Remove(_ context.Context, id int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.names, id)
	return nil
}

func (f *fakeClass) Record(_ context.Context, e ClassEvent) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, e)
	if e.Game != nil {
		f.games[e.Pupil] = e.Game
	}
	return nil
}

func (f *fakeClass) Resume(_ context.Context, id int64) (Resumed, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.names[id] == "" {
		return Resumed{}, ErrNoPupil
	}
	return Resumed{Game: f.games[id]}, nil
}

func (f *fakeClass) Report(context.Context, time.Time) (any, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return map[string]int{"events": len(f.events)}, nil
}

func (f *fakeClass) CSV(_ context.Context, w io.Writer) error {
	_, err := io.WriteString(w, "pupil\n")
	return err
}

func (f *fakeClass) SaveTable(context.Context, SharedTable) error  { return nil }
func (f *fakeClass) Tables(context.Context) ([]SharedTable, error) { return nil, nil }

// kinds are the kinds of the events kept, in order.
func (f *fakeClass) kinds() []EventKind {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []EventKind
	for _, e := range f.events {
		out = append(out, e.Kind)
	}
	return out
}

// pupilTablet is a device with its cookies, joined as name.
func pupilTablet(t *testing.T, url, name string) (*http.Client, string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	res, err := c.Post(url+"/api/class/join", "application/json", strings.NewReader(`{"code":"2345","name":"`+name+`"}`))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var a answer
	require.Equal(t, http.StatusOK, call(t, c, "POST", url+"/api/session", `{}`, &a), a.Error)
	return c, a.ID
}

// call sends a request with a client and decodes a JSON answer.
func call(t *testing.T, c *http.Client, method, url, body string, v any) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	if v != nil {
		require.NoError(t, json.NewDecoder(res.Body).Decode(v))
	}
	return res.StatusCode
}

// TestClassMode: a pupil has one session, found again from another
// tablet; another pupil's session is refused; each move is recorded; the
// teacher's routes want the code; the whole-turn hint can be switched off.
func TestClassMode(t *testing.T) {
	fc := newFakeClass()
	_, hs := newServer(t, Config{Class: fc})
	ana, id := pupilTablet(t, hs.URL, "Ana")
	_, again := pupilTablet(t, hs.URL, "ana")
	assert.Equal(t, id, again, "one session a pupil, whatever the tablet")
	ben, benID := pupilTablet(t, hs.URL, "Ben")
	assert.NotEqual(t, id, benID)

	var a answer
	assert.Equal(t, http.StatusForbidden, call(t, ben, "POST", hs.URL+"/api/do", `{"id":"`+id+`","cmd":{"do":"draw"}}`, &a))
	assert.Equal(t, http.StatusForbidden, call(t, ben, "GET", hs.URL+"/api/state?id="+id, "", nil))
	assert.Equal(t, http.StatusUnauthorized, call(t, http.DefaultClient, "GET", hs.URL+"/api/state?id="+id, "", nil))
	require.Equal(t, http.StatusOK, call(t, ana, "POST", hs.URL+"/api/do", `{"id":"`+id+`","cmd":{"do":"draw"}}`, &a), a.Error)
	assert.Equal(t, []EventKind{EventJoin, EventJoin, EventMove}, fc.kinds(), "Ana and Ben arrived, Ana drew")
	fc.mu.Lock()
	assert.NotEmpty(t, fc.games[1], "a draw ends the turn: the game is kept")
	fc.mu.Unlock()

	for _, path := range []string{"/api/teacher/report", "/api/teacher/csv"} {
		assert.Equal(t, http.StatusForbidden, call(t, ana, "GET", hs.URL+path, "", nil), path)
	}
	req, _ := http.NewRequest("POST", hs.URL+"/api/teacher/settings", strings.NewReader(`{"wholeHint":false}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(teacherHeader, "98765432")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	hint, err := json.Marshal(command.Wire{Do: "hint"})
	require.NoError(t, err)
	assert.Equal(t, http.StatusForbidden, call(t, ana, "POST", hs.URL+"/api/do", `{"id":"`+id+`","cmd":`+string(hint)+`}`, &a))
	assert.Contains(t, a.Error, "whole-turn hint is off")
}

// TestClassTableRace: two pupils at a table, one polling the state while
// the other plays and a third asks for tables and the teacher reads (for
// go test -race).
func TestClassTableRace(t *testing.T) {
	fc := newFakeClass()
	_, hs := newServer(t, Config{Class: fc})
	ana, _ := pupilTablet(t, hs.URL, "Ana")
	ben, _ := pupilTablet(t, hs.URL, "Ben")
	cleo, _ := pupilTablet(t, hs.URL, "Cleo")
	var tr tableReply
	require.Equal(t, 200, call(t, ana, "POST", hs.URL+"/api/class/table", `{"players":3}`, &tr))
	require.Equal(t, 200, call(t, ben, "POST", hs.URL+"/api/class/table/join", `{"code":"`+tr.Code+`"}`, &tr))
	require.Equal(t, 200, call(t, ana, "POST", hs.URL+"/api/class/table/start", `{"code":"`+tr.Code+`"}`, &tr))
	require.NotEmpty(t, tr.ID)
	var wg sync.WaitGroup
	for _, c := range []*http.Client{ana, ben} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				var a answer
				if call(t, c, "GET", hs.URL+"/api/state?id="+tr.ID, "", &a) != 200 {
					t.Error(a.Error)
					return
				}
				if a.State.MyTurn { // whoever's turn it is draws
					call(t, c, "POST", hs.URL+"/api/do", `{"id":"`+tr.ID+`","cmd":{"do":"draw"}}`, nil)
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 20 {
			call(t, cleo, "GET", hs.URL+"/api/class/me", "", nil)
			call(t, cleo, "GET", hs.URL+"/api/class/table?code="+tr.Code, "", nil)
		}
	}()
	wg.Wait()
	assert.Contains(t, fc.kinds(), EventMove, "the draws were recorded")
}
