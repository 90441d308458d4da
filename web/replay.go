package web

import (
	"context"
	"net/http"

	"github.com/meldlab/meldlab/repl"
)

// The replay viewer (/replay.html): the session's game as steps, from the
// deal, each the referee's own table and racks after an action (the game
// is replayed from its seed: no rule lives in the page), and "play on from
// here", which makes the game as it stood at a step the session's game.

// replaySteps answers GET /api/replay?id=: {"steps": [...]}.
func (srv *Server) replaySteps(w http.ResponseWriter, r *http.Request) {
	se := srv.get(w, r, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	var steps []repl.Step
	err := srv.guard(se, func() error {
		var err error
		steps, err = se.s.Replay()
		return err
	})
	if err != nil {
		fail(w, http.StatusConflict, se.s.PageError(err))
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Seats []string    `json:"seats"`
		Steps []repl.Step `json:"steps"`
	}{se.s.Game().Names(), steps})
}

type playOnRequest struct {
	ID   string `json:"id"`
	Step int    `json:"step"`
}

func (q playOnRequest) sessionID() string { return q.ID }

// playOn answers POST /api/replay/play {"id", "step"}: the game as it
// stood after that many actions becomes the session's, to play on.
func (srv *Server) playOn(w http.ResponseWriter, r *http.Request) {
	req, se := sessionRequest[playOnRequest](srv, w, r)
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	srv.reply(w, r, se, func(ctx context.Context) (repl.Reply, error) {
		err := se.s.PlayOnFrom(ctx, req.Step)
		return repl.Reply{}, err
	})
}
