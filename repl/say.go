package repl

import (
	"github.com/meldlab/meldlab/repl/view"
)

// fail is an error that says the message id with its arguments.
func fail(id string, nameValues ...any) error { return view.Fail(id, nameValues...) }
