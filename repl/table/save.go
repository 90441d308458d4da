package table

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/variants"
)

// A saved game carries, beside core's fields, repl_seats: who plays
// each seat; core ignores it, and a file without it loads with people only.
type savedSeat struct {
	Name   string `json:"name"`
	Player string `json:"player"` // "human" or the bot spec
}

// Save writes g and who plays each seat to path.
func Save(path string, g *core.Game, seats []Seat) error {
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return view.Fail(msg.ReplSaveNoDir(path, filepath.Dir(path)))
	}
	var ss []savedSeat
	for _, st := range seats {
		ss = append(ss, savedSeat{Name: st.Name, Player: st.Spec})
	}
	raw, err := json.Marshal(ss)
	if err != nil {
		return err
	}
	// One write, by core: a new temporary file beside the target, synced
	// and renamed into place, so a crash never leaves half a file and a
	// link planted beside it leads nowhere.
	return files.SaveGame(g, path, map[string]json.RawMessage{"repl_seats": raw})
}

// SeatPlayers reads who plays each seat of a save (its repl_seats: "human",
// a bot's name or a Lua bot's path; nil without the key). It is the one
// reading of the key, for Load and for a host that checks a stranger's save
// before loading it, so that the two cannot read different values: each
// seat must be an object of exactly the keys "name" and "player" (Go's
// decoding would match "PLAYER" too, and keep the last of twins).
func SeatPlayers(f *core.SaveFile) ([]string, error) {
	raw, ok := f.Extra["repl_seats"]
	if !ok {
		return nil, nil
	}
	shape := view.Fail(msg.ReplLoadSeatsShape(f.Name))
	var seats []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &seats); err != nil {
		return nil, shape
	}
	players := make([]string, len(seats))
	for i, st := range seats {
		for k := range st {
			if k != "name" && k != "player" {
				return nil, shape
			}
		}
		if p, ok := st["player"]; ok {
			if err := json.Unmarshal(p, &players[i]); err != nil {
				return nil, shape
			}
		}
	}
	return players, nil
}

// Loaded is a game read back by Load, with its seats.
type Loaded struct {
	Game    *core.Game
	Seats   []Seat
	Variant *variants.Variant // the shipped variant the rules are; nil if none
	Base    string            // what new deals next: the shipped variant the rules are, or are based on
}

// HooksFor makes the hooks of a shipped variant for a game of seed.
type HooksFor func(v *variants.Variant, seed uint64) (core.Hooks, error)

// Load reads a game saved by Save (or by core) from path, attaching the
// hooks of the shipped variant its rules are, and makes its seats' bots
// from reg. A path ending in .mgn or .jsonl is a game record (LoadRecord).
func Load(path string, hooksFor HooksFor, reg *bots.Registry) (Loaded, error) {
	if IsRecord(path) {
		return LoadRecord(path, hooksFor, reg)
	}
	f, err := files.ReadSave(path)
	if err != nil {
		return Loaded{}, err
	}
	// A saved game carries its rules, not its hooks. Its name is a name,
	// never a path to read (a save naming /dev/stdin swallowed the next
	// commands): the name of a shipped variant means that variant's rules,
	// exactly, and only then are its hooks attached, to take part in the
	// replay that checks the file. A save that takes a shipped name with
	// other rules is shown as "custom, based on NAME".
	v, name := variants.Claim(f.Rules)
	var hooks core.Hooks
	if f.Rules.Hooks != "" {
		if v == nil {
			return Loaded{}, view.Fail(msg.ReplLoadHooksNotShipped(path, escape.Line(f.Rules.Hooks), escape.Line(name)))
		}
		if hooks, err = hooksFor(v, f.Seed); err != nil {
			return Loaded{}, err
		}
	}
	g, err := f.Game(hooks)
	if err != nil {
		return Loaded{}, err
	}
	g.Rules.Name = name
	base := ""
	if v != nil {
		base = v.Rules.Name
	} else if b, ok := strings.CutPrefix(name, variants.CustomPrefix); ok {
		base = b
	}
	players, err := SeatPlayers(f)
	if err != nil {
		return Loaded{}, err
	}
	names := g.Names()
	specs := make([]string, len(names))
	for i, n := range names {
		specs[i] = n + ":human"
		if len(players) == len(names) && players[i] != "" {
			p := players[i]
			// A save may come from anyone: a bot it names by path must be
			// a Lua file, so that no other file is read as one.
			if strings.ContainsAny(p, `/\`) && !strings.EqualFold(filepath.Ext(p), ".lua") {
				return Loaded{}, view.Fail(msg.ReplLoadSeatNotBot(path, i+1, strconv.Quote(p)))
			}
			specs[i] = n + ":" + p
		}
	}
	seats, err := MakeSeats(reg, specs, g.Seed())
	if err != nil {
		return Loaded{}, err
	}
	for i := range seats {
		seats[i].Name = names[i] // as saved: MakeSeats may rename "bot:" seats
	}
	return Loaded{Game: g, Seats: seats, Variant: v, Base: base}, nil
}
