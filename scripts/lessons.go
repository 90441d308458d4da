package scripts

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// LessonInfo names a lesson file: lessons/NN-name.lua.
type LessonInfo struct {
	N      int                  // NN, the lesson's number
	Name   string               // the name part: "split-run"
	Title  string               // the lesson's title, in English
	Titles map[i18n.Lang]string // the title in each language it is written in
	Path   string               // the file: "lessons/04-split-run.lua" for a shipped one
}

// LessonTry is a near miss a lesson file lists: a play the learner might
// make, and words its refusal must contain. The tests check every one.
type LessonTry struct {
	Play string
	Says string
}

// Lesson is one interactive exercise: a scenario on a game, the text that
// teaches it, and a check of the learner's play. A lesson file returns a
// table with these fields:
//
// Every text a learner reads (title, intro, goal, hints, success, and the
// explanation a check returns) is a string, in English, or a table of
// languages, {en = "...", es = "...", it = "...", fr = "..."}, English
// required; Speak chooses the language, and a text missing in it is said
// in English.
//
//	title     the lesson's title (required)
//	intro     what the learner reads first (required)
//	goal      one line saying what to do, shown with the table
//	variant   the variant (a name, a path, a table of changes); "original"
//	players   how many play (default 2); the learner is player 1
//	seed      the game's seed (default 1)
//	table     the table
//	rack      the learner's rack
//	racks     the other players' racks, a list
//	opened    whether the learner has made the initial meld (default
//	          false), or a list, one a player
//	pool      tiles left in the pool (default: every tile not placed)
//	hints     a list of hints, from gentle to telling
//	place     the tiles the lesson asks the learner to place, as "b3 b5
//	          b6": a legal play that leaves one of them on the rack skipped
//	          the lesson's rule and is refused with "legal, but ..."
//	solution  a play the lesson accepts (required; the tests play it)
//	success   the explanation shown for an accepted play
//	check     optional function(g, play) -> ok [, explanation]: g is the
//	          game after a play the rules accepted, play the play as
//	          written; for what the lesson asks beyond the rules
//	tries     near misses: a list of {play = ..., says = ...}
//	shortcuts legal plays that skip the lesson's rule, which the lesson
//	          must refuse ("draw" for a draw): the tests check every one
//
// A lesson must ask for its rule: it has place, or check, or both, so that
// not every legal play passes it.
//
// A Lesson is not safe for concurrent use.
type Lesson struct {
	info     LessonInfo
	e        *env
	def      *lua.LTable
	base     *core.Game
	title    text
	intro    text
	goal     text
	success  text
	hints    []text
	lang     i18n.Lang
	solution core.Table
	tries    []LessonTry
	check    *lua.LFunction
	place    core.Multiset
	shortcut []string
}

// lessonKeys are the fields a lesson table may have.
var lessonKeys = []string{"title", "intro", "goal", "variant", "players", "seed", "table", "rack",
	"racks", "opened", "pool", "hints", "solution", "success", "check", "tries", "place", "shortcuts"}

// Lessons lists the shipped lessons, by number.
func Lessons() ([]LessonInfo, error) { return lessonsOf(sub("lessons"), "lessons") }

// LessonsIn lists the lesson files (NN-name.lua) of a directory, by number:
// users write their own lessons in the format of the shipped ones.
func LessonsIn(dir string) ([]LessonInfo, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, FileError(dir, err)
	}
	defer root.Close()
	return lessonsOf(root.FS(), dir)
}

func lessonsOf(fsys fs.FS, dir string) ([]LessonInfo, error) {
	names, err := fs.Glob(fsys, "*.lua")
	if err != nil {
		return nil, err
	}
	var out []LessonInfo
	for _, n := range names {
		num, name, ok := lessonName(n)
		if !ok {
			continue
		}
		l, err := openLesson(fsys, dir, n)
		if err != nil {
			return nil, err
		}
		out = append(out, LessonInfo{N: num, Name: name, Title: l.info.Title, Titles: l.title, Path: l.info.Path})
		l.Close()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].N < out[j].N })
	return out, nil
}

// lessonName splits "04-split-run.lua" into 4 and "split-run".
func lessonName(file string) (int, string, bool) {
	base := strings.TrimSuffix(path.Base(file), ".lua")
	num, name, ok := strings.Cut(base, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || name == "" {
		return 0, "", false
	}
	return n, name, true
}

// StartLesson opens shipped lesson number n.
func StartLesson(n int) (*Lesson, error) {
	list, err := Lessons()
	if err != nil {
		return nil, err
	}
	for _, l := range list {
		if l.N == n {
			return openLesson(sub("lessons"), "lessons", path.Base(l.Path))
		}
	}
	return nil, fmt.Errorf("no lesson %d; the lessons are 1 to %d", n, len(list))
}

// LoadLesson opens the lesson file at path; it may require files of its
// own directory, and nothing outside it.
func LoadLesson(file string) (*Lesson, error) {
	return openLesson(nil, filepath.Dir(file), filepath.Base(file))
}

// openLesson runs the lesson file name, of the shipped lessons (fsys) or,
// with fsys nil, of the directory dir, and builds its scenario.
func openLesson(fsys fs.FS, dir, name string) (*Lesson, error) {
	lim := sandbox.DefaultLimits()
	lim.Timeout *= 2
	opts := Options{Files: fsys, Limits: lim}
	if fsys == nil {
		opts.Dir = dir
	}
	e, err := newEnv(opts)
	if err != nil {
		return nil, err
	}
	if fsys == nil {
		fsys = e.root.FS()
	}
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		e.close()
		return nil, FileError(path.Join(filepath.ToSlash(dir), name), err)
	}
	chunk := path.Join(filepath.ToSlash(dir), name)
	l := &Lesson{e: e}
	if err := l.load(chunk, src); err != nil {
		e.close()
		return nil, err
	}
	num, short, _ := lessonName(name)
	l.info.N, l.info.Name, l.info.Path = num, short, chunk
	return l, nil
}

func (l *Lesson) load(chunk string, src []byte) error {
	out, err := l.e.run(context.Background(), chunk, src)
	if err != nil {
		return err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("lesson %s: %s", chunk, fmt.Sprintf(format, args...))
	}
	if len(out) == 0 {
		return bad("the file returns nothing; a lesson returns a table")
	}
	def, ok := out[0].(*lua.LTable)
	if !ok {
		return bad("the file returns %s; a lesson returns a table", describe(out[0]))
	}
	l.def = readable(def)
	var errs []string
	l.def.ForEach(func(k, _ lua.LValue) {
		key := lua.LVAsString(k)
		for _, known := range lessonKeys {
			if key == known {
				return
			}
		}
		if near := suggest.Nearest(key, append([]string(nil), lessonKeys...)); near != "" {
			errs = append(errs, fmt.Sprintf("unknown field %q; did you mean %q?", key, near))
		} else {
			errs = append(errs, fmt.Sprintf("unknown field %q", key))
		}
	})
	str := func(key string, required bool) string {
		switch v := l.def.RawGetString(key).(type) {
		case lua.LString:
			return string(v)
		case *lua.LNilType:
			if required {
				errs = append(errs, fmt.Sprintf("%s is missing", key))
			}
		default:
			errs = append(errs, fmt.Sprintf("%s: a string expected, got %s", key, describe(v)))
		}
		return ""
	}
	txt := func(key string, required bool) text {
		v := l.def.RawGetString(key)
		if v == lua.LNil {
			if required {
				errs = append(errs, fmt.Sprintf("%s is missing", key))
			}
			return nil
		}
		return readText(key, v, &errs)
	}
	l.title = txt("title", true)
	l.info.Title = l.title.in(i18n.English)
	l.info.Titles = l.title
	l.intro = txt("intro", true)
	l.goal = txt("goal", false)
	l.success = txt("success", false)
	solution := str("solution", true)
	if h, ok := l.def.RawGetString("hints").(*lua.LTable); ok {
		h = readable(h)
		for i := 1; i <= h.Len(); i++ {
			l.hints = append(l.hints, readText(fmt.Sprintf("hints[%d]", i), h.RawGetInt(i), &errs))
		}
	}
	if t, ok := l.def.RawGetString("tries").(*lua.LTable); ok {
		t = readable(t)
		for i := 1; i <= t.Len(); i++ {
			try, ok := t.RawGetInt(i).(*lua.LTable)
			if !ok {
				errs = append(errs, fmt.Sprintf("tries[%d]: a table {play = ..., says = ...} expected", i))
				continue
			}
			try = readable(try)
			l.tries = append(l.tries, LessonTry{Play: lua.LVAsString(try.RawGetString("play")),
				Says: lua.LVAsString(try.RawGetString("says"))})
		}
	}
	place := str("place", false)
	if t, ok := l.def.RawGetString("shortcuts").(*lua.LTable); ok {
		t = readable(t)
		for i := 1; i <= t.Len(); i++ {
			l.shortcut = append(l.shortcut, lua.LVAsString(t.RawGetInt(i)))
		}
	}
	switch c := l.def.RawGetString("check").(type) {
	case *lua.LFunction:
		l.check = c
	case *lua.LNilType:
	default:
		errs = append(errs, fmt.Sprintf("check: a function expected, got %s", describe(c)))
	}
	if place == "" && l.check == nil {
		errs = append(errs, "the lesson accepts any legal play: give place (the tiles it asks to place) or check")
	}
	if len(errs) > 0 {
		return bad("%s", strings.Join(errs, "; "))
	}
	g, err := l.scenario()
	if err != nil {
		return bad("%v", err)
	}
	l.base = g
	if l.solution, err = g.Rules.Tiles.ParseTable(solution); err != nil {
		return bad("solution: %v", err)
	}
	tiles, err := g.Rules.Tiles.ParseTiles(place)
	if err != nil {
		return bad("place: %v", err)
	}
	l.place = core.MultisetOf(tiles...)
	rack := g.Rack(0)
	if !rack.Includes(&l.place) {
		return bad("place: %s is not on the learner's rack %s", place, rack.String())
	}
	return nil
}

// scenario builds the lesson's game through the meld module, so that a
// lesson's fields mean what meld.game and g:setup say.
func (l *Lesson) scenario() (*core.Game, error) {
	const build = `
local d = ...
local players = d.players or 2
local g = meld.game{variant = d.variant, players = players, seed = d.seed or 1}
local racks = {d.rack or ""}
for i, r in ipairs(d.racks or {}) do racks[i + 1] = r end
local opened = d.opened or false
g:setup{racks = racks, table = d.table, opened = opened, pool = d.pool}
return g`
	out, err := l.e.run(context.Background(), "scenario", []byte(build), l.def)
	if err != nil {
		var se *ScriptError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s", se.Err.Msg)
		}
		return nil, err
	}
	ud, _ := out[0].(*lua.LUserData)
	return ud.Value.(*core.Game), nil
}

// Info names the lesson.
func (l *Lesson) Info() LessonInfo { return l.info }

// Title is the lesson's title.
func (l *Lesson) Title() string { return l.info.Title }

// Intro is what the learner reads first.
func (l *Lesson) Intro() string { return l.intro.in(l.Lang()) }

// Goal is one line saying what to do ("" if the lesson has none).
func (l *Lesson) Goal() string { return l.goal.in(l.Lang()) }

// Hints are the lesson's hints, from gentle to telling.
func (l *Lesson) Hints() []string {
	out := make([]string, len(l.hints))
	for i, h := range l.hints {
		out[i] = h.in(l.Lang())
	}
	return out
}

// Solution is a play the lesson accepts.
func (l *Lesson) Solution() core.Table { return l.solution.Clone() }

// Tries are the near misses the lesson lists, for tests and for teachers.
func (l *Lesson) Tries() []LessonTry { return append([]LessonTry(nil), l.tries...) }

// Shortcuts are the legal plays that skip the lesson's rule, which it
// refuses ("draw" for a draw), for tests and for teachers.
func (l *Lesson) Shortcuts() []string { return append([]string(nil), l.shortcut...) }

// CheckDraw answers a learner who draws: legal, but never what a lesson
// asks.
func (l *Lesson) CheckDraw() string {
	return l.legalBut(l.say(core.MsgLessonDraw()))
}

// legalBut is the answer to a legal play that skips the lesson's rule:
// what happened, then what the lesson asks.
func (l *Lesson) legalBut(what string) string {
	if goal := l.Goal(); goal != "" {
		return l.say(core.MsgLessonLegalButAsk(what, goal))
	}
	return l.say(core.MsgLessonLegalBut(what))
}

// unplaced is the tiles of place still on the rack after g's play.
func (l *Lesson) unplaced(g *core.Game) []core.Tile {
	before, after := l.base.Rack(0), g.Rack(0)
	placed := before.Minus(&after)
	var out []core.Tile
	for _, t := range l.place.Tiles() {
		if !placed.Remove(t) {
			out = append(out, t)
		}
	}
	return out
}

// Game is the lesson's scenario, a fresh copy at each call: the learner is
// player 1 (seat 0) and it is their turn.
func (l *Lesson) Game() *core.Game { return l.base.Clone() }

// Check judges the learner's play, the whole table after it. The engine
// judges it first: a play the rules refuse gets ok false and the rule's
// reason. An accepted play then goes to the lesson's check function, if
// it has one, which may ask for more than the rules do. The explanation
// says why, in words for the learner. err is for a broken lesson only.
func (l *Lesson) Check(table core.Table) (ok bool, explanation string, err error) {
	g := l.base.Clone()
	if err := g.Play(table); err != nil {
		var re *core.RuleError
		if errors.As(err, &re) {
			return false, i18n.New(l.Lang()).Error(re), nil
		}
		return false, "", err
	}
	if left := l.unplaced(g); len(left) > 0 {
		return false, l.legalBut(l.say(core.MsgLessonStillOnRack(core.MultisetOf(left...).String(), len(left)))), nil
	}
	if l.check == nil {
		return true, l.successText(), nil
	}
	out, err := l.e.call(context.Background(), l.check, l.e.wrapGame(g), lua.LString(table.String()))
	if err != nil {
		return false, "", err
	}
	ok = len(out) > 0 && lua.LVAsBool(out[0])
	// The explanation a check returns is a text too: a string, or a table
	// of languages. One that says "legal, but" in English is whole.
	var said text
	if len(out) > 1 && out[1] != lua.LNil {
		var errs []string
		said = readText("check's explanation", out[1], &errs)
		if len(errs) > 0 {
			return false, "", fmt.Errorf("lesson %s: %s", l.info.Path, strings.Join(errs, "; "))
		}
	}
	explanation = said.in(l.Lang())
	switch {
	case ok && explanation == "":
		explanation = l.successText()
	case !ok && explanation == "":
		explanation = l.legalBut(l.say(core.MsgLessonNotAsked()))
	case !ok && !strings.HasPrefix(said.in(i18n.English), "legal, but"):
		explanation = l.legalBut(strings.TrimSuffix(lowerFirst(explanation), "."))
	}
	return ok, explanation, nil
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func (l *Lesson) successText() string {
	if s := l.success.in(l.Lang()); s != "" {
		return s
	}
	return l.say(core.MsgLessonWellPlayed())
}

// Close releases the lesson's Lua state.
func (l *Lesson) Close() { l.e.close() }
