package core_test

import (
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}

// conserved checks that every tile of the box is in one place.
func conserved(t *testing.T, g *core.Game) {
	t.Helper()
	all := g.SetAside()
	for i := range g.Players() {
		r := g.Rack(i)
		all.AddAll(&r)
	}
	onTable := g.Table().Tiles()
	all.AddAll(&onTable)
	assert.Equal(t, g.Rules.Tiles.Size(), all.Len()+g.Pool())
}

func TestNewGamePlayers(t *testing.T) {
	piles := core.Italian()
	piles.Deal.Take = 8
	for _, tc := range []struct {
		name    string
		rules   core.Rules
		players int
		err     string
		rule    error
	}{
		{"original for 1", core.Original(), 1, "the original rules are for 2 to 4 players, not 1", core.ErrPlayers},
		{"original for 4", core.Original(), 4, "", nil},
		{"original for 6: needs the XP box", core.Original(), 6, "the original rules are for 2 to 4 players, not 6", core.ErrPlayers},
		{"xp for 6", core.XP(), 6, "", nil},
		{"xp for 4", core.XP(), 4, "the xp rules are for 5 to 6 players, not 4", core.ErrPlayers},
		{"novelty for 7", core.Novelty(), 7, "", nil},
		{"novelty for 8: the box runs out", core.Novelty(), 8,
			"the novelty rules are for 2 to 7 players, not 8", core.ErrPlayers},
		{"piles run out", piles, 2, "the italian rules: the deal cannot serve 4 players: 4 × 8 piles is 32, and there are 15 piles", core.ErrDeal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGame(tc.rules, names(tc.players), 1)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				assert.ErrorIs(t, err, tc.rule)
				assert.Nil(t, g)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.players, g.Players())
			conserved(t, g)
		})
	}
}

func TestDealDraw(t *testing.T) {
	for _, tc := range []struct {
		rules   core.Rules
		players int
		pool    int
	}{{core.Original(), 4, 106 - 56}, {core.Original(), 2, 106 - 28}, {core.XP(), 6, 160 - 84}, {core.XP(), 5, 160 - 70}} {
		g, err := core.NewGame(tc.rules, names(tc.players), 9)
		require.NoError(t, err)
		for i := range tc.players {
			assert.Equal(t, 14, rackLen(g, i))
		}
		assert.Equal(t, tc.pool, g.Pool())
		assert.Equal(t, 1, g.Round())
		assert.Equal(t, 0, g.Turn())
		assert.Empty(t, g.Table())
		conserved(t, g)
	}
}

// The Italian deal: 15 piles, 14 of 7 and 1 of 8; each player takes two, so
// a hand is 14 tiles, or 15 for the player who drew the pile of 8.
func TestDealPiles(t *testing.T) {
	fifteen := 0
	for seed := range uint64(40) {
		g, err := core.NewGame(core.Italian(), names(4), seed)
		require.NoError(t, err)
		dealt := 0
		for i := range 4 {
			n := rackLen(g, i)
			assert.Contains(t, []int{14, 15}, n)
			if n == 15 {
				fifteen++
			}
			dealt += n
		}
		assert.Equal(t, 106-dealt, g.Pool())
		assert.Contains(t, []int{49, 50}, g.Pool(), "seven piles stay as the pool")
		conserved(t, g)
	}
	assert.Greater(t, fifteen, 10, "someone draws the pile of 8 about half the time")
	assert.Less(t, fifteen, 35)
}

func TestFirstPlayer(t *testing.T) {
	firsts := map[int]int{}
	for seed := range uint64(200) {
		g, err := core.NewGame(core.Original(), names(4), seed)
		require.NoError(t, err)
		firsts[g.Current()]++
	}
	for seat := range 4 {
		assert.Greater(t, firsts[seat], 25, "each seat starts now and then: %v", firsts)
	}
	bySeat := core.Original()
	bySeat.FirstPlayer = core.Seat
	for seed := range uint64(20) {
		g, err := core.NewGame(bySeat, names(3), seed)
		require.NoError(t, err)
		assert.Equal(t, 0, g.Current())
	}
}

// The same seed deals the same game; another seed another.
func TestDealIsSeeded(t *testing.T) {
	deal := func(seed uint64) string {
		g, err := core.NewGame(core.Original(), names(3), seed)
		require.NoError(t, err)
		r0, r1, r2 := g.Rack(0), g.Rack(1), g.Rack(2)
		return r0.String() + "|" + r1.String() + "|" + r2.String()
	}
	assert.Equal(t, deal(7), deal(7))
	assert.NotEqual(t, deal(7), deal(8))
}

func TestSetup(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks:   [][]core.Tile{coretest.Tiles("r1 r2"), coretest.Tiles("J")},
		Table:   coretest.Table("[k5 k6 k7]"),
		Current: 1, Opened: []bool{false, true}, Pool: 10, Next: coretest.Tiles("o9 o10"),
	}))
	assert.Equal(t, 1, g.Current())
	assert.Equal(t, 10, g.Pool())
	aside := g.SetAside()
	assert.Equal(t, 106-3-3-10, aside.Len())
	assert.True(t, g.Opened(1))
	assert.False(t, g.Opened(0))
	assert.Equal(t, "[k5 k6 k7]", g.Table().String())
	conserved(t, g)
	drawn, err := g.Draw()
	require.NoError(t, err)
	assert.Equal(t, coretest.Tiles("o9"), drawn)
	drawn, err = g.Draw()
	require.NoError(t, err)
	assert.Equal(t, coretest.Tiles("o10"), drawn)
}

func TestSetupErrors(t *testing.T) {
	rack := func(s string) []core.Tile { return coretest.Tiles(s) }
	for _, tc := range []struct {
		name  string
		setup core.Setup
		err   string
	}{
		{"racks", core.Setup{Racks: [][]core.Tile{rack("r1")}}, "scenario: 1 rack for 2 players"},
		{"opened", core.Setup{Racks: [][]core.Tile{nil, nil}, Opened: []bool{true}}, "scenario: 1 opened flag for 2 players"},
		{"seat", core.Setup{Racks: [][]core.Tile{nil, nil}, Current: 2}, "scenario: seat 3 is not a seat (1..2)"},
		{"pool", core.Setup{Racks: [][]core.Tile{nil, nil}, Pool: -2}, "scenario: the pool cannot hold -2 tiles"},
		{"pool too big", core.Setup{Racks: [][]core.Tile{rack("r1"), nil}, Pool: 106},
			"scenario: the pool cannot hold 106 tiles: only 105 are off the racks and the table"},
		{"next", core.Setup{Racks: [][]core.Tile{nil, nil}, Pool: 1, Next: rack("r1 r2")},
			"scenario: 2 tiles to draw next from a pool of 1"},
		{"next not free", core.Setup{Racks: [][]core.Tile{rack("r1 r1"), nil}, Pool: -1, Next: rack("r1")},
			"scenario: the next tiles r1 are not all off the racks and the table"},
		{"too many copies", core.Setup{Racks: [][]core.Tile{rack("r1 r1"), rack("r1")}},
			"scenario: the table and the racks use 3 × r1; the original box has 2"},
		{"three jokers", core.Setup{Racks: [][]core.Tile{rack("J J"), nil}, Table: coretest.Table("[r1 r2 J]")},
			"scenario: the table and the racks use 3 jokers; the original box has 2"},
		{"the table alone over the box", core.Setup{Racks: [][]core.Tile{nil, nil},
			Table: coretest.Table("[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]")},
			"scenario: the table uses 3 × r5; the original box has 2"},
		{"invalid table", core.Setup{Racks: [][]core.Tile{nil, nil}, Table: coretest.Table("[r1 r2 r3] [k1 k2]")},
			"scenario: set 2 [k1 k2] is too short: a run needs at least 3 tiles"},
		{"turn", core.Setup{Racks: [][]core.Tile{nil, nil}, Turn: -1}, "scenario: turn -1 is before the first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
			require.NoError(t, err)
			before := core.Snapshot(g)
			err = g.Setup(tc.setup)
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			assert.ErrorIs(t, err, core.ErrSetup)
			assert.Equal(t, before, core.Snapshot(g))
		})
	}
}
