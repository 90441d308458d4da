package table

import (
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/variants"
)

// IsRecord reports whether path names a game record (.mgn, or its JSON
// Lines twin .jsonl) rather than a save (JSON): save and load choose by the
// extension.
func IsRecord(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".mgn") || record.IsJSONL(path)
}

// SaveRecord writes g's record of every seat's view to path, atomically,
// with who plays each seat and how its rules differ from base's (the
// variant it was dealt from; "" for none): .mgn text, or JSON Lines for a
// .jsonl path.
func SaveRecord(path string, g *core.Game, seats []Seat, base string) error {
	write := record.Write
	if record.IsJSONL(path) {
		write = record.WriteGameJSONL
	}
	data := write(g, RecordOptions(seats, base))
	return files.WriteAtomic(path, 0o644, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// RecordOptions are what a record of a game with these seats, dealt from
// the variant base ("" for none), says beside the game: every seat's
// view, who played each seat, how the rules differ from base's.
func RecordOptions(seats []Seat, base string) record.Options {
	opt := record.Options{View: -1}
	for _, st := range seats {
		opt.Players = append(opt.Players, st.Spec)
	}
	if base != "" {
		if v, err := variants.Resolve(base); err == nil {
			opt.Variant = &v.Rules
		}
	}
	return opt
}

// Resolver resolves a record's variant by name, with its hooks from
// hooksFor.
func Resolver(hooksFor HooksFor) record.Resolver {
	return func(name string) (record.Variant, error) {
		v, err := variants.Resolve(name)
		if err != nil {
			return record.Variant{}, err
		}
		out := record.Variant{Rules: v.Rules}
		if v.Rules.Hooks != "" {
			out.Hooks = func(seed uint64) (core.Hooks, error) { return hooksFor(v, seed) }
		}
		return out, nil
	}
}

// LoadRecord reads a record (.mgn or .jsonl) of every seat's view and replays it, as
// Load reads a save: the game, its seats (a seat's player named by the
// Players tag, a bot by name or Lua file, as a save's), its variant.
func LoadRecord(path string, hooksFor HooksFor, reg *bots.Registry) (Loaded, error) {
	data, err := files.Read(path, files.Record)
	if err != nil {
		return Loaded{}, err
	}
	rec, err := record.ParseFile(path, data)
	if err != nil {
		return Loaded{}, err
	}
	g, err := rec.Game(Resolver(hooksFor))
	if err != nil {
		return Loaded{}, err
	}
	names := g.Names()
	players := strings.Split(func() string { v, _ := rec.Tag("Players"); return v }(), ",")
	specs := make([]string, len(names))
	for i, n := range names {
		specs[i] = n + ":human"
		if len(players) == len(names) {
			if p := strings.TrimSpace(players[i]); p != "" {
				// A record may come from anyone: a bot it names by path must
				// be a Lua file, so that no other file is read as one.
				if strings.ContainsAny(p, `/\`) && !strings.EqualFold(filepath.Ext(p), ".lua") {
					return Loaded{}, view.Fail(msg.ReplLoadSeatNotBot(path, i+1, strconv.Quote(p)))
				}
				specs[i] = n + ":" + p
			}
		}
	}
	seats, err := MakeSeats(reg, specs, g.Seed())
	if err != nil {
		return Loaded{}, err
	}
	for i := range seats {
		seats[i].Name = names[i]
	}
	name, _ := rec.Tag("Variant")
	var v *variants.Variant
	if _, changed := rec.Tag("Changes"); !changed {
		v, _ = variants.Resolve(name)
	}
	return Loaded{Game: g, Seats: seats, Variant: v, Base: name}, nil
}
