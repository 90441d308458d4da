package web

import (
	"net/http"

	"github.com/meldlab/meldlab/i18n"
)

// pageWords are the ids of what the page says of its own (its buttons and
// labels), sent to it by words; their English and translations are in
// i18n/locales/web.LANG.yaml, with the server's refusals (web.err.*).
// Everything else the page shows comes from the session, in its language.
var pageWords = []string{
	"web.title", "web.new", "web.players", "web.variant", "web.seed",
	"web.lang", "web.rack", "web.table", "web.new_set", "web.set", "web.done",
	"web.draw", "web.undo", "web.reset", "web.hint", "web.explain", "web.rules",
	"web.lesson", "web.lesson_next", "web.lesson_n", "web.lesson_start",
	"web.back", "web.save", "web.load", "web.take", "web.split", "web.join",
	"web.messages", "web.turns", "web.timer", "web.to_play", "web.pool",
	"web.tiles", "web.picked", "web.drop_in", "web.how", "web.red", "web.blue", "web.black",
	"web.orange", "web.joker",
}

// refusal is a refusal of the server's, said in the learner's language
// when it is sent.
type refusal struct {
	id   string
	args []any
}

func refuse(id string, args ...any) error { return refusal{id, args} }

func (r refusal) Error() string { return i18n.New(i18n.English).T(r.id, r.args...) }

// say is an error in lang: a refusal of the server's in its words, any
// other as it is.
func say(lang i18n.Lang, err error) string {
	if r, ok := err.(refusal); ok {
		return i18n.New(lang).T(r.id, r.args...)
	}
	return err.Error()
}

// words sends the page's words in a language (?lang=es).
func (srv *Server) words(w http.ResponseWriter, r *http.Request) {
	lang := srv.cfg.Lang
	if q := r.URL.Query().Get("lang"); q != "" {
		l, err := i18n.Parse(q)
		if err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
		lang = l
	}
	p := i18n.New(lang)
	out := make(map[string]string, len(pageWords)+1)
	for _, id := range pageWords {
		out[id] = p.T(id, "N", "{N}", "Name", "{Name}", "Tile", "{Tile}")
	}
	out["lang"] = string(lang)
	writeJSON(w, http.StatusOK, out)
}
