// Package web is meldlab's table in the browser (meldlab serve): a small
// HTTP server whose page sends typed commands (package repl/command, as
// JSON) to a repl.Session, one per browser, and draws the session's State. The rules,
// the referee, the hints and the lessons are the REPL's; the page holds no
// rule of its own.
package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/variants"
)

//go:embed static
var static embed.FS

// Config configures a Server. The zero value works: English, 64
// sessions, 30 minutes idle, 64 KiB request bodies.
type Config struct {
	Lang        i18n.Lang     // the default language of a new session ("": English)
	MaxSessions int           // sessions open at once; 0: 64
	Idle        time.Duration // a session unused this long is closed; 0: 30 minutes
	MaxBody     int64         // the largest request body; 0: 64 KiB
	MaxSave     int64         // the largest save uploaded; 0: 1 MiB
	LineTime    time.Duration // the longest one command may run (a hint, the bots); 0: 60 s
	PerClient   int           // sessions open at once from one remote address; 0: 16
	// Hosts are the names, beside the addresses it listens on, by which
	// the server may be reached (a school's DNS name for it): a request
	// addressed to any other name is refused (see guard.go).
	Hosts []string
	// Options makes a session's options (the plugins: Lua for lessons, the
	// game factory, the bots), given the session's own empty directory;
	// the server sets Lang, Seed, Variant and Players. Nil: the zero
	// Options (no Lua, so no lessons).
	Options func(dir string) repl.Options
	// Close releases what Options made for a session, when it closes.
	Close func(repl.Options)
	Now   func() time.Time // nil: time.Now (tests replace it)
	// Class, when set, is the class the server serves (class mode, see
	// class.go): pupils join by name, their progress is recorded there, and
	// /teacher shows it.
	Class Classroom
}

// Server holds the sessions of the browsers that use it.
type Server struct {
	cfg      Config
	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	mux      *http.ServeMux
	dir      string      // a private directory for the saves passing through
	class    *classState // class mode's, nil outside it
}

// session is one browser's REPL session. Its mutex makes its commands run
// one at a time; other sessions are not held up.
type session struct {
	mu   sync.Mutex
	id   string
	s    *repl.Session
	opt  repl.Options
	last time.Time
	dead bool
	from string // the client that opened it (its remote address)
	dir  string
	mine string // dir and a separator: what hidePaths takes out of the text
	// In class mode: the pupil whose session it is, and the assignment
	// whose deal the game in play is (0: none); for a table that pupils
	// share (class_table.go), the pupil of each seat (0: a bot) instead.
	pupil int64
	deal  int
	seats []int64
	table SharedTable // a shared table's record (its seats), to keep its game
}

// hidePaths takes the session's own directory out of a text that names a
// file in it (a save's path), as the browser knows nothing of it.
func (se *session) hidePaths(text string) string { return strings.ReplaceAll(text, se.mine, "") }

// New makes a server; Close releases its sessions.
func New(cfg Config) (*Server, error) {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = 64
	}
	if cfg.Idle <= 0 {
		cfg.Idle = 30 * time.Minute
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.MaxSave <= 0 {
		cfg.MaxSave = 1 << 20
	}
	if cfg.LineTime <= 0 {
		cfg.LineTime = time.Minute
	}
	if cfg.PerClient <= 0 {
		cfg.PerClient = 16
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dir, err := os.MkdirTemp("", "meldlab-serve-")
	if err != nil {
		return nil, err
	}
	srv := &Server{cfg: cfg, sessions: map[string]*session{}, dir: dir, mux: http.NewServeMux()}
	files, _ := fs.Sub(static, "static")
	srv.mux.Handle("GET /", http.FileServerFS(files))
	srv.mux.HandleFunc("GET /api/words", srv.words)
	srv.mux.HandleFunc("GET /api/variants", srv.editions)
	srv.mux.HandleFunc("POST /api/session", srv.open)
	srv.mux.HandleFunc("POST /api/do", srv.do)
	srv.mux.HandleFunc("GET /api/state", srv.state)
	srv.mux.HandleFunc("GET /api/save", srv.save)
	srv.mux.HandleFunc("POST /api/load", srv.load)
	srv.mux.HandleFunc("GET /api/replay", srv.replaySteps)
	srv.mux.HandleFunc("POST /api/replay/play", srv.playOn)
	srv.mux.HandleFunc("GET /api/review.mgn", srv.reviewRecord)
	srv.mux.HandleFunc("POST /api/close", srv.closeOne)
	srv.mux.HandleFunc("POST /api/lang", srv.setLang)
	if cfg.Class != nil {
		if err := srv.startClass(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	return srv, nil
}

// ServeHTTP serves the page and its API. A panic in a request closes that
// request's session only.
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h["X-Content-Type-Options"] = nosniff
	h["Content-Security-Policy"] = selfOnly
	if code, err := srv.refused(r); err != nil {
		fail(w, code, say(srv.cfg.Lang, err))
		return
	}
	limit := srv.cfg.MaxBody
	if r.URL.Path == "/api/load" {
		limit = srv.cfg.MaxSave
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	srv.mux.ServeHTTP(w, r)
}

// Sessions is the number of sessions open.
func (srv *Server) Sessions() int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return len(srv.sessions)
}

// Reap closes the sessions idle longer than Config.Idle; Run calls it
// every minute.
func (srv *Server) Reap() {
	now := srv.cfg.Now()
	srv.mu.Lock()
	var old []*session
	for id, se := range srv.sessions {
		if se.mu.TryLock() {
			if now.Sub(se.last) > srv.cfg.Idle {
				delete(srv.sessions, id)
				srv.forget(se)
				old = append(old, se)
			}
			se.mu.Unlock()
		}
	}
	srv.mu.Unlock()
	for _, se := range old {
		srv.release(se)
	}
}

// Close closes every session; the server refuses new ones after it.
func (srv *Server) Close() error {
	srv.mu.Lock()
	srv.closed = true
	all := srv.sessions
	srv.sessions = map[string]*session{}
	if srv.class != nil {
		srv.class.pupils = map[int64]*session{}
	}
	srv.mu.Unlock()
	for _, se := range all {
		se.mu.Lock()
		srv.release(se)
		se.mu.Unlock()
	}
	if srv.class != nil {
		os.RemoveAll(srv.class.scratch)
	}
	return os.RemoveAll(srv.dir)
}

func (srv *Server) release(se *session) {
	if se.dead {
		return
	}
	se.dead = true
	if srv.cfg.Close != nil {
		srv.cfg.Close(se.opt)
	}
	os.RemoveAll(se.dir)
}

// Serve serves on l with hs (whose Handler is srv) until ctx ends, then
// shuts down cleanly: the commands running are cancelled, requests in
// flight finish (up to 5 seconds) and every session is closed. Idle sessions are reaped every minute meanwhile.
func (srv *Server) Serve(ctx context.Context, hs *http.Server, l net.Listener) error {
	// The commands running when the server stops are cancelled, as Ctrl-C
	// stops a long search or bot in the terminal, so that shutting down
	// does not wait for them.
	base, stopAll := context.WithCancel(context.Background())
	defer stopAll()
	hs.BaseContext = func(net.Listener) context.Context { return base }
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case err := <-errc:
			srv.Close()
			return err
		case <-tick.C:
			srv.Reap()
		case <-ctx.Done():
			stopAll()
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := hs.Shutdown(sctx)
			cancel()
			<-errc // http.ErrServerClosed
			srv.Close()
			return err
		}
	}
}

// reply is what the API answers a command with.
type reply struct {
	ID    string      `json:"id,omitempty"`
	Text  string      `json:"text"`            // what the REPL shows for the line
	Error string      `json:"error,omitempty"` // the refusal, in the session's language
	Turns []turn      `json:"turns,omitempty"` // the turns the line played, one by one
	State *repl.State `json:"state,omitempty"`
	// Lessons: the course, with the lessons passed (a new session's).
	Lessons []repl.LessonItem `json:"lessons,omitempty"`
	// Class mode: the pupil's name; Join, the pupil must join first.
	Pupil string `json:"pupil,omitempty"`
	Join  bool   `json:"join,omitempty"`
}

// turn is one turn the line played (the learner's, then each bot's), as
// plain values: what the page shows one by one.
type turn struct {
	Player string     `json:"player"`
	Kind   string     `json:"kind"`             // play, draw, pass, timeout, failed_play
	Placed []string   `json:"placed,omitempty"` // from the rack
	Drawn  int        `json:"drawn,omitempty"`
	Gone   [][]string `json:"gone,omitempty"` // sets no longer on the table
	Made   [][]string `json:"made,omitempty"` // sets new on it
}

func turnOf(r repl.TurnReport) turn {
	t := turn{Player: r.Player, Kind: r.Kind.String(), Drawn: r.Drawn}
	if len(r.Placed) > 0 {
		t.Placed = tiles(r.Placed)
	}
	if len(r.Gone) > 0 {
		t.Gone = repl.TableStrings(r.Gone)
	}
	if len(r.Made) > 0 {
		t.Made = repl.TableStrings(r.Made)
	}
	return t
}

func tiles[T interface{ String() string }](ts []T) []string {
	out := make([]string, len(ts))
	for i, x := range ts {
		out[i] = x.String()
	}
	return out
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b := replyBuffers.Get().(*bytes.Buffer)
	defer func() {
		if b.Cap() <= 64<<10 { // an odd huge reply is not kept
			b.Reset()
			replyBuffers.Put(b)
		}
	}()
	json.NewEncoder(b).Encode(v)
	h := w.Header()
	h["Content-Type"] = jsonType
	h["Cache-Control"] = noStore
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// The headers every reply carries, as Header.Set would store them (the
// keys are canonical) but made once: a served table answers every line.
// Header.Add appends to a copy (each has its length for capacity), and
// Set replaces it, so sharing them is safe.
var (
	nosniff  = []string{"nosniff"}
	selfOnly = []string{"default-src 'self'; frame-ancestors 'none'"}
	jsonType = []string{"application/json; charset=utf-8"}
	noStore  = []string{"no-store"}
)

// replyBuffers hold replies while they are written: a served table writes
// one at every line.
var replyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func fail(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, reply{Error: msg})
}

// readJSON reads a body capped by ServeHTTP.
func (srv *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	lang := srv.cfg.Lang
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, say(lang, refuse(msg.WebErrBody(tooBig.Limit))))
		} else {
			fail(w, http.StatusBadRequest, "bad request: "+err.Error())
		}
		return false
	}
	return true
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// openRequest deals a session's first game.
type openRequest struct {
	Lang    string `json:"lang,omitempty"`
	Players int    `json:"players,omitempty"` // you and bots; 0: 3
	Variant string `json:"variant,omitempty"` // a shipped variant's name
	Seed    uint64 `json:"seed,omitempty"`    // 0: a random one
}

func (srv *Server) open(w http.ResponseWriter, r *http.Request) {
	var req openRequest
	if !srv.readJSON(w, r, &req) {
		return
	}
	var pupil Pupil
	if srv.class != nil {
		var ok bool
		if pupil, ok = srv.pupilOf(w, r); !ok {
			return
		}
		if se := srv.pupilSession(pupil.ID); se != nil { // another tablet, or a reload
			defer se.mu.Unlock()
			se.last = srv.cfg.Now()
			st := se.s.State()
			writeJSON(w, http.StatusOK, reply{ID: se.id, State: &st, Lessons: se.s.Lessons(), Pupil: pupil.Name})
			return
		}
		req = srv.classOpen(req)
	}
	lang := srv.cfg.Lang
	if req.Lang != "" {
		l, err := i18n.Parse(req.Lang)
		if err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
		lang = l
	}
	if (req.Variant != "" && !isShipped(req.Variant)) || req.Players < 0 || req.Players > command.MaxPlayers {
		fail(w, http.StatusBadRequest, say(lang, refuse(msg.WebErrNamesFile(strconv.Quote(req.Variant)))))
		return
	}
	if req.Players == 0 {
		req.Players = 3
	}
	srv.mu.Lock()
	if srv.closed || len(srv.sessions) >= srv.cfg.MaxSessions {
		srv.mu.Unlock()
		srv.Reap()
		srv.mu.Lock()
	}
	if srv.closed || len(srv.sessions) >= srv.cfg.MaxSessions {
		srv.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		if srv.closed {
			fail(w, http.StatusServiceUnavailable, say(lang, refuse(msg.WebErrStopping())))
			return
		}
		fail(w, http.StatusServiceUnavailable, say(lang, refuse(msg.WebErrFull(srv.cfg.MaxSessions))))
		return
	}
	from := client(r)
	if srv.fromClient(from) >= srv.cfg.PerClient {
		srv.mu.Unlock()
		srv.Reap()
		srv.mu.Lock()
	}
	if srv.fromClient(from) >= srv.cfg.PerClient {
		srv.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		fail(w, http.StatusTooManyRequests, say(lang, refuse(msg.WebErrFullClient(srv.cfg.PerClient))))
		return
	}
	se := &session{id: newID(), last: srv.cfg.Now(), from: from, pupil: pupil.ID}
	if srv.class != nil {
		if old := srv.class.pupils[pupil.ID]; old != nil && srv.sessions[old.id] == old {
			// The same pupil on two tablets at once: one session.
			srv.mu.Unlock()
			fail(w, http.StatusConflict, say(lang, refuse(msg.ClassErrTwice())))
			return
		}
		srv.class.pupils[pupil.ID] = se
	}
	srv.sessions[se.id] = se
	se.mu.Lock() // held until the game is dealt
	srv.mu.Unlock()
	defer se.mu.Unlock()

	se.dir = filepath.Join(srv.dir, se.id)
	se.mine = se.dir + string(filepath.Separator)
	if err := os.Mkdir(se.dir, 0o700); err != nil {
		srv.drop(se)
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	var opt repl.Options
	if srv.cfg.Options != nil {
		opt = srv.cfg.Options(se.dir)
	}
	opt.Lang, opt.Variant, opt.Seats, opt.Out = lang, req.Variant, seatSpecs(lang, req.Players), io.Discard
	opt.Seed = req.Seed
	if opt.Seed == 0 {
		opt.Seed = randomSeed()
	}
	opt.CoursePath, opt.Echo, opt.Color = "", false, false
	var game []byte
	if srv.class != nil {
		had, err := srv.cfg.Class.Resume(r.Context(), pupil.ID)
		if err != nil {
			srv.drop(se)
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		opt.CoursePath, game = srv.courseFile(se, had), had.Game
		opt.Puzzles = srv.classPuzzles
	}
	se.opt = opt
	rep := reply{ID: se.id, Pupil: pupil.Name}
	err := srv.guard(se, func() error {
		var buf strings.Builder
		opt.Out = &buf
		se.s = repl.NewSession(opt)
		ctx, cancel := srv.lineContext(r)
		defer cancel()
		err := se.s.Start(ctx)
		if err == nil && srv.class != nil {
			srv.resume(ctx, se, game)
		}
		rep.Text = buf.String()
		return err
	})
	if err != nil {
		srv.drop(se)
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	st := se.s.State()
	rep.State = &st
	rep.Lessons = se.s.Lessons()
	writeJSON(w, http.StatusOK, rep)
}

// randomSeed is a new game's seed when none is given.
func randomSeed() uint64 {
	b := make([]byte, 8)
	rand.Read(b)
	var seed uint64
	for _, c := range b {
		seed = seed<<8 | uint64(c)
	}
	return seed
}

// fromClient counts the sessions open from one client; srv.mu is held.
func (srv *Server) fromClient(from string) int {
	n := 0
	for _, se := range srv.sessions {
		if se.from == from {
			n++
		}
	}
	return n
}

// guard runs f on a session, turning a panic into an error that closes
// the session (the others go on).
func (srv *Server) guard(se *session, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			log.Printf("meldlab serve: a session failed and was closed: %v", p)
			err = refuse(msg.WebErrFailed())
			srv.drop(se)
		}
	}()
	return f()
}

// drop removes a session; its lock is held by the caller.
func (srv *Server) drop(se *session) {
	srv.mu.Lock()
	if srv.sessions[se.id] == se {
		delete(srv.sessions, se.id)
	}
	srv.forget(se)
	srv.mu.Unlock()
	srv.release(se)
}

// forget ends a pupil's tie to a session that is closing; srv.mu is held.
func (srv *Server) forget(se *session) {
	if srv.class != nil && srv.class.pupils[se.pupil] == se {
		delete(srv.class.pupils, se.pupil)
	}
}

// get finds a session and locks it; the caller unlocks it.
func (srv *Server) get(w http.ResponseWriter, r *http.Request, id string) *session {
	srv.mu.Lock()
	se := srv.sessions[id]
	srv.mu.Unlock()
	if se == nil {
		fail(w, http.StatusNotFound, say(srv.cfg.Lang, refuse(msg.WebErrNoSession())))
		return nil
	}
	if !srv.mine(w, r, se) {
		return nil
	}
	se.mu.Lock()
	if se.dead {
		se.mu.Unlock()
		fail(w, http.StatusNotFound, say(srv.cfg.Lang, refuse(msg.WebErrNoSession())))
		return nil
	}
	se.last = srv.cfg.Now()
	return se
}

// shipped are the shipped variants' names ("original", "house/fifty"):
// the only names with a slash the page may send.
var shipped = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range variants.Names() {
		m[strings.ToLower(n)] = true
	}
	return m
})

// sessionRequest reads a request naming a session and finds that session,
// locked (the caller unlocks it); a nil session when either failed, the
// reply written.
func sessionRequest[T interface{ sessionID() string }](srv *Server, w http.ResponseWriter, r *http.Request) (T, *session) {
	var req T
	if !srv.readJSON(w, r, &req) {
		return req, nil
	}
	return req, srv.get(w, r, req.sessionID())
}

func (q langRequest) sessionID() string { return q.ID }

// lineContext is the context of a route's work on a session: the request's,
// cut at Config.LineTime. Every route that plays or reads (a new game's
// bots, a line, a save, a load) runs under it.
func (srv *Server) lineContext(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), srv.cfg.LineTime)
}

// reply runs f on a session under the line's deadline and answers with
// what it showed, its error and the state after it.
func (srv *Server) reply(w http.ResponseWriter, r *http.Request, se *session, f func(ctx context.Context) (repl.Reply, error)) {
	ctx, cancel := srv.lineContext(r)
	defer cancel()
	var rep reply
	err := srv.guard(se, func() error {
		out, err := f(ctx)
		rep.Text = se.hidePaths(out.Text)
		for _, t := range out.Turns {
			rep.Turns = append(rep.Turns, turnOf(t))
		}
		if err != nil {
			rep.Error = se.hidePaths(errorText(se, err))
		}
		return nil
	})
	if err != nil {
		fail(w, http.StatusInternalServerError, say(se.opt.Lang, err))
		return
	}
	if se.s.Done() {
		srv.drop(se)
	}
	st := se.s.State()
	rep.State = &st
	writeJSON(w, http.StatusOK, rep)
}

// errorText is an error as the REPL prints it, in the session's language.
func errorText(se *session, err error) string {
	return se.s.ErrorText(err)
}

func (srv *Server) state(w http.ResponseWriter, r *http.Request) {
	se := srv.get(w, r, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	st := se.s.State()
	rep := reply{ID: se.id, State: &st, Lessons: se.s.Lessons()}
	if srv.class != nil {
		p := srv.asker(r)
		srv.viewFor(se, p.ID, &st)
		rep.Pupil = p.Name
	}
	writeJSON(w, http.StatusOK, rep)
}

func (srv *Server) closeOne(w http.ResponseWriter, r *http.Request) {
	_, se := sessionRequest[doRequest](srv, w, r)
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	srv.drop(se)
	writeJSON(w, http.StatusOK, reply{})
}

type langRequest struct {
	ID   string `json:"id"`
	Lang string `json:"lang"`
}

// setLang says the session in another language from now on, keeping its
// game, its staged table and its lesson.
func (srv *Server) setLang(w http.ResponseWriter, r *http.Request) {
	req, se := sessionRequest[langRequest](srv, w, r)
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	lang, err := i18n.Parse(req.Lang)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if srv.class != nil && srv.classSettings().Lang != "" && string(lang) != srv.classSettings().Lang {
		fail(w, http.StatusForbidden, say(se.opt.Lang, refuse(msg.ClassErrLang())))
		return
	}
	err = srv.guard(se, func() error {
		se.s.SetLang(lang)
		se.opt.Lang = lang
		return nil
	})
	if err != nil {
		fail(w, http.StatusInternalServerError, say(lang, err))
		return
	}
	st := se.s.State()
	writeJSON(w, http.StatusOK, reply{ID: se.id, State: &st, Lessons: se.s.Lessons()})
}
