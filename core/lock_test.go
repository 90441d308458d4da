package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// The first-round lock's two readings: it lifts after the first cycle of
// turns (first_round), or only once every player has opened (all_opened).
func TestLockEnds(t *testing.T) {
	locked := core.Original()
	locked.Name = "locked"
	locked.Opening.FirstRoundLocked = true
	allOpened := locked
	allOpened.Name = "all-opened"
	allOpened.Opening.LockEnds = core.AllOpened

	// Ana has opened, bob has not; the first cycle of turns is over.
	scene := func(t *testing.T, r core.Rules, opened []bool, turn int) *core.Game {
		g, err := core.NewGame(r, []string{"ana", "bob"}, 1)
		require.NoError(t, err)
		require.NoError(t, g.Setup(core.Setup{
			Racks: [][]core.Tile{coretest.Tiles("r6 k1"), coretest.Tiles("b1 b2")},
			Table: coretest.Table("[r3 r4 r5] [o7 o8 o9]"), Opened: opened, Pool: -1, Turn: turn}))
		return g
	}
	extend := coretest.Table("[r3 r4 r5 r6] [o7 o8 o9]")

	g := scene(t, locked, []bool{true, false}, 2)
	assert.False(t, g.Locked(), "first_round: the lock lifted after a cycle of turns")
	require.NoError(t, g.Play(extend))

	g = scene(t, allOpened, []bool{true, false}, 2)
	assert.True(t, g.Locked(), "all_opened: bob has not opened yet")
	assert.True(t, g.View(0).Locked)
	err := g.Play(extend)
	require.ErrorIs(t, err, core.ErrFirstRoundLocked)
	assert.Equal(t, "set 1 [r3 r4 r5] was changed; the all-opened rules lock the sets on the table "+
		"until every player has made the initial meld (new sets only)", err.Error())
	rack := g.Rack(0)
	assert.Equal(t, "k1 r6", rack.String(), "the refused play changed nothing")

	// Once everybody has opened, the lock lifts, whatever the turn.
	g = scene(t, allOpened, []bool{true, true}, 2)
	assert.False(t, g.Locked())
	require.NoError(t, g.Play(extend))
}

// The lock's description says what the referee does: an addition to a set
// on the table is refused too, so the sets may not be "added to".
func TestLockDescriptionMatchesTheReferee(t *testing.T) {
	locked := core.Original()
	locked.Name = "locked"
	locked.Opening.FirstRoundLocked = true
	g, err := core.NewGame(locked, []string{"ana", "bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks: [][]core.Tile{coretest.Tiles("r6 k1"), coretest.Tiles("b1 b2")},
		Table: coretest.Table("[r3 r4 r5]"), Opened: []bool{true, false}, Pool: -1}))
	require.ErrorIs(t, g.Play(coretest.Table("[r3 r4 r5 r6]")), core.ErrFirstRoundLocked, "an addition is refused")
	assert.Equal(t, "during the first round the sets on the table may be neither changed nor added to: a player may only lay down new sets",
		core.LookupRuleKey("opening.first_round_locked").Doc)
}
