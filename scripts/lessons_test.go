package scripts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
)

// TestShippedLessons plays every lesson's solution, which must be accepted,
// and each of its near misses, which must be refused with the words given.
func TestShippedLessons(t *testing.T) {
	list, err := Lessons()
	require.NoError(t, err)
	require.Len(t, list, 17, "the ten worked examples of docs/rules.md, two on the opening, one on scoring, one on declaring, three on Twist's special jokers")
	for i, info := range list {
		assert.Equal(t, i+1, info.N, "lessons are numbered from 1 without gaps")
		t.Run(info.Path, func(t *testing.T) {
			l, err := StartLesson(info.N)
			require.NoError(t, err)
			defer l.Close()
			assert.Equal(t, info, l.Info())
			assert.NotEmpty(t, l.Title())
			assert.NotEmpty(t, l.Intro())
			assert.NotEmpty(t, l.Goal())
			assert.NotEmpty(t, l.Hints())
			g := l.Game()
			assert.Equal(t, 0, g.Current(), "the learner plays first")

			ok, why, err := l.Check(l.Solution())
			require.NoError(t, err)
			assert.True(t, ok, "the solution is accepted: %s", why)
			assert.NotEmpty(t, why)

			require.NotEmpty(t, l.Tries())
			for _, try := range l.Tries() {
				table, err := g.Rules.Tiles.ParseTable(try.Play)
				require.NoError(t, err, try.Play)
				ok, why, err := l.Check(table)
				require.NoError(t, err)
				assert.False(t, ok, "%s is refused", try.Play)
				assert.Contains(t, why, try.Says, try.Play)
			}
			// Every legal play that skips the lesson's rule is refused, and
			// the refusal says it was legal and what the lesson asks.
			require.NotEmpty(t, l.Shortcuts(), "a lesson lists at least one legal shortcut")
			for _, sc := range l.Shortcuts() {
				if sc == "draw" {
					assert.Equal(t, "legal, but a draw skips the lesson. The lesson asks: "+l.Goal(), l.CheckDraw())
					continue
				}
				table, err := g.Rules.Tiles.ParseTable(sc)
				require.NoError(t, err, sc)
				require.NoError(t, l.Game().Play(table), "the shortcut %s is legal", sc)
				ok, why, err := l.Check(table)
				require.NoError(t, err)
				assert.False(t, ok, "the shortcut %s is refused", sc)
				assert.True(t, strings.HasPrefix(why, "legal, but "), "%s: %s", sc, why)
				assert.True(t, strings.HasSuffix(why, " The lesson asks: "+l.Goal()), "%s: %s", sc, why)
			}
			assert.Equal(t, g.Table(), l.Game().Table(), "checking changes nothing")
		})
	}
}

// TestLessonsRefuseLegalShortcuts: the plays that passed five lessons
// without their rule (issue 14) are refused with what the lesson asks.
func TestLessonsRefuseLegalShortcuts(t *testing.T) {
	tests := []struct {
		lesson int
		play   string
		why    string
	}{
		{9, "[r3 b3 k3 J]", "legal, but r12 r13 are still on your rack. The lesson asks: Win the joker and play it with your r12 r13."},
		{5, "[b8 b9 b10 b11]", "legal, but k8 o8 are still on your rack. The lesson asks: Place b11, k8 and o8."},
		{10, "[o2 o3 J o5 o6 o7]", "legal, but r12 r13 o1 are still on your rack. The lesson asks: Free the joker and play all your tiles."},
		{11, "[J b3 b4 b5]", "legal, but r12 r13 are still on your rack. The lesson asks: Free the joker and play it with r12 r13."},
		{4, "[k4 r4 o4] [b4 b5 b6]", "legal, but b3 is still on your rack. The lesson asks: Place b3, b5 and b6."},
	}
	for _, tc := range tests {
		t.Run(tc.play, func(t *testing.T) {
			l, err := StartLesson(tc.lesson)
			require.NoError(t, err)
			defer l.Close()
			table := coretest.Table(tc.play)
			require.NoError(t, l.Game().Play(table), "the rules accept it")
			ok, why, err := l.Check(table)
			require.NoError(t, err)
			assert.False(t, ok)
			assert.Equal(t, tc.why, why)
		})
	}
}

// TestLessonMustAskForItsRule: a lesson with neither place nor check would
// pass any legal play, and does not load.
func TestLessonMustAskForItsRule(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "01-any.lua")
	require.NoError(t, os.WriteFile(p, []byte(`return {title = "x", intro = "y", rack = "r10 r11 r12", solution = "[r10 r11 r12]"}`), 0o644))
	_, err := LoadLesson(p)
	assert.EqualError(t, err, "lesson "+filepath.ToSlash(dir)+"/01-any.lua: the lesson accepts any legal play: give place (the tiles it asks to place) or check")
}

func TestLessonCheck(t *testing.T) {
	l, err := StartLesson(13)
	require.NoError(t, err)
	defer l.Close()
	tests := []struct {
		name, play string
		ok         bool
		why        string
	}{
		{name: "the rules refuse", play: "[k1 k2 k3] [o11 o12]",
			why: "set 2 [o11 o12] is too short: a run needs at least 3 tiles"},
		{name: "the lesson asks for more", play: "[k1 k2 k3] [o11 o12 o13]",
			why: "legal, but k4 is still on your rack. The lesson asks: Go out: place every tile of your rack."},
		{name: "the lesson's check explains", play: "[k1 k2 k3 k4] [o11 o12 o13]", ok: true,
			why: "You went out and won the round. Player 2 pays 35 (5, and 30 for the joker), player 3 pays 11 (2 + 9), so you score +46: +46 -35 -11 add up to zero."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ok, why, err := l.Check(coretest.Table(tc.play))
			require.NoError(t, err)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.why, why)
		})
	}
}

func TestLessonCheckLegalButNotAsked(t *testing.T) {
	l, err := StartLesson(3)
	require.NoError(t, err)
	defer l.Close()
	ok, why, err := l.Check(coretest.Table("[b4 b5 b6] [k8 r8 o8 b8]"))
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, "legal, but b3 is still on your rack. The lesson asks: Place both of your tiles on the table.", why)
}

func TestStartLessonUnknown(t *testing.T) {
	_, err := StartLesson(99)
	assert.EqualError(t, err, "no lesson 99; the lessons are 1 to 17")
}

// TestUserLessons: lessons load from any directory, with clear errors for
// a broken one.
func TestUserLessons(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	write("01-mine.lua", `local common = require("common")
return {title = "Mine", intro = common.intro, goal = "Open.", rack = "r10 r11 r12",
  solution = "[r10 r11 r12]", hints = {"Play the run."},
  check = function(g, play) return g:opened(1), "opened with " .. play end}`)
	write("common.lua", `return {intro = "A lesson of my own."}`)
	write("notes.txt", "not a lesson")

	list, err := LessonsIn(dir)
	require.NoError(t, err)
	assert.Equal(t, []LessonInfo{{N: 1, Name: "mine", Title: "Mine", Titles: map[i18n.Lang]string{i18n.English: "Mine"}, Path: filepath.ToSlash(dir) + "/01-mine.lua"}}, list)

	l, err := LoadLesson(filepath.Join(dir, "01-mine.lua"))
	require.NoError(t, err)
	defer l.Close()
	assert.Equal(t, "A lesson of my own.", l.Intro())
	ok, why, err := l.Check(coretest.Table("[r10 r11 r12]"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "opened with [r10 r11 r12]", why)

	tests := []struct {
		name, src, err string
	}{
		{name: "not a table", src: `return 7`,
			err: "lesson %s: the file returns 7; a lesson returns a table"},
		{name: "missing and misspelt fields", src: `return {title = "x", intro = "y", hint = {}}`,
			err: `lesson %s: unknown field "hint"; did you mean "hints"?; solution is missing; the lesson accepts any legal play: give place (the tiles it asks to place) or check`},
		{name: "a bad scenario", src: `return {title = "x", intro = "y", solution = "[r1 r2 r3]", rack = "r1 r1 r1", place = "r1"}`,
			err: "lesson %s: bad argument #1 to 'setup' (scenario: the table and the racks use 3 × r1; the original box has 2)"},
		{name: "a bad solution", src: `return {title = "x", intro = "y", solution = "[r1 r2", place = "r1"}`,
			err: `lesson %s: solution: set 1: the "[" at column 1 is never closed with "]"`},
		{name: "a Lua error", src: `return {title = nil .. "x"}`,
			err: "%s:1: cannot perform concat operation between nil and string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := write("02-broken.lua", tc.src)
			_, err := LoadLesson(p)
			assert.EqualError(t, err, strings.ReplaceAll(tc.err, "%s", filepath.ToSlash(dir)+"/02-broken.lua"))
		})
	}
}

// TestLessonGameIsACopy: the REPL may play on the lesson's game freely.
func TestLessonGameIsACopy(t *testing.T) {
	l, err := StartLesson(6)
	require.NoError(t, err)
	defer l.Close()
	g := l.Game()
	require.NoError(t, g.Play(l.Solution()))
	ok, _, err := l.Check(l.Solution())
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, core.Table{coretest.Set("[r4 r5 r6 r7 r8]")}, l.Game().Table())
}

// Every shipped lesson is written in the four languages: no text falls
// back to English.
func TestLessonsEveryLanguage(t *testing.T) {
	list, err := Lessons()
	require.NoError(t, err)
	for _, info := range list {
		l, err := StartLesson(info.N)
		require.NoError(t, err)
		for _, lang := range i18n.Langs {
			assert.Empty(t, l.Speak(lang), "lesson %d in %s", info.N, lang)
			assert.NotEmpty(t, l.Intro(), "lesson %d in %s", info.N, lang)
		}
		l.Close()
	}
}

// A text the lesson lacks in the learner's language is said in English,
// and Speak names it; a text table must have English and only the four.
func TestLessonTextFallback(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) { require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)) }
	write("01-half.lua", `return {title = {en = "Half", es = "Mitad"}, intro = {en = "Open.", es = "Abre."},
  goal = "Place the run.", rack = "r10 r11 r12", solution = "[r10 r11 r12]",
  hints = {{en = "A run.", es = "Una escalera."}, "In a row."}, place = "r10 r11 r12"}`)
	l, err := LoadLesson(filepath.Join(dir, "01-half.lua"))
	require.NoError(t, err)
	defer l.Close()
	assert.Equal(t, []string{"goal", "hints[2]"}, l.Speak(i18n.Spanish))
	assert.Equal(t, "Abre.", l.Intro())
	assert.Equal(t, "Place the run.", l.Goal())
	assert.Equal(t, []string{"Una escalera.", "In a row."}, l.Hints())
	assert.Equal(t, []string{"goal", "hints[1]", "hints[2]", "intro", "title"}, l.Speak(i18n.French))
	assert.Equal(t, "Open.", l.Intro())

	write("02-bad.lua", `return {title = {es = "Sin inglés"}, intro = {en = "x", de = "y"}, rack = "r1 r2 r3",
  solution = "[r1 r2 r3]", place = "r1 r2 r3"}`)
	_, err = LoadLesson(filepath.Join(dir, "02-bad.lua"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `title: no en; every text is written in English at least`)
	assert.Contains(t, err.Error(), `intro: "de" is not a language; a text is a string or a table of en, es, it, fr`)
}
