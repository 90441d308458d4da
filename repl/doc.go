// Package repl is meldlab's read-eval-print loop: one game of Rummikub, or
// a lesson, a puzzle or a review beside it, played by typing lines. The
// terminal, a pipe, the tests and the browser's server (package web) all
// drive the same Session, so there is one set of rules for every face.
//
// # A line's way through
//
// A line is parsed (ParseLine) into a Line: a command's name and its
// words. The command table (commandTable) finds the command, and its cmd*
// function reads the words into a typed command of package command (put,
// move, new, lesson, ...) and hands it to the dispatch, Session.perform.
// The browser skips the words: it decodes JSON into the same typed
// commands and calls Session.Do. Either way, before runs first (the bots a
// Ctrl-C stopped play on; a clock that ran out ends the turn), and
// takeReply hands over what the line showed, as a Reply: its text, and the
// turns, hint, verdict or review a page draws as values.
//
// The Session never touches a terminal: Run returns the reply, Exec writes
// it, and the thin loops of term.go (RunTerminal, RunPiped) read the lines.
//
// # The parts
//
// The Session keeps the public API, the dispatch and the few fields that
// say which of the parts is in play; the work is the parts'. Each is a
// package under repl, takes what it needs as arguments, and imports only
// the parts below it (cmd/meldlab's TestREPLPartsImportDown holds that):
//
//   - view draws every text: tiles, tables, turns, scores, rules, the
//     replay's steps.
//   - stage is the staged turn, its edits (put, move, split, join, take)
//     and the references commands make to tiles and sets; Plan turns a play
//     into the edits that make it.
//   - plugin is what the session asks of a Lua host; luainput is Lua typed
//     at the prompt, a chunk waiting for its end.
//   - table is the game in play: seats, the referee's judgement of a play
//     or a draw, undo, the turn timer, the bots' turns as events, saving
//     and loading; its Dealer deals new games (new's arguments are
//     command.ParseNew's) and ParseSetup reads setup's.
//   - command is the closed set of typed commands.
//   - tell says what a line shows, in the learner's language: a Teller
//     holds the reply, runs the table's turn-ending actions and tells what
//     followed (the bots' turns, the round's end, the next turn).
//   - lesson is a lesson beside the game: its Desk holds the table in play
//     and the game the lesson set aside, and gives it back as it was.
//   - hint is the solver's best turn and the moves that lead there,
//     rehearsed on a copy of the table before they are taught.
//   - puzzlerun is a puzzle in play, judged instead of committed;
//     reviewrun is a review of the game, whose turns are played again as
//     puzzles.
//
// # What the Session does itself
//
// It parses nothing a part can read, and says nothing a part can say: the
// dispatch chooses the part (a play goes to the lesson, the puzzle or the
// referee, in that order), install puts a dealt game in play in place of a
// lesson or a puzzle. A Session has at most 30 methods; a new command is a
// typed command, a cmd* function and a case of perform, and its work goes
// to the part that owns it.
package repl
