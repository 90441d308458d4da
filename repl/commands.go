package repl

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/repl/view"
)

// verb is one REPL command: its words for help, and what it does.
type verb struct {
	name    string
	aliases []string
	group   string // the heading help lists it under
	// Its words are messages (i18n/locales/repl.LANG.yaml): the usage
	// after the name, repl.cmd.NAME.args ("TILE... SET|new"; none: no
	// arguments), one line for the list, repl.cmd.NAME.summary, and the
	// rest of help NAME, repl.cmd.NAME.help (none: nothing more to say).
	example []string
	// action: it acts on the current turn, so it waits for the bots and is
	// dropped when the turn timer ran out before it.
	action bool
	// meta: it is about the session, not the game (help, quit): it never
	// waits for bots or checks the timer.
	meta bool
	run  func(s *Session, ctx context.Context, l Line) error
}

// groups orders the headings of help.
var groups = []string{"game", "turn", "learn and script", "session"}

// commands is a command table: each session has its own (Session.cmds),
// made by commandTable.
type commands []*verb

// commandTable builds the REPL's command table. It is a function, not a
// package variable, because the handlers refer to the table (help lists
// it), and each session keeps the one it was made with.
func commandTable() commands {
	return commands{
		// game
		{name: "new", group: "game", example: []string{"new", "new original 3", "new original ana:human bot:greedy bob:human 42", "new original 2 7"},
			run: cmdNew},
		{name: "next", group: "game", example: []string{"next"}, run: cmdNext},
		{name: "variant", group: "game", example: []string{"variant"}, run: cmdVariant},
		{name: "rules", group: "game", example: []string{"rules"}, run: cmdRules},
		{name: "who", group: "game", example: []string{"who"}, run: cmdWho},
		{name: "rack", group: "game", example: []string{"rack"}, run: cmdRack},
		{name: "table", group: "game", example: []string{"table"}, run: cmdTable},
		{name: "pool", group: "game", example: []string{"pool"}, run: cmdPool},
		{name: "scores", group: "game", example: []string{"scores"}, run: cmdScores},

		// turn
		{name: "put", group: "turn", example: []string{"put r7 3", "put k10 r10 b10 new", "put J 2:1", "put o5 [o2 o3 o4]"},
			action: true, run: cmdPut},
		{name: "move", group: "turn", example: []string{"move 2:b8 5", "move b8 from 2 to 5", "move 1:r6 1:r7 1:r8 new", "move 3:J 1"},
			action: true, run: cmdMove},
		{name: "split", group: "turn", example: []string{"split 3 at r6", "split 1 at 4"},
			action: true, run: cmdSplit},
		{name: "join", group: "turn", example: []string{"join 2 4", "join 1 [r8 r9]"},
			action: true, run: cmdJoin},
		{name: "declare", group: "turn", example: []string{"declare 4 group", "declare [o13 J J] group", "declare 4 run"},
			action: true, run: cmdDeclare},
		{name: "take", group: "turn", example: []string{"take r7", "take 3:J"},
			action: true, run: cmdTake},
		{name: "reset", group: "turn", example: []string{"reset"}, action: true, run: cmdReset},
		{name: "done", group: "turn", example: []string{"done"}, action: true, run: cmdDone},
		{name: "play", group: "turn", example: []string{"play [r3 r4 r5] [k8 b8 o8 r8]"},
			action: true, run: cmdPlay},
		{name: "draw", group: "turn", example: []string{"draw"}, action: true, run: cmdDraw},
		{name: "end", group: "turn", example: []string{"end"}, action: true, run: cmdEnd},
		{name: "undo", group: "turn", example: []string{"undo", "undo edit"}, run: cmdUndo},
		{name: "hint", group: "turn", example: []string{"hint", "hint step"}, run: cmdHint},
		{name: "explain", group: "turn", example: []string{"explain", "explain last"}, run: cmdExplain},

		// learn and script
		{name: "lesson", group: "learn and script", example: []string{"lesson", "lesson 1", "lesson next"}, meta: true, run: cmdLesson},
		{name: "review", group: "learn and script", example: []string{"review", "review 1"}, meta: true, run: cmdReview},
		{name: "puzzle", group: "learn and script", example: []string{"puzzle", "puzzle 3", "puzzle hint", "puzzle answer"}, meta: true, run: cmdPuzzle},
		{name: "back", group: "learn and script", example: []string{"back"}, meta: true, run: cmdBack},
		{name: "lua", group: "learn and script", example: []string{"lua 1 + 2", "lua game:rack(game:current())", "lua meld.check('[r3 r4 J]')",
			"lua game = meld.game{variant = {opening = {points = 50}}, players = 3}", "lua"}, run: cmdLua},
		{name: "run", group: "learn and script", example: []string{"run house.lua"}, run: cmdRun},
		{name: "setup", group: "learn and script", example: []string{"setup rack r10 r11 r12 k5", "setup rack 2 o1 o2", "setup table [r3 r4 r5] [k8 b8 o8]",
			"setup turn 1", "setup opened 1 2", "setup pool 10"},
			run: cmdSetup},

		// session
		{name: "save", group: "session", example: []string{"save game.json"}, run: cmdSave},
		{name: "load", group: "session", example: []string{"load game.json"}, run: cmdLoad},
		{name: "timer", group: "session", example: []string{"timer", "timer on"}, meta: true, run: cmdTimer},
		{name: "help", aliases: []string{"?"}, group: "session", example: []string{"help", "help put"}, meta: true, run: cmdHelp},
		{name: "quit", aliases: []string{"exit"}, group: "session", example: []string{"quit"}, meta: true, run: cmdQuit},
	}
}

// lookup finds a command by name or alias.
func (cs commands) lookup(name string) *verb {
	for _, c := range cs {
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

// names lists every command name, sorted.
func (cs commands) names() []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.name)
	}
	sort.Strings(out)
	return out
}

// unknown says a word is no command, suggesting the nearest one.
func (cs commands) unknown(name string) error {
	if near := suggest.Nearest(name, cs.names()); near != "" {
		return fail(msg.ReplUnknownCommand(strconv.Quote(name), near))
	}
	return fail(msg.ReplUnknownCommandBare(strconv.Quote(name)))
}

// usage is the command's one-line usage in lang: "put TILE... SET|new".
func (c *verb) usage(lang *i18n.Printer) string {
	id := "repl.cmd." + c.name + ".args"
	if _, ok := core.EnglishText(id); !ok {
		return c.name
	}
	return c.name + " " + lang.T(id)
}

func cmdHelp(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplHelpOne())
	}
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "notation") {
		// Not a command: how tiles and sets are written, the letters
		// explained in the learner's language (they stay k r b o J).
		for i, para := range strings.Split(s.tell.Say(msg.ReplHelpNotationTopic()), "\n\n") {
			if i > 0 {
				s.tell.Printf("\n")
			}
			s.tell.Printf("%s", wrap(para, view.Width, ""))
		}
		return nil
	}
	if len(l.Args) == 1 {
		c := s.cmds.lookup(strings.ToLower(l.Args[0]))
		if c == nil {
			return s.cmds.unknown(l.Args[0])
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n%s.\n", s.tell.Say(msg.ReplHelpUsage(c.usage(s.tell.Lang))), view.UpperFirst(s.tell.Say(core.Msg("repl.cmd."+c.name+".summary"))))
		if _, ok := core.EnglishText("repl.cmd." + c.name + ".help"); ok {
			// Each paragraph filled to the width, so that a help text
			// edited here never runs past it.
			for _, para := range strings.Split(s.tell.Say(core.Msg("repl.cmd."+c.name+".help")), "\n\n") {
				b.WriteString("\n" + wrap(para, view.Width, ""))
			}
		}
		if len(c.aliases) > 0 {
			fmt.Fprintf(&b, "\n%s\n", s.tell.Say(msg.ReplHelpAlso(strings.Join(c.aliases, ", "))))
		}
		fmt.Fprintf(&b, "\n%s\n", s.tell.Say(msg.ReplHelpExample(len(c.example))))
		for _, e := range c.example {
			fmt.Fprintf(&b, "  %s\n", e)
		}
		s.tell.Printf("%s", b.String())
		return nil
	}
	var b strings.Builder
	b.WriteString(s.tell.Say(msg.ReplHelpList()) + "\n")
	for _, g := range groups {
		fmt.Fprintf(&b, "\n%s\n", s.tell.Say(core.Msg("repl.group."+g)))
		for _, c := range s.cmds {
			if c.group == g {
				fmt.Fprint(&b, view.HangText(fmt.Sprintf("  %-8s ", c.name), s.tell.Say(core.Msg("repl.cmd."+c.name+".summary")), view.Width))
			}
		}
	}
	b.WriteString("\n" + s.tell.Say(msg.ReplHelpNotation()) + "\n")
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdQuit(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 0 {
		return fail(msg.ReplNoArgs("quit"))
	}
	if s.desk.Run != nil {
		return s.desk.Back(s.tell)
	}
	s.quit = true
	return nil
}

// noArgs refuses arguments to a command that takes none.
func noArgs(l Line) error {
	if len(l.Args) > 0 {
		return fail(msg.ReplNoArgs(l.Name))
	}
	return nil
}
