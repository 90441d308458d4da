package table

import (
	"math/rand/v2"

	"github.com/meldlab/meldlab/core"
)

// Scenario is the round's layout as it is, for setup to change one part
// of: the table, the racks, who is to play, who has opened, and the pool
// kept (KeptPool).
func (t *Table) Scenario() core.Setup {
	g := t.game
	sc := core.Setup{Table: g.Table(), Current: g.Current(), Pool: t.KeptPool()}
	if g.RoundOver() {
		sc.Current = 0
	}
	for i := range g.Players() {
		rack := g.Rack(i)
		sc.Racks = append(sc.Racks, rack.Tiles())
		sc.Opened = append(sc.Opened, g.Opened(i))
	}
	return sc
}

// KeptPool is the pool size a setup keeps: the tiles now in the pool, when
// that many remain free; Game.Setup sets the rest aside.
func (t *Table) KeptPool() int {
	if aside := t.game.SetAside(); aside.Len() == 0 {
		return -1 // nothing set aside yet: every free tile stays drawable
	}
	return t.game.Pool()
}

// MakeRoom lets a scenario have the tiles it names even when the deal put
// them on racks no setup has laid out (fixed reports the racks that were):
// such a rack gives up each tile the scenario needs beyond the box's
// copies, for a free tile of the box drawn with rng. Racks a setup laid
// out are never changed, so a scenario that really asks for too many
// copies still gets the referee's error.
func MakeRoom(box core.TileSet, sc *core.Setup, fixed func(seat int) bool, rng *rand.Rand) {
	var used core.Multiset
	for _, set := range sc.Table {
		for _, t := range set {
			used.Add(t)
		}
	}
	for _, rack := range sc.Racks {
		for _, t := range rack {
			used.Add(t)
		}
	}
	short := false
	for _, t := range box.Kinds() {
		short = short || used.Count(t) > box.CopiesOf(t)
	}
	if !short {
		return
	}
	full := box.Full()
	free := full.Minus(&used)
	spare := free.Tiles()
	rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for seat, rack := range sc.Racks {
		if fixed(seat) {
			continue
		}
		for i, t := range rack {
			if used.Count(t) <= box.CopiesOf(t) || len(spare) == 0 {
				continue
			}
			used.Remove(t)
			rack[i], spare = spare[0], spare[1:]
			used.Add(rack[i])
		}
	}
}
