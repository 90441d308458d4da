package web

import (
	"net/http"

	"github.com/meldlab/meldlab/i18n"
)

// english is what the page says of its own (its buttons and labels), in
// English; translations: i18n/locales/web.LANG.yaml. Everything else the
// page shows comes from the session, in its language.
var english = map[string]string{
	"web.title":        "meldlab: the table",
	"web.new":          "New game",
	"web.players":      "Players",
	"web.variant":      "Edition",
	"web.seed":         "Seed",
	"web.lang":         "Language",
	"web.rack":         "Your rack",
	"web.table":        "Table",
	"web.new_set":      "New set",
	"web.set":          "Set {{.N}}",
	"web.done":         "Done",
	"web.draw":         "Draw",
	"web.undo":         "Undo",
	"web.reset":        "Reset",
	"web.hint":         "Hint",
	"web.explain":      "Explain last turn",
	"web.rules":        "Rules",
	"web.lesson":       "Lessons",
	"web.lesson_next":  "Next lesson",
	"web.lesson_n":     "Lesson",
	"web.lesson_start": "Start lesson",
	"web.back":         "Back to the game",
	"web.save":         "Save",
	"web.load":         "Load",
	"web.take":         "Back to rack",
	"web.split":        "Split here",
	"web.join":         "Join with the set before",
	"web.messages":     "What happened",
	"web.turns":        "The last turns, one by one",
	"web.timer":        "Turn clock on",
	"web.to_play":      "To play: {{.Name}}",
	"web.pool":         "Pool: {{.N}} tiles",
	"web.tiles":        "{{.N}} tiles",
	"web.picked":       "Picked {{.Tile}}: choose a set or New set",
	"web.drop_in":      "Put {{.Tile}} in set {{.N}}",
	"web.how":          "Drag a tile with the mouse or a finger onto a set, New set or the rack; or tap it, or press Enter on it, to pick it up, then a set (or New set) to drop it there. Escape puts it down.",
	"web.red":          "red",
	"web.blue":         "blue",
	"web.black":        "black",
	"web.orange":       "orange",
	"web.joker":        "joker",
}

// refusals are what the server itself says when it refuses a request.
var refusals = map[string]string{
	"web.err.full":         "the table is full: {{.N}} sessions are open; try again later",
	"web.err.stopping":     "the server is stopping",
	"web.err.no_session":   "no such session: it was closed or has expired; start a new one",
	"web.err.failed":       "this session failed and was closed; start a new one",
	"web.err.names_file":   "{{.Arg}} names a file: the page plays shipped variants and bots only",
	"web.err.one_line":     "one line at a time",
	"web.err.not_here":     "{{.Name}} is not available in the browser",
	"web.err.body":         "request body over {{.N}} bytes",
	"web.err.save_too_big": "the save is over {{.N}} bytes",
	"web.err.not_a_save":   "not a saved game: {{.Error}}",
}

func init() {
	i18n.AddEnglish(english)
	i18n.AddEnglish(refusals)
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
	out := make(map[string]string, len(english)+1)
	for id := range english {
		out[id] = p.T(id, "N", "{N}", "Name", "{Name}", "Tile", "{Tile}")
	}
	out["lang"] = string(lang)
	writeJSON(w, http.StatusOK, out)
}
