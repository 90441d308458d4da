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
	"rule.vetoed":                "{{.Rules}} refuse this play: {{.Reason}}",
	"rule.round_over":            "round {{.Round}} is over: {{.Winner}} won it",
	"rule.round_not_over":        "round {{.Round}} is not over yet",
	"rule.match_over":            "the match is over: {{.Winner}} won after {{.Count}} rounds",
	"rule.drawn_already":         "you have drawn {{.Tile}} already; swap it for a joker or end the turn",
	"rule.no_time_limit":         "{{.Rules}} have no time limit, so no turn times out; a turn ends with a play or a draw",
	"rule.tile_left_table":       "{{.Tiles}} left the table; a tile on the table stays there, never going back to a rack",
	"rule.nothing_placed":        "nothing placed from your rack; a turn places at least one tile, or draws",
	"rule.drawn_tile_only":       "after drawing, the only play left is to put the drawn {{.Tile}} in place of the joker that stands for it and play that joker",
	"rule.joker_before_opening":  "set {{.Index}} {{.Set}} gave up its joker; {{.Rules}} let you take a joker only after your initial meld",
	"rule.opening_uses_table":    "set {{.Index}} {{.Set}} was changed; {{.Rules}} let an initial meld place only new sets from your rack",
	"rule.opening_too_low":       "initial meld is {{.Value}} points; {{.Rules}} need {{.Points}} ({{.Joker}})",
	"rule.locked.first_round":    "set {{.Index}} {{.Set}} was changed; {{.Rules}} lock the sets on the table during the first round (new sets only)",
	"rule.locked.all_opened":     "set {{.Index}} {{.Set}} was changed; {{.Rules}} lock the sets on the table until every player has made the initial meld (new sets only)",
	"rule.joker_source":          "set {{.Index}} {{.Set}}: its joker stood for {{.Tile}}, which came from {{.From}}; {{.Rules}} let a joker be replaced only from {{.Allowed}}",
	"rule.joker_kept":            "a freed joker is not on the table; {{.Rules}} let you keep a joker only when you replace it with the tile it stands for from your own rack; a joker freed any other way must be played the same turn",
	"rule.joker_kept.from":       "the joker freed from set {{.Index}} {{.Set}} is not on the table; {{.Rules}} let you keep a joker only when you replace it with the tile it stands for ({{.Stands}}) from your own rack; a joker freed any other way must be played the same turn",
	"rule.joker_not_played":      "the joker freed is not on the table; {{.Rules}} say a freed joker must be played the same turn",
	"rule.joker_not_played.from": "the joker freed from set {{.Index}} {{.Set}} is not on the table; {{.Rules}} say a freed joker must be played the same turn",
	"rule.not_on_rack":           "{{.Tiles}} {{if eq .Count 1}}is{{else}}are{{end}} not on your rack",
	"rule.players":               "{{.Rules}} are for {{.Min}} to {{.Max}} players, not {{.Count}}",
	"rule.players.at_least":      "{{.Rules}} are for {{.Min}} or more players, not {{.Count}}",
	"rule.deal.tiles":            "{{.Rules}} deal {{.Each}} tiles to each of {{.Players}} players, {{.Total}} tiles; the box has {{.Box}}",
	"rule.deal.piles":            "{{.Rules}} give {{.Each}} piles to each of {{.Players}} players, {{.Total}} piles; there are {{.Piles}}",

	// A table, or a table and racks, over the box (BoxError). Where is
	// table, rack or racks: what uses the tiles.
	"box.over": "{{if eq .Where \"table\"}}the table uses{{else if eq .Where \"rack\"}}the table and the rack use{{else}}the table and the racks use{{end}} " +
		"{{if .Joker}}{{.Uses}} {{if eq .Uses 1}}joker{{else}}jokers{{end}}{{else}}{{.Uses}} × {{.Tile}}{{end}}; " +
		"{{if .Variant}}the {{.Variant}} box{{else}}the box{{end}} has {{if eq .Box 0}}none{{else}}{{.Box}}{{end}}",

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
	"set.run.gap":        "{{.Missing}} {{if eq .Count 1}}is{{else}}are{{end}} missing",
	"set.run.gap_jokers": "{{.Missing}} {{if eq .Count 1}}is{{else}}are{{end}} missing and the set has only {{.Jokers}} {{if eq .Jokers 1}}joker{{else}}jokers{{end}}",

	"set.group.number":   "{{.Tile}} is a {{.Number}}, the group is of {{.GroupNumber}}s",
	"set.group.repeated": "{{.Tile}} appears twice; a group needs different colours",
	"set.group.short":    "a group needs at least {{.Count}} tiles",
	"set.group.long":     "a group has at most {{.Count}} tiles, one of each colour",
}
