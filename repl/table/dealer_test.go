package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
)

// New deals what new asks for: a variant or the table's, a player count
// (you and bots) or seats or the table's seats again; refusals in full.
func TestDealerNew(t *testing.T) {
	tests := []struct {
		name, variant string
		players       int
		specs         []string
		base          string
		seats         string
		err           string
	}{
		{name: "the table's variant and seats", base: "original", seats: "ana human, greedy greedy"},
		{name: "a count", variant: "house/fifty", players: 3, base: "house/fifty", seats: "tú human, greedy greedy, greedy 2 greedy"},
		{name: "seats", specs: []string{"bo:human", "cy:human"}, base: "original", seats: "bo human, cy human"},
		{name: "no such variant", variant: "nosuch", err: `no variant "nosuch"; the shipped variants are `},
		{name: "no such bot", specs: []string{"x:nosuch"}, err: `seat "x:nosuch": unknown bot "nosuch"`},
	}
	d := Dealer{Bots: bots.NewRegistry()}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := seated(t, core.Original(), "", "r1", "k1")
			ld, err := d.New(tab, tc.variant, tc.players, tc.specs, 7, "tú")
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, i18n.New(i18n.English).Error(err), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.base, ld.Base)
			assert.Equal(t, uint64(7), ld.Game.Seed())
			var seats []string
			for _, st := range ld.Seats {
				seats = append(seats, st.Name+" "+st.Spec)
			}
			assert.Equal(t, tc.seats, strings.Join(seats, ", "))
		})
	}
}

// Replay deals the game in play again from its seed and plays its actions
// on a game of its own: the referee's steps, the game in play untouched.
func TestDealerReplay(t *testing.T) {
	tab := seated(t, core.Original(), "[r3 r4 r5]", "r6 k1", "o9 o10")
	_, _, err := tab.Commit(coretest.Table("[r3 r4 r5 r6]"))
	require.NoError(t, err)
	hist := tab.Game().History()
	d := Dealer{Bots: bots.NewRegistry()}
	at, err := d.Replay(tab, hist)
	require.NoError(t, err)
	assert.Equal(t, tab.Game().Table().String(), at.Table().String())
	assert.Equal(t, tab.Game().Rack(0).String(), at.Rack(0).String())
	dealt, err := d.Replay(tab, nil)
	require.NoError(t, err)
	assert.Empty(t, dealt.History(), "the game as dealt")
	assert.Len(t, tab.Game().History(), len(hist), "the game in play untouched")
}
