// Package tabletest lays out tables for the tests of the REPL's parts,
// so that they read like the rulebook: the table and the racks in tile
// notation, every seat a person, the first to play.
package tabletest

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/table"
)

// Now is the fixed time of the tables Opened lays out: no test depends on
// the wall clock.
var Now = time.Unix(0, 0)

// Opened is a table of rules with table laid out and one person a rack,
// each having made the initial meld, seat 1 ("ana") to play.
func Opened(t testing.TB, rules core.Rules, tableText string, racks ...string) *table.Table {
	t.Helper()
	specs := make([]string, len(racks))
	tiles := make([][]core.Tile, len(racks))
	opened := make([]bool, len(racks))
	for i, r := range racks {
		specs[i] = []string{"ana", "bob", "cy", "dee"}[i] + ":human"
		tiles[i], opened[i] = coretest.Tiles(r), true
	}
	d, err := table.Dealer{}.Deal(rules, nil, specs, 1)
	require.NoError(t, err)
	tab := table.New(func() time.Time { return Now }, 0)
	tab.Install(d.Game, d.Seats)
	require.NoError(t, tab.Setup(core.Setup{Racks: tiles, Table: coretest.Table(tableText), Opened: opened, Pool: -1},
		-1, rand.New(rand.NewPCG(1, 2))))
	tab.Settle(context.Background())
	require.NotNil(t, tab.Stage(), "a person's turn")
	return tab
}
