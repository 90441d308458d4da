package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
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
