package view

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// Fail is an error the REPL says in the learner's language: the message id
// with its arguments (a core.Refusal, English as its Error).
func Fail(id string, nameValues ...any) error { return core.Refuse(id, nameValues...) }

// IsYou reports whether a seat's name is the learner's default one,
// repl.name.you in lang (tú, tu, toi) or in English ("you").
func IsYou(lang *i18n.Printer, name string) bool {
	return name == "you" || name == lang.T("repl.name.you")
}
