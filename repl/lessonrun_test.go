package repl

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/plugin"
)

// fakeLessons is a Lua host with one lesson, written in Go: place r10 r11
// r12 as a new run.
type fakeLessons struct {
	closed  int
	missing []string // the texts its lesson lacks in any language but English
}

func (f *fakeLessons) Eval(context.Context, plugin.Env, string) (string, error) {
	return "", plugin.ErrNoLua
}
func (f *fakeLessons) RunFile(context.Context, plugin.Env, string) error { return plugin.ErrNoLua }
func (f *fakeLessons) Lessons() ([]plugin.Lesson, error) {
	return []plugin.Lesson{{N: 1, Name: "run", Title: "A run"}, {N: 2, Name: "more", Title: "More"}}, nil
}

func (f *fakeLessons) StartLesson(_ context.Context, l plugin.Lesson) (plugin.LessonRun, error) {
	g, err := core.NewGame(core.Original(), []string{"learner", "other"}, 1)
	if err != nil {
		return nil, err
	}
	if err := g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12 k1"), coretest.Tiles("b1")},
		Opened: []bool{true, true}, Pool: -1}); err != nil {
		return nil, err
	}
	return &fakeRun{f: f, g: g, missing: f.missing}, nil
}

type fakeRun struct {
	f       *fakeLessons
	g       *core.Game
	missing []string
}

func (r *fakeRun) Speak(lang i18n.Lang) []string {
	if lang == i18n.English {
		return nil
	}
	return r.missing
}
func (r *fakeRun) Intro() string    { return "Play a run." }
func (r *fakeRun) Goal() string     { return "Place r10 r11 r12." }
func (r *fakeRun) Hints() []string  { return []string{"They are in a row."} }
func (r *fakeRun) Game() *core.Game { return r.g.Clone() }
func (r *fakeRun) Close()           { r.f.closed++ }
func (r *fakeRun) Check(_ context.Context, m plugin.Move) (bool, string, error) {
	if m.Table.String() == "[r10 r11 r12]" {
		return true, "A run.", nil
	}
	return false, "legal, but not the run.", nil
}

// TestLessonBesideTheGame: a lesson puts the game aside; passed, left with
// back or with quit, the game comes back as it was, with the staged turn,
// the undo snapshots and the time left on the clock.
func TestLessonBesideTheGame(t *testing.T) {
	clock := &fakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	lua := &fakeLessons{}
	course := filepath.Join(t.TempDir(), "meldlab", "lessons")
	s, _ := newSession(t, Options{Lua: lua, Timer: true, Clock: clock, CoursePath: course},
		"[k1 k2 k3]", "r5 r6 r7 o5", "b1 b2", true)
	run(t, s, "put r5 r6 r7 new")
	clock.advance(10 * time.Second)
	g, ws, undo := s.Game(), s.Workspace(), s.desk.Tab.UndoLen()
	history := len(g.History())
	staged := ws.Table().String()

	for _, leave := range []string{"play [r10 r11 r12]", "back", "quit", "lesson 2\nback"} {
		t.Run(leave, func(t *testing.T) {
			r, err := s.Run(t.Context(), "lesson 1")
			require.NoError(t, err)
			assert.Contains(t, r.Text, "lesson 1: A run\n\nPlay a run.\n\ngoal: Place r10 r11 r12.\n")
			assert.NotSame(t, g, s.Game(), "the lesson plays its own game")
			assert.Equal(t, "learner> ", s.Prompt(), "a lesson is not timed")
			clock.advance(time.Hour)

			r, err = s.Run(t.Context(), "play [k1 r10 r11 r12]")
			require.NoError(t, err)
			assert.Equal(t, "legal, but not the run.\n(lesson 1: not yet; keep editing, reset, or hint; back returns to your game)\n", r.Text)

			// (lesson 2 from lesson 1: the second lesson's time is not
			// counted either.)
			for _, line := range strings.Split(leave, "\n") {
				clock.advance(time.Minute)
				r, err = s.Run(t.Context(), line)
				require.NoError(t, err)
			}
			assert.Contains(t, r.Text, "back to your game")
			assert.Same(t, g, s.Game(), "the same game is back")
			assert.Same(t, ws, s.Workspace(), "with the turn being staged")
			assert.Equal(t, staged, s.Workspace().Table().String())
			assert.Equal(t, undo, s.desk.Tab.UndoLen())
			assert.Len(t, g.History(), history, "nothing was played in it")
			assert.Equal(t, "ana 0:50> ", s.Prompt(), "the lesson's hour is not counted")
			assert.False(t, s.Done(), "quit in a lesson leaves the lesson only")
		})
	}
	assert.Equal(t, 5, lua.closed, "each lesson's Lua state is released")

	data, err := os.ReadFile(course)
	require.NoError(t, err)
	assert.Equal(t, "1\n", string(data), "the passed lesson is kept")
	r, err := s.Run(t.Context(), "lesson")
	require.NoError(t, err)
	assert.Equal(t, "lessons (1 of 2 passed; lesson N starts one, lesson next the first not passed):\n"+
		"   1 A run  (passed)\n   2 More\n", r.Text)

	// Another session reads the course: lesson next is lesson 2.
	s2, _ := newSession(t, Options{Lua: &fakeLessons{}, CoursePath: course}, "", "r1", "b1", false)
	r, err = s2.Run(t.Context(), "lesson next")
	require.NoError(t, err)
	assert.Contains(t, r.Text, "lesson 2: More\n")

	// new in a lesson leaves the lesson; the new game replaces the one set aside.
	r, err = s2.Run(t.Context(), "new original 2 5")
	require.NoError(t, err)
	assert.Contains(t, r.Text, "(lesson 2 left)\nnew game: original rules, seed 5; you, greedy (bot)\n")
	assert.Nil(t, s2.desk.Run)
}

// TestCompleteLessonsAndFiles: Tab completes lesson numbers (and next),
// and file paths after load, save and run.
func TestCompleteLessonsAndFiles(t *testing.T) {
	s, _ := newSession(t, Options{Lua: &fakeLessons{}}, "", "r1", "b1", false)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.json"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "house.lua"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "saves"), 0o755))
	tests := []struct {
		line, head string
		want       []string
	}{
		{"lesson ", "lesson ", []string{"next", "1", "2"}},
		{"lesson n", "lesson ", []string{"next"}},
		{"lesson 2", "lesson ", []string{"2"}},
		{"explain l", "explain ", []string{"last"}},
		{"load " + dir + "/g", "load ", []string{dir + "/game.json"}},
		{"save " + dir + "/s", "save ", []string{dir + "/saves/"}},
		{"run " + dir + "/h", "run ", []string{dir + "/house.lua"}},
	}
	for _, tc := range tests {
		head, got, _ := s.Complete(tc.line, len([]rune(tc.line)))
		assert.Equal(t, tc.head, head, tc.line)
		assert.Equal(t, tc.want, got, tc.line)
	}
}

// TestUnsaved: a game with turns played since it was dealt, saved or
// loaded is unsaved (Ctrl-D then asks first); during a lesson it is the
// game set aside that counts.
func TestUnsaved(t *testing.T) {
	s := NewSession(Options{Lua: &fakeLessons{}, Seed: 1, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	assert.False(t, s.Unsaved(), "a fresh deal has nothing to lose")
	run(t, s, "setup rack 1 r1 r2")
	assert.True(t, s.Unsaved(), "a scenario laid out is worth keeping")
	run(t, s, "draw")
	assert.True(t, s.Unsaved())
	path := filepath.Join(t.TempDir(), "g.json")
	run(t, s, "save "+path)
	assert.False(t, s.Unsaved())
	run(t, s, "lesson 1", "play [r10 r11 r12]")
	assert.False(t, s.Unsaved(), "a lesson's play is not the game's")
	run(t, s, "draw")
	assert.True(t, s.Unsaved())
	run(t, s, "load "+path)
	assert.False(t, s.Unsaved())
}

// A lesson missing the learner's language says so once, at its start, and
// then speaks English; the runner's own words are in the learner's
// language.
func TestLessonFallbackSaidOnce(t *testing.T) {
	lua := &fakeLessons{missing: []string{"goal", "intro"}}
	s, _ := newSession(t, Options{Lua: lua, Lang: i18n.Spanish}, "[k1 k2 k3]", "r5 r6 r7 o5", "b1 b2", true)
	r, err := s.Run(t.Context(), "lesson 1")
	require.NoError(t, err)
	assert.Contains(t, r.Text, "lección 1: A run\n\n(esta lección aún no está escrita del todo en español: lo que falta se muestra\nen inglés)\nPlay a run.\n\nobjetivo: Place r10 r11 r12.\n")
	r, err = s.Run(t.Context(), "hint")
	require.NoError(t, err)
	assert.Equal(t, "pista 1 de 1: They are in a row.\n", r.Text)
	r, err = s.Run(t.Context(), "play [k1 r10 r11 r12]")
	require.NoError(t, err)
	assert.NotContains(t, r.Text, "esta lección aún no", "said once a lesson run")

	lua.missing = nil
	r, err = s.Run(t.Context(), "lesson 2")
	require.NoError(t, err)
	assert.NotContains(t, r.Text, "esta lección aún no", "a lesson in Spanish says nothing of it")
}
