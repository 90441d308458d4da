package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// SaveVersion is the version of the save format Save writes and LoadGame reads.
const SaveVersion = 1

// savedGame is the save format: the resolved rules, the players, the seed,
// the generator's state and the whole game state, tiles in notation (the
// pool in draw order: its last tile is drawn next), and the history.
type savedGame struct {
	Version     int      `json:"version"`
	Rules       Rules    `json:"rules"`
	Players     []string `json:"players"`
	Seed        uint64   `json:"seed"`
	Generator   []byte   `json:"generator"` // the PCG state, as its MarshalBinary writes it
	Round       int      `json:"round"`
	Turn        int      `json:"turn"`
	Current     int      `json:"current"`
	Pool        string   `json:"pool"`
	Racks       []string `json:"racks"`
	Table       string   `json:"table"`
	SetAside    string   `json:"set_aside"`
	Opened      []bool   `json:"opened"`
	Passes      int      `json:"passes"`
	Winners     []int    `json:"winners"`
	RoundScores []int    `json:"round_scores"`
	Totals      []int    `json:"totals"`
	RoundsWon   []int    `json:"rounds_won"`
	MatchWinner int      `json:"match_winner"`
	Drawn       string   `json:"drawn,omitempty"`
	LastPlay    string   `json:"last_play,omitempty"`
	History     []Action `json:"history"`
}

// Save writes the game to path as JSON (format version 1, SaveVersion)
// atomically: to a temporary file in the same directory, then renamed over
// path, so a crash leaves the old file or the new one, never half of one.
// The file carries the resolved Rules, so it loads without the variant
// file; Hooks are not saved (re-attach them after LoadGame).
func (g *Game) Save(path string) (err error) {
	data, err := json.MarshalIndent(g.saved(), "", "  ")
	if err != nil {
		return fmt.Errorf("core: save %s: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("core: save: %w", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = fmt.Errorf("core: save %s: %w", path, err)
		}
	}()
	if _, err = f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func (g *Game) saved() *savedGame {
	s := &g.s
	pcg, _ := s.pcg.MarshalBinary() // never fails
	sv := &savedGame{
		Version: SaveVersion, Rules: g.Rules, Players: g.names, Seed: g.seed, Generator: pcg,
		Round: s.round, Turn: s.turn, Current: s.current,
		Pool: tilesNote(s.pool), Table: s.table.String(), SetAside: s.aside.String(),
		Opened: s.opened, Passes: s.passes, Winners: s.winners, RoundScores: s.scores,
		Totals: s.totals, RoundsWon: s.won, MatchWinner: s.champ,
		LastPlay: tilesNote(s.last), History: g.history,
	}
	if s.drawn != NoTile {
		sv.Drawn = s.drawn.String()
	}
	for i := range s.racks {
		sv.Racks = append(sv.Racks, s.racks[i].String())
	}
	if sv.History == nil {
		sv.History = []Action{}
	}
	return sv
}

// LoadGame reads a game that Save wrote. The game resumes exactly: the same
// state, history and generator, so it makes the same draws the saved game
// would have. It checks the file's version and that every tile of the box
// is in exactly one place. Hooks are not saved: set Game.Hooks again.
func LoadGame(path string) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("core: load: %w", err)
	}
	g, err := decodeGame(data)
	if err != nil {
		return nil, fmt.Errorf("core: load %s: %w", path, err)
	}
	return g, nil
}

func decodeGame(data []byte) (*Game, error) {
	var head struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	if head.Version != SaveVersion {
		return nil, fmt.Errorf("save format version %d; this meldlab reads version %d", head.Version, SaveVersion)
	}
	var sv savedGame
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, err
	}
	n := len(sv.Players)
	if n == 0 || len(sv.Racks) != n || len(sv.Opened) != n || len(sv.Totals) != n || len(sv.RoundsWon) != n {
		return nil, errors.New("the players, racks, opened flags, totals and rounds won do not agree in number")
	}
	if sv.Current < 0 || sv.Current >= n || sv.MatchWinner < -1 || sv.MatchWinner >= n {
		return nil, errors.New("a seat is out of range")
	}
	box := sv.Rules.Tiles
	if err := box.Validate(); err != nil {
		return nil, err
	}
	g := &Game{Rules: sv.Rules, seed: sv.Seed, names: sv.Players, history: sv.History}
	s := &g.s
	if err := s.pcg.UnmarshalBinary(sv.Generator); err != nil {
		return nil, fmt.Errorf("generator: %w", err)
	}
	g.rng = rand.New(&s.pcg)
	var err error
	if s.pool, err = box.ParseTiles(sv.Pool); err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	if s.table, err = box.ParseTable(sv.Table); err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	if err := g.Rules.SetRules().ValidateTable(s.table); err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	if err := g.Rules.CheckBox(s.table); err != nil {
		return nil, err
	}
	aside, err := box.ParseTiles(sv.SetAside)
	if err != nil {
		return nil, fmt.Errorf("set aside: %w", err)
	}
	s.aside = MultisetOf(aside...)
	s.racks = make([]Multiset, n)
	all := MultisetOf(s.pool...)
	all.AddAll(&s.aside)
	for i, r := range sv.Racks {
		tiles, err := box.ParseTiles(r)
		if err != nil {
			return nil, fmt.Errorf("rack %d: %w", i+1, err)
		}
		s.racks[i] = MultisetOf(tiles...)
		all.AddAll(&s.racks[i])
	}
	onTable := s.table.Tiles()
	all.AddAll(&onTable)
	full := box.Full()
	if all != full {
		more, less := all.Minus(&full), full.Minus(&all)
		return nil, fmt.Errorf("the tiles do not add up to the box: extra %q, missing %q", more.String(), less.String())
	}
	if sv.Drawn != "" {
		if s.drawn, err = box.ParseTile(sv.Drawn); err != nil {
			return nil, fmt.Errorf("drawn: %w", err)
		}
	}
	if s.last, err = parseTilesNote(sv.LastPlay); err != nil {
		return nil, fmt.Errorf("last play: %w", err)
	}
	s.round, s.turn, s.current, s.passes = sv.Round, sv.Turn, sv.Current, sv.Passes
	s.opened, s.winners, s.scores = sv.Opened, sv.Winners, sv.RoundScores
	s.totals, s.won, s.champ = sv.Totals, sv.RoundsWon, sv.MatchWinner
	return g, nil
}
