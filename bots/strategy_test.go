package bots_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// position lays out a two-player game: seat 1 (to play) holds rack, seat 2
// holds opp, the pool pool tiles.
func position(t *testing.T, rules core.Rules, table, rack, opp string, opened bool, pool int) *core.Game {
	t.Helper()
	g, err := core.NewGame(rules, []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks:  [][]core.Tile{coretest.Tiles(rack), coretest.Tiles(opp)},
		Table:  coretest.Table(table),
		Opened: []bool{opened, true},
		Pool:   pool,
		Turn:   4,
	}))
	return g
}

func TestPatient(t *testing.T) {
	const opp = "k1 k2 r9 b11 o13 o12 k7 k9 r2" // nine tiles: not close to going out
	tests := []struct {
		name        string
		table, rack string
		opp         string
		opened      bool
		pool        int
		placed      string // the rack tiles placed; "draw" for a draw
	}{
		{name: "holds back the fourth tile of a group", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12 o2",
			opened: true, pool: 30, placed: "r5 b5 o5"},
		{name: "holds back the end of a run", table: "[k10 k11 k12]", rack: "r3 r4 r5 r6 k1 b9 o12 o2",
			opened: true, pool: 30, placed: "r4 r5 r6"},
		{name: "holds back a tile of the set that can spare one", table: "[k10 k11 k12]", rack: "r3 r4 r5 k13 r13 b13 o13 o2",
			opened: true, pool: 30, placed: "r3 r4 r5 r13 b13 o13"},
		{name: "no holding with a short rack", table: "[k10 k11 k12]", rack: "k5 r5 b5 o5 k1 r9 b12",
			opened: true, pool: 30, placed: "k5 r5 b5 o5"},
		{name: "no holding a lone tile", table: "[k10 k11 k12]", rack: "k13 k1 r9 b12 o2 o4 b7 r3",
			opened: true, pool: 30, placed: "k13"},
		{name: "no holding when going out", table: "[k10 k11 k12]", rack: "r1 r2 r3 r4 r5 r6 r7 r8 r9",
			opened: true, pool: 30, placed: "r1 r2 r3 r4 r5 r6 r7 r8 r9"},
		{name: "keeps its joker mid-round", table: "[k10 k11 k12]", rack: "J r12 r13 k1 k3 b5 b9 o7 o11",
			opened: true, pool: 30, placed: "draw"},
		{name: "plays its joker when the pool runs low", table: "[k10 k11 k12]", rack: "J r12 r13 k1 k3 b5 b9 o7 o11",
			opened: true, pool: 12, placed: "r12 r13 J"},
		{name: "plays its joker when an opponent is close", table: "[k10 k11 k12]", rack: "J r12 r13 k1 k3 b5 b9 o7 o11",
			opp: "k1 k2 r9 b11", opened: true, pool: 30, placed: "r12 r13 J"},
		{name: "plays its joker with a small rack", table: "[k10 k11 k12]", rack: "J r12 r13 k1 k3 b5",
			opened: true, pool: 30, placed: "r12 r13 J"},
		{name: "an opening that can spare a tile", table: "[k10 k11 k12]", rack: "k10 r10 b10 o10 k1 r3 b5 o7",
			pool: 30, placed: "r10 b10 o10"},
		{name: "an opening that cannot", table: "[k10 k11 k12]", rack: "k8 r8 b8 o8 k1 r3 b5 o7",
			pool: 30, placed: "k8 r8 b8 o8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.opp
			if o == "" {
				o = opp
			}
			g := position(t, core.Original(), tc.table, tc.rack, o, tc.opened, tc.pool)
			b := bots.NewPatient()
			act, err := b.Act(context.Background(), &g.Rules, viewOf(t, g))
			require.NoError(t, err)
			if tc.placed == "draw" {
				assert.True(t, act.Draw)
				return
			}
			require.False(t, act.Draw)
			assert.Equal(t, tc.placed, core.Diff(g.Table(), act.Table).Added.String())
			require.NoError(t, g.Play(act.Table), "the engine accepts the play")
		})
	}
}

func TestPatientEndNears(t *testing.T) {
	b := bots.NewPatient()
	v := &core.View{Seat: 0, Rack: coretest.Tiles("k1 k2 k3 k4 k5 k6 k7"), Racks: []int{7, 9, 9}, Pool: 13}
	assert.False(t, b.EndNears(v))
	v.Pool = 12
	assert.True(t, b.EndNears(v), "the pool is low")
	v.Pool, v.Racks = 13, []int{7, 9, 4}
	assert.True(t, b.EndNears(v), "an opponent is close")
	v.Racks, v.Rack = []int{6, 9, 9}, v.Rack[:6]
	assert.True(t, b.EndNears(v), "its own rack is small")
}

// TestRandomPlaysLegally plays whole rounds between random bots under
// variants that stress its rules (a locked first round, jokers worth
// nothing in the opening, a high opening) and checks that the engine never
// refuses one of its plays.
func TestRandomPlaysLegally(t *testing.T) {
	locked := core.Original()
	locked.Name, locked.Opening.FirstRoundLocked = "locked", true
	zero := core.Original()
	zero.Name, zero.Opening.JokerValue = "zero", core.Zero
	high := core.Original()
	high.Name, high.Opening.Points = "high", 50
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, rules := range []core.Rules{core.Original(), locked, zero, high} {
		plays := 0
		for i := range games {
			g, err := core.NewGame(rules, []string{"a", "b", "c"}, uint64(i))
			require.NoError(t, err)
			players := []bots.Bot{bots.NewRandom(uint64(i)), bots.NewRandom(uint64(i + 100)), bots.NewRandom(uint64(i + 200))}
			for !g.RoundOver() {
				require.Less(t, g.Turn(), 1000, "the round ends")
				before := g.Table()
				res, err := bots.Turn(context.Background(), g, players[g.Current()])
				require.NoError(t, err)
				require.NoError(t, res.Penalty, "%s game %d", rules.Name, i)
				if res.Kind == core.ActPlay {
					plays++
					if rules.Opening.FirstRoundLocked && g.Turn() <= 3 {
						assert.Equal(t, before.String(), res.Table[:len(before)].String(), "locked: old sets untouched")
					}
				}
			}
		}
		assert.Positive(t, plays, "%s: random bots do play", rules.Name)
	}
}

func TestRandomIsSeeded(t *testing.T) {
	run := func(seed uint64) string {
		g, err := core.NewGame(core.Original(), []string{"a", "b"}, 5)
		require.NoError(t, err)
		players := []bots.Bot{bots.NewRandom(seed), bots.NewRandom(seed + 1)}
		for !g.RoundOver() {
			_, err := bots.Turn(context.Background(), g, players[g.Current()])
			require.NoError(t, err)
		}
		return fmt.Sprint(g.History())
	}
	assert.Equal(t, run(1), run(1))
	assert.NotEqual(t, run(1), run(2))
}

func TestRandomOpening(t *testing.T) {
	tests := []struct {
		name, table, rack string
		opened            bool
		want              string // the table after; "draw" for a draw
	}{
		{"too little to open", "[k10 k11 k12]", "r1 r2 r3 b9", false, "draw"},
		{"opens with enough", "[k10 k11 k12]", "r9 r10 r11 b2", false, "[k10 k11 k12] [r9 r10 r11]"},
		{"a joker counts", "", "r9 r10 J b2", false, "[r9 r10 J]"},
		{"extends a set once opened", "[k10 k11 k12]", "k13 b2", true, "[k10 k11 k12 k13]"},
		{"never a set with a joker", "[k10 J k12]", "k13 b2", true, "draw"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, core.Original(), tc.table, tc.rack, "k1 k2 k3", tc.opened, 30)
			b := bots.NewRandom(3)
			b.DrawRate = 0
			act, err := b.Act(context.Background(), &g.Rules, viewOf(t, g))
			require.NoError(t, err)
			if tc.want == "draw" {
				assert.True(t, act.Draw)
				return
			}
			assert.Equal(t, tc.want, act.Table.String())
		})
	}
	// Jokers count nothing in a Novelty opening: r9 r10 J is 19.
	zero := core.Original()
	zero.Opening.JokerValue = core.Zero
	g := position(t, zero, "", "r9 r10 J b2", "k1 k2 k3", false, 30)
	b := bots.NewRandom(3)
	b.DrawRate = 0
	act, err := b.Act(context.Background(), &g.Rules, viewOf(t, g))
	require.NoError(t, err)
	assert.True(t, act.Draw)
}

func TestRandomRespectsTheLock(t *testing.T) {
	g := position(t, core.Original(), "[k10 k11 k12]", "k13 r5 r6 r7", "k1 k2 k3", true, 30)
	v := g.View(0)
	v.Locked = true // the first round of a locked edition: new sets only
	b := bots.NewRandom(1)
	b.DrawRate = 0
	for range 20 {
		act, err := b.Act(context.Background(), &g.Rules, v)
		require.NoError(t, err)
		assert.Equal(t, "[k10 k11 k12] [r5 r6 r7]", act.Table.String())
	}
}

// Under joker.keep, greedy, intermediate and the planner keep a joker
// they free with a rack tile while the end is far, and play it once the
// end nears (an opponent at 3 tiles or fewer).
func TestBotsKeepAFreedJoker(t *testing.T) {
	keep := core.Original()
	keep.Name = "keep"
	keep.Joker.Keep = true
	const far, near = "k1 k2 r9 b11 o13 o12 k7 k9 r2", "k1 k2 r9"
	for _, tc := range []struct {
		bot  string
		opp  string
		kept int
	}{
		{"greedy", far, 1}, {"intermediate", far, 1}, {"planner", far, 1},
		{"greedy", near, 0}, {"intermediate", near, 0},
	} {
		t.Run(tc.bot+" "+tc.opp, func(t *testing.T) {
			g := position(t, keep, "[r3 b3 J] [k9 r9 b9]", "k3 o1 o5 b12 r13", tc.opp, true, 30)
			b, err := bots.New(tc.bot, 1)
			require.NoError(t, err)
			act, err := bots.Ask(context.Background(), g, b)
			require.NoError(t, err)
			require.False(t, act.Draw)
			rec, err := g.Check(act.Table)
			require.NoError(t, err)
			assert.Equal(t, tc.kept, rec.Kept, "%s", act.Table)
		})
	}
	// Without joker.keep greedy plays the freed joker again.
	g := position(t, core.Original(), "[r3 b3 J] [k9 r9 b9]", "k3 o1 o5 b12 r13", far, true, 30)
	act, err := bots.Ask(context.Background(), g, bots.NewGreedy())
	require.NoError(t, err)
	rec, err := g.Check(act.Table)
	require.NoError(t, err)
	assert.Zero(t, rec.Kept)
}

// drawer always draws.
type drawer struct{}

func (drawer) Name() string { return "drawer" }
func (drawer) Act(context.Context, *core.Rules, *core.View) (bots.Action, error) {
	return bots.Action{Draw: true}, nil
}

// Under end_of_pool.play: no_pass a bot that would pass with the pool empty
// while it can place a tile plays the best allowed play instead, and loses
// no turn to a penalty.
func TestBotMustPlaceUnderNoPass(t *testing.T) {
	r := core.Original()
	r.EndOfPool.Play = core.NoPass
	g := position(t, r, "[r3 r4 r5]", "r6 k1", "b1 o13", true, 0)
	res, err := bots.Turn(context.Background(), g, drawer{})
	require.NoError(t, err)
	assert.Equal(t, core.ActPlay, res.Kind)
	assert.Nil(t, res.Penalty)
	assert.Equal(t, "[r3 r4 r5 r6]", g.Table().String())
}
