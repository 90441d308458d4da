package i18n_test

// The packages that declare English of their own with AddEnglish, so that
// TestCatalogsComplete checks their translations too.
import (
	_ "github.com/meldlab/meldlab/repl"
	_ "github.com/meldlab/meldlab/scripts"
	_ "github.com/meldlab/meldlab/sim"
	_ "github.com/meldlab/meldlab/web"
)
