package view

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// sayError is an error the REPL says in the learner's language: its
// Message, with English as its Error.
type sayError struct{ m core.Message }

func (e sayError) Error() string         { return i18n.New(i18n.English).Message(e.m) }
func (e sayError) Message() core.Message { return e.m }

// Fail is an error that says the message id with its arguments.
func Fail(id string, nameValues ...any) error { return sayError{core.Msg(id, nameValues...)} }

// IsYou reports whether a seat's name is the learner's default one,
// repl.name.you in lang (tú, tu, toi) or in English ("you").
func IsYou(lang *i18n.Printer, name string) bool {
	return name == "you" || name == lang.T("repl.name.you")
}
