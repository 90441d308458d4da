package repl

import (
	"github.com/meldlab/meldlab/repl/view"
)

// fail is an error that says the message id with its arguments.
func fail(id string, nameValues ...any) error { return view.Fail(id, nameValues...) }

// isYou reports whether a seat's name is the learner's default one: "you"
// in the session's language (tú, tu, toi), or in English (a game saved in
// English).
func (s *Session) isYou(name string) bool { return view.IsYou(s.lang, name) }

// say says the message id in the session's language.
func (s *Session) say(id string, nameValues ...any) string { return s.lang.T(id, nameValues...) }
