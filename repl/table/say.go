package table

// English is what the table says, by id, in English; the REPL declares it
// with its own. Translations: i18n/locales/repl.LANG.yaml.
var English = map[string]string{
	"repl.new.seat":     "seat {{.Token}}: write NAME:human or NAME:BOT, as ana:human or bot:{{.Bot}}",
	"repl.new.name":     "seat {{.Token}}: a person needs a name, as ana:human",
	"repl.save.no_dir":  "cannot save to {{.Path}}: there is no directory {{.Dir}}",
	"repl.undo.nothing": "nothing to undo",
	"repl.undo.first":   "nothing to undo: this is the first turn of a person since the game began (or since setup)",
}
