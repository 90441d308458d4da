package repl

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/view"
)

// fail is an error that says the message m.
func fail(m core.Message) error { return view.Fail(m) }
