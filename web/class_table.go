package web

// Pupils at one table: 2 to 4 pupils play one game from their own
// tablets. A pupil opens a table (its code, 4 digits, to tell the
// others), classmates join it by the code, and the pupil who opened it
// deals: one session, the referee's and the bots' as ever, whose seats are
// the pupils (bots fill the others). Each pupil's page sees the table and
// their own rack only, and may play only on their own turn; a pupil who
// comes back (a reload, another tablet) sits at their seat again. A table
// lasts while the server runs: its game is not kept in the class.

import (
	"context"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/table"
)

// classTable is a table pupils share: its seats, then its session.
type classTable struct {
	mu      sync.Mutex
	code    string
	players int     // the seats, bots included
	pupils  []Pupil // seated, in seat order: the one who opened it first
	se      *session
	saved   []byte // the game kept before a restart, to load when the session is made again
}

// record is the table as the class keeps it; t.mu is held.
func (t *classTable) record() SharedTable {
	return SharedTable{Code: t.code, Players: t.players, Pupils: slices.Clone(t.pupils)}
}

// keepTable keeps a table (and its game, when given) in the class.
func (srv *Server) keepTable(ctx context.Context, rec SharedTable, game []byte) {
	rec.Game = game
	if err := srv.cfg.Class.SaveTable(ctx, rec); err != nil {
		log.Printf("meldlab serve: table %s was not kept: %v", rec.Code, err)
	}
}

// loadTables gives a server started again the tables kept: each one's
// session is made again, its game loaded, when a pupil comes back to it.
func (srv *Server) loadTables(ctx context.Context) error {
	kept, err := srv.cfg.Class.Tables(ctx)
	if err != nil {
		return err
	}
	for _, k := range kept {
		srv.class.tables[k.Code] = &classTable{code: k.Code, players: k.Players, pupils: k.Pupils, saved: k.Game}
	}
	return nil
}

// again makes a kept table's session again, its game loaded, if it had
// one before a restart.
func (srv *Server) again(r *http.Request, t *classTable) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.se != nil || t.saved == nil {
		return
	}
	se, err := srv.dealTable(r, t)
	if err != nil {
		log.Printf("meldlab serve: table %s could not be made again: %v", t.code, err)
		return
	}
	t.se = se
}

// tableReply is a table as a pupil's page shows it.
type tableReply struct {
	Code    string   `json:"code"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"` // the pupils seated
	Host    bool     `json:"host"`  // the asker opened it (and deals)
	ID      string   `json:"id,omitempty"`
	Error   string   `json:"error,omitempty"`
}

func (t *classTable) reply(p Pupil) tableReply {
	t.mu.Lock()
	defer t.mu.Unlock()
	rep := tableReply{Code: t.code, Players: t.players, Host: len(t.pupils) > 0 && t.pupils[0].ID == p.ID}
	for _, q := range t.pupils {
		rep.Seats = append(rep.Seats, q.Name)
	}
	if t.se != nil && t.seat(p.ID) >= 0 {
		rep.ID = t.se.id
	}
	return rep
}

// seat is the seat of a pupil at the table, -1 for none; t.mu is held.
func (t *classTable) seat(id int64) int {
	return slices.IndexFunc(t.pupils, func(q Pupil) bool { return q.ID == id })
}

type tableRequest struct {
	Code    string `json:"code,omitempty"`
	Players int    `json:"players,omitempty"`
}

// tableOf is the code of the table a pupil sits at ("": none).
func (srv *Server) tableOf(id int64) string {
	// The tables first, then each under its own lock: a table's lock is
	// never taken under the class's (dealing holds the table's, then
	// reads the class's settings).
	srv.class.mu.Lock()
	tables := make([]*classTable, 0, len(srv.class.tables))
	for _, t := range srv.class.tables {
		tables = append(tables, t)
	}
	srv.class.mu.Unlock()
	for _, t := range tables {
		t.mu.Lock()
		at := t.seat(id) >= 0
		t.mu.Unlock()
		if at {
			return t.code
		}
	}
	return ""
}

// tableOpen opens a table of 2 to 4 seats, the pupil at the first.
func (srv *Server) tableOpen(w http.ResponseWriter, r *http.Request) {
	var req tableRequest
	if !srv.readJSON(w, r, &req) {
		return
	}
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return
	}
	if req.Players < 2 || req.Players > 4 {
		fail(w, http.StatusBadRequest, say(srv.lang(), refuse(msg.ClassErrTableSize())))
		return
	}
	t := &classTable{players: req.Players, pupils: []Pupil{p}}
	srv.class.mu.Lock()
	for t.code == "" || srv.class.tables[t.code] != nil {
		t.code = strconv.Itoa(1000 + int(randomSeed()%9000))
	}
	srv.class.tables[t.code] = t
	rec := t.record()
	srv.class.mu.Unlock()
	srv.keepTable(r.Context(), rec, nil)
	writeJSON(w, http.StatusOK, t.reply(p))
}

// table finds the table a request names, or answers 404.
func (srv *Server) table(w http.ResponseWriter, code string) *classTable {
	srv.class.mu.Lock()
	t := srv.class.tables[strings.TrimSpace(code)]
	srv.class.mu.Unlock()
	if t == nil {
		fail(w, http.StatusNotFound, say(srv.lang(), refuse(msg.ClassErrNoTable())))
	}
	return t
}

// tableJoin seats a pupil at a table, or finds their seat again.
func (srv *Server) tableJoin(w http.ResponseWriter, r *http.Request) {
	p, t := srv.pupilAtTable(w, r)
	if t == nil {
		return
	}
	t.mu.Lock()
	if t.seat(p.ID) < 0 {
		if t.se != nil || len(t.pupils) >= t.players {
			t.mu.Unlock()
			fail(w, http.StatusConflict, say(srv.lang(), refuse(msg.ClassErrTableFull())))
			return
		}
		t.pupils = append(t.pupils, p)
		rec := t.record()
		t.mu.Unlock()
		srv.keepTable(r.Context(), rec, nil)
	} else {
		t.mu.Unlock()
	}
	srv.again(r, t)
	writeJSON(w, http.StatusOK, t.reply(p))
}

// tableLook is a table as it is now (the pages poll it until the deal).
func (srv *Server) tableLook(w http.ResponseWriter, r *http.Request) {
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return
	}
	if t := srv.table(w, r.URL.Query().Get("code")); t != nil {
		srv.again(r, t)
		writeJSON(w, http.StatusOK, t.reply(p))
	}
}

// tableStart deals the table's game: the pupil who opened it only.
func (srv *Server) tableStart(w http.ResponseWriter, r *http.Request) {
	p, t := srv.pupilAtTable(w, r)
	if t == nil {
		return
	}
	t.mu.Lock()
	if t.seat(p.ID) != 0 {
		t.mu.Unlock()
		fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrNotHost())))
		return
	}
	var err error
	if t.se == nil {
		t.se, err = srv.dealTable(r, t)
	}
	t.mu.Unlock()
	if err != nil {
		fail(w, http.StatusInternalServerError, say(srv.lang(), err))
		return
	}
	writeJSON(w, http.StatusOK, t.reply(p))
}

// dealTable makes the table's session: the pupils' seats, then bots; the
// class's language, edition and deal. t.mu is held.
func (srv *Server) dealTable(r *http.Request, t *classTable) (*session, error) {
	s := srv.classSettings()
	lang := srv.lang()
	se := &session{id: newID(), last: srv.cfg.Now(), from: client(r), seats: make([]int64, t.players), table: t.record()}
	var specs []string
	for i, q := range t.pupils {
		se.seats[i] = q.ID
		specs = append(specs, q.Name+":human")
	}
	p := i18n.New(lang)
	for k := 1; len(specs) < t.players; k++ {
		specs = append(specs, p.Message(msg.WebSeatBot(k))+":"+table.DefaultBot)
	}
	srv.mu.Lock()
	srv.sessions[se.id] = se
	srv.mu.Unlock()
	se.mu.Lock()
	defer se.mu.Unlock()
	se.dir = filepath.Join(srv.dir, se.id)
	se.mine = se.dir + string(filepath.Separator)
	if err := os.Mkdir(se.dir, 0o700); err != nil {
		srv.drop(se)
		return nil, err
	}
	var opt repl.Options
	if srv.cfg.Options != nil {
		opt = srv.cfg.Options(se.dir)
	}
	opt.Lang, opt.Variant, opt.Seats, opt.Seed = lang, s.Edition, specs, s.Seed
	if opt.Seed == 0 {
		opt.Seed = randomSeed()
	}
	opt.Out, opt.CoursePath, opt.Echo, opt.Color = nil, "", false, false
	se.opt = opt
	err := srv.guard(se, func() error {
		se.s = repl.NewSession(opt)
		ctx, cancel := srv.lineContext(r)
		defer cancel()
		if err := se.s.Start(ctx); err != nil {
			return err
		}
		if t.saved != nil { // the game it had before a restart
			srv.loadGame(ctx, se, t.saved)
			t.saved = nil
		}
		srv.classClock(ctx, se)
		st := se.s.State()
		srv.keepTable(ctx, se.table, srv.gameBytes(se, &st))
		return nil
	})
	if err != nil {
		srv.drop(se)
		return nil, err
	}
	return se, nil
}

// seated refuses (403) a table's session to a pupil not seated at it, and
// every route but a move and a look to those seated (a save or a replay
// would show the others' racks).
func (srv *Server) seated(w http.ResponseWriter, r *http.Request, se *session, p Pupil) bool {
	if !slices.Contains(se.seats, p.ID) || (r.URL.Path != "/api/do" && r.URL.Path != "/api/state") {
		fail(w, http.StatusForbidden, say(srv.lang(), refuse(msg.ClassErrNotYours())))
		return false
	}
	return true
}

// atTable refuses a command at a shared table that is not the asker's to
// give: a turn's command out of their turn, or one that would change the
// game for all (a lesson, a new game). The next round may be dealt by
// anyone seated.
func (srv *Server) atTable(se *session, who int64, c command.Command) error {
	switch c.(type) {
	case command.NextRound, command.Tick:
		return nil
	case command.Put, command.Move, command.Split, command.Join, command.Take, command.Done, command.Play,
		command.Draw, command.End, command.UndoEdit, command.RestartTurn, command.Hint:
		g := se.s.Game()
		if g == nil || g.Current() >= len(se.seats) || se.seats[g.Current()] != who {
			return refuse(msg.ClassErrNotYourTurn())
		}
		return nil
	}
	return refuse(msg.ClassErrTableCommand())
}

// viewFor makes a state of a shared table one pupil's to see: out of
// their turn, the table as the turn began and their own rack, never the
// player's to move.
func (srv *Server) viewFor(se *session, who int64, st *repl.State) {
	seat := slices.Index(se.seats, who)
	g := se.s.Game()
	if se.seats == nil || seat < 0 || g == nil || (st.MyTurn && st.Current == seat) {
		return
	}
	st.MyTurn, st.Staged, st.CanUndo, st.Meld, st.Edits = false, false, false, nil, 0
	st.Table = st.Start
	st.Why = make([]string, len(st.Start))
	st.Rack = tiles(g.Rack(seat).Tiles())
}

// pupilAtTable reads a table request: the pupil who sends it and the table
// its code names; a nil table: refused, and answered.
func (srv *Server) pupilAtTable(w http.ResponseWriter, r *http.Request) (Pupil, *classTable) {
	var req tableRequest
	if !srv.readJSON(w, r, &req) {
		return Pupil{}, nil
	}
	p, ok := srv.pupilOf(w, r)
	if !ok {
		return Pupil{}, nil
	}
	return p, srv.table(w, req.Code)
}
