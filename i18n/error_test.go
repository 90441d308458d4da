package i18n

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
)

// said is an error that says a message, with its English as its Error, as
// the REPL's and the lab's errors are.
type said struct{ m core.Message }

func (e said) Error() string         { return New(English).Message(e.m) }
func (e said) Message() core.Message { return e.m }

// A message error wrapped with context is said in the learner's language,
// whichever package's message it is (issue 23: "lesson 3: nothing to undo"
// stayed English); joined errors are said one by one; a misspelt id says
// itself with its arguments, never "<no value>".
func TestErrorsSaid(t *testing.T) {
	es := New(Spanish)
	inner := said{core.Msg("repl.undo.nothing")}
	assert.Equal(t, "lección 3: no hay nada que deshacer", es.Error(said{core.Msg("lesson.error", "N", 3, "Error", inner)}))
	assert.Equal(t, "load: no hay nada que deshacer", es.Error(fmt.Errorf("load: %w", inner)))
	joined := errors.Join(said{core.Msg("sim.err.games", "Count", 0)}, said{core.Msg("sim.err.players", "Count", 0)})
	assert.Equal(t, "los juegos deben ser al menos 1, no 0\nlos jugadores deben ser al menos 1, no 0", es.Error(joined))
	assert.Equal(t, "repl.undo.nothng{}", es.T("repl.undo.nothng"))
	assert.Equal(t, "repl.rounds.target{Rounds=3}", es.T("repl.rounds.target", "Rounds", 3))
}
