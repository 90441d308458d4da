package solve

import (
	"context"

	"github.com/meldlab/meldlab/core"
)

// The referee's play finder (core.RegisterPlayFinder): under
// end_of_pool.play: no_pass it refuses a pass with an empty pool when the
// player can place a tile.
func init() { core.RegisterPlayFinder(canPlace) }

// finderNodes bounds each search of canPlace, in states, so that it
// decides the same way on any machine.
const finderNodes = 200000

// canPlace reports whether the player to play in g can place a tile by a
// play g's referee accepts: the legal search, its hooks included.
func canPlace(g *core.Game) bool {
	cur := g.Current()
	p := Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(cur), Opened: g.Opened(cur),
		Locked: g.Locked(), MaxNodes: finderNodes}
	res, err := Legal(context.Background(), p, g, Limits{})
	return err == nil && res.Tiles > 0
}
