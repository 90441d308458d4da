package web

// The class mode's pupils (meldlab serve --class): a pupil joins with the
// class's code and a first name, and gets a cookie naming them (a token
// the Classroom signs). From then on the pupil has one session, kept while
// they come and go: a second tablet with the same name gets the same
// session, and after a restart the session is made again from what the
// Classroom kept (the lessons passed, the game in progress). A session
// answers only its own pupil: a request naming another pupil's session,
// or another pupil, is refused with 403.

import (
	"context"
	"crypto/subtle"
	"errors"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// pupilCookie is the cookie that names a pupil in class mode.
const pupilCookie = "meldlab-pupil"

// teacherHeader carries the teacher code on the teacher page's requests
// (a header no cross-site form can send).
const teacherHeader = "X-Teacher-Code"

// classState is the server's side of the class: the settings (read once,
// changed only by the teacher through this server) and each pupil's
// session.
type classState struct {
	mu       sync.Mutex
	settings ClassSettings
	pupils   map[int64]*session
	wrong    map[string]int // wrong codes by client, for maxWrong
	// tables are the tables pupils share, by their code (class_table.go).
	tables map[string]*classTable
	// scratch is where a pupil's game is saved on its way to the class
	// (gameBytes): a directory in memory when the system has one, as a
	// save is synced to its disk, and a class saves at every turn.
	scratch string
}

// scratchDir makes the class's scratch directory: in /dev/shm (memory)
// when there is one, else in the server's own directory.
func scratchDir(fallback string) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "meldlab-class-"); err == nil {
			return d
		}
	}
	return fallback
}

// maxWrong is how many wrong codes (join or teacher) one device may send
// while the server runs; past it every code it sends is refused (429), so
// that a 4-digit join code cannot be found by trying them all.
const maxWrong = 20

// guessing reports whether r's client has sent maxWrong wrong codes,
// answering 429 if so.
func (srv *Server) guessing(w http.ResponseWriter, r *http.Request) bool {
	srv.class.mu.Lock()
	n := srv.class.wrong[client(r)]
	srv.class.mu.Unlock()
	if n < maxWrong {
		return false
	}
	fail(w, http.StatusTooManyRequests, say(srv.lang(), refuse(msg.ClassErrGuessing())))
	return true
}

// wrongCode counts a wrong code from r's client.
func (srv *Server) wrongCode(r *http.Request) {
	srv.class.mu.Lock()
	srv.class.wrong[client(r)]++
	srv.class.mu.Unlock()
}

// startClass reads the class's settings and adds the class's routes.
func (srv *Server) startClass() error {
	s, err := srv.cfg.Class.Settings(context.Background())
	if err != nil {
		return err
	}
	srv.class = &classState{settings: s, pupils: map[int64]*session{}, wrong: map[string]int{}, scratch: scratchDir(srv.dir),
		tables: map[string]*classTable{}}
	if err := srv.loadTables(context.Background()); err != nil {
		os.RemoveAll(srv.class.scratch)
		return err
	}
	srv.mux.HandleFunc("POST /api/class/join", srv.classJoin)
	srv.mux.HandleFunc("GET /api/class/me", srv.classMe)
	srv.mux.HandleFunc("GET /api/class/pupil", srv.classPupil)
	srv.mux.HandleFunc("POST /api/class/table", srv.tableOpen)
	srv.mux.HandleFunc("POST /api/class/table/join", srv.tableJoin)
	srv.mux.HandleFunc("POST /api/class/table/start", srv.tableStart)
	srv.mux.HandleFunc("GET /api/class/table", srv.tableLook)
	srv.mux.HandleFunc("GET /teacher", srv.teacherPage)
	srv.mux.HandleFunc("GET /api/teacher/report", srv.teacherReport)
	srv.mux.HandleFunc("GET /api/teacher/csv", srv.teacherCSV)
	srv.mux.HandleFunc("POST /api/teacher/settings", srv.teacherSettings)
	srv.mux.HandleFunc("POST /api/teacher/puzzle", srv.teacherPuzzle)
	srv.mux.HandleFunc("POST /api/teacher/pupil", srv.teacherPupil)
	return nil
}

// classSettings are the class's settings now.
func (srv *Server) classSettings() ClassSettings {
	srv.class.mu.Lock()
	defer srv.class.mu.Unlock()
	return srv.class.settings
}

// classPuzzles are the class's own puzzles of a variant, as a pupil's
// session finds them (repl.Options.Puzzles).
func (srv *Server) classPuzzles(variant string) []puzzle.Puzzle {
	var out []puzzle.Puzzle
	for _, p := range srv.classSettings().Puzzles {
		if p.Variant == variant {
			out = append(out, p)
		}
	}
	return out
}

// JoinCode and TeacherCode are the class's codes, for the terminal that
// starts the server ("" outside class mode).
func (srv *Server) JoinCode() string {
	if srv.class == nil {
		return ""
	}
	return srv.classSettings().JoinCode
}

// TeacherCode: see JoinCode.
func (srv *Server) TeacherCode() string {
	if srv.class == nil {
		return ""
	}
	return srv.classSettings().TeacherCode
}

type joinRequest struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// classJoin lets a pupil in and sets the cookie that names them.
func (srv *Server) classJoin(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if !srv.readJSON(w, r, &req) || srv.guessing(w, r) {
		return
	}
	p, token, err := srv.cfg.Class.Join(r.Context(), req.Code, req.Name)
	switch {
	case errors.Is(err, ErrBadCode):
		srv.wrongCode(r)
		fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrCode())))
		return
	case errors.Is(err, ErrBadName):
		fail(w, http.StatusBadRequest, say(srv.lang(), refuse(msg.ClassErrName())))
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	http.SetCookie(w, &http.Cookie{Name: pupilCookie, Value: token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: 180 * 24 * 3600})
	writeJSON(w, http.StatusOK, p)
}

// lang is the language of the server's own refusals: the class's, else
// the server's.
func (srv *Server) lang() i18n.Lang {
	if srv.class != nil {
		if l, err := i18n.Parse(srv.classSettings().Lang); err == nil && srv.classSettings().Lang != "" {
			return l
		}
	}
	return srv.cfg.Lang
}

// pupilOf is the pupil r's cookie names; without one (or for a pupil
// removed), it answers 401 with join set, so that the page goes to the
// join page, and returns false.
func (srv *Server) pupilOf(w http.ResponseWriter, r *http.Request) (Pupil, bool) {
	c, err := r.Cookie(pupilCookie)
	if err == nil {
		p, err := srv.cfg.Class.Pupil(r.Context(), c.Value)
		if err == nil {
			return p, true
		}
		if !errors.Is(err, ErrNoPupil) {
			fail(w, http.StatusInternalServerError, err.Error())
			return Pupil{}, false
		}
	}
	writeJSON(w, http.StatusUnauthorized, reply{Error: say(srv.lang(), refuse(msg.ClassErrJoin())), Join: true})
	return Pupil{}, false
}

// asker is the pupil r's cookie names, 0 for none (the caller has
// checked it already: see mine).
func (srv *Server) asker(r *http.Request) Pupil {
	c, err := r.Cookie(pupilCookie)
	if err != nil {
		return Pupil{}
	}
	p, _ := srv.cfg.Class.Pupil(r.Context(), c.Value)
	return p
}

// mine refuses (403) a session that is not the pupil's of r; true when r
// may use it. Outside class mode every session is its browser's.
func (srv *Server) mine(w http.ResponseWriter, r *http.Request, se *session) bool {
	if srv.class == nil {
		return true
	}
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return false
	}
	if se.seats != nil {
		return srv.seated(w, r, se, p)
	}
	if p.ID != se.pupil {
		fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrNotYours())))
		return false
	}
	return true
}

// meReply is what a pupil's page learns of the class.
type meReply struct {
	Pupil
	Settings ClassSettings `json:"settings"`
	Passed   []int         `json:"passed"`
	Table    string        `json:"table,omitempty"` // the table the pupil sits at, its code
}

// classMe is the pupil's own data and the class's switches and
// assignment (the page polls it).
func (srv *Server) classMe(w http.ResponseWriter, r *http.Request) {
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return
	}
	srv.sendPupil(w, r, p)
}

// classPupil is one pupil's data, by id: the pupil's own only (the
// teacher's view has everyone's).
func (srv *Server) classPupil(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if srv.isTeacher(r) {
		srv.sendPupil(w, r, Pupil{ID: id})
		return
	}
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return
	}
	if p.ID != id {
		fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrNotYours())))
		return
	}
	srv.sendPupil(w, r, p)
}

func (srv *Server) sendPupil(w http.ResponseWriter, r *http.Request, p Pupil) {
	had, err := srv.cfg.Class.Resume(r.Context(), p.ID)
	if errors.Is(err, ErrNoPupil) {
		fail(w, http.StatusNotFound, say(srv.lang(), refuse(msg.ClassErrNoPupil())))
		return
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	passed := had.Passed
	if passed == nil {
		passed = []int{}
	}
	writeJSON(w, http.StatusOK, meReply{Pupil: p, Settings: srv.classSettings(), Passed: passed, Table: srv.tableOf(p.ID)})
}

// isTeacher reports whether r carries the teacher code.
func (srv *Server) isTeacher(r *http.Request) bool {
	code := r.Header.Get(teacherHeader)
	want := srv.classSettings().TeacherCode
	return code != "" && want != "" && subtle.ConstantTimeCompare([]byte(code), []byte(want)) == 1
}

// pupilSession is the live session of a pupil, locked, or nil.
func (srv *Server) pupilSession(id int64) *session {
	srv.mu.Lock()
	se := srv.class.pupils[id]
	srv.mu.Unlock()
	if se == nil {
		return nil
	}
	se.mu.Lock()
	if se.dead {
		se.mu.Unlock()
		return nil
	}
	return se
}

// classOpen makes a pupil's request for a session the class's: the
// class's language and edition when locked, the class's deal when one is
// set.
func (srv *Server) classOpen(req openRequest) openRequest {
	s := srv.classSettings()
	if s.Lang != "" {
		req.Lang = s.Lang
	}
	if s.Edition != "" {
		req.Variant = s.Edition
	}
	if s.Seed != 0 {
		req.Seed = s.Seed
	}
	return req
}

// courseFile writes the lessons a pupil passed where their new session
// reads its course (opt.CoursePath), and their puzzle store beside it,
// where the session reads it (puzzlesFile); the game in progress is loaded
// after the session starts (loadGame).
func (srv *Server) courseFile(se *session, had Resumed) string {
	var b strings.Builder
	for _, n := range had.Passed {
		b.WriteString(strconv.Itoa(n) + "\n")
	}
	path := filepath.Join(se.dir, "lessons")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		log.Printf("meldlab serve: %v", err)
	}
	if len(had.Puzzles) > 0 {
		if err := os.WriteFile(srv.puzzlesFile(se), had.Puzzles, 0o600); err != nil {
			log.Printf("meldlab serve: %v", err)
		}
	}
	return path
}

// puzzlesFile is where a pupil's session keeps its puzzle store: beside
// its course, as the REPL keeps it.
func (srv *Server) puzzlesFile(se *session) string { return filepath.Join(se.dir, "puzzles.json") }

// puzzleBytes is the pupil's puzzle store, after a command that may have
// rated an attempt (nil: none to keep).
func (srv *Server) puzzleBytes(se *session, c command.Command, before *repl.State) []byte {
	if before.Puzzle == nil {
		return nil
	}
	switch c.(type) {
	case command.Done, command.Play, command.Draw, command.End:
	default:
		return nil
	}
	b, err := os.ReadFile(srv.puzzlesFile(se))
	if err != nil {
		return nil
	}
	return b
}

// loadGame loads a pupil's kept game into their session.
func (srv *Server) loadGame(ctx context.Context, se *session, game []byte) {
	if len(game) == 0 {
		return
	}
	path := filepath.Join(se.dir, "resume.json")
	if err := os.WriteFile(path, game, 0o600); err != nil {
		log.Printf("meldlab serve: %v", err)
		return
	}
	defer os.Remove(path)
	if _, err := se.s.LoadFrom(ctx, path); err != nil {
		log.Printf("meldlab serve: pupil %d's game could not be resumed: %v", se.pupil, err)
	}
}

// gameBytes is the pupil's game in play as a save, nil when there is
// none to keep (a lesson or a puzzle is on the table).
func (srv *Server) gameBytes(se *session, st *repl.State) []byte {
	if !st.Game || st.Lesson != nil || st.Puzzle != nil {
		return nil
	}
	path := filepath.Join(srv.class.scratch, se.id+".json")
	if _, err := se.s.SaveTo(path); err != nil {
		return nil
	}
	defer os.Remove(path)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return b
}

// resume makes a pupil's new session theirs: the game they had, else the
// class's deal; the class's clock; the lesson the teacher assigned, when
// not passed yet.
func (srv *Server) resume(ctx context.Context, se *session, game []byte) {
	if len(game) > 0 {
		srv.loadGame(ctx, se, game)
	} else {
		srv.dealt(se)
	}
	srv.classClock(ctx, se)
	if n := srv.classSettings().Lesson; n > 0 {
		for _, l := range se.s.Lessons() {
			if l.N == n && !l.Passed {
				se.s.Do(ctx, command.Lesson{N: n})
			}
		}
	}
	// The teacher sees the pupil online at once, in the lesson begun.
	st := se.s.State()
	e := ClassEvent{Pupil: se.pupil, At: srv.cfg.Now(), Kind: EventJoin, Doing: doing(&st)}
	if st.Lesson != nil {
		e.Lesson = st.Lesson.N
	}
	if err := srv.cfg.Class.Record(ctx, e); err != nil {
		log.Printf("meldlab serve: pupil %d's arrival was not kept: %v", se.pupil, err)
	}
}
