package variants

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestOriginalIsCoreOriginal(t *testing.T) {
	for _, name := range []string{"original", "", "original.yaml"} {
		r, err := Load(name)
		require.NoError(t, err, name)
		assert.Equal(t, core.Original(), r, name)
	}
}

func TestNames(t *testing.T) {
	assert.Equal(t, []string{"house/ace-high", "house/american", "house/any-colours", "house/chess-clock", "house/clean-opening", "house/draw-two", "house/family-values", "house/fifty", "house/first-to-200", "house/five-colours", "house/handicap", "house/joker-grows", "house/kids", "house/league", "house/lock-all-open", "house/lock-three", "house/must-place", "house/no-jokers", "house/pair-runs", "house/penalty-100", "house/pool-out", "house/refill-seven", "house/six-colours", "house/teams", "house/winner-scores", "house/wrap", "italian", "mso", "novelty", "okey", "original", "original-fr", "original-fr-xp", "twist", "xp"}, Names())
}

// Each shipped variant differs from the original in exactly these values
// (docs/rules.md, "Where the editions differ"); every other rule is inherited.
func TestShippedVariants(t *testing.T) {
	italianPiles := "[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8]"
	italian := map[string]string{
		"deal.method": "piles", "deal.piles": italianPiles, "deal.take": "2",
		"opening.first_round_locked": "true", "joker.keep": "true",
		"time_limit.seconds": "0", "time_limit.penalty_tiles": "0",
	}
	noJokers := map[string]string{"tiles.jokers": "0", "deal.piles": "[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6]"}
	for k, v := range italian {
		if _, ok := noJokers[k]; !ok {
			noJokers[k] = v
		}
	}
	lockAllOpen := map[string]string{"opening.lock_ends": "all_opened"}
	for k, v := range italian {
		lockAllOpen[k] = v
	}
	poolOut := map[string]string{"end_of_pool.play": "score_now",
		"opening.first_round_locked": "true", "joker.replace_from": "[rack, table, drawn]",
		"time_limit.penalty_tiles": "3", "end_of_pool.losers_score": "own", "match.winner": "highest_total"}
	want := map[string]map[string]string{
		"original": {},
		"original-fr": {
			"opening.first_round_locked": "true", "joker.replace_from": "[rack, table, drawn]",
			"time_limit.penalty_tiles": "3", "end_of_pool.losers_score": "own", "match.winner": "highest_total",
		},
		"original-fr-xp": {
			"opening.first_round_locked": "true", "joker.replace_from": "[rack, table, drawn]",
			"time_limit.penalty_tiles": "3", "end_of_pool.losers_score": "own", "match.winner": "highest_total",
			"players.min": "5", "players.max": "6", "tiles.copies": "3", "tiles.jokers": "4",
		},
		"italian": italian,
		"novelty": {
			"players.max": "7", "direction": "right", "opening.joker_value": "zero",
			"time_limit.seconds": "0", "end_of_pool.losers_score": "own",
		},
		"xp":                  {"players.min": "5", "players.max": "6", "tiles.copies": "3", "tiles.jokers": "4"},
		"house/no-jokers":     noJokers,
		"house/fifty":         {"opening.points": "50"},
		"house/wrap":          {"sets.wrap": "true"},
		"house/ace-high":      {"sets.wrap": "ace_high"},
		"house/any-colours":   {"sets.group_colors": "any"},
		"house/kids":          {"table.manipulation": "add_only"},
		"house/clean-opening": {"hooks": "house/clean-opening.lua"},
		"house/joker-grows":   {"hooks": "house/joker-grows.lua"},
		"house/handicap":      {"hooks": "house/handicap.lua", "params": "{extra: 2, seat: 1}"},
		"house/chess-clock":   {"time_limit.mode": "fischer", "time_limit.bank": "600", "time_limit.increment": "10"},
		"house/lock-all-open": lockAllOpen,
		"house/draw-two":      {"draw.tiles_opened": "2"},
		"house/lock-three":    {"opening.first_round_locked": "true", "opening.lock_ends": "turns", "opening.lock_turns": "3"},
		"house/penalty-100":   {"scoring.unopened_penalty": "100", "scoring.round_to": "10"},
		"house/first-to-200":  {"match.target": "200", "match.winner": "highest_total"},
		"house/must-place":    {"end_of_pool.play": "must_place"},
		"house/pool-out":      poolOut,
		"house/american":      {"scoring.tile_values": "[10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]"},
		"house/pair-runs":     {"sets.pair_runs": "true"},
		"house/five-colours":  {"players.max": "5", "tiles.colors": "5"},
		"house/six-colours":   {"players.max": "6", "tiles.colors": "6"},
		"okey": {"deal.tiles": "21", "deal.indicator": "true", "opening.points": "101",
			"sets.pairs": "true", "opening.pairs": "5"},
		"house/family-values": {"joker.penalty": "25", "scoring.tile_values": "[5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15, 15, 15]"},
		"house/refill-seven":  {"deal.tiles": "7", "draw.refill_to": "7"},
		"house/teams":         {"players.min": "4", "hooks": "house/teams.lua"},
		"twist":               {"tiles.double_jokers": "2", "tiles.mirror_jokers": "2", "tiles.color_change_jokers": "2"},
		"house/winner-scores": {"scoring.zero_sum": "false", "hooks": "house/winner-scores.lua"},
		"house/league": {"scoring.zero_sum": "false", "hooks": "house/league.lua",
			"params": "{cap: 25, opened: 5, win: 50}"},
		"mso": {"players.max": "2", "joker.penalty": "50", "time_limit.mode": "bronstein", "time_limit.bank": "600",
			"time_limit.increment": "10", "scoring.unopened_penalty": "100", "scoring.zero_sum": "false",
			"hooks": "mso.lua", "params": "{could_have_opened: 100}"},
	}
	original, err := Resolve("original")
	require.NoError(t, err)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			diffs, ok := want[name]
			require.True(t, ok, "a new shipped variant needs its line here")
			v, err := Resolve(name)
			require.NoError(t, err)
			assert.Equal(t, name, v.Rules.Name, "the name: key is the shipped name")
			assert.NotEmpty(t, v.Rules.Title)
			assert.NotEmpty(t, v.Rules.Source)
			for _, k := range Keys() {
				if k == "name" || k == "title" || k == "source" {
					continue
				}
				got, _ := v.Value(k)
				expected, differs := diffs[k]
				if !differs {
					expected, _ = original.Value(k)
				}
				assert.Equal(t, expected, got, k)
			}
		})
	}
}

// The box of each edition, and what its deal takes from it.
func TestShippedBoxes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		box   int
		piles int
	}{{"original", 106, 0}, {"italian", 106, 106}, {"house/no-jokers", 104, 104}, {"xp", 160, 0}, {"original-fr-xp", 160, 0}} {
		r, err := Load(tc.name)
		require.NoError(t, err)
		assert.Equal(t, tc.box, r.Tiles.Size(), tc.name)
		sum := 0
		for _, p := range r.Deal.Piles {
			sum += p
		}
		assert.Equal(t, tc.piles, sum, tc.name)
	}
}

// lineOfText is the line number of the first line of a shipped file that
// starts with prefix (after indentation).
func lineOfText(t *testing.T, file, prefix string) int {
	text, err := Shipped(file)
	require.NoError(t, err)
	for i, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), prefix) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line %q", file, prefix)
	return 0
}

func TestOrigins(t *testing.T) {
	v, err := Resolve("xp")
	require.NoError(t, err)
	assert.Equal(t, []string{"original"}, v.Bases)
	assert.Equal(t, Origin{File: "xp.yaml", Line: lineOfText(t, "xp.yaml", "min: 5"), Variant: "xp"}, v.Origins["players.min"])
	assert.False(t, v.Inherited("players.min"))
	assert.Equal(t, Origin{File: "original.yaml", Line: lineOfText(t, "original.yaml", "colors: 4"), Variant: "original"}, v.Origins["tiles.colors"])
	assert.True(t, v.Inherited("tiles.colors"))
	assert.Equal(t, Origin{File: "xp.yaml", Line: lineOfText(t, "xp.yaml", "title:"), Variant: "xp"}, v.Origins["title"])

	v, err = Resolve("house/no-jokers")
	require.NoError(t, err)
	assert.Equal(t, []string{"italian", "original"}, v.Bases)
	assert.Equal(t, "italian.yaml", v.Origins["deal.take"].File)
	assert.Equal(t, "house/no-jokers.yaml", v.Origins["deal.piles"].File)
}

// Scalars override, maps merge key by key, lists replace; name and title
// are the file's own; paths are relative to the file that names them.
func TestExtends(t *testing.T) {
	v, err := Resolve("testdata/extends/child.yaml")
	require.NoError(t, err)
	assert.Equal(t, "child", v.Rules.Name, "the name defaults to the file's")
	assert.Equal(t, "child", v.Rules.Title, "the title is not inherited")
	assert.Equal(t, []string{"base", "original"}, v.Bases)
	assert.Equal(t, core.TileSet{Colors: 4, Numbers: 13, Copies: 3, Jokers: 1}, v.Rules.Tiles, "tiles merge: copies from base, jokers from child")
	assert.Equal(t, core.FromDrawn, v.Rules.Joker.ReplaceFrom, "the list replaces the base's")
	assert.Equal(t, core.PlayerRange{Min: 2, Max: 6}, v.Rules.Players)
	assert.Equal(t, Origin{File: "testdata/extends/base.yaml", Line: 5, Variant: "base"}, v.Origins["tiles.copies"])
	assert.Equal(t, Origin{File: "testdata/extends/child.yaml", Line: 6, Variant: "child"}, v.Origins["tiles.jokers"])

	hooked, err := Resolve("testdata/extends/hooked.yaml")
	require.NoError(t, err)
	assert.Equal(t, "house/clean-opening.lua", hooked.Rules.Hooks, "hooks are inherited, with their base's path")
	require.NotNil(t, hooked.HookFile())
	assert.Equal(t, "house/clean-opening.lua", hooked.HookFile().Path)
	assert.Contains(t, string(hooked.HookFile().Text), "function check_play")
	assert.Equal(t, 40, hooked.Rules.Opening.Points)

	unhooked, err := Resolve("testdata/extends/unhooked.yaml")
	require.NoError(t, err)
	assert.Empty(t, unhooked.Rules.Hooks)
	assert.Nil(t, unhooked.HookFile())
}

func TestUnknownVariant(t *testing.T) {
	_, err := Load("orignal")
	var ue *UnknownError
	require.ErrorAs(t, err, &ue)
	assert.EqualError(t, err, `no variant "orignal"; did you mean "original"?`)
	_, err = Load("nowhere/variant.yaml")
	assert.EqualError(t, err, "cannot read nowhere/variant.yaml: no such file")
}

// Every shipped variant starts a game with its fewest and its most players
// (without its hooks: package scripts runs those).
func TestShippedVariantsPlay(t *testing.T) {
	for _, name := range Names() {
		v, err := Resolve(name)
		require.NoError(t, err)
		for _, n := range []int{v.Rules.Players.Min, v.Rules.Players.Max} {
			players := make([]string, n)
			for i := range players {
				players[i] = string(rune('A' + i))
			}
			g, err := core.NewGame(v.Rules, players, 1)
			require.NoError(t, err, "%s with %d players", name, n)
			assert.Equal(t, v.Rules.Tiles.Size(), g.Pool()+sumRacks(g)+g.SetAside().Len(), "%s: every tile is somewhere", name)
		}
	}
}

func sumRacks(g *core.Game) int {
	n := 0
	for seat := range g.Players() {
		n += g.Rack(seat).Len()
	}
	return n
}

// The French rules with the 160-tile box (003: "De 5 à 6 joueurs : utiliser
// 160 plaques"): 5 or 6 players, three of each tile and four jokers, and
// every French rule.
func TestFrenchXP(t *testing.T) {
	r, err := Load("original-fr-xp")
	require.NoError(t, err)
	fr, err := Load("original-fr")
	require.NoError(t, err)
	assert.Equal(t, 160, r.Tiles.Size())
	assert.Equal(t, fr.Joker, r.Joker)
	assert.Equal(t, fr.Opening, r.Opening)
	assert.Equal(t, fr.TimeLimit, r.TimeLimit)
	assert.Equal(t, fr.EndOfPool, r.EndOfPool)
	assert.Equal(t, fr.Match, r.Match)

	for _, n := range []int{5, 6} {
		g, err := core.NewGame(r, make([]string, n), 1)
		require.NoError(t, err, n)
		assert.Equal(t, 160-14*n, g.Pool(), "each of %d players takes 14", n)
	}
	_, err = core.NewGame(r, make([]string, 4), 1)
	require.Error(t, err)
	assert.Equal(t, "the original-fr-xp rules are for 5 to 6 players, not 4", err.Error())
	_, err = core.NewGame(fr, make([]string, 5), 1)
	require.Error(t, err)
	assert.Equal(t, "the original-fr rules are for 2 to 4 players, not 5", err.Error())

	assert.NoError(t, r.CheckBox(coretest.Table("[k5 k6 J J J J] [r5 b5 k5] [r5 b5 k5] [r5 b5 o5]")))
	assert.EqualError(t, r.CheckBox(coretest.Table("[r5 b5 k5] [r5 b5 k5] [r5 b5 k5] [r5 r6 r7]")),
		"the table uses 4 × r5; the original-fr-xp box has 3")
}

// Book 002's optional clock ("este tiempo es de un minuto"): a variant that
// agrees it charges a player out of time one tile, as the book charges a
// player who does not play ("debe tomar una del montón"), not a free pass.
func TestNoveltyWithTheOptionalClock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "clock.yaml")
	require.NoError(t, os.WriteFile(path, []byte("name: novelty-clock\nextends: novelty\ntime_limit:\n  seconds: 60\n"), 0o644))
	v, err := Resolve(path)
	require.NoError(t, err)
	assert.Equal(t, core.TimeLimit{Seconds: 60, PenaltyTiles: 1}, v.Rules.TimeLimit)
	g, err := core.NewGame(v.Rules, []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	before := g.Rack(g.Current()).Len()
	drawn, err := g.Timeout()
	require.NoError(t, err)
	assert.Len(t, drawn, 1)
	assert.Equal(t, before+1, g.Rack(1-g.Current()).Len())
}

// house/refill-seven: a rack of 7, filled back up to 7 after a play.
func TestRefillSevenPlays(t *testing.T) {
	v, err := Resolve("house/refill-seven")
	require.NoError(t, err)
	g, err := core.NewGame(v.Rules, []string{"a", "b"}, 3)
	require.NoError(t, err)
	require.Equal(t, 7, g.Rack(0).Len())
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r10 r11 r12 k1 k5 o7 b2"), coretest.Tiles("o9")}, Pool: -1}))
	require.NoError(t, g.Play(coretest.Table("[r10 r11 r12]")))
	assert.Equal(t, 7, g.Rack(0).Len(), "three placed, three drawn back")
}
