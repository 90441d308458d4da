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
