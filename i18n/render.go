package i18n

import (
	"github.com/meldlab/meldlab/core/msgrender"
	"github.com/meldlab/meldlab/i18n/internal/rendered"
)

// The catalogs' messages are text/template sources, but nothing parses
// them at run time: the generator (TestGenerated -update, see
// render_source_test.go) compiles every form of every message with template
// actions to a Go function, the languages but English and the fronts'
// English (registered with core, english_gen.go) into package rendered
// (internal/rendered/render_gen.go), core's own English into core's
// messages_en.go. What a value prints
// as, whether it is true and how two compare is text/template's, kept in
// package msgrender for core and i18n alike.

// render is one form's function: it says the form with a message's
// arguments into a strings.Builder, or reports false where text/template
// would have failed or printed "<no value>".
type render = msgrender.Func

// args are a message's arguments as a render reads them, the values made
// words (Printer.arg).
type args = msgrender.Args

// rendered.Catalog is catalog's render functions, index by index: the two
// are generated together, and a build with one stale against the other
// in length fails here (TestGenerated finds any other staleness).
var _ = [1]struct{}{}[len(catalog)-len(rendered.Catalog)]
