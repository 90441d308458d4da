package repl

import "github.com/meldlab/meldlab/i18n"

// SetLang makes the session say everything from now on in lang, keeping
// all it holds: the game, the table staged and a lesson running (whose
// texts are said in lang too). The web page's language choice uses it.
func (s *Session) SetLang(lang i18n.Lang) {
	s.opt.Lang = lang
	s.tell.Lang = i18n.New(lang)
	s.tell.Paint.Lang = s.tell.Lang
	if s.desk.Run != nil {
		s.desk.Run.Speak(lang)
	}
}
