package record_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/scripts"
	"github.com/meldlab/meldlab/variants"
)

// resolver resolves shipped variants, with their Lua hooks.
func resolver(t testing.TB) record.Resolver {
	games := scripts.NewGames()
	return func(name string) (record.Variant, error) {
		v, err := variants.Resolve(name)
		if err != nil {
			return record.Variant{}, err
		}
		out := record.Variant{Rules: v.Rules}
		if v.Rules.Hooks != "" {
			if err := games.Prepare(v); err != nil {
				return record.Variant{}, err
			}
			out.Hooks = func(seed uint64) (core.Hooks, error) { return games.Hooks(&v.Rules, seed, io.Discard) }
		}
		return out, nil
	}
}

// played plays a seeded match of variant with Go bots, to its end or
// maxTurns turns, the clock's times drawn from the seed.
func played(t testing.TB, resolve record.Resolver, variant string, players int, seed uint64, rounds int) *core.Game {
	t.Helper()
	v, err := resolve(variant)
	require.NoError(t, err)
	rules := v.Rules
	rules.Name = variant
	rules.Match.Rounds = rounds
	var hooks core.Hooks
	if v.Hooks != nil {
		hooks, err = v.Hooks(seed)
		require.NoError(t, err)
	}
	names := []string{"Ana", "Bob", "Cid", "Dee", "Eva", "Fei"}[:players]
	g, err := core.NewGameWithHooks(rules, hooks, names, seed)
	require.NoError(t, err)
	specs := []string{"greedy", "beginner", "planner", "intermediate", "patient", "greedy"}
	var seats []bots.Bot
	for i := range players {
		b, err := bots.New(specs[i], seed+uint64(i))
		require.NoError(t, err)
		seats = append(seats, b)
	}
	for turns := 0; turns < 400 && !g.MatchOver(); turns++ {
		if g.RoundOver() {
			require.NoError(t, g.NextRound())
			continue
		}
		g.SetTurnTime(time.Duration(seed%7+uint64(turns)%5) * 1300 * time.Millisecond)
		_, err := bots.Turn(context.Background(), g, seats[g.Current()])
		require.NoError(t, err)
	}
	return g
}

// saved is a game's save, as bytes.
func saved(t testing.TB, g *core.Game) []byte {
	p := filepath.Join(t.TempDir(), "g.json")
	require.NoError(t, files.SaveGame(g, p, nil))
	b, err := readFile(p)
	require.NoError(t, err)
	return b
}

// A record made from a game replays into the same game: every field of its
// save, and a record byte for byte the same, over seeded games of the
// printed editions and of house rules with hooks and a clock.
func TestRoundTrip(t *testing.T) {
	resolve := resolver(t)
	games := 0
	for _, tc := range []struct {
		variant string
		players int
		n       int
	}{
		{"original", 4, 60}, {"italian", 3, 30}, {"novelty", 2, 30}, {"xp", 5, 20},
		{"house/clean-opening", 3, 20}, {"house/joker-grows", 4, 20}, {"house/chess-clock", 2, 20},
	} {
		for i := range tc.n {
			seed := uint64(1000*i + tc.players)
			name := fmt.Sprintf("%s/%d", tc.variant, seed)
			t.Run(name, func(t *testing.T) {
				g := played(t, resolve, tc.variant, tc.players, seed, 1+i%3)
				base, err := resolve(tc.variant)
				require.NoError(t, err)
				text := record.Write(g, record.Options{View: -1, Event: "test", Variant: &base.Rules})
				rec, err := record.Parse("g.mgn", text)
				require.NoError(t, err, "%s", text)
				back, err := rec.Game(resolve)
				require.NoError(t, err, "%s", text)
				back.Rules.Name = g.Rules.Name
				assert.Equal(t, string(saved(t, g)), string(saved(t, back)), "the save")
				again := record.Write(back, record.Options{View: -1, Event: "test", Variant: &base.Rules})
				assert.Equal(t, string(text), string(again), "the record")
			})
			games++
		}
	}
	assert.GreaterOrEqual(t, games, 200)
}

func readFile(p string) ([]byte, error) { return osReadFile(p) }

var _ = json.Marshal
var _ = bytes.Equal
