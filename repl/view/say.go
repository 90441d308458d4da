package view

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
)

// Fail is an error the REPL says in the learner's language: the message m
// (a core.Refusal, English as its Error).
func Fail(m core.Message) error { return &core.Refusal{Msg: m} }

// IsYou reports whether a seat's name is the learner's default one,
// repl.name.you in lang (tú, tu, toi) or in English ("you").
func IsYou(lang *i18n.Printer, name string) bool {
	return name == "you" || name == lang.Message(msg.ReplNameYou())
}
