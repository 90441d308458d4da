package web

// The review in the browser: the page sends the typed command review (the
// list, as values: /api/do's reply carries it) and review N (a retry: the
// turn's position becomes the game in play, judged as a puzzle), and
// downloads the reviewed game as an annotated record here. The review
// itself, the verdicts and the words are the session's (repl/reviewrun.go);
// the page only draws them (static/review.js).

import (
	"github.com/meldlab/meldlab/i18n/msg"
	"net/http"
)

// reviewWords are what the review panel says of its own, sent with the
// page's words.
var reviewWords = []string{
	"web.review.open", "web.review.title", "web.review.working", "web.review.none", "web.review.next",
	"web.review.retry", "web.review.show", "web.review.download", "web.review.close", "web.review.played",
	"web.review.drew", "web.review.best", "web.review.lost", "web.review.steps", "web.review.at",
}

func init() { pageWords = append(pageWords, reviewWords...) }

// reviewRecord answers GET /api/review.mgn?id=: the session's last
// reviewed game as a record, "?" and "??" at the turns short of the best,
// the better play as a variation (docs/record.md).
func (srv *Server) reviewRecord(w http.ResponseWriter, r *http.Request) {
	se := srv.get(w, r, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	data := se.s.ReviewRecord()
	se.mu.Unlock()
	if data == nil {
		fail(w, http.StatusConflict, say(se.opt.Lang, refuse(msg.WebErrNoReview())))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="meldlab-review.mgn"`)
	w.Write(data)
}
