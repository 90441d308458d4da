package stage

// English is what the staged turn says, by id, in English; the REPL
// declares it with its own. Translations: i18n/locales/repl.LANG.yaml.
var English = map[string]string{
	"repl.ws.put_what":       "name the tiles to put, as put r7 3",
	"repl.ws.have":           "{{.Tile}}: you have {{.Have}} on your rack, not {{.Count}}",
	"repl.ws.placed_already": "{{.Tile}} is on the table already: you placed it this turn (take {{.Tile}} puts it back)",
	"repl.ws.gone":           "{{.Tile}} is not on your rack any more",
	"repl.ws.not_on_rack":    "{{.Tile}} is not on your rack (rack: {{.Rack}})",
	"repl.ws.move_what":      "name the tiles to move, as move 2:b8 5",
	"repl.ws.take_what":      "name the tiles to take back, as take r7",
	"repl.ws.joker_stays":    "J was on the table before your turn: these rules never let a joker go back to a rack; a freed joker must be played again",
	"repl.ws.tile_stays":     "{{.Tile}} was on the table before your turn: a tile on the table stays there",
	"repl.ws.no_tile":        "set {{.Index}} {{.Set}} has {{.Count}} tiles; there is no tile {{.Pos}}",
	"repl.ws.split_first":    "{{.Tile}} is the first tile of set {{.Index}} {{.Set}}: split at a later tile, as split {{.Index}} at {{.Next}}",
	"repl.ws.join_what":      "name two sets or more to join, as join 2 4",
	"repl.ws.set_twice":      "set {{.Index}} is named twice",
	"repl.ws.tile_twice":     "tile {{.Index}}:{{.Pos}} is named twice",
	"repl.ws.positions":      "set {{.Index}} has {{.Count}} tiles: a tile can go at positions 1 to {{.Max}}",
	"repl.ws.no_set.empty":   "there is no set {{.Index}}: the table is empty (new makes a set)",
	"repl.ws.no_set.one":     "there is no set {{.Index}}: the table has set 1 only",
	"repl.ws.no_set":         "there is no set {{.Index}}: the sets are 1 to {{.Count}}",
}
