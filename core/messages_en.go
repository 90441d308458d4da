package core

// english holds every message core can say, by id, as a text/template in
// English. Ids group by where they are said (set.…, rule.…); arguments are
// named for what they are. A Count argument chooses the plural form in
// other languages; English writes its plurals with {{if eq .Count 1}}.
// Translations live in package i18n, keyed by the same ids.
var english = map[string]string{
	// Text is English that has no id yet: it reads the same in every language.
	"text": "{{.Text}}",

	// Words said inside other messages, from typed arguments (a Color, a
	// Kind). Translations give a colour in the form that agrees with the
	// words for tile and run (ficha, escalera; tessera, serie; plaque, suite).
	"colour.black":  "black",
	"colour.red":    "red",
	"colour.blue":   "blue",
	"colour.orange": "orange",
	"kind.run":      "run",
	"kind.group":    "group",
	"kind.no set":   "no set",

	// Lists: the word that joins the last item (see List).
	"list.and": "and",
	"list.or":  "or",

	// Pieces of the refusals below, said in full wherever they go.
	"rules.named":        "the {{.Variant}} rules",
	"rules.these":        "these rules",
	"seat.name":          "{{.Name}} (seat {{.Seat}})",
	"tile.another":       "another {{.Tile}}",
	"source.rack":        "your rack",
	"source.table":       "the table",
	"source.drawn":       "the tile just drawn",
	"opening.joker.zero": "a joker counts 0",
	"opening.joker.face": "a joker counts as the tile it replaces",

	// Refused plays and turn actions (core.RuleError). Rules is the
	// rules.named or rules.these message: its verb agrees with "rules".
	"rule.vetoed":                 "{{.Rules}} refuse this play: {{.Reason}}",
	"rule.round_over":             "round {{.Round}} is over: {{.Winner}} won it",
	"rule.round_not_over":         "round {{.Round}} is not over yet",
	"rule.turn_limit":             "round {{.Round}} has reached {{.Max}} turns, the most a round may have (core.MaxTurns); start a new game",
	"rule.match_over":             "the match is over: {{.Winner}} won after {{.Count}} rounds",
	"rule.drawn_already":          "you have drawn {{.Tile}} already; swap it for a joker or end the turn",
	"rule.no_time_limit":          "{{.Rules}} have no time limit, so no turn times out; a turn ends with a play or a draw",
	"rule.tile_left_table":        "{{.Tiles}} left the table; a tile on the table stays there, never going back to a rack",
	"rule.nothing_placed":         "nothing placed from your rack; a turn places at least one tile, or draws",
	"rule.drawn_tile_only":        "after drawing, the only play left is to put the drawn {{.Tile}} in place of the joker that stands for it and play that joker",
	"rule.joker_before_opening":   "set {{.Index}} {{.Set}} gave up its joker; {{.Rules}} let you take a joker only after your initial meld",
	"rule.opening_uses_table":     "set {{.Index}} {{.Set}} was changed; {{.Rules}} let an initial meld place only new sets from your rack",
	"rule.opening_too_low":        "initial meld is {{.Value}} points; {{.Rules}} need {{.Points}} ({{.Joker}})",
	"rule.locked.first_round":     "set {{.Index}} {{.Set}} was changed; {{.Rules}} lock the sets on the table during the first round (new sets only)",
	"rule.locked.all_opened":      "set {{.Index}} {{.Set}} was changed; {{.Rules}} lock the sets on the table until every player has made the initial meld (new sets only)",
	"rule.locked.turns":           "set {{.Index}} {{.Set}} was changed; {{.Rules}} lock the sets on the table during each player's first {{.Count}} {{if eq .Count 1}}turn{{else}}turns{{end}} (new sets only)",
	"rule.joker_source":           "set {{.Index}} {{.Set}}: its joker stood for {{.Tile}}, which came from {{.From}}; {{.Rules}} let a joker be replaced only from {{.Allowed}}",
	"rule.joker_kept":             "a freed joker is not on the table; {{.Rules}} let you keep a joker only when you replace it with the tile it stands for from your own rack; a joker freed any other way must be played the same turn",
	"rule.joker_kept.from":        "the joker freed from set {{.Index}} {{.Set}} is not on the table; {{.Rules}} let you keep a joker only when you replace it with the tile it stands for ({{.Stands}}) from your own rack; a joker freed any other way must be played the same turn",
	"rule.joker_keep.not_yet":     "the joker of set {{.Index}} {{.Set}} has not been replaced from your rack yet: {{.Rules}} let you keep a joker only when you replace it with the tile it stands for ({{.Stands}}) from your own rack; put that tile in its place first, then take the joker",
	"rule.joker_keep.not_yet.any": "{{.Rules}} let you keep a joker only when you replace it with the tile it stands for from your own rack; put that tile in its place first, then take the joker",
	"rule.joker_not_played":       "the joker freed is not on the table; {{.Rules}} say a freed joker must be played the same turn",
	"rule.joker_not_played.from":  "the joker freed from set {{.Index}} {{.Set}} is not on the table; {{.Rules}} say a freed joker must be played the same turn",
	"rule.not_on_rack":            "{{.Tiles}} {{if eq .Count 1}}is{{else}}are{{end}} not on your rack",
	"rule.players":                "{{.Rules}} are for {{.Min}} to {{.Max}} players, not {{.Count}}",
	"rule.deal.tiles":             "{{.Rules}} deal {{.Each}} tiles to each of {{.Players}} players, {{.Total}} tiles; the box has {{.Box}}",
	"rule.deal.piles":             "{{.Rules}} give {{.Each}} piles to each of {{.Players}} players, {{.Total}} piles; there are {{.Piles}}",

	// A table, or a table and racks, over the box (BoxError). Where is
	// table, rack or racks: what uses the tiles.
	"box.over": "{{if eq .Where \"table\"}}the table uses{{else if eq .Where \"rack\"}}the table and the rack use{{else}}the table and the racks use{{end}} " +
		"{{if .Joker}}{{.Uses}} {{if eq .Uses 1}}joker{{else}}jokers{{end}}{{else}}{{.Uses}} × {{.Tile}}{{end}}; " +
		"{{if .Variant}}the {{.Variant}} box{{else}}the box{{end}} has {{if eq .Box 0}}none{{else}}{{.Box}}{{end}}",

	// The rules in words (RuleKey.Sentence): one clause a key, V its value.
	// The rules page says each as a sentence; variants diff says two.
	"rulekey.diff":                       "in {{.A}} {{.SaysA}}; in {{.B}} {{.SaysB}}",
	"rulekey.players.min":                "a game needs at least {{.V}} players",
	"rulekey.players.max":                "{{if eq .V 0}}a game takes as many players as the box can deal to{{else}}a game takes at most {{.V}} players{{end}}",
	"rulekey.tiles.colors":               "the tiles come in {{.V}} colours",
	"rulekey.tiles.numbers":              "the tiles are numbered 1 to {{.V}}",
	"rulekey.tiles.copies":               "each numbered tile comes in {{.V}} {{if eq .V 1}}copy{{else}}copies{{end}}",
	"rulekey.tiles.jokers":               "{{if eq .V 0}}the box holds no jokers{{else}}the box holds {{.V}} {{if eq .V 1}}joker{{else}}jokers{{end}}{{end}}",
	"rulekey.sets.min_run":               "a run needs at least {{.V}} tiles",
	"rulekey.sets.min_group":             "a group needs at least {{.V}} tiles",
	"rulekey.sets.wrap":                  "{{if eq .V \"true\"}}a run may go on from the highest number to 1, as 12-13-1{{else if eq .V \"ace_high\"}}a 1 may follow the highest number, as 11-12-13-1, and nothing follows that 1: no 13-1-2{{else}}a run stops at the highest number: no 13-1{{end}}",
	"rulekey.sets.group_colors":          "{{if eq .V \"any\"}}a group may repeat a colour, as r5 r5 b5{{else}}a group's tiles are of different colours{{end}}",
	"rulekey.deal.method":                "{{if eq .V \"piles\"}}the deal cuts the pool into {{.Piles}}, face down, and each player takes {{.Take}}{{else}}the deal gives each player {{.Tiles}} tiles drawn from the pool{{end}}",
	"rulekey.deal.tiles":                 "each player draws a hand of {{.V}} tiles",
	"rulekey.deal.piles":                 "the pool is cut into {{.V}}",
	"rulekey.deal.take":                  "each player takes {{.V}} {{if eq .V 1}}pile{{else}}piles{{end}}",
	"rulekey.first_player":               "{{if eq .V \"seat\"}}the round starts with the first seat{{else}}the round starts with whoever draws the highest tile{{end}}",
	"rulekey.direction":                  "{{if eq .V \"right\"}}play passes to the right{{else}}play passes to the left{{end}}",
	"rulekey.opening.points":             "{{if eq .V 0}}the initial meld may be worth any points{{else}}the initial meld must be worth at least {{.V}} points{{end}}",
	"rulekey.opening.joker_value":        "{{if eq .V \"zero\"}}a joker is worth 0 in the initial meld{{else}}a joker is worth the tile it replaces{{end}}",
	"rulekey.opening.first_round_locked": "{{if .V}}the sets on the table may not be changed during the first round{{else}}the sets on the table may be changed from the first round on{{end}}",
	"rulekey.opening.lock_turns":         "the lock on the table's sets lasts for each player's first {{.V}} {{if eq .V 1}}turn{{else}}turns{{end}}",
	"rulekey.opening.lock_ends":          "{{if eq .V \"all_opened\"}}the lock on the table's sets lifts once every player has made the initial meld{{else if eq .V \"turns\"}}the lock on the table's sets lasts for each player's first {{.Turns}} {{if eq .Turns 1}}turn{{else}}turns{{end}}{{else}}the lock on the table's sets lifts after the first round{{end}}",
	"rulekey.joker.penalty":              "a joker left on a rack costs {{.V}} points",
	"rulekey.joker.take_before_opening":  "{{if .V}}a player who has not opened may free a joker from the table{{else}}a player who has not opened may not free a joker from the table{{end}}",
	"rulekey.joker.replace_from":         "{{if .None}}the tile that frees a joker cannot be placed: a joker is freed only by rearranging{{else}}the tile that frees a joker may come from {{.V}}{{end}}",
	"rulekey.joker.keep":                 "{{if .V}}a freed joker may be kept by whoever replaces it from their own rack{{else}}a freed joker must be played again the same turn{{end}}",
	"rulekey.draw.tiles":                 "{{if eq .V 0}}a turn that places nothing draws nothing{{else}}a turn that places nothing draws {{.V}} {{if eq .V 1}}tile{{else}}tiles{{end}}{{end}}",
	"rulekey.draw.tiles_opened":          "{{if eq .V 0}}a player who has made the initial meld draws as many as one who has not{{else}}once a player has made the initial meld, a turn that places nothing draws {{.V}} {{if eq .V 1}}tile{{else}}tiles{{end}}{{end}}",
	"rulekey.time_limit.seconds":         "{{if eq .V 0}}a turn has no time limit{{else}}a turn has {{.V}} {{if eq .V 1}}second{{else}}seconds{{end}}{{end}}",
	"rulekey.time_limit.penalty_tiles":   "running out of time costs {{.V}} penalty {{if eq .V 1}}tile{{else}}tiles{{end}}",
	"rulekey.time_limit.mode":            "{{if eq .V \"fischer\"}}each player has a chess clock (Fischer): {{.Bank}} seconds a round, and {{.Increment}} more a move{{else if eq .V \"bronstein\"}}each player has a chess clock (Bronstein): {{.Bank}} seconds a round, the first {{.Increment}} of each move free{{else}}each turn has its own time limit{{end}}",
	"rulekey.time_limit.bank":            "each player's clock starts a round with {{.V}} {{if eq .V 1}}second{{else}}seconds{{end}}",
	"rulekey.time_limit.increment":       "{{if eq .Mode \"bronstein\"}}the first {{.V}} {{if eq .V 1}}second{{else}}seconds{{end}} of a move are free{{else}}a move adds {{.V}} {{if eq .V 1}}second{{else}}seconds{{end}} to the player's clock{{end}}",
	"rulekey.failed_play.penalty_tiles":  "{{if eq .V 0}}a refused play may be tried again{{else}}a refused play costs {{.V}} penalty {{if eq .V 1}}tile{{else}}tiles{{end}} and ends the turn{{end}}",
	"rulekey.end_of_pool.losers_score":   "{{if eq .V \"own\"}}a loser's score when the pool runs out is minus their own rack total{{else}}a loser's score when the pool runs out is minus the difference between their rack and the winner's{{end}}",
	"rulekey.end_of_pool.play":           "{{if eq .V \"must_place\"}}once the pool is empty, the first player who places no tile ends the round{{else if eq .V \"score_now\"}}the round is scored as soon as the pool is empty{{else}}once the pool is empty, play goes on until every player in a row has passed{{end}}",
	"rulekey.scoring.unopened_penalty":   "{{if eq .V 0}}a player who has not made the initial meld pays nothing more{{else}}a player who has not made the initial meld when the round ends loses {{.V}} {{if eq .V 1}}point{{else}}points{{end}} more, which nobody gains{{end}}",
	"rulekey.scoring.round_to":           "{{if le .V 1}}scores are not rounded{{else}}each round's scores are rounded to the nearest multiple of {{.V}}{{end}}",
	"rulekey.match.target":               "{{if eq .V 0}}a match has no target score{{else}}a match ends once a player's total reaches {{.V}} points{{end}}",
	"rulekey.match.rounds":               "{{if eq .V 0}}{{if .Target}}a match lasts as many rounds as it takes to reach the target (at most 100){{else}}a match lasts one round per player{{end}}{{else}}a match lasts {{.V}} {{if eq .V 1}}round{{else}}rounds{{end}}{{end}}",
	"rulekey.match.winner":               "{{if eq .V \"highest_total\"}}the match goes to the highest total score{{else}}the match goes to whoever wins most rounds, ties by points{{end}}",
	"rulekey.params":                     "{{if .None}}the hooks get no parameters{{else}}the hooks get the parameters {{.V}}{{end}}",
	"rulekey.hooks":                      "{{if eq .V \"\"}}the variant has no Lua hooks{{else}}the variant runs the Lua hooks of {{.V}}{{end}}",
	"piles":                              "{{.List}}",
	"piles.none":                         "no piles",
	"piles.first":                        "{{.Count}} {{if eq .Count 1}}pile{{else}}piles{{end}} of {{.Tiles}} {{if eq .Tiles 1}}tile{{else}}tiles{{end}}",
	"piles.more":                         "{{.Count}} of {{.Tiles}}",
	"place.rack":                         "the player's rack",
	"place.table":                        "another set on the table",
	"place.drawn":                        "the tile just drawn",

	// Notation errors (ParseError): where, then why.
	"notation.at.set_tile":       "set {{.Set}}, tile {{.Tile}} {{.Token}}: {{.Why}}",
	"notation.at.tile":           "tile {{.Tile}} {{.Token}}: {{.Why}}",
	"notation.at.set":            "set {{.Set}}: {{.Why}}",
	"notation.at.column":         "column {{.Column}} {{.Token}}: {{.Why}}",
	"notation.empty_tile":        "empty tile",
	"notation.no_jokers":         "this box has no jokers",
	"notation.colour":            "unknown colour {{.Char}}: colours are {{.Letters}}, and J is a joker",
	"notation.shape":             "a tile is a colour letter and a number, as r7",
	"notation.numbers":           "numbers run 1..{{.Max}}",
	"notation.colour_not_in_box": "colour {{.Letter}} is not in this box: colours are {{.Letters}}",
	"notation.rack_brackets":     "a rack is tiles separated by spaces, without brackets",
	"notation.one_set":           "expected one set, found {{.Count}}",
	"notation.empty_set":         "empty set",
	"notation.nested":            "\"[\" at column {{.Col}} opens a set inside a set; close the first with \"]\"",
	"notation.stray_close":       "\"]\" closes no set",
	"notation.set_empty":         "the set is empty",
	"notation.table_brackets":    "a table is sets in brackets, as [r3 r4 r5]",
	"notation.unclosed":          "the \"[\" at column {{.Col}} is never closed with \"]\"",

	// A refused play that cost the player tiles (Rules.FailedPlay).
	"rule.penalty": "{{.Error}}; the play costs {{.Count}} {{if eq .Count 1}}tile{{else}}tiles{{end}}",

	// A set that is not valid: the headline names the set and the kind it
	// was read as; Why is one of the set.reason, set.run and set.group
	// messages below. At names the set's place on the table.
	"set.at":          "set {{.Index}} {{.Error}}",
	"set.not.run":     "{{.Set}} is not a run: {{.Why}}",
	"set.not.group":   "{{.Set}} is not a group: {{.Why}}",
	"set.not.any":     "{{.Set}} is not a set: {{.Why}}",
	"set.short.run":   "{{.Set}} is too short: {{.Why}}",
	"set.short.group": "{{.Set}} is too short: {{.Why}}",
	"set.long.run":    "{{.Set}} is too long: {{.Why}}",
	"set.long.group":  "{{.Set}} is too long: {{.Why}}",

	"set.bare.not.run":     "not a run: {{.Why}}",
	"set.bare.not.group":   "not a group: {{.Why}}",
	"set.bare.not.any":     "not a set: {{.Why}}",
	"set.bare.short.run":   "too short: {{.Why}}",
	"set.bare.short.group": "too short: {{.Why}}",
	"set.bare.long.run":    "too long: {{.Why}}",
	"set.bare.long.group":  "too long: {{.Why}}",

	"set.reason.unknown_tile": "{{.Tile}} is not a tile of this box (colours {{.Letters}}, numbers 1..{{.Numbers}})",
	"set.reason.empty":        "a set needs at least {{.Count}} tiles",
	"set.reason.no_number":    "a set needs a numbered tile to say what its jokers stand for",

	"set.run.colour":     "{{.Tile}} is {{.Colour}}, the run is {{.RunColour}}",
	"set.run.repeated":   "{{.Tile}} appears twice",
	"set.run.short":      "a run needs at least {{.Count}} tiles",
	"set.run.long":       "a run has at most {{.Count}} tiles, 1 to {{.Count}}",
	"set.run.wrap":       "1 may not follow {{.Highest}}",
	"set.run.ace_high":   "1 after {{.Highest}} is the highest: nothing may follow it",
	"set.run.gap":        "{{.Missing}} {{if eq .Count 1}}is{{else}}are{{end}} missing",
	"set.run.gap_jokers": "{{.Missing}} {{if eq .Count 1}}is{{else}}are{{end}} missing and the set has only {{.Jokers}} {{if eq .Jokers 1}}joker{{else}}jokers{{end}}",

	"set.group.number":   "{{.Tile}} is a {{.Number}}, the group is of {{.GroupNumber}}s",
	"set.group.repeated": "{{.Tile}} appears twice; a group needs different colours",
	"set.group.short":    "a group needs at least {{.Count}} tiles",
	"set.group.long":     "a group has at most {{.Count}} tiles, one of each colour",
	"set.group.long_any": "a group has at most {{.Count}} tiles, {{.Copies}} of each colour",
	"set.group.copies":   "{{.Tile}} appears {{.Count}} times; the box has {{.Copies}} of each tile",
}
