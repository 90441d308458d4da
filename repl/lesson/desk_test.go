package lesson

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table/tabletest"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/variants"
)

// host offers two lessons; each asks for r6 on the run [r3 r4 r5].
type host struct{ t *testing.T }

func (h host) Eval(context.Context, plugin.Env, string) (string, error) { return "", nil }
func (h host) RunFile(context.Context, plugin.Env, string) error        { return nil }
func (h host) Lessons() ([]plugin.Lesson, error) {
	return []plugin.Lesson{{N: 1, Title: "Add to a run"}, {N: 2, Title: "Split a run"}}, nil
}
func (h host) StartLesson(_ context.Context, ls plugin.Lesson) (plugin.LessonRun, error) {
	if ls.N == 2 {
		return nil, errors.New("broken.lua:1: syntax error")
	}
	g, err := core.NewGame(core.Original(), []string{"player 1", "player 2"}, 1)
	require.NoError(h.t, err)
	require.NoError(h.t, g.Setup(core.Setup{Table: coretest.Table("[r3 r4 r5]"),
		Racks: [][]core.Tile{coretest.Tiles("r6 k1"), coretest.Tiles("o1 o2")}, Opened: []bool{true, true}, Pool: -1}))
	return &lessonRun{g: g}, nil
}

type lessonRun struct{ g *core.Game }

func (r *lessonRun) Speak(i18n.Lang) []string { return nil }
func (r *lessonRun) Intro() string            { return "A run takes the next number." }
func (r *lessonRun) Goal() string             { return "Put r6 on the run." }
func (r *lessonRun) Hints() []string          { return []string{"Look at the run's end."} }
func (r *lessonRun) Game() *core.Game         { return r.g }
func (r *lessonRun) Close()                   {}
func (r *lessonRun) Check(_ context.Context, m plugin.Move) (bool, string, error) {
	if m.Table.String() == "[r3 r4 r5 r6]" {
		return true, "Right: r6 follows r5.", nil
	}
	return false, "Not that.", nil
}

// A lesson beside the game: listed, begun on a table of its own, hinted,
// judged, and the game given back as it was when it is passed or left.
func TestDesk(t *testing.T) {
	game := tabletest.Opened(t, core.Original(), "[k1 k2 k3]", "b9", "o9")
	desk := Desk{Tab: game, Now: func() time.Time { return tabletest.Now }}
	tl := tell.New("", false, io.Discard, func() bool { return false })
	course := OpenCourse("")
	ctx := context.Background()

	begun, err := desk.Do(ctx, host{t}, command.Lesson{}, course, tl)
	require.NoError(t, err)
	assert.False(t, begun)
	assert.Equal(t, "lessons (0 of 2 passed; lesson N starts one, lesson next the first not passed):\n   1 Add to a run\n   2 Split a run\n",
		tl.Reply.String())

	tl.Reply.Reset()
	begun, err = desk.Do(ctx, host{t}, command.Lesson{Next: true}, course, tl)
	require.NoError(t, err)
	assert.True(t, begun)
	assert.True(t, strings.HasPrefix(tl.Reply.String(), "lesson 1: Add to a run\n\nA run takes the next number.\n\n"), tl.Reply.String())
	assert.NotSame(t, game, desk.Tab, "the lesson plays on a table of its own")
	assert.Equal(t, "you", desk.Tab.Game().Name(0), "seat 1 is the learner")

	tl.Reply.Reset()
	h, k, of, ok := desk.Hint(tl)
	assert.Equal(t, "Look at the run's end.", h)
	assert.Equal(t, [3]any{1, 1, true}, [3]any{k, of, ok})
	_, _, _, ok = desk.Hint(tl)
	assert.False(t, ok, "one hint only")

	tl.Reply.Reset()
	v, err := desk.Check(ctx, plugin.Move{Table: coretest.Table("[r3 r4 r5] [r6]")}, course, tl)
	require.NoError(t, err)
	assert.Equal(t, &Verdict{N: 1, Words: "Not that."}, v)
	assert.NotNil(t, desk.Run, "a refused move changes nothing")

	tl.Reply.Reset()
	v, err = desk.Check(ctx, plugin.Move{Table: coretest.Table("[r3 r4 r5 r6]")}, course, tl)
	require.NoError(t, err)
	assert.True(t, v.Passed)
	assert.Equal(t, "Right: r6 follows r5.\nlesson 1: passed!\nback to your game (lesson next takes the next lesson)\n"+
		"== ana to play: round 1, turn 1 ==\ntable:\n  1 [k1 k2 k3]\nrack: b9 (1 tile, 9 points)\n", tl.Reply.String())
	assert.Nil(t, desk.Run)
	assert.Same(t, game, desk.Tab, "the game is back")
	assert.True(t, course.Passed(1))

	assert.Equal(t, "no lesson is running: back leaves a lesson and returns to your game", tl.ErrorText(desk.Back(tl)))
	begun, err = desk.Do(ctx, host{t}, command.Lesson{N: 2}, course, tl)
	assert.False(t, begun, "a lesson that does not start leaves all as it was")
	assert.Equal(t, "lesson 2: broken.lua:1: syntax error", tl.ErrorText(err))
	assert.Same(t, game, desk.Tab)
	_, err = desk.Do(ctx, nil, command.Lesson{}, course, tl)
	assert.Equal(t, "Lua is not available in this build", tl.ErrorText(err))
}

// Turns are timed when the timer is on and the variant has a clock, and
// never while a lesson runs.
func TestTimed(t *testing.T) {
	clock, err := variants.Resolve("house/chess-clock")
	require.NoError(t, err)
	untimed := core.Original()
	untimed.TimeLimit = core.TimeLimit{}
	tests := []struct {
		name   string
		rules  core.Rules
		timer  bool
		lesson bool
		timed  bool
	}{
		{"timer on, a clock", clock.Rules, true, false, true},
		{"timer off", clock.Rules, false, false, false},
		{"no clock in the variant", untimed, true, false, false},
		{"a lesson runs", clock.Rules, true, true, false},
	}
	for _, tc := range tests {
		d := Desk{Tab: tabletest.Opened(t, tc.rules, "", "r1", "k1"), Timer: tc.timer}
		if tc.lesson {
			d.Run = &Run{}
		}
		assert.Equal(t, tc.timed, d.Timed(), tc.name)
	}
}
