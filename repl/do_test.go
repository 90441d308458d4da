package repl

import (
	"testing"

	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDoUndoEdit: the browser's undo takes back one edit at a time, and
// starting the turn again takes back all of them; neither is the
// whole-turn undo.
func TestDoUndoEdit(t *testing.T) {
	s, _ := newSession(t, Options{}, "[r3 r4 r5]", "r6 k10 b10 o10", "b11", true)
	do := func(c command.Command) error {
		_, err := s.Do(t.Context(), c)
		return err
	}
	require.NoError(t, do(command.Put{Tiles: coretest.Tiles("r6"), To: stage.Target{Set: 1}}))
	require.NoError(t, do(command.Put{Tiles: coretest.Tiles("k10 b10"), To: stage.Target{}}))
	require.NoError(t, do(command.Split{Set: 2, Pos: 2}))
	assert.Equal(t, "[r3 r4 r5 r6] [k10] [b10]", s.Workspace().Table().String())

	require.NoError(t, do(command.UndoEdit{}))
	assert.Equal(t, "[r3 r4 r5 r6] [k10 b10]", s.Workspace().Table().String())
	require.NoError(t, do(command.UndoEdit{}))
	assert.Equal(t, "[r3 r4 r5 r6]", s.Workspace().Table().String())
	assert.Equal(t, "k10 b10 o10", s.Workspace().Left().String())

	require.NoError(t, do(command.Put{Tiles: coretest.Tiles("o10"), To: stage.Target{}}))
	require.NoError(t, do(command.RestartTurn{}))
	assert.Equal(t, "[r3 r4 r5]", s.Workspace().Table().String())
	err := do(command.UndoEdit{})
	require.Error(t, err)
	assert.Equal(t, "no edit to take back: the turn is as it began", s.ErrorText(err))
}

// TestDoHintStep: one move at a time, from the table as the learner left
// it: the first step followed, the next hint starts from there.
func TestDoHintStep(t *testing.T) {
	s, _ := newSession(t, Options{}, "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", "k10 b5 o13", "b11", true)
	r, err := s.Do(t.Context(), command.Hint{Step: true})
	require.NoError(t, err)
	require.NotNil(t, r.Hint)
	require.NotEmpty(t, r.Hint.Steps)
	assert.Equal(t, 15, r.Hint.Points)
	total := len(r.Hint.Steps)
	_, err = s.Do(t.Context(), r.Hint.Steps[0])
	require.NoError(t, err)
	if total > 1 {
		r, err = s.Do(t.Context(), command.Hint{Step: true})
		require.NoError(t, err)
		require.NotNil(t, r.Hint)
		assert.False(t, r.Hint.FromStart)
		assert.Len(t, r.Hint.Steps, total-1)
		for _, c := range r.Hint.Steps {
			_, err = s.Do(t.Context(), c)
			require.NoError(t, err, c.String())
		}
	}
	_, err = s.Do(t.Context(), command.Done{})
	require.NoError(t, err)
	rack := s.Game().Rack(0)
	assert.Equal(t, "o13", rack.String())
}

// TestHintStepInTheTerminal: hint step says the next move only, as the
// terminal writes it.
func TestHintStepInTheTerminal(t *testing.T) {
	s, out := newSession(t, Options{}, "", "r10 r11 r12 k5", "b11", true)
	run(t, s, "put r10 new", "hint step")
	assert.Contains(t, out.String(), "next move: put r11 r12 1\n")
	run(t, s, "put r11 r12 1", "hint step")
	assert.Contains(t, out.String(), "the staged table is the best play: done plays it\n")
}
