package core

import (
	"encoding/json"
	"fmt"
	"slices"
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

// Same seed and same actions give the same game, also across Clone,
// MarshalSave and ParseSave in the middle of a match: the loaded game draws
// exactly what the original would have.
func TestDeterminism(t *testing.T) {
	for i, final := range replayCases(t) {
		h := final.History()
		cut := len(h) / 2
		g1, err := Replay(final.Rules, final.Names(), final.Seed(), h[:cut])
		require.NoError(t, err)
		data, err := g1.MarshalSave(nil)
		require.NoError(t, err)
		f, err := ParseSave("game.json", data)
		require.NoError(t, err)
		g2, err := f.Game(nil)
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

// A clone shares the history its original recorded (see Clone): both then
// record actions of their own, and neither sees the other's, nor does a
// clone of the clone, taken before, see either's. The original has room
// to grow in place, so its own appends write past the shared prefix.
func TestCloneHistoryDivergesSafely(t *testing.T) {
	ran, cases := 0, replayCases(t)
	for i, final := range cases {
		h := final.History()
		cut := len(h) / 2
		g, err := Replay(final.Rules, final.Names(), final.Seed(), h[:cut])
		require.NoError(t, err)
		if h[cut].Kind == ActSetup || g.RoundOver() {
			continue
		}
		ran++
		g.history = slices.Grow(g.history, len(h)) // the original appends in place
		c := g.Clone()
		cc := c.Clone()
		prefix, ccSave := g.History(), SaveJSON(cc)
		require.Len(t, prefix, cut)

		// The clone goes its own way: a scenario, then draws (or passes).
		s := Setup{Racks: make([][]Tile, len(c.names)), Opened: make([]bool, len(c.names)), Current: c.s.current, Pool: -1}
		for k := range s.Racks {
			s.Racks[k] = c.s.racks[k].Tiles()
			s.Opened[k] = true
		}
		require.NoError(t, c.Setup(s), "game %d", i)
		for k := 0; k < 3 && !c.RoundOver(); k++ {
			if _, err := c.Draw(); err != nil {
				require.NoError(t, c.EndTurn(), "game %d", i)
			} else if c.DrawnTile() != NoTile {
				require.NoError(t, c.EndTurn(), "game %d", i)
			}
		}
		// The original follows its record to the end.
		for _, a := range h[cut:] {
			require.NoError(t, g.Apply(a), "game %d: the original at %s", i, a)
		}
		assert.Equal(t, SaveJSON(final), SaveJSON(g), "game %d: the clone changed the original", i)

		ch := c.History()
		assert.Equal(t, prefix, ch[:cut], "game %d: the clone's prefix", i)
		assert.Equal(t, ActSetup, ch[cut].Kind, "game %d", i)
		r, err := Replay(c.Rules, c.Names(), c.Seed(), ch)
		require.NoError(t, err, "game %d: the clone's own history", i)
		assert.Equal(t, SaveJSON(c), SaveJSON(r), "game %d: the original changed the clone", i)
		assert.Equal(t, ccSave, SaveJSON(cc), "game %d: the clone of the clone changed", i)

		// The clone of the clone records too; the clone is left as it was.
		cSave := SaveJSON(c)
		require.NoError(t, cc.Apply(h[cut]), "game %d", i)
		assert.Equal(t, append(slices.Clone(prefix), h[cut]), cc.History(), "game %d", i)
		assert.Equal(t, cSave, SaveJSON(c), "game %d: the clone of the clone changed the clone", i)
	}
	assert.Greater(t, ran, len(cases)/2, "too few games cut in a round")
}

// A history cut back (a hook's failure undoes the action it recorded) is
// clipped: a clone taken while the action stood keeps it, and the actions
// the original records afterwards go elsewhere.
func TestCloneHistoryCutBack(t *testing.T) {
	var (
		g    *Game
		kept *Game
		fail = true
	)
	h := &fakeHooks{turnEnded: func(*View) error {
		if fail {
			kept = g.Clone() // the draw is recorded: the clone has it
			return fmt.Errorf("hook failed")
		}
		return nil
	}}
	g = hookGame(t, h, "r6 k1")
	g.history = slices.Grow(g.history, 16)
	n := g.HistoryLen()
	_, err := g.Draw()
	require.Error(t, err)
	require.NotNil(t, kept)
	assert.Equal(t, n, g.HistoryLen(), "the failed draw is undone")
	want := kept.History()
	require.Len(t, want, n+1)
	assert.Equal(t, ActDraw, want[n].Kind)

	fail = false
	after, err := ParseTable("[r3 r4 r5 r6]")
	require.NoError(t, err)
	require.NoError(t, g.Play(after))
	assert.Equal(t, ActPlay, g.History()[n].Kind)
	assert.Equal(t, want, kept.History(), "the original's play overwrote the clone's draw")
}
