// Package msg makes the fronts' messages (the REPL's, the lab's, the
// command line's, the browser's, a class's...), one typed constructor per
// message id of i18n/locales/*.en.yaml outside core's areas:
//
//	msg.ReplUndoNothing()
//	msg.SimWarnSeats(seats, max)
//
// A misspelt id or a missing argument fails to compile. The constructors
// are generated with the catalogs (go test ./i18n -run TestGenerated
// -update); core's own messages have theirs in package core (core.MsgSetRunGap).
// Importing msg imports i18n, so a front's Message says itself in English.
package msg
