package repl

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/view"
)

// fail is an error that says the message m.
func fail(m core.Message) error { return view.Fail(m) }

// isYou reports whether a seat's name is the learner's default one: "you"
// in the session's language (tú, tu, toi), or in English (a game saved in
// English).
func (s *Session) isYou(name string) bool { return view.IsYou(s.lang, name) }

// say says the message m in the session's language.
func (s *Session) say(m core.Message) string { return s.lang.Message(m) }
