package web

// The teacher's view (/teacher): the page asks for the teacher code, then
// sends it with every request (teacherHeader); without it no route here
// shows a pupil or changes the class. The page polls the report, so the
// grid is live while the class plays.

import (
	"bytes"
	"context"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/variants"
)

// teacher refuses (403) a request without the teacher code; true when it
// carries it.
func (srv *Server) teacher(w http.ResponseWriter, r *http.Request) bool {
	if srv.guessing(w, r) {
		return false
	}
	if srv.isTeacher(r) {
		return true
	}
	if r.Header.Get(teacherHeader) != "" {
		srv.wrongCode(r)
	}
	fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrTeacher())))
	return false
}

// teacherPage serves the teacher's page (it asks for the code itself).
func (srv *Server) teacherPage(w http.ResponseWriter, r *http.Request) {
	b, err := fs.ReadFile(static, "static/teacher.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b)
}

// teacherReport is the grid, who is online, the refusals, the scores.
func (srv *Server) teacherReport(w http.ResponseWriter, r *http.Request) {
	if !srv.teacher(w, r) {
		return
	}
	rep, err := srv.cfg.Class.Report(r.Context(), srv.cfg.Now())
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// teacherCSV sends the grid as a CSV file.
func (srv *Server) teacherCSV(w http.ResponseWriter, r *http.Request) {
	if !srv.teacher(w, r) {
		return
	}
	var b bytes.Buffer
	if err := srv.cfg.Class.CSV(r.Context(), &b); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="class.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// teacherSettings sets the switches and the assignment. A language or an
// edition that is not meldlab's, or a clock other than off, 60 or 120
// seconds, is refused.
func (srv *Server) teacherSettings(w http.ResponseWriter, r *http.Request) {
	s, ok := teacherRequest[ClassSettings](srv, w, r)
	if !ok {
		return
	}
	if _, err := i18n.Parse(s.Lang); s.Lang != "" && err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if (s.Edition != "" && !isShipped(s.Edition)) || !slices.Contains([]int{0, 60, 120}, s.Clock) || s.Lesson < 0 {
		fail(w, http.StatusBadRequest, say(srv.lang(), refuse(msg.ClassErrSettings())))
		return
	}
	s.Puzzles = srv.classSettings().Puzzles // made by their own route, never by the form
	if id := unknownPuzzle(&s); id != "" {
		fail(w, http.StatusBadRequest, say(srv.lang(), refuse(msg.ClassErrHomework(strconv.Quote(id)))))
		return
	}
	now, err := srv.setSettings(r.Context(), s)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	srv.applyLive(r, now)
	writeJSON(w, http.StatusOK, now)
}

// setSettings writes the switches and reads them back, the server's
// copy changed under its lock.
func (srv *Server) setSettings(ctx context.Context, s ClassSettings) (ClassSettings, error) {
	srv.class.mu.Lock()
	defer srv.class.mu.Unlock()
	if err := srv.cfg.Class.SetSettings(ctx, s); err != nil {
		return ClassSettings{}, err
	}
	now, err := srv.cfg.Class.Settings(ctx)
	if err == nil {
		srv.class.settings = now
	}
	return now, err
}

// applyLive gives the sessions open now the class's language and clock
// (a new edition or deal waits for the pupil's next game, a new lesson
// for the page's next look at the class).
func (srv *Server) applyLive(r *http.Request, s ClassSettings) {
	srv.mu.Lock()
	live := make([]*session, 0, len(srv.class.pupils))
	for _, se := range srv.class.pupils {
		live = append(live, se)
	}
	srv.mu.Unlock()
	lang, err := i18n.Parse(s.Lang)
	for _, se := range live {
		se.mu.Lock()
		if !se.dead {
			srv.guard(se, func() error {
				if s.Lang != "" && err == nil {
					se.s.SetLang(lang)
					se.opt.Lang = lang
				}
				ctx, cancel := srv.lineContext(r)
				defer cancel()
				srv.classClock(ctx, se)
				return nil
			})
		}
		se.mu.Unlock()
	}
}

// unknownPuzzle is the first puzzle of the homework that is neither a
// shipped puzzle of the class's edition (the original's when none is set)
// nor one of the class's own, "" when all are; the ids are trimmed, blanks
// dropped.
func unknownPuzzle(s *ClassSettings) string {
	variant := "original"
	if s.Edition != "" && puzzle.Shipped(s.Edition) != nil {
		variant = s.Edition
	}
	known := map[string]bool{}
	for _, p := range append(slices.Clip(puzzle.Shipped(variant)), s.Puzzles...) {
		known[p.ID] = true
	}
	var ids []string
	for _, id := range s.Homework {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if !known[id] {
			return id
		}
		ids = append(ids, id)
	}
	s.Homework = ids
	return ""
}

type pupilRequest struct {
	ID     int64  `json:"id"`
	Name   string `json:"name,omitempty"`   // rename to it
	Remove bool   `json:"remove,omitempty"` // erase the pupil and their data
}

// teacherPupil renames or removes a pupil; a removed pupil's session is
// closed.
func (srv *Server) teacherPupil(w http.ResponseWriter, r *http.Request) {
	if !srv.teacher(w, r) {
		return
	}
	var req pupilRequest
	if !srv.readJSON(w, r, &req) {
		return
	}
	var err error
	if req.Remove {
		if se := srv.pupilSession(req.ID); se != nil {
			srv.drop(se)
			se.mu.Unlock()
		}
		err = srv.cfg.Class.Remove(r.Context(), req.ID)
	} else {
		err = srv.cfg.Class.Rename(r.Context(), req.ID, req.Name)
	}
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error()+" (pupil "+strconv.FormatInt(req.ID, 10)+")")
		return
	}
	writeJSON(w, http.StatusOK, reply{})
}

// puzzleRequest is a class puzzle as the teacher types it: the table and
// the rack in notation, and whether the solver has made the initial meld.
type puzzleRequest struct {
	Table  string `json:"table"`
	Rack   string `json:"rack"`
	Opened bool   `json:"opened"`
}

// teacherPuzzle answers POST /api/teacher/puzzle: a puzzle made from the
// position the teacher typed, under the class's edition (the original when
// none is set), proven, rated and graded like the shipped ones, kept with
// the class and set as everyone's homework; a position that makes no
// puzzle is refused with its reason in the teacher's language.
func (srv *Server) teacherPuzzle(w http.ResponseWriter, r *http.Request) {
	req, ok := teacherRequest[puzzleRequest](srv, w, r)
	if !ok {
		return
	}
	lang := srv.lang()
	s := srv.classSettings()
	variant := "original"
	if s.Edition != "" {
		variant = s.Edition
	}
	v, err := variants.Resolve(variant)
	if err != nil {
		fail(w, http.StatusBadRequest, say(lang, err))
		return
	}
	table, err := v.Rules.Tiles.ParseTable(req.Table)
	if err == nil {
		var rack []core.Tile
		if rack, err = v.Rules.Tiles.ParseTiles(req.Rack); err == nil {
			ctx, cancel := srv.lineContext(r)
			defer cancel()
			var p puzzle.Puzzle
			if p, err = puzzle.Make(ctx, variant, v.Rules, table, rack, req.Opened); err == nil {
				srv.addClassPuzzle(w, r, p)
				return
			}
		}
	}
	fail(w, http.StatusBadRequest, i18n.New(lang).Error(err))
}

// addClassPuzzle keeps p with the class's puzzles (once) and adds it to the
// homework, and answers with it.
func (srv *Server) addClassPuzzle(w http.ResponseWriter, r *http.Request, p puzzle.Puzzle) {
	s := srv.classSettings()
	if !slices.ContainsFunc(s.Puzzles, func(q puzzle.Puzzle) bool { return q.ID == p.ID }) {
		s.Puzzles = append(slices.Clip(s.Puzzles), p)
	}
	if !slices.Contains(s.Homework, p.ID) {
		s.Homework = append(slices.Clip(s.Homework), p.ID)
	}
	now, err := srv.setSettings(r.Context(), s)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	srv.applyLive(r, now)
	writeJSON(w, http.StatusOK, p)
}

// teacherRequest is the JSON body of a teacher's request, once the teacher
// code is checked; false: refused, and answered.
func teacherRequest[T any](srv *Server, w http.ResponseWriter, r *http.Request) (T, bool) {
	var v T
	if !srv.teacher(w, r) {
		return v, false
	}
	return v, srv.readJSON(w, r, &v)
}
