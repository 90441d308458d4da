package web

import (
	"net/http"
	"sync"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/variants"
)

// pageWords are the ids of what the page says of its own (its buttons and
// labels), sent to it by words; their English and translations are in
// i18n/locales/web.LANG.yaml, with the server's refusals (web.err.*).
// Everything else the page shows comes from the session, in its language.
var pageWords = []string{
	"web.title", "web.new", "web.players", "web.variant", "web.seed",
	"web.lang", "web.rack", "web.table", "web.new_set", "web.set", "web.set_tiles", "web.done",
	"web.draw", "web.undo", "web.reset", "web.hint",
	"web.lesson", "web.lesson_next", "web.lesson_n", "web.lesson_start",
	"web.back", "web.save", "web.record", "web.load",
	"web.replay.title", "web.replay.back", "web.replay.first", "web.replay.prev", "web.replay.next",
	"web.replay.last", "web.replay.play_on", "web.replay.racks", "web.replay.step", "web.replay.open",
	"web.puzzle.start", "web.puzzle.hint", "web.puzzle.answer", "web.puzzle.next", "web.take", "web.split", "web.join",
	"web.messages", "web.turns", "web.timer", "web.to_play", "web.pool", "web.okey",
	"web.tiles", "web.picked", "web.drop_in", "web.drop_before", "web.how", "web.red", "web.blue", "web.black",
	"web.orange", "web.green", "web.purple", "web.joker", "web.joker_as", "web.double_joker", "web.mirror_joker", "web.color_change_joker", "web.declare.group", "web.declare.run", "web.skip", "web.turn.you", "web.turn.other", "web.meld", "web.opened",
	"web.best", "web.hint.put", "web.hint.put_new", "web.hint.move", "web.hint.move_new", "web.hint.none",
	"web.hint.start", "web.hint.best", "web.hint.done", "web.lesson.hint", "web.lesson.passed",
	"web.lesson.not_yet", "web.lesson.goal", "web.lesson.passed_mark", "web.lesson.list", "web.round.over",
	"web.round.out", "web.round.nobody", "web.score.seat", "web.score.rack", "web.score.round",
	"web.score.total", "web.next_round", "web.match.over", "web.timer_off", "web.time_up", "web.time_up.you",
	"web.time_up.none", "web.sort.runs", "web.sort.groups", "web.seats", "web.seat_tiles", "web.who",
	// The class mode's join and teacher pages (class.go, teacher.go).
	"class.join.title", "class.join.name", "class.join.code", "class.join.go", "class.teacher.title",
	"class.teacher.code", "class.teacher.open", "class.teacher.pupil", "class.teacher.online",
	"class.teacher.doing", "class.teacher.hints", "class.teacher.refusals", "class.teacher.csv",
	"class.teacher.assign", "class.teacher.deal", "class.teacher.scores", "class.teacher.lang",
	"class.teacher.edition", "class.teacher.whole_hint", "class.teacher.clock", "class.teacher.save",
	"class.teacher.rename", "class.teacher.remove", "class.teacher.passed", "class.teacher.tries", "class.teacher.puzzles",
	"class.table.title", "class.table.players", "class.table.open", "class.table.code", "class.table.join",
	"class.table.start", "class.table.leave", "class.teacher.homework", "class.teacher.puzzle.title", "class.teacher.puzzle.table", "class.teacher.puzzle.rack",
	"class.teacher.puzzle.opened", "class.teacher.puzzle.make", "class.teacher.puzzle.made", "class.homework.title",
}

// refuse is a refusal of the server's (a core.Refusal), said in the
// learner's language when it is sent.
func refuse(m core.Message) error { return &core.Refusal{Msg: m} }

// say is an error in lang: a refusal in its words, any other as it is.
func say(lang i18n.Lang, err error) string {
	if r, ok := err.(*core.Refusal); ok {
		return i18n.New(lang).Message(r.Msg)
	}
	return err.Error()
}

// words sends the page's words in a language (?lang=es).
func (srv *Server) words(w http.ResponseWriter, r *http.Request) {
	lang := srv.lang() // a class's, when it chose one
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
		// The plural, and the singular as id.one where it differs: the
		// page takes it when N is 1 ("1 ficha").
		many := p.T(id, "Count", 2, "N", "{N}", "Name", "{Name}", "Tile", "{Tile}", "Points", "{Points}", "Need", "{Need}", "Of", "{Of}", "Tiles", "{Tiles}")
		out[id] = many
		if one := p.T(id, "Count", 1, "N", "{N}", "Name", "{Name}", "Tile", "{Tile}", "Points", "{Points}", "Need", "{Need}", "Of", "{Of}", "Tiles", "{Tiles}"); one != many {
			out[id+".one"] = one
		}
	}
	out["lang"] = string(lang)
	writeJSON(w, http.StatusOK, out)
}

// edition is a shipped variant as the page lists it: the name it sends,
// the title it shows in the learner's language.
type edition struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// editions sends the shipped variants with their titles (?lang=es).
func (srv *Server) editions(w http.ResponseWriter, r *http.Request) {
	lang := srv.cfg.Lang
	if l, err := i18n.Parse(r.URL.Query().Get("lang")); err == nil && r.URL.Query().Get("lang") != "" {
		lang = l
	}
	p := i18n.New(lang)
	out := make([]edition, 0, len(titles()))
	for _, e := range titles() {
		out = append(out, edition{Name: e.Name, Title: p.VariantTitle(e.Name, e.Title)})
	}
	writeJSON(w, http.StatusOK, out)
}

// titles are the shipped variants with their English titles, read once.
var titles = sync.OnceValue(func() []edition {
	var out []edition
	for _, name := range variants.Names() {
		title := name
		if rules, err := variants.Load(name); err == nil && rules.Title != "" {
			title = rules.Title
		}
		out = append(out, edition{Name: name, Title: title})
	}
	return out
})
