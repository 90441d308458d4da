package core

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replayCases are random matches covering scenarios, French joker swaps
// after a draw, failed-play penalties and several rounds.
func replayCases(t *testing.T) []*Game {
	t.Helper()
	var out []*Game
	for k, c := range randomRules() {
		for _, seed := range []uint64{8, uint64(k) + 1} { // seed 8 starts with a Setup
			r := c.rules
			r.Match.Rounds = 2
			out = append(out, playRandomGame(t, r, c.players, seed, map[string]int{}))
		}
	}
	return out
}

func TestReplayReproducesGames(t *testing.T) {
	kinds := map[ActionKind]int{}
	for _, g := range replayCases(t) {
		h := g.History()
		for _, a := range h {
			kinds[a.Kind]++
		}
		r, err := Replay(g.Rules, g.Names(), g.Seed(), h)
		require.NoError(t, err)
		assert.Equal(t, SaveJSON(g), SaveJSON(r), "%s seed %d", g.Rules.Name, g.Seed())
	}
	for k := ActPlay; k <= ActFailedPlay; k++ {
		assert.NotZero(t, kinds[k], "no %s action in the replayed games", k)
	}
}

// Same seed and same actions give the same game, also across Clone, Save
// and LoadGame in the middle of a match: the loaded game draws exactly what
// the original would have.
func TestDeterminism(t *testing.T) {
	dir := t.TempDir()
	for i, final := range replayCases(t) {
		h := final.History()
		cut := len(h) / 2
		g1, err := Replay(final.Rules, final.Names(), final.Seed(), h[:cut])
		require.NoError(t, err)
		path := filepath.Join(dir, "game.json")
		require.NoError(t, g1.Save(path))
		g2, err := LoadGame(path)
		require.NoError(t, err)
		assert.Equal(t, SaveJSON(g1), SaveJSON(g2), "game %d: loaded as saved", i)
		g3 := g1.Clone()
		for _, a := range h[cut:] {
			require.NoError(t, g1.Apply(a))
			require.NoError(t, g2.Apply(a), "game %d: the loaded game diverged at %s", i, a)
			require.NoError(t, g3.Apply(a), "game %d: the clone diverged at %s", i, a)
		}
		want := SaveJSON(final)
		assert.Equal(t, want, SaveJSON(g1))
		assert.Equal(t, want, SaveJSON(g2))
		assert.Equal(t, want, SaveJSON(g3))
	}
}

// The history survives JSON, tiles and tables in notation.
func TestActionJSON(t *testing.T) {
	g := replayCases(t)[0]
	data, err := json.Marshal(g.History())
	require.NoError(t, err)
	var back []Action
	require.NoError(t, json.Unmarshal(data, &back))
	r, err := Replay(g.Rules, g.Names(), g.Seed(), back)
	require.NoError(t, err)
	assert.Equal(t, SaveJSON(g), SaveJSON(r))

	a := Action{Round: 1, Turn: 2, Seat: 1, Kind: ActPlay, Tiles: []Tile{NewTile(Red, 6), Joker},
		Table: Table{{NewTile(Red, 4), NewTile(Red, 5), NewTile(Red, 6), Joker}}}
	data, err = json.Marshal(a)
	require.NoError(t, err)
	assert.Equal(t, `{"round":1,"turn":2,"seat":1,"kind":"play","tiles":"r6 J","table":"[r4 r5 r6 J]"}`, string(data))
	assert.Equal(t, "round 1, turn 3, seat 2 plays r6 J: [r4 r5 r6 J]", a.String())

	err = json.Unmarshal([]byte(`{"kind":"fly"}`), &a)
	assert.EqualError(t, err, `unknown action "fly" (known: play, draw, pass, timeout, setup, next_round, end_turn, failed_play)`)
}

func TestApplyChecksTheRecord(t *testing.T) {
	g, err := NewGame(Original(), []string{"Ann", "Bob"}, 4)
	require.NoError(t, err)
	cur := g.Current()
	before := Snapshot(g)
	err = g.Apply(Action{Round: 1, Seat: 1 - cur, Kind: ActDraw})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNotYourTurn)
	assert.Equal(t, before, Snapshot(g))
	want := []string{
		"the action is seat 2's in round 1; it is Ann (seat 1)'s turn in round 1",
		"the action is seat 1's in round 1; it is Bob (seat 2)'s turn in round 1",
	}[cur]
	assert.Equal(t, want, err.Error())

	// A record from another game draws other tiles.
	err = g.Apply(Action{Round: 1, Seat: cur, Kind: ActDraw, Tiles: []Tile{Joker}})
	require.Error(t, err)
	assert.Regexp(t, `^core: drew [kbro]\d+; the record says J$`, err.Error())
}
