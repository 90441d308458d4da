package repl

import (
	"maps"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// english is what the REPL says, by id, in English; the command table's
// summaries and help texts join it as repl.cmd.NAME.summary and .help.
// Translations: i18n/locales/repl.LANG.yaml.
var english = map[string]string{
	"repl.banner":       "meldlab: tile rummy, a turn at a time. help lists the commands; quit leaves.",
	"repl.error":        "error: {{.Error}}",
	"repl.refused":      "refused: {{.Error}}",
	"repl.refused.keep": "refused: {{.Error}} (keep editing, reset, or draw)",

	"repl.unknown_command":      "unknown command {{.Name}}: did you mean {{.Near}}? (help lists the commands)",
	"repl.unknown_command.bare": "unknown command {{.Name}} (help lists the commands)",
	"repl.no_args":              "{{.Name}} takes no arguments (help {{.Name}})",
	"repl.help.one":             "help takes one command at most, as help put",
	"repl.help.usage":           "usage: {{.Usage}}",
	"repl.help.also":            "also: {{.Aliases}}",
	"repl.help.example":         "{{if eq .Count 1}}example:{{else}}examples:{{end}}",
	"repl.help.list":            "Commands (help COMMAND tells more, with examples):",
	"repl.help.notation_topic": `Notation: how tiles and sets are written, the same in every language, so that saves, scripts and tests are shared.

A tile is its colour's letter and its number: k black, r red, b blue, o orange; r7 is the red 7. J is a joker (j and * too).

A set is tiles in brackets: [r3 r4 r5] is a run, [k8 b8 o8] a group; a joker stands for the tile its set needs, as in [r3 J r5]. A table is sets side by side: [r3 r4 r5] [k8 b8 o8]. On a rack or in put, tiles are separated by spaces or commas: r3,r4,r5.

Sets are numbered as table shows them: put r6 1 adds r6 to set 1; 2:3 is the third tile of set 2, 2:b8 the b8 of set 2.`,
	"repl.help.notation": `Tiles are a colour letter and a number: k black, r red, b blue, o orange; J is
a joker. A set is tiles in brackets, [r3 r4 r5]; sets are numbered as table
shows them. A turn: put and move tiles until the table is right, then done.
help notation tells more about writing tiles and sets.`,

	"repl.new_game":           "new game: {{.Variant}} rules, seed {{.Seed}}; {{.Seats}}",
	"repl.seat.bot":           "{{.Name}} (bot)",
	"repl.turn":               "== {{.Name}} to play: round {{.Round}}, turn {{.Turn}}{{if .Timed}}, {{.Seconds}} seconds{{end}} ==",
	"repl.not_opened":         "{{if .You}}you have{{else}}{{.Name}} has{{end}} not opened: play new sets from the rack worth {{.Points}} points or more",
	"repl.locked":             "first round: the sets on the table may not be changed this turn, only new sets added",
	"repl.drew":               "you drew {{.Tile}}: it may take a joker's place now (then done), or end ends the turn",
	"repl.table":              "table:",
	"repl.table.empty":        "table: empty",
	"repl.rack.label":         "rack",
	"repl.rack":               "{{.Label}}: {{.Tiles}} {{.Summary}}",
	"repl.rack.empty":         "{{.Label}}: empty",
	"repl.rack.count":         "({{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}, {{.Points}} {{if eq .Points 1}}point{{else}}points{{end}})",
	"repl.bot.plays":          "{{.Name}} plays {{.Tiles}}",
	"repl.bot.passes":         "{{.Name}} passes: the pool is empty",
	"repl.bot.draws":          "{{.Name}} draws {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.bot.timeout":        "{{.Name}} runs out of time and draws {{.Count}} penalty {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.bot.could_not_play": "{{.Name}} could not play ({{.Why}}) and draws {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.bot.loses_turn":     "{{.Name}} loses its turn ({{.Why}}) and draws {{.Count}} penalty {{if eq .Count 1}}tile{{else}}tiles{{end}}",

	"repl.set.run":          "a run, {{.Colour}} {{.From}} to {{.To}}, {{.Points}} {{if eq .Points 1}}point{{else}}points{{end}}",
	"repl.set.group":        "a group of {{.Len}} {{.Number}}s, {{.Points}} {{if eq .Points 1}}point{{else}}points{{end}}",
	"repl.set.joker_is":     "J is {{.Tiles}}",
	"repl.set.jokers_are":   "the jokers are {{.Count}} of {{.Tiles}}",
	"repl.explain.head":     "the staged table under the {{.Variant}} rules, set by set:",
	"repl.explain.no_sets":  "(no sets)",
	"repl.explain.ok":       "ok: {{.What}}",
	"repl.explain.nothing":  "nothing placed from the rack yet: put tiles, or draw",
	"repl.explain.placed":   "placed from the rack: {{.Tiles}} ({{.Points}} {{if eq .Points 1}}point{{else}}points{{end}}{{if .Jokers}} and {{if eq .Jokers 1}}a joker{{else}}jokers{{end}}{{end}})",
	"repl.explain.refused":  "done would be refused: {{.Error}}",
	"repl.explain.accepted": "done would be accepted",
	"repl.hint.no_meld":     "hint: no initial meld of {{.Points}} points is on your rack: draw",
	"repl.hint.nothing":     "hint: nothing on your rack can go on the table: draw",
	"repl.hint.place": "hint: place {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}, {{.Tiles}}, worth {{.Points}} {{if eq .Points 1}}point{{else}}points{{end}} on the table" +
		"{{if .Stands}} (J stands for {{.Stands}}){{end}}{{if .CutShort}} - the search was cut short, there may be better{{end}}",
	"repl.hint.from_start":     "(from the table as the turn began: reset first to follow these steps)",
	"repl.hint.kept":           "and take {{if eq .Count 1}}the joker it frees{{else}}the {{.Count}} jokers it frees{{end}} to your rack (take J): these rules let you keep it",
	"repl.hint.refused":        "the {{.Rules}} rules refused {{.Count}} {{if eq .Count 1}}play{{else}}plays{{end}} the search found first: this is the best allowed play found, and a better one may exist",
	"repl.hint.repeat_colours": "(the hint looks for groups of different colours only: a group that repeats a colour may place more)",
	"repl.hint.after":          "after it, the table:",
	"repl.hint.after_empty":    "after it, the table: empty",

	"rules.colour":        "{{.Colour}} ({{.Letter}})",
	"rules.colour.black":  "black",
	"rules.colour.red":    "red",
	"rules.colour.blue":   "blue",
	"rules.colour.orange": "orange",
	"rules.every_edition": "In every edition:",
	"rules.box":           "{{.Size}} tiles: numbers 1 to {{.Numbers}} in {{.Colours}} colours, {{.Names}}, and jokers (J).",
	"rules.sets":          "A run is consecutive numbers of one colour; a group is tiles of one number, all colours different. A joker stands for any one tile of its set.",
	"rules.opening":       "The initial meld: a player's first play is new sets from their own rack; the same turn may not also add to sets on the table.",
	"rules.rearrange":     "Once opened, a player may rearrange the whole table, as long as every set is valid at the end of the turn and no table tile goes back to a rack.",
	"rules.joker":         "A joker on the table is freed by putting the tile it stands for in its place, or by splitting, extending or rearranging sets until it is free.",
	"rules.scoring":       "Whoever empties the rack wins the round; each loser scores minus their rack total, and the winner scores what the losers lose. When the pool is empty and nobody can play, the lowest rack wins (a tie: fewer tiles, else a shared round).",
	"rules.under":         "Under the {{.Variant}} rules:",
	"rules.clock":         "The clock runs only with timer on.",

	"repl.round.out":     "== round {{.Round}} is over: {{.Who}} went out ==",
	"repl.round.blocked": "== round {{.Round}} is over: the pool ran out and nobody can play; {{.Who}} {{if or .You (gt .Count 1)}}have{{else}}has{{end}} the lowest rack ==",
	"repl.match.over":    "== the match is over: {{.Name}} wins ({{if .Highest}}the highest total score{{else}}the most rounds won, ties by total score{{end}}) ==",
	"repl.match.new":     "new starts another game",
	"repl.round.next":    "next deals round {{.Next}} of {{.Rounds}}",
	"repl.no_game":       "no game: start one with new",
	"repl.match.is_over": "the match is over: new starts another",
	"repl.round.is_over": "round {{.Round}} is over: next deals round {{.Next}}",
	"repl.bot_turn":      "it is {{.Name}}'s turn (a bot)",
	"repl.reset":         "the table and your rack are as the turn began",
	"repl.penalty":       "{{if .You}}you draw{{else}}{{.Name}} draws{{end}} {{.Tiles}} as the penalty",
	"repl.plays":         "{{if .You}}you play{{else}}{{.Name}} plays{{end}} {{.Tiles}}",
	"repl.dropped":       "(the staged edits are dropped)",
	"repl.passes":        "{{if .You}}you pass{{else}}{{.Name}} passes{{end}}: the pool is empty",
	"repl.draws":         "{{if .You}}you draw{{else}}{{.Name}} draws{{end}} {{.Tiles}}",
	"repl.undo.done":     "back to the start of {{.Name}}'s turn (round {{.Round}}, turn {{.Turn}})",

	"repl.ctrl_c": "(Ctrl-C clears the line; quit or Ctrl-D leaves)",

	"repl.round.dealt":    "round {{.Round}} of {{.Rounds}} is dealt",
	"repl.rounds.target":  "{{.Rounds}} (first to {{.Target}} points)",
	"repl.variant":        "variant: {{.Name}}: {{.Title}}",
	"repl.variant.source": "source: {{.Source}}",
	"repl.variants":       "variants: {{.Names}} (new VARIANT plays one; rules tells the rules)",
	"repl.who":            "round {{.Round}} of {{.Rounds}}, turn {{.Turn}}; play passes to the {{if .Right}}right{{else}}left{{end}}",
	"repl.who.person":     "person",
	"repl.who.bot":        "bot {{.Kind}}",
	"repl.who.tiles":      "{{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.who.opened":     "opened",
	"repl.who.not_opened": "not opened",
	"repl.who.to_play":    "<- to play",
	"repl.placed":         "placed this turn: {{.Tiles}}",
	"repl.pool":           "pool: {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}} to draw{{if .Aside}} ({{.Aside}} set aside by the scenario){{end}}",
	"repl.scores.over":    "round {{.Round}} of {{.Rounds}} is over",
	"repl.scores.on":      "round {{.Round}} of {{.Rounds}} goes on",
	"repl.scores.seat":    "seat",
	"repl.scores.round":   "round",
	"repl.scores.total":   "total",
	"repl.scores.won":     "rounds won",
	"repl.saved":          "saved to {{.Path}}",
	"repl.loaded":         "loaded {{.Path}}: {{.Variant}} rules, round {{.Round}}; {{.Seats}}",
	"repl.timer.clock":    "timer: {{if .On}}on{{else}}off{{end}}; the {{.Variant}} rules give each player a {{.Mode}} clock of {{.Bank}} seconds a round, {{.Increment}} {{if eq .Mode \"bronstein\"}}free{{else}}more{{end}} a move, and running out costs {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.clocks":         "clocks: {{.Clocks}}",
	"repl.timer.none":     "timer: {{if .On}}on{{else}}off{{end}}; the variant in play has no time limit",
	"repl.timer":          "timer: {{if .On}}on{{else}}off{{end}}; the {{.Variant}} rules give {{.Seconds}} seconds a turn, and running over costs {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",
	"repl.scenario":       "scenario set: {{.Name}} to play, pool {{.Pool}}",

	"repl.not_a_tile": "{{.Token}} is not a tile: {{.Why}}",

	"repl.ref.bad_set":      "{{.Token}}: {{.Error}}",
	"repl.ref.no_such_set":  "no set on the table is {{.Set}}",
	"repl.ref.not_a_set":    "{{.Token}} is not a set: name a set by its number, as 3, or its tiles, as [r4 r5 r6]",
	"repl.ref.position":     "{{.Token}}: after the colon comes a position in set {{.Index}}, 1 to {{.Max}}",
	"repl.ref.tile_range":   "{{.Token}}: set {{.Index}} {{.Set}} has tiles 1 to {{.Max}}",
	"repl.ref.not_in_set":   "set {{.Index}} {{.Set}} has no {{.Tile}}",
	"repl.ref.not_on_table": "{{.Tile}} is not on the table",
	"repl.ref.which":        "{{.Tile}} is in {{if eq .Count 1}}set{{else}}sets{{end}} {{.Sets}}: say which, as {{.First}}:{{.Tile}}",

	"repl.move.changed":         "changed: {{.Gone}} -> {{.Made}}",
	"repl.move.new":             "new: {{.Made}}",
	"repl.move.joker":           "joker freed: it was {{.Was}} in {{.From}}, it is {{.Now}} in {{.To}}",
	"repl.last.head":            "The last turn was {{.Name}}'s, round {{.Round}}, turn {{.Turn}}.",
	"repl.last.placed_new":      "{{.Name}} placed {{.Tiles}} from {{if .You}}your{{else}}their{{end}} rack as new {{if eq .Count 1}}set{{else}}sets{{end}}: {{.Made}}.",
	"repl.last.placed_changing": "{{.Name}} placed {{.Tiles}} from {{if .You}}your{{else}}their{{end}} rack, changing {{.Gone}} into {{.Made}}.",
	"repl.last.joker":           "The joker of {{.From}}, which stood for {{.Was}}, was freed and played again: in {{.To}} it stands for {{.Now}}.",
	"repl.last.kept":            "The other {{if eq .Count 1}}set{{else}}sets{{end}} on the table {{if eq .Count 1}}is{{else}}are{{end}} as {{if eq .Count 1}}it was{{else}}they were{{end}}.",
	"repl.last.drew":            "{{.Name}} drew {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}} instead of playing (a rack is private: you see how many, not which).",
	"repl.last.passed":          "{{.Name}} passed: the pool is empty.",
	"repl.last.timeout":         "{{.Name}} ran out of time: the table stayed as it was, and {{.Count}} penalty {{if eq .Count 1}}tile was{{else}}tiles were{{end}} drawn.",
	"repl.last.failed":          "{{.Name}} made a play the rules refused and drew {{.Count}} penalty {{if eq .Count 1}}tile{{else}}tiles{{end}}.",
	"repl.last.other":           "{{.Name}}: {{.Kind}}.",
	"repl.last.why":             "Why: {{.Error}}.",

	"repl.usage.put":          "usage: put TILE... SET|new, as put r7 3 or put k10 r10 b10 new",
	"repl.put.where":          "put {{.Tiles}} where? end with a set number or new, as put {{.Tiles}} new",
	"repl.usage.move_from":    "usage: move TILE... from SET to SET|new, as move b8 from 2 to 5",
	"repl.usage.move":         "usage: move SET:TILE... SET|new, as move 2:b8 5 (or move b8 from 2 to 5)",
	"repl.usage.split":        "usage: split SET at TILE|POS, as split 3 at r6",
	"repl.usage.join":         "usage: join SET SET..., as join 2 4",
	"repl.usage.take":         "usage: take TILE..., as take r7 or take 3:J",
	"repl.usage.play":         "usage: play TABLE, every set after your turn, as play [r3 r4 r5] [k8 b8 o8]",
	"repl.play.bad":           "play: {{.Error}}",
	"repl.end.not_open":       "end ends a turn that a draw left open (a drawn tile that could free a joker); this turn is not open: play, or draw",
	"repl.new.players":        "{{.Count}} players? give a count from 1 (as the variant allows) or a seat for each player",
	"repl.new.seed":           "seed {{.Token}}: {{.Error}}",
	"repl.variant.args":       "variant takes no arguments: new {{.Name}} starts a game under that variant",
	"repl.usage.save":         "usage: save FILE",
	"repl.usage.load":         "usage: load FILE",
	"repl.usage.timer":        "usage: timer [on|off]",
	"repl.timer.bad":          "timer {{.Word}}: say on or off",
	"repl.usage.setup":        "usage: setup rack [SEAT] TILES | table TABLE | turn SEAT | opened SEAT...|none | pool N (help setup)",
	"repl.setup.seat":         "{{.Token}} is not a seat: seats are 1 to {{.Count}} (who lists them)",
	"repl.setup.table":        "table: {{.Error}}",
	"repl.usage.setup_turn":   "usage: setup turn SEAT",
	"repl.usage.setup_opened": "usage: setup opened SEAT... | none",
	"repl.usage.setup_pool":   "usage: setup pool N",
	"repl.setup.pool":         "{{.Token}}: the pool is a number of tiles, 0 or more",
	"repl.setup.what":         "setup {{.Word}}: say rack, table, turn, opened or pool (help setup)",
	"repl.hint.drew":          "you drew {{.Tile}}: it may take a joker's place (put it there, then done), or end ends the turn",
	"repl.hint.stopped":       "hint stopped",

	"repl.time_up":      "time is up for {{.Name}} ({{.Seconds}} seconds): the table stays as it was{{if .Penalty}}; {{if .You}}you draw{{else}}{{.Name}} draws{{end}} {{.Tiles}} as the penalty{{end}}",
	"repl.clock.up":     "time is up: your next command ends the turn with the penalty",
	"repl.clock.hurry":  "time left: {{.Left}} - done or draw now",
	"repl.clock.left":   "time left: {{.Left}}",
	"repl.unsaved":      "the game is not saved: save FILE keeps it; Ctrl-D again leaves without saving",
	"repl.lua.new_game": "a new game from Lua: {{.Variant}} rules; {{.Seats}}",
	"repl.lua.stopped":  "Lua stopped",
	"repl.usage.run":    "usage: run FILE.lua",
	"repl.lua.mode":     "Lua mode: each line is Lua (the meld module and the global game); a line with a single . goes back",
	"repl.lua.dropped":  "the unfinished Lua is dropped",

	"repl.ends": "{{if .You}}you end{{else}}{{.Name}} ends{{end}} the turn",

	"repl.group.game":             "game",
	"repl.group.turn":             "turn",
	"repl.group.learn and script": "learn and script",
	"repl.group.session":          "session",
}

// init declares the REPL's English (i18n's catalogs, and its tests, read
// it when the package is loaded).
func init() { i18n.AddEnglish(englishMessages()) }

// englishMessages is all the REPL says in English: english, the staged
// turn's (stage.English), the table's (table.English) and the command
// table's summaries and help texts, as repl.cmd.NAME.summary and .help.
func englishMessages() map[string]string {
	out := maps.Clone(english)
	maps.Copy(out, stage.English)
	maps.Copy(out, table.English)
	for _, c := range commandTable() {
		out["repl.cmd."+c.name+".summary"] = c.summary
		if c.help != "" {
			out["repl.cmd."+c.name+".help"] = c.help
		}
	}
	return out
}

// fail is an error that says the message id with its arguments.
func fail(id string, nameValues ...any) error { return view.Fail(id, nameValues...) }

// say says the message id in the session's language.
func (s *Session) say(id string, nameValues ...any) string { return s.lang.T(id, nameValues...) }
