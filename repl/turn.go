package repl

// timerOn reports whether turns are timed: the timer is on, the variant
// has a time limit, and no lesson runs (a lesson is not timed, and the
// game's clock waits for it).
func (s *Session) timerOn() bool {
	g := s.desk.Tab.Game()
	return s.timer && s.desk.Run == nil && g != nil && g.Rules.HasClock()
}
