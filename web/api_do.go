package web

// POST /api/do: the page's typed commands (package command), decoded from
// JSON and run by the session. What a served session can do is what
// command.Decode knows: no file, no Lua. (Only the upload of a save,
// saveload.go, still goes through the terminal's load.)

import (
	"errors"
	"net/http"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/table"
)

// doRequest is one typed command for a session.
type doRequest struct {
	ID  string       `json:"id"`
	Cmd command.Wire `json:"cmd"`
}

func (q doRequest) sessionID() string { return q.ID }

// doReply is what the page gets back: the state to draw, and what the
// command showed as values (the hint, the lesson's verdict, the clock's
// end); Text is the terminal's words, for the folded log only.
type doReply struct {
	Text    string            `json:"text"`
	Error   string            `json:"error,omitempty"`
	Turns   []turn            `json:"turns,omitempty"`
	Hint    *hintReply        `json:"hint,omitempty"`
	Verdict *repl.Verdict     `json:"verdict,omitempty"`
	TimeUp  *timeUp           `json:"timeUp,omitempty"`
	State   *repl.State       `json:"state,omitempty"`
	Lessons []repl.LessonItem `json:"lessons,omitempty"`
	Review  *repl.ReviewReply `json:"review,omitempty"` // the review a review command showed
}

// hintReply is a hint as the page draws it.
type hintReply struct {
	Lesson    string         `json:"lesson,omitempty"`
	K         int            `json:"k,omitempty"`
	Of        int            `json:"of,omitempty"`
	None      bool           `json:"none,omitempty"`
	Steps     []command.Wire `json:"steps,omitempty"`
	FromStart bool           `json:"fromStart,omitempty"`
	Table     [][]string     `json:"table,omitempty"`
	Placed    []string       `json:"placed,omitempty"`
	Points    int            `json:"points,omitempty"`
}

type timeUp struct {
	Name    string   `json:"name"`
	You     bool     `json:"you"`
	Seconds int      `json:"seconds"`
	Drawn   []string `json:"drawn,omitempty"`
}

func hintOf(h *repl.HintReply) *hintReply {
	if h == nil {
		return nil
	}
	out := &hintReply{Lesson: h.Lesson, K: h.K, Of: h.Of, None: h.None, FromStart: h.FromStart, Points: h.Points}
	for _, c := range h.Steps {
		out.Steps = append(out.Steps, command.Encode(c))
	}
	if len(h.Table) > 0 {
		out.Table = repl.TableStrings(h.Table)
	}
	if len(h.Placed) > 0 {
		out.Placed = tiles(h.Placed)
	}
	return out
}

// isShipped reports whether a new game may name this variant.
func isShipped(name string) bool { return shipped()[strings.ToLower(name)] }

// seatSpecs are a game's seats for n players: the learner, named as the
// session names them, and bots named in the learner's words ("Robot 1").
func seatSpecs(lang i18n.Lang, n int) []string {
	p := i18n.New(lang)
	specs := []string{p.Message(msg.ReplNameYou()) + ":human"}
	for k := 1; k < n; k++ {
		specs = append(specs, p.Message(msg.WebSeatBot(k))+":"+table.DefaultBot)
	}
	return specs
}

func (srv *Server) do(w http.ResponseWriter, r *http.Request) {
	req, se := sessionRequest[doRequest](srv, w, r)
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	box := core.StandardTiles
	if g := se.s.Game(); g != nil {
		box = g.Rules.Tiles
	}
	c, err := command.Decode(req.Cmd, box, isShipped)
	if errors.Is(err, command.ErrUnknown) {
		fail(w, http.StatusBadRequest, say(se.opt.Lang, refuse(msg.WebErrNotHere(req.Cmd.Do))))
		return
	}
	if err != nil { // a tile that is none
		fail(w, http.StatusBadRequest, se.s.ErrorText(err))
		return
	}
	var who int64 // in class mode: the pupil asking
	if srv.class != nil {
		p, ok := srv.pupilOf(w, r)
		if !ok {
			return
		}
		who = p.ID
		if se.seats != nil {
			err = srv.atTable(se, who, c)
		}
		if err == nil {
			c, err = srv.classBefore(se, c)
		}
		if err != nil {
			fail(w, http.StatusForbidden, say(se.opt.Lang, err))
			return
		}
	}
	if ng, ok := c.(command.NewGame); ok && ng.Players > 0 {
		ng.Seats, ng.Players = seatSpecs(se.opt.Lang, ng.Players), 0
		c = ng
	}
	ctx, cancel := srv.lineContext(r)
	defer cancel()
	var rep doReply
	var before repl.State
	if srv.class != nil {
		before = se.s.State()
	}
	err = srv.guard(se, func() error {
		out, err := se.s.Do(ctx, c)
		if srv.class != nil {
			if _, ok := c.(command.NewGame); ok && err == nil {
				srv.classClock(ctx, se)
			}
			after := se.s.State()
			srv.classAfter(ctx, se, who, c, out, err, &before, &after)
		}
		rep.Text = out.Text
		for _, t := range out.Turns {
			rep.Turns = append(rep.Turns, turnOf(t))
		}
		rep.Hint, rep.Verdict, rep.Review = hintOf(out.Hint), out.Verdict, out.Review
		if t := out.TimeUp; t != nil {
			rep.TimeUp = &timeUp{Name: t.Name, You: t.You, Seconds: t.Seconds, Drawn: tiles(t.Drawn)}
		}
		if err != nil {
			rep.Error = se.s.PageError(err)
		}
		return nil
	})
	if err != nil {
		fail(w, http.StatusInternalServerError, say(se.opt.Lang, err))
		return
	}
	switch c.(type) {
	case command.Lesson, command.Back:
		rep.Lessons = se.s.Lessons()
	}
	if rep.Verdict != nil {
		rep.Lessons = se.s.Lessons()
	}
	st := se.s.State()
	srv.viewFor(se, who, &st)
	rep.State = &st
	writeJSON(w, http.StatusOK, rep)
}
