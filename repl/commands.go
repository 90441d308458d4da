package repl

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/repl/view"
)

// command is one REPL command: its words for help, and what it does.
type command struct {
	name    string
	aliases []string
	group   string // the heading help lists it under
	args    string // the usage after the name: "TILE... SET|new"
	summary string // one line for the list
	help    string // the rest of help <command>: what it does, in detail
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
type commands []*command

// commandTable builds the REPL's command table. It is a function, not a
// package variable, because the handlers refer to the table (help lists
// it), and each session keeps the one it was made with.
func commandTable() commands {
	return commands{
		// game
		{name: "new", group: "game", args: "[VARIANT] [PLAYERS] [SEED]",
			summary: "start a new game",
			help: `Deals a new game. VARIANT is a variant's name or a variant file (default: the
one in play). PLAYERS is a count (you and that many less one greedy bots) or a
seat for each player, in play order, written NAME:human or NAME:BOT, where BOT
is a bot's kind or a Lua bot file; "bot:greedy" alone names the bot after its
kind. Without PLAYERS the seats stay as they are. SEED (a number after the
players) fixes the shuffle: the same seed deals the same game.`,
			example: []string{"new", "new original 3", "new original ana:human bot:greedy bob:human 42", "new original 2 7"},
			run:     cmdNew},
		{name: "next", group: "game", args: "",
			summary: "deal the next round of the match, once a round is over",
			help:    `A match has as many rounds as the variant says (one a player unless it says otherwise).`,
			example: []string{"next"}, run: cmdNext},
		{name: "variant", group: "game", args: "",
			summary: "show the variant in play and the variants there are",
			help:    `new VARIANT starts a game under another variant.`,
			example: []string{"variant"}, run: cmdVariant},
		{name: "rules", group: "game", args: "",
			summary: "the rules of the variant in play, in plain words",
			example: []string{"rules"}, run: cmdRules},
		{name: "who", group: "game", args: "",
			summary: "the seats: who plays, tiles on each rack, who has opened, whose turn",
			example: []string{"who"}, run: cmdWho},
		{name: "rack", group: "game", args: "",
			summary: "the rack of the player to play (tiles placed this turn left out)",
			example: []string{"rack"}, run: cmdRack},
		{name: "table", group: "game", args: "",
			summary: "the table as staged this turn, sets numbered, invalid sets marked",
			example: []string{"table"}, run: cmdTable},
		{name: "pool", group: "game", args: "",
			summary: "how many tiles are left to draw",
			example: []string{"pool"}, run: cmdPool},
		{name: "scores", group: "game", args: "",
			summary: "the round's scores, the match totals and the rounds won",
			example: []string{"scores"}, run: cmdScores},

		// turn
		{name: "put", group: "turn", args: "TILE... [to] SET|SET:POS|new",
			summary: "put tiles from your rack into a set, or into a new set",
			help: `Takes the tiles from your rack and puts them, in the order given, at the end
of set SET (a number from table, or the set's tiles in brackets), before the
tile at position POS of the set (SET:POS), or into a new set at the end of
the table. Tiles may be separated by spaces or commas (put r3,r4,r5 new). A
set that becomes valid is rewritten in order. Nothing is played until done;
reset undoes every edit of the turn.`,
			example: []string{"put r7 3", "put k10 r10 b10 new", "put J 2:1", "put o5 [o2 o3 o4]"},
			action:  true, run: cmdPut},
		{name: "move", group: "turn", args: "SET:TILE... [to] SET|SET:POS|new  or  move TILE... from SET to SET|new",
			summary: "move tiles from set to set on the table",
			help: `Moves tiles already on the table into another set or a new one. Name a tile
as SET:TILE (2:b8), by position as SET:POS (2:1 is the first tile of set 2),
or just TILE when it is on the table once. The second form takes the tiles
from one set. A set left empty disappears, and the sets after it move up.`,
			example: []string{"move 2:b8 5", "move b8 from 2 to 5", "move 1:r6 1:r7 1:r8 new", "move 3:J 1"},
			action:  true, run: cmdMove},
		{name: "split", group: "turn", args: "SET at TILE|POS",
			summary: "split a set in two, the second part starting at a tile",
			help: `The tiles from TILE on (or from position POS on) leave the set and become a
new set at the end of the table.`,
			example: []string{"split 3 at r6", "split 1 at 4"},
			action:  true, run: cmdSplit},
		{name: "join", group: "turn", args: "SET SET...",
			summary: "join sets into the first one named",
			help:    `The tiles of the other sets go to the end of the first; the sets after them move up.`,
			example: []string{"join 2 4", "join 1 [r8 r9]"},
			action:  true, run: cmdJoin},
		{name: "take", group: "turn", args: "TILE...",
			summary: "take back to your rack a tile you placed this turn",
			help: `A tile you put on the table this turn may come back; a tile that was on the
table before your turn stays there, except a joker in a variant whose rules
let a player keep one: once a tile it stands for, from your rack, has taken
its place (put that tile in first, then take the joker). Tiles are named as
for move; a tile on the table twice is the one you placed when the other is in a set you left alone.`,
			example: []string{"take r7", "take 3:J"},
			action:  true, run: cmdTake},
		{name: "reset", group: "turn", args: "",
			summary: "undo every edit of this turn: the table and rack as the turn began",
			example: []string{"reset"}, action: true, run: cmdReset},
		{name: "done", group: "turn", args: "",
			summary: "play the staged table: the engine checks it and the turn ends",
			help: `The staged table goes to the referee. If the rules refuse it, you see why and
may keep editing (or reset, or draw).`,
			example: []string{"done"}, action: true, run: cmdDone},
		{name: "play", group: "turn", args: "TABLE",
			summary: "play by typing the whole table after your turn, in notation",
			help: `Every set of the table after your turn, in brackets. Tiles that were on the
table must all still be there; the new ones come from your rack. Your staged
edits are not used.`,
			example: []string{"play [r3 r4 r5] [k8 b8 o8 r8]"},
			action:  true, run: cmdPlay},
		{name: "draw", group: "turn", args: "",
			summary: "draw from the pool instead of playing; the turn ends",
			help:    `Staged edits are dropped. With an empty pool, draw passes.`,
			example: []string{"draw"}, action: true, run: cmdDraw},
		{name: "end", group: "turn", args: "",
			summary: "end a turn left open by a draw (a drawn tile that could free a joker)",
			help: `In variants where the tile just drawn may take a joker's place (the French
edition), a draw that could do so leaves the turn open: swap it and done, or end.`,
			example: []string{"end"}, action: true, run: cmdEnd},
		{name: "undo", group: "turn", args: "",
			summary: "go back to the start of the previous turn of a person",
			help: `The game goes back as it was when the previous person's turn began (the
bots' turns since then are undone with it).`,
			example: []string{"undo"}, run: cmdUndo},
		{name: "hint", group: "turn", args: "",
			summary: "the best play there is (most tiles placed), as steps to make it",
			help: `The solver looks for the play that places the most tiles from the rack,
from the table as the turn began, and shows the commands that make it and the
table it leaves. Its points are what the placed tiles count on the table, as
an initial meld counts them: a joker as the tile it stands for (on a rack at
the end of a round it would cost 30). Ctrl-C stops a long search. During a lesson, hint gives the
lesson's own hints first, from gentle to telling.`,
			example: []string{"hint"}, run: cmdHint},
		{name: "explain", group: "turn", args: "[last]",
			summary: "why the staged table is valid or not, and what done would say",
			help: `explain last tells the last turn played in words: the tiles placed, the sets
taken apart and made, the jokers freed and what they stand for now. After
each bot's play the session shows the same in short: the sets it changed and
the jokers it freed.`,
			example: []string{"explain", "explain last"}, run: cmdExplain},

		// learn and script
		{name: "lesson", group: "learn and script", args: "[N|next]",
			summary: "list the lessons and which you passed, or start one",
			help: `Each lesson sets up a table and a rack from a worked example of the rules;
you make the move with the turn commands and done, and the lesson checks that
it uses the lesson's rule and explains. A lesson runs beside your game: when it
is passed, or you leave it with back, the game returns exactly as it was.
lesson lists the lessons with a mark on those passed (kept beside the history
file, from one session to the next); lesson next starts the first not passed.
Lessons are Lua files: write your own.`,
			example: []string{"lesson", "lesson 1", "lesson next"}, meta: true, run: cmdLesson},
		{name: "back", group: "learn and script", args: "",
			summary: "leave the lesson in progress and return to your game as it was",
			help: `A lesson runs beside your game: the game waits, exactly as it was, with the
turn you were staging, until the lesson is passed or you leave it with back
(or quit, which in a lesson leaves only the lesson).`,
			example: []string{"back"}, meta: true, run: cmdBack},
		{name: "lua", group: "learn and script", args: "[CODE]",
			summary: "run Lua on the game; alone: Lua mode, until a line with a single .",
			help: `The meld module gives Lua the game in play, as the global game. An expression
prints its value. An unfinished statement reads on over continuation lines,
at a >> prompt. A local declared at the top of a line lasts to the next line.
Ctrl-C stops a running evaluation.

To try a house rule, give game a new game: the session plays it, keeping the
seats (and their bots) when it has as many players. The variant is a name, a
file, or a table of changes written with the variant files' keys.`,
			example: []string{"lua 1 + 2", "lua game:rack(game:current())", "lua meld.check('[r3 r4 J]')",
				"lua game = meld.game{variant = {opening = {points = 50}}, players = 3}", "lua"}, run: cmdLua},
		{name: "run", group: "learn and script", args: "FILE.lua",
			summary: "run a Lua file against the game",
			example: []string{"run house.lua"}, run: cmdRun},
		{name: "setup", group: "learn and script", args: "rack [SEAT] TILES | table TABLE | turn SEAT | opened SEAT...|none | pool N",
			summary: "lay out a scenario, for teaching and puzzles",
			help: `Changes one part of the round's layout; the rest stays. rack gives a seat
(from 1; default the player to play) exactly these tiles; table lays these sets
(which must be valid); turn makes a seat the player to play; opened says who
has made the initial meld; pool keeps only N tiles to draw (the others are set
aside). Tiles come from the box, so a tile cannot be on two racks. The round
then goes on from a first turn.`,
			example: []string{"setup rack r10 r11 r12 k5", "setup rack 2 o1 o2", "setup table [r3 r4 r5] [k8 b8 o8]",
				"setup turn 1", "setup opened 1 2", "setup pool 10"},
			run: cmdSetup},

		// session
		{name: "save", group: "session", args: "FILE",
			summary: "save the game (and who plays each seat) to a file",
			example: []string{"save game.json"}, run: cmdSave},
		{name: "load", group: "session", args: "FILE",
			summary: "load a saved game",
			example: []string{"load game.json"}, run: cmdLoad},
		{name: "timer", group: "session", args: "[on|off]",
			summary: "show or switch the turn timer (variants with a time limit)",
			help: `With the timer on, a person's turn lasts the variant's time limit. The time
left shows in the prompt and, at a terminal, on a line above it that counts
down while the player thinks. A turn that runs over gets the variant's
penalty when the player next types a command. A lesson is not timed: the
game's clock waits for it.`,
			example: []string{"timer", "timer on"}, meta: true, run: cmdTimer},
		{name: "help", aliases: []string{"?"}, group: "session", args: "[COMMAND]",
			summary: "list the commands, or explain one",
			example: []string{"help", "help put"}, meta: true, run: cmdHelp},
		{name: "quit", aliases: []string{"exit"}, group: "session", args: "",
			summary: "end the session (also Ctrl-D); in a lesson, leave the lesson",
			example: []string{"quit"}, meta: true, run: cmdQuit},
	}
}

// lookup finds a command by name or alias.
func (cs commands) lookup(name string) *command {
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
		return fail("repl.unknown_command", "Name", strconv.Quote(name), "Near", near)
	}
	return fail("repl.unknown_command.bare", "Name", strconv.Quote(name))
}

// usage is a command's one-line usage: "put TILE... SET|new".
func (c *command) usage() string {
	if c.args == "" {
		return c.name
	}
	return c.name + " " + c.args
}

func cmdHelp(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail("repl.help.one")
	}
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "notation") {
		// Not a command: how tiles and sets are written, the letters
		// explained in the learner's language (they stay k r b o J).
		for i, para := range strings.Split(s.say("repl.help.notation_topic"), "\n\n") {
			if i > 0 {
				s.printf("\n")
			}
			s.printf("%s", wrap(para, view.Width, ""))
		}
		return nil
	}
	if len(l.Args) == 1 {
		c := s.cmds.lookup(strings.ToLower(l.Args[0]))
		if c == nil {
			return s.cmds.unknown(l.Args[0])
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n%s.\n", s.say("repl.help.usage", "Usage", c.usage()), view.UpperFirst(s.say("repl.cmd."+c.name+".summary")))
		if c.help != "" {
			// Each paragraph filled to the width, so that a help text
			// edited here never runs past it.
			for _, para := range strings.Split(s.say("repl.cmd."+c.name+".help"), "\n\n") {
				b.WriteString("\n" + wrap(para, view.Width, ""))
			}
		}
		if len(c.aliases) > 0 {
			fmt.Fprintf(&b, "\n%s\n", s.say("repl.help.also", "Aliases", strings.Join(c.aliases, ", ")))
		}
		fmt.Fprintf(&b, "\n%s\n", s.say("repl.help.example", "Count", len(c.example)))
		for _, e := range c.example {
			fmt.Fprintf(&b, "  %s\n", e)
		}
		s.printf("%s", b.String())
		return nil
	}
	var b strings.Builder
	b.WriteString(s.say("repl.help.list") + "\n")
	for _, g := range groups {
		fmt.Fprintf(&b, "\n%s\n", s.say("repl.group."+g))
		for _, c := range s.cmds {
			if c.group == g {
				fmt.Fprint(&b, view.HangText(fmt.Sprintf("  %-8s ", c.name), s.say("repl.cmd."+c.name+".summary"), view.Width))
			}
		}
	}
	b.WriteString("\n" + s.say("repl.help.notation") + "\n")
	s.printf("%s", b.String())
	return nil
}

func cmdQuit(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 0 {
		return fmt.Errorf("quit takes no arguments")
	}
	if s.lesson != nil {
		s.printf("%s\n", s.say("lesson.left", "N", s.lesson.Lesson().N))
		s.leaveLesson()
		return nil
	}
	s.quit = true
	return nil
}

// noArgs refuses arguments to a command that takes none.
func noArgs(l Line) error {
	if len(l.Args) > 0 {
		return fail("repl.no_args", "Name", l.Name)
	}
	return nil
}
