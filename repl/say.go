package repl

import (
	"github.com/meldlab/meldlab/core"
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

// rounds says how many rounds the match has, for "round 2 of ...": with a
// target (match.target), the target too: "100 (first to 200 points)".
func (s *Session) rounds(g *core.Game) any {
	if t := g.Rules.Match.Target; t > 0 {
		return s.say("repl.rounds.target", "Rounds", g.Rounds(), "Target", t)
	}
	return g.Rounds()
}
