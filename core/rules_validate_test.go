package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(r *core.Rules)
		err    string
	}{
		{"the original", func(r *core.Rules) {}, ""},
		{"a run of one", func(r *core.Rules) { r.Sets.MinRun = 1 }, "sets.min_run is 1; it must be 2..15"},
		{"one player", func(r *core.Rules) { r.Players.Min = 1 }, "players.min is 1; it must be 2..16"},
		{"a word out of range", func(r *core.Rules) { r.Deal.Method = 7 }, `deal.method is "7"; it must be one of draw, piles`},
		{"two problems", func(r *core.Rules) { r.Draw.Tiles = -1; r.Match.Rounds = 101 },
			"draw.tiles is -1; it must be 0..20; match.rounds is 101; it must be 0..100"},
		{"deal.tiles does not matter in a pile deal", func(r *core.Rules) { *r = core.Italian(); r.Deal.Tiles = 0 }, ""},
		{"the fewest above the most", func(r *core.Rules) { r.Players.Min = 5 },
			"players.min is 5 but players.max is 4; the fewest cannot be more than the most"},
		{"no most", func(r *core.Rules) { r.Players.Max = 0 }, "players.max is 0; it must be 2..16"},
		{"the most must be served", func(r *core.Rules) { r.Players.Max = 8 },
			"the deal cannot serve 8 players: 8 × 14 tiles is 112, and the box holds 106 (4 colours × 13 numbers × 2 copies + 2 jokers)"},
		{"a run longer than the numbers", func(r *core.Rules) { r.Tiles.Numbers = 2; r.Deal.Tiles = 1 },
			"sets.min_run is 3 but the tiles are numbered 1..2: no run could be made"},
		{"piles without piles", func(r *core.Rules) { r.Deal.Method = core.DealPiles }, "deal.method is piles but deal.piles lists no piles"},
		// Text reaches a terminal: a save's name, title or source may hold
		// no control characters, as a variant file's may not.
		{"a name that clears the screen", func(r *core.Rules) { r.Name = "original\x1b[2J" },
			`name holds control characters ("original\x1b[2J"); write plain text`},
		{"a title and a source", func(r *core.Rules) { r.Title = "t\x07"; r.Source = "line\nbreak\u009b" },
			`title holds control characters ("t\a"); write plain text; source holds control characters ("line\nbreak\u009b"); write plain text`},
		{"accents and emoji are text", func(r *core.Rules) { r.Title = "Règles ♥ 🀄" }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := core.Original()
			tc.change(&r)
			err := r.Validate()
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}

// Original is the table's defaults, and valid.
func TestOriginalIsTheDefaults(t *testing.T) {
	r := core.Original()
	for _, k := range core.RuleKeys() {
		assert.Equal(t, core.Format(k.Default), core.Format(k.Get(&r)), k.Path)
	}
	assert.NoError(t, r.Validate())
}

// A saved game whose rules were edited to values no variant file may hold
// does not load, in the words a variant file gets.
func TestLoadGameValidatesRules(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ann", "bob"}, 1)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "g.json")
	require.NoError(t, files.SaveGame(g, path, nil))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	doc["rules"].(map[string]any)["sets"].(map[string]any)["min_run"] = 1
	data, err = json.Marshal(doc)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	_, err = files.LoadGame(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the original rules: sets.min_run is 1; it must be 2..15")
}
