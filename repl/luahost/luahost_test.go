package luahost_test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/luahost"
	"github.com/meldlab/meldlab/repl/plugin"
)

// testEnv is a bare plugin.Env: a game and an output.
type testEnv struct {
	g   *core.Game
	out bytes.Buffer
}

func (e *testEnv) Game() *core.Game                              { return e.g }
func (e *testEnv) UseGame(_ context.Context, g *core.Game) error { e.g = g; return nil }
func (e *testEnv) Out() io.Writer                                { return &e.out }

func TestEval(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 1)
	require.NoError(t, err)
	e := &testEnv{g: g}
	h := luahost.New(t.TempDir())
	defer h.Close()
	ctx := t.Context()

	out, err := h.Eval(ctx, e, "1 + 2")
	require.NoError(t, err)
	assert.Equal(t, "3", out)

	_, err = h.Eval(ctx, e, "for i = 1, 2 do")
	assert.ErrorIs(t, err, plugin.ErrIncomplete)

	out, err = h.Eval(ctx, e, "print('hi') return game:players()")
	require.NoError(t, err)
	assert.Equal(t, "2", out)
	assert.Equal(t, "hi\n", e.out.String())

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = h.Eval(cctx, e, "while true do end")
	assert.Error(t, err, "a cancelled evaluation stops")
}

func TestLessons(t *testing.T) {
	h := luahost.New(t.TempDir())
	list, err := h.Lessons()
	require.NoError(t, err)
	require.NotEmpty(t, list)
	assert.Equal(t, 1, list[0].N)

	run, err := h.StartLesson(t.Context(), list[0])
	require.NoError(t, err)
	defer run.Close()
	assert.NotEmpty(t, run.Intro())
	assert.Equal(t, 0, run.Game().Current(), "the learner is to play")
	ok, msg, err := run.Check(t.Context(), plugin.Move{Draw: true})
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, "legal, but a draw skips the lesson. The lesson asks: Make an initial meld of at least 30 points from your rack.", msg)
	ok, _, err = run.Check(t.Context(), plugin.Move{Table: coretest.Table("[r1 r2 r3 r4 r5 r6 r7 r8 r9 r10]")})
	require.NoError(t, err)
	assert.False(t, ok, "a play that is not the lesson's")
}

// A house rule in one line of Lua: game = meld.game{...} hands the session
// the new game, which it then plays.
func TestEvalAdoptsANewGame(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ana", "bob"}, 1)
	require.NoError(t, err)
	e := &testEnv{g: g}
	h := luahost.New(t.TempDir())
	defer h.Close()
	ctx := t.Context()

	_, err = h.Eval(ctx, e, "x = game:players()")
	require.NoError(t, err)
	assert.Same(t, g, e.g, "using the game does not replace it")

	_, err = h.Eval(ctx, e, `game = meld.game{variant = {opening = {points = 50}}, players = {"ana", "bob", "cy"}, seed = 4}`)
	require.NoError(t, err)
	require.NotSame(t, g, e.g, "the new game is adopted")
	assert.Equal(t, 50, e.g.Rules.Opening.Points)
	assert.Equal(t, []string{"ana", "bob", "cy"}, e.g.Names())

	out, err := h.Eval(ctx, e, "game:players()")
	require.NoError(t, err)
	assert.Equal(t, "3", out, "the global game is the adopted game")
}
